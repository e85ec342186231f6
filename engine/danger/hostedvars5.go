package danger

import "strings"

func init() {
	addRuleTexts(map[string]string{
		"deepPathDelete":  "a cloud CLI's delete verb past the fourth word of its command path (az network dns record-set a delete, az network vnet subnet delete)",
		"hostedVarsUnset": "a hosted app's config or secret variables removed: heroku|dokku config:unset, netlify env:unset, firebase functions:config:unset, fly|supabase secrets unset, cf unset-env, gcloud --remove-env-vars|--clear-env-vars|--remove-secrets|--clear-secrets",
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
	args := cmd.Args
	v := verbs(args, 2)
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
