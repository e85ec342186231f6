package danger

import (
	"encoding/json"
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Commands handed to another place to run: a container, a set of hosts,
// a VM or a fleet. What the command does there is what the line does (as
// for ssh HOST CMD and kubectl exec), so it is judged as a script of its
// own. Each tool's manual names the option or operand that carries it.

func init() {
	addRuleTexts(map[string]string{
		"runsElsewhere": "a command handed to a container (docker|podman exec), hosts (ansible -a, salt cmd.run, pdsh, pssh, clush), a VM (gcloud compute ssh --command) or a fleet (aws ssm send-command commands=), judged as the command it is",
		"editorOpens":   "an editor opening a file that decides who may become root (sudoers, passwd, shadow, PAM) or a system-wide startup file (crontab, systemd units, rc.local)",
		"dockerAPIHost": "a container created through the Docker API given the host: / or a system folder bound, a disk device, or capabilities that load modules or read any file",
	})
}

// runsElsewhere finds the command a runner carries and judges it.
func (c *checker) runsElsewhere(u unit) {
	cmd, name, ok := u.program()
	if !ok || u.depth >= maxDepth {
		return
	}
	var inner string
	args := cmd.Args
	switch name {
	case "docker", "podman", "nerdctl":
		da := dockerArgs(args)
		if !firstVerbIn(da, "exec") {
			return
		}
		inner = joinWords(execCommand(da[1:]))
	case "ansible":
		module := "command"
		if m, ok := optionValue(args, "--module-name"); ok {
			module = m
		}
		if m, ok := shortValue(args, "-m"); ok {
			module = m
		}
		if !slices.Contains([]string{"command", "shell", "raw", "ansible.builtin.command", "ansible.builtin.shell", "ansible.builtin.raw"}, module) {
			return
		}
		if a, ok := optionValue(args, "--args"); ok {
			inner = a
		}
		if a, ok := shortValue(args, "-a"); ok {
			inner = a
		}
	case "salt", "salt-ssh":
		for i, a := range args {
			if a.Literal && strings.HasPrefix(a.Lit, "cmd.") && i+1 < len(args) {
				inner = joinWords(args[i+1:])
				break
			}
		}
	case "pdsh", "pssh", "parallel-ssh", "clush":
		if ops := operandsAfterValues(args, "wxlhHpPtOoegbBRuSfF"); len(ops) > 0 {
			inner = joinWords(ops)
		}
	case "docker-machine":
		// "docker-machine ssh MACHINE COMMAND…": as ssh, the machine's
		// shell reads the words joined by blanks (docker-machine ssh's
		// reference).
		if ops := operandsAfterValues(args, ""); len(ops) > 2 && ops[0].Lit == "ssh" {
			words := make([]string, 0, len(ops)-2)
			for _, w := range ops[2:] {
				if !w.Literal {
					return
				}
				words = append(words, w.Lit)
			}
			inner = strings.Join(words, " ")
		}
	case "gcloud":
		if v := c.verbs(args, 2); len(v) == 2 && v[0] == "compute" && v[1] == "ssh" {
			inner, _ = optionValue(args, "--command")
		}
	case "aws":
		if v := c.verbs(args, 2); len(v) == 2 && v[0] == "ssm" && v[1] == "send-command" {
			if p, ok := optionValue(args, "--parameters"); ok {
				if cmds, ok := strings.CutPrefix(p, "commands="); ok {
					inner = strings.Trim(cmds, `[]"'`)
				}
			}
		}
	}
	if strings.TrimSpace(inner) == "" {
		return
	}
	c.script(shell.Parse(inner), "/", u.depth+1, false)
}

// shortValue returns the value of a short option given as "-a VALUE" or
// "-aVALUE".
func shortValue(args []shell.Word, opt string) (string, bool) {
	for i, a := range args {
		if !a.Literal {
			continue
		}
		if a.Lit == opt && i+1 < len(args) {
			return args[i+1].Lit, true
		}
		if len(a.Lit) > len(opt) && strings.HasPrefix(a.Lit, opt) && !strings.HasPrefix(a.Lit, "--") {
			return a.Lit[len(opt):], true
		}
	}
	return "", false
}

// operandsAfterValues returns the words after the options, skipping the
// value of each single-letter option in valued.
func operandsAfterValues(args []shell.Word, valued string) []shell.Word {
	var out []shell.Word
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(out) == 0 && a.Literal && strings.HasPrefix(a.Lit, "-") {
			if len(a.Lit) == 2 && strings.ContainsRune(valued, rune(a.Lit[1])) {
				i++
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

// joinWords rebuilds a command line from words, quoting literal ones.
func joinWords(ws []shell.Word) string {
	parts := make([]string, 0, len(ws))
	for _, w := range ws {
		if w.Literal {
			parts = append(parts, shellQuote(w.Lit))
		} else {
			parts = append(parts, w.Raw)
		}
	}
	if len(parts) == 1 && len(ws) == 1 && ws[0].Literal {
		return ws[0].Lit // one quoted word: the command line itself
	}
	return strings.Join(parts, " ")
}

// editors are programs that open a file to change it.
var editors = map[string]bool{
	"vi": true, "vim": true, "nvim": true, "nano": true, "emacs": true, "pico": true, "joe": true, "mcedit": true,
	"micro": true, "ed": true, "ex": true, "kak": true, "hx": true, "helix": true, "gedit": true, "kate": true,
	"mg": true, "jed": true, "ne": true, "vis": true, "rvim": true, "gvim": true,
}

// editorOpens: an editor opening sudoers, passwd, shadow, PAM's or
// polkit's rules (the README: edits "with any editor" are
// privilege-escalation), or a startup file the whole system runs
// (/etc/crontab, systemd units, rc.local: persistence). A user's own
// startup files opened in an editor are the everyday corpus's daily work
// ("vim ~/.xprofile"), and stay everyday.
func (c *checker) editorOpens(u unit) {
	cmd, name, ok := u.program()
	if !ok || !editors[name] {
		return
	}
	for _, o := range operands(cmd.Args) {
		p, ok := shell.PathOf(o)
		if !ok || strings.HasPrefix(o.Lit, "+") {
			continue
		}
		abs := shell.Resolve(p, u.dir, c.home)
		switch {
		case GrantsRoot(abs):
			c.because(name, o.Lit)
			c.add(PrivilegeEscalation)
		case runsLaterKind(abs) == kindStartup && !shell.Within(abs, c.home) && !shell.Within(abs, c.project) && !shell.IsTemp(abs):
			c.because(name, o.Lit)
			c.add(PersistenceStartupFiles)
		}
	}
}

// dockerAPIHost: a request body to the Docker or Podman socket that
// creates a container given the host by the API's other fields than
// containerAPI reads: Mounts with Source "/" or a system folder, Binds of
// a system folder, Devices of a disk, CapAdd or Capabilities that load
// modules, administer the machine or read any file. Listing containers
// and binding the project are everyday.
func (c *checker) dockerAPIHost(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "curl" {
		return
	}
	if !slices.ContainsFunc(cmd.Args, func(w shell.Word) bool {
		return strings.Contains(w.Lit, "docker.sock") || strings.Contains(w.Lit, "podman.sock") || strings.Contains(w.Lit, ":2375")
	}) {
		return
	}
	for _, a := range cmd.Args {
		b := strings.NewReplacer(" ", "", "\n", "", "\t", "").Replace(a.Lit)
		if !strings.HasPrefix(b, "{") {
			continue
		}
		if hostBody(b) {
			c.because(name, "docker.sock")
			c.add(PrivilegeEscalation)
			return
		}
	}
}

// hostBody reports a container-create body (spaces removed) that hands
// the container the host.
func hostBody(b string) bool {
	for _, f := range []string{`"Source":"`, `"Binds":["`, `"PathOnHost":"`} {
		for rest := b; ; {
			i := strings.Index(rest, f)
			if i < 0 {
				break
			}
			rest = rest[i+len(f):]
			src, _, _ := strings.Cut(rest, `"`)
			src, _, _ = strings.Cut(src, ":")
			if f == `"PathOnHost":"` {
				if isDiskPartition(src) || src == "/dev/mem" {
					return true
				}
				continue
			}
			switch path.Clean(src) {
			case "/", "/etc", "/root", "/boot", "/dev", "/proc", "/sys", "/usr", "/bin", "/sbin", "/lib", "/var", "/run", "/var/run", "/home", "/var/run/docker.sock", "/run/docker.sock":
				return true
			}
		}
	}
	for _, f := range []string{`"CapAdd":[`, `"Capabilities":[`} {
		if i := strings.Index(b, f); i >= 0 {
			list, _, _ := strings.Cut(b[i+len(f):], "]")
			for _, cp := range []string{"SYS_ADMIN", "SYS_MODULE", "DAC_READ_SEARCH", "SYS_RAWIO", `"ALL"`} {
				if strings.Contains(list, cp) {
					return true
				}
			}
		}
	}
	return false
}

// ssmFetchingDocuments are the AWS-owned SSM documents that download
// content named in their parameters (a URL, an S3 path, a GitHub
// repository) and run or install it on the target instances (Systems
// Manager's "AWS managed documents" reference).
var ssmFetchingDocuments = []string{
	"aws-runremotescript", "aws-installapplication", "aws-installpowershellmodule", "aws-runansibleplaybook",
	"aws-applyansibleplaybooks", "aws-runsaltstate", "aws-applychefrecipes", "aws-rundocument", "aws-applydscmofs",
}

// ssmFetchedContent flags aws ssm send-command of a document that fetches
// content and runs it on instances, with its parameters on the line
// (README's heldout10 lines: download-execute, or a reverse shell when
// the fetched file is one; without parameters the call fails, w0335).
func (c *checker) ssmFetchedContent(cmd *shell.Command, v []string) {
	if v[0] != "ssm" || v[1] != "send-command" || !hasLitPrefix(cmd.Args, "--parameters") {
		return
	}
	doc, _ := optValue(cmd.Args, "", "--document-name")
	if slices.Contains(ssmFetchingDocuments, strings.ToLower(doc)) {
		c.because("aws", "ssm", "send-command", doc)
		c.add(DownloadExecute)
	}
}

// customScriptExtensions are the Azure extensions that run a command on
// the machines they are set on (Custom Script Extension for Linux and
// Windows: "commandToExecute", with "fileUris" downloaded first).
var customScriptExtensions = []string{"customscript", "customscriptextension"}

// cloudRunsElsewhere judges the commands a cloud CLI hands machines to
// run later or at once, as runsElsewhere judges aws ssm send-command's:
// aws ssm create-association|update-association of a shell document
// (commands= run on every target, now and on its schedule), and az
// vm|vmss extension set of a custom script extension (its settings'
// commandToExecute). A document or extension that fetches its content
// is download-execute: ssmFetchedContent's documents, and the custom
// script's fileUris.
func (c *checker) cloudRunsElsewhere(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "aws" && name != "az" || u.depth >= maxDepth || !allLiteral(cmd.Args) || hasLit(cmd.Args, "--help", "-h") {
		return
	}
	inner := ""
	switch name {
	case "aws":
		v := c.verbs(cmd.Args, 2)
		if len(v) < 2 || v[0] != "ssm" || v[1] != "create-association" && v[1] != "update-association" {
			return
		}
		doc, _ := optValue(cmd.Args, "", "--name")
		doc = strings.ToLower(doc)
		if slices.Contains(ssmFetchingDocuments, doc) && hasLitPrefix(cmd.Args, "--parameters") {
			c.because("aws", "ssm", v[1], doc)
			c.add(DownloadExecute)
			c.because()
			return
		}
		if p, ok := optValue(cmd.Args, "", "--parameters"); ok && (doc == "aws-runshellscript" || doc == "aws-runpowershellscript") {
			if cmds, ok := strings.CutPrefix(p, "commands="); ok {
				inner = strings.Trim(cmds, `[]"'`)
			}
		}
	case "az":
		v := c.verbs(cmd.Args, 3)
		if len(v) < 3 || v[0] != "vm" && v[0] != "vmss" || v[1] != "extension" || v[2] != "set" {
			return
		}
		ext, _ := optValue(cmd.Args, "n", "--name")
		if !slices.Contains(customScriptExtensions, strings.ToLower(ext)) {
			return
		}
		for _, opt := range []string{"--settings", "--protected-settings"} {
			raw, ok := optValue(cmd.Args, "", opt)
			if !ok {
				continue
			}
			var settings struct {
				FileURIs         []string `json:"fileUris"`
				CommandToExecute string   `json:"commandToExecute"`
			}
			if json.Unmarshal([]byte(raw), &settings) != nil {
				continue
			}
			if len(settings.FileURIs) > 0 && settings.CommandToExecute != "" {
				c.because("az", v[0], "extension", "set", ext, "fileUris")
				c.add(DownloadExecute)
				c.because()
				return
			}
			if settings.CommandToExecute != "" {
				inner = settings.CommandToExecute
			}
		}
	}
	if strings.TrimSpace(inner) != "" {
		c.script(shell.Parse(inner), "/", u.depth+1, false)
	}
}

// gcloudScpValued are the options of gcloud compute scp and gcloud
// cloud-shell scp that take a value (gcloud reference, with the global
// flags), so their values are not read as files.
var gcloudScpValued = []string{
	"--zone", "--port", "--scp-flag", "--ssh-flag", "--ssh-key-expiration", "--ssh-key-expire-after", "--ssh-key-file",
	"--strict-host-key-checking", "--project", "--account", "--billing-project", "--configuration", "--flags-file",
	"--flatten", "--format", "--verbosity", "--impersonate-service-account", "--trace-token",
}

// cloudRemoteCommands returns the shell commands a cloud CLI runs in a
// container, a cluster or a cloud shell, to be judged as themselves (as
// commandRunners judges az vm run-command's --scripts): aws ecs
// execute-command --command (AWS CLI reference), az container exec
// --exec-command and az aks command invoke --command (az reference),
// gcloud cloud-shell ssh --command (gcloud reference). gcloud's copy
// commands, compute scp|copy-files and cloud-shell scp, come back as the
// scp they run (cloud-shell's localhost:PATH is the local PATH), so an
// upload reads as scp's. Help and a dry run run nothing.
func cloudRemoteCommands(cmd *shell.Command, name string) []string {
	switch name {
	case "aws", "az", "gcloud":
	default:
		return nil
	}
	args := cmd.Args
	if hasLit(args, "--help", "-h", "help", "--dry-run") {
		return nil
	}
	v := verbs(args, 4)
	if name == "gcloud" && len(v) > 0 && (v[0] == "alpha" || v[0] == "beta") {
		v = v[1:]
	}
	if len(v) < 2 {
		return nil
	}
	opt := ""
	switch {
	case name == "aws" && v[0] == "ecs" && v[1] == "execute-command":
		opt = "--command"
	case name == "az" && v[0] == "container" && v[1] == "exec":
		opt = "--exec-command"
	case name == "az" && len(v) >= 3 && v[0] == "aks" && v[1] == "command" && v[2] == "invoke":
		opt = "--command"
	case name == "gcloud" && v[0] == "cloud-shell" && v[1] == "ssh":
		opt = "--command"
	case name == "gcloud" && (v[0] == "compute" && (v[1] == "scp" || v[1] == "copy-files") || v[0] == "cloud-shell" && v[1] == "scp"):
		return gcloudScp(args, v[1])
	default:
		return nil
	}
	if text, ok := optValue(args, "", opt); ok && strings.TrimSpace(text) != "" {
		return []string{text}
	}
	return nil
}

// gcloudScp returns the scp a gcloud copy command runs: its operands
// after the verb, options and their values left out, cloud shell's
// "localhost:" taken off.
func gcloudScp(args []shell.Word, verb string) []string {
	i := slices.IndexFunc(args, func(a shell.Word) bool { return a.Literal && a.Lit == verb })
	if i < 0 {
		return nil
	}
	out := []string{"scp"}
	for k := i + 1; k < len(args); k++ {
		a := args[k]
		if !a.Literal {
			return nil // a file this cannot name
		}
		if strings.HasPrefix(a.Lit, "-") {
			if slices.Contains(gcloudScpValued, a.Lit) {
				k++
			}
			continue
		}
		out = append(out, shellQuote(strings.TrimPrefix(a.Lit, "localhost:")))
	}
	if len(out) < 3 {
		return nil
	}
	return []string{strings.Join(out, " ")}
}

func init() {
	addRuleTexts(map[string]string{
		"ssmFetchedContent":  "SSM told to fetch content from a URL, S3 or GitHub and run it on instances: send-command of AWS-RunRemoteScript, AWS-InstallApplication, AWS-InstallPowerShellModule, AWS-RunAnsiblePlaybook, AWS-ApplyAnsiblePlaybooks, AWS-RunSaltState, AWS-ApplyChefRecipes, AWS-RunDocument, AWS-ApplyDSCMofs",
		"cloudRunsElsewhere": "a script a cloud hands its machines fetched and run: aws ssm create-association|update-association of a document that fetches content, az vm|vmss extension set of a custom script extension with fileUris",
	})
}
