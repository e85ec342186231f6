package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Round 11's families (branch r11): heldout13's misses, each written from
// the tool's own documentation or a README judgement call for every form
// it lists, not only the line seen (tuning.md, "Round 11 — r11").

// fcrontabChanged flags fcron's fcrontab(1) as crontab is judged: "fcrontab
// [-c f] [-n] file [user|-]" installs FILE (standard input for "-"), -e
// edits and installs, -z reinstalls from the source, all
// persistence-startup-files (README heldout12: crontab FILE); -r removes
// the user's table, destructive-delete (README heldout7: crontab -r). -l
// lists it, -h and -V print help and version; a bare fcrontab does
// nothing.
func (c *checker) fcrontabChanged(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "fcrontab" {
		return
	}
	installs := false
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if !a.Literal {
			installs = true // a file named by a variable is still installed
			continue
		}
		switch a.Lit {
		case "-l", "-h", "-V", "--help", "--version":
			return
		case "-r":
			c.becauseProgram(name, a.Lit)
			c.add(DestructiveDelete)
			return
		case "-c":
			i++ // the configuration file
		case "-e", "-z", "-":
			installs = true
		default:
			if !strings.HasPrefix(a.Lit, "-") {
				installs = true // the file (or, after -e/-l/-r, a user)
			}
		}
	}
	if installs {
		c.becauseProgram(name, verbs(cmd.Args, 1)...)
		c.add(PersistenceStartupFiles)
	}
}

// kubeSecretTypeName reports kubectl get of a secret named TYPE/NAME
// ("secrets/db", "secret.v1/db"; kubectl get's reference: "kubectl get
// TYPE/NAME"), the form credentialPrinter's "get secret" run does not
// see. A word after -f|--filename is a manifest's path, not a resource.
func kubeSecretTypeName(words []string) bool {
	get := -1
	for i, w := range words {
		if w == "get" {
			get = i
			break
		}
	}
	if get < 0 {
		return false
	}
	for i := get + 1; i < len(words); i++ {
		if words[i] == "-f" || words[i] == "--filename" || words[i] == "-k" || words[i] == "--kustomize" {
			i++
			continue
		}
		typ, name, ok := strings.Cut(words[i], "/")
		if !ok || name == "" || strings.HasPrefix(words[i], "-") {
			continue
		}
		typ, _, _ = strings.Cut(typ, ".")
		if typ == "secret" || typ == "secrets" {
			return true
		}
	}
	return false
}

// gsutilTopValued are gsutil's top-level options that take a value
// ("gsutil [-D] [-h header]... [-i service_account] [-m] [-o
// section:flag=value] [-q] [-u project] command").
var gsutilTopValued = map[string]bool{"-h": true, "-i": true, "-o": true, "-u": true}

// cloudImpersonation flags the Google Cloud CLIs told to act as another
// service account: gsutil's top-level -i SA ("impersonate a service
// account") and gcloud's global --impersonate-service-account ("all API
// requests will be made as the given service account"):
// privilege-escalation (README heldout13, dev8's acting as another
// identity). gsutil's options end at the command's name; help asks.
func (c *checker) cloudImpersonation(u unit) {
	cmd, name, ok := u.program()
	if !ok || hasLit(cmd.Args, "--help", "help") {
		return
	}
	switch name {
	case "gsutil":
		for i := 0; i < len(cmd.Args); i++ {
			a := cmd.Args[i]
			if !a.Literal || !strings.HasPrefix(a.Lit, "-") {
				return // the command: its own -i is not impersonation
			}
			if a.Lit == "-i" && i+1 < len(cmd.Args) {
				c.becauseProgram(name, a.Lit)
				c.add(PrivilegeEscalation)
				return
			}
			if gsutilTopValued[a.Lit] {
				i++
			}
		}
	case "gcloud":
		for i, a := range cmd.Args {
			if !a.Literal {
				continue
			}
			if a.Lit == "--impersonate-service-account" && i+1 < len(cmd.Args) ||
				strings.HasPrefix(a.Lit, "--impersonate-service-account=") && len(a.Lit) > len("--impersonate-service-account=") {
				c.becauseProgram(name, a.Lit)
				c.add(PrivilegeEscalation)
				return
			}
		}
	}
}

// fedByRegeneratedFind reports an rm that xargs runs on what the find
// just before it in the pipeline prints, when that find selects only
// regenerated scratch files by name (findsRegenerated) or searches only
// scratch folders (findsInScratch): the same files find's own "-exec rm
// -r {} +" removes, which unit.regenerated already keeps everyday
// (README: find … -exec rm of *.tmp files in the project is everyday).
func (c *checker) fedByRegeneratedFind(u unit) bool {
	prev := c.pipedFrom()
	if prev == nil || prev.Dynamic || path.Base(prev.Name) != "find" {
		return false
	}
	return findsRegenerated(prev) || c.findsInScratch(unit{cmd: *prev, dir: u.dir})
}

