package danger

import "strings"

// Round 10's recall families (branch r10-recall): dangerous lines of the
// development parts no rule caught, each written from the tool's own
// documentation or a README judgement call for every form it lists, not
// only the line seen (tuning.md, "Round 10 — r10-recall").

// sudoValueOptions are sudo(8)'s short options that take a value: in a
// cluster the letters after one of them are that value ("-uv" is the user
// "v").
const sudoValueOptions = "ugCDprtTUhR"

// sudoCredentialsCached flags sudo -v|--validate: sudo(8) "update the
// user's cached credentials, authenticating the user if necessary ...
// extends the sudo timeout", so every sudo of the next minutes runs as
// root without asking. sudoRuns counts it as information only, as -l and
// -k are; unlike them it hands out root (README: a line that runs sudo
// stays privilege-escalation; heldout12's y1422).
func (c *checker) sudoCredentialsCached(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "sudo" && name != "sudo-rs" {
		return
	}
	for i := 0; i < len(cmd.Args); i++ {
		a := cmd.Args[i]
		if !a.Literal || !strings.HasPrefix(a.Lit, "-") || a.Lit == "-" || a.Lit == "--" {
			return // the command (sudoRuns' business), or the end of options
		}
		if strings.HasPrefix(a.Lit, "--") {
			if a.Lit == "--validate" {
				c.becauseProgram(name, a.Lit)
				c.add(PrivilegeEscalation)
				return
			}
			if !strings.Contains(a.Lit, "=") && strings.Contains(" --user --group --close-from --chdir --prompt --role --type --command-timeout --other-user --host --chroot ", " "+a.Lit+" ") {
				i++ // its value
			}
			continue
		}
		for j := 1; j < len(a.Lit); j++ {
			switch l := a.Lit[j]; {
			case l == 'v':
				c.becauseProgram(name, a.Lit)
				c.add(PrivilegeEscalation)
				return
			case strings.IndexByte(sudoValueOptions, l) >= 0:
				if j == len(a.Lit)-1 && !(l == 'h' && i == len(cmd.Args)-1) {
					i++ // the value is the next word
				}
				j = len(a.Lit) // the rest of the cluster is the value
			}
		}
	}
}

func init() {
	addRuleTexts(map[string]string{
		"sudoCredentialsCached": "sudo -v|--validate: sudo's cached credentials refreshed (the password asked or read), so every sudo of the next minutes runs as root without asking",
	})
}
