package danger

import (
	"path"
	"strings"
)

func init() {
	addRuleTexts(map[string]string{
		"deepPathDelete":    "a cloud CLI's delete verb past the fourth word of its command path (az network dns record-set a delete, az network vnet subnet delete)",
		"dnsRecordsDeleted": "DNS records deleted from a zone: bloodyAD remove dnsRecord, dnstool.py -a remove|ldapdelete, nsupdate given update delete, cli53 rrdelete|rrpurge",
		"hostedVarsUnset":   "a hosted app's config or secret variables removed: heroku|dokku config:unset, netlify env:unset, firebase functions:config:unset, fly|supabase secrets unset, cf unset-env, gcloud --remove-env-vars|--clear-env-vars|--remove-secrets|--clear-secrets",
	})
}

// hostedVarsUnset flags a hosted application's configuration or secret
// variables removed through its platform's CLI (README, dev7's call:
// "heroku config:unset … is cloud-destructive", as vercel env rm and gh
// variable delete were): heroku's and dokku's config:unset (heroku's
// alias config:remove), netlify env:unset, firebase functions:config:unset,
// fly|flyctl and supabase "secrets unset", Cloud Foundry's cf unset-env,
// and gcloud's update flags that drop variables or secrets. Everyday:
// setting and listing them.
func (c *checker) hostedVarsUnset(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	switch name {
	case "heroku", "dokku", "netlify", "firebase", "fly", "flyctl", "supabase", "cf", "gcloud":
	default:
		return // most commands: no platform's CLI
	}
	args := cmd.Args
	v := c.verbs(args, 2)
	if len(v) == 0 || hasLit(args, "-h", "--help") {
		return
	}
	hit := false
	switch name {
	case "heroku", "dokku", "netlify", "firebase":
		hit = strings.HasSuffix(v[0], ":unset") || name == "heroku" && v[0] == "config:remove"
	case "fly", "flyctl", "supabase":
		hit = len(v) > 1 && v[0] == "secrets" && v[1] == "unset"
	case "cf":
		hit = v[0] == "unset-env"
	case "gcloud":
		hit = optionOn(args, "--remove-env-vars", "--clear-env-vars", "--remove-secrets", "--clear-secrets")
	}
	if hit {
		c.because(name, v[0])
		c.add(CloudDestructive)
		c.because()
	}
}

// deepPathDelete flags a delete verb of a cloud CLI whose command path is
// deeper than the four words the cloud rule reads: "az network dns
// record-set a delete", "az network vnet subnet delete", "gcloud compute
// networks subnets delete" (each CLI's reference lists these paths). The
// same exceptions hold as for the shorter paths: the CLI's own settings
// (config) and metadata nouns (tags, aliases).
func (c *checker) deepPathDelete(u unit) {
	cmd, name, ok := u.program()
	if !ok || !deleteVerbCLIs[name] {
		return
	}
	p := subcommandPath(cmd.Args, 7)
	if len(p) < 5 || p[0] == "config" || aboutMetadata(p) || hasLit(cmd.Args, "-h", "--help") {
		return
	}
	for _, w := range p[4:] {
		if w == "delete" || w == "destroy" || w == "purge" || strings.HasPrefix(w, "delete-") {
			c.because(append([]string{name}, p...)...)
			c.add(CloudDestructive)
			c.because()
			return
		}
	}
}

// dnsRecordsDeleted flags DNS records deleted from a zone by the tools
// that edit zones directly (README, dev7's call: "DNS records deleted are
// cloud-destructive"): bloodyAD's "remove dnsRecord", krbrelayx's
// dnstool.py with --action|-a remove|ldapdelete, nsupdate given "update
// delete" on its input, cli53 rrdelete|rrpurge. Everyday: queries and
// records added (their own categories decide those).
func (c *checker) dnsRecordsDeleted(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch {
	case name == "bloodyAD" || name == "bloodyad" || name == "dnstool.py" || name == "dnstool" || name == "nsupdate" || name == "cli53":
	case strings.HasPrefix(name, "python") && len(args) > 0 && strings.HasSuffix(args[0].Lit, "dnstool.py"):
	default:
		return
	}
	if langOf(name) == "python" && len(args) > 0 && args[0].Literal && strings.HasSuffix(args[0].Lit, ".py") {
		name, args = path.Base(args[0].Lit), args[1:]
	}
	hit := false
	switch strings.ToLower(name) {
	case "bloodyad":
		for i, a := range args {
			if a.Lit == "remove" && i+1 < len(args) && strings.EqualFold(args[i+1].Lit, "dnsRecord") {
				hit = true
			}
		}
	case "dnstool.py", "dnstool":
		for i, a := range args {
			if (a.Lit == "-a" || a.Lit == "--action") && i+1 < len(args) && (args[i+1].Lit == "remove" || args[i+1].Lit == "ldapdelete") {
				hit = true
			}
		}
	case "nsupdate":
		for _, line := range strings.Split(cmd.Stdin, "\n") {
			if f := strings.Fields(line); len(f) > 1 && f[0] == "update" && (f[1] == "delete" || f[1] == "del") {
				hit = true
			}
		}
	case "cli53":
		v := c.verbs(args, 1)
		hit = len(v) > 0 && (v[0] == "rrdelete" || v[0] == "rrpurge")
	}
	if hit {
		c.add(CloudDestructive)
	}
}