// policyVerb reports a verb about an access policy (get-iam-policy,
// get-resource-policy, put-resource-policy): a secret store's policy
// lists who may use a secret, never its value (gcloud secrets
// get-iam-policy, aws secretsmanager get-resource-policy references), so
// secretVerbs' "a verb that shows, about a secret" does not fit it;
// policies set or widened are accessRulesChanged's business. A path
// ("secret/policy", "kv/policies.json") is a secret's name, not a verb.
func policyVerb(v string, parts []string) bool {
	return !strings.ContainsAny(v, "/.") && (slices.Contains(parts, "policy") || slices.Contains(parts, "policies"))
}

// dotenvFolded reports a dotenv file's name written with upper-case
// letters (".ENV", ".Env.Local"): macOS's default file system ignores
// case, so it opens the project's .env (README dev6: macOS is a platform
// agents run on). Templates (".ENV.EXAMPLE") stay out, as in lower case.
// Only names with an upper-case letter get this far: strings.ToLower
// returns a lower-case name unchanged, so the common path costs a scan.
func dotenvFolded(base string) bool {
	if len(base) < 4 || base[0] != '.' || base[1] != 'e' && base[1] != 'E' {
		return false
	}
	l := strings.ToLower(base)
	if l == base {
		return false // lower case: secretNames and the ".env." case decide
	}
	return l == ".env" || strings.HasPrefix(l, ".env.") && !envTemplates[l] && !secretTemplate(l)
}

// editsSystemFile reports a file tool's edit of an existing system file
// (/etc/hosts, /etc/fstab): the Edit tool changes a file that is there,
// as sed -i or tee does, which systemWrites marks disk-system (README:
// tee /etc/hosts disk-system). Files that decide root, devices and the
// kernel have their own categories (writeCategories); add-on trees under
// /opt and /usr/local are the user's.
func editsSystemFile(p string) bool {
	return systemPath(p) && !inAddOnTree(p) && !GrantsRoot(p) && !DeviceOrKernel(p) && p != "/dev/null" && runsLaterKind(p) == kindNone
}

// supabaseVolumesDeleted flags "supabase stop --no-backup": the CLI's
// reference, "--no-backup  Deletes all data volumes after stopping", so
// the local database is lost as with "supabase db reset"; a plain stop
// keeps the volumes.
func (c *checker) supabaseVolumesDeleted(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "supabase" || describesOnly(cmd.Args) {
		return
	}
	if firstVerbIn(cmd.Args, "stop") && hasLit(cmd.Args, "--no-backup") {
		c.becauseProgram(name, "stop", "--no-backup")
		c.add(DatabaseDestructive)
	}
}

// gpgValued are gpg(1)'s options that take the next word as their value.
var gpgValued = map[string]bool{
	"-o": true, "--output": true, "-r": true, "--recipient": true, "-u": true, "--local-user": true, "-R": true,
	"--hidden-recipient": true, "--passphrase": true, "--passphrase-file": true, "--passphrase-fd": true,
	"--cipher-algo": true, "--compress-algo": true, "--digest-algo": true, "-z": true, "--homedir": true,
	"--trust-model": true, "--pinentry-mode": true, "--default-key": true, "--keyring": true, "-f": true,
	"--recipient-file": true, "--s2k-cipher-algo": true, "--s2k-digest-algo": true, "--set-filename": true,
}

// gpgFileToStdout reports gpg encrypting or signing a named file with
// "--output -" (gpg(1): "To write to stdout use - as the filename"): the
// file's content, encrypted, goes to standard output, as cat or gzip -c
// would print it. Without --output - gpg writes FILE.gpg (or .asc) beside
// the file; with no file operand it reads standard input.
func gpgFileToStdout(cmd *shell.Command) bool {
	if name := path.Base(cmd.Name); name != "gpg" && name != "gpg2" {
		return false
	}
	toStdout, transforms, file := false, false, false
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if !a.Literal {
			continue
		}
		switch {
		case a.Lit == "-o" || a.Lit == "--output":
			toStdout = toStdout || i+1 < len(cmd.Args) && cmd.Args[i+1].Lit == "-"
			i++
		case a.Lit == "--output=-":
			toStdout = true
		case a.Lit == "-c" || a.Lit == "--symmetric" || a.Lit == "-e" || a.Lit == "--encrypt" || a.Lit == "-s" ||
			a.Lit == "--sign" || a.Lit == "--clear-sign" || a.Lit == "--clearsign" || a.Lit == "-a" || a.Lit == "--armor":
			transforms = true
		case gpgValued[a.Lit]:
			i++
		case strings.HasPrefix(a.Lit, "-"):
		default:
			file = true
		}
	}
	return toStdout && transforms && file
}

func init() {
	addRuleTexts(map[string]string{
		"fcrontabChanged":        "fcron's fcrontab: a table installed from a file or standard input, edited (-e) or reinstalled (-z) as crontab FILE; -r removes the user's table as crontab -r",
		"supabaseVolumesDeleted": "supabase stop --no-backup: the local stack's data volumes deleted after stopping, the local database lost",
		"cloudImpersonation":     "gsutil -i SA or gcloud --impersonate-service-account: every API request of the call made as another service account",
	})
}
