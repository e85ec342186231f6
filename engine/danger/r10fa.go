package danger

import (
	"path"
	"strings"
)

// Round 10 (branch r10-fa): false alarms of secret-read,
// network-exfiltration, download-execute and privilege-escalation, each
// narrowed by what the command does (tuning.md, "Round 10 — r10-fa").

// escalationControlWords name the Pod Security Standards' "Privilege
// Escalation" control (allowPrivilegeEscalation) when they follow
// "privileged" or "priv" in a manifest's name: a process gaining its own
// container's root by a set-user-ID file, which the Baseline level allows
// and which hands the pod nothing of the node (unlike "Privileged
// Containers", securityContext.privileged).
var escalationControlWords = map[string]bool{"esc": true, "escalation": true}

// namesEscalationControl reports words[i] ("privileged", "priv") read with
// the word after it as the name of the escalation control
// ("06-privileged-esc.yaml", "priv-escalation"), not of a privileged pod.
func namesEscalationControl(words []string, i int) bool {
	return (words[i] == "privileged" || words[i] == "priv") && i+1 < len(words) && escalationControlWords[words[i+1]]
}

// namesScriptFile reports a word that names a script file (a scriptExts
// extension: "generate_bruteforce_tests.py"): the file an interpreter
// runs, whose words are not on the line. A verb is not a file name.
func namesScriptFile(w string) bool {
	ext := path.Ext(w)
	return ext != "" && scriptExts[strings.ToLower(ext)]
}

// shellScriptRun reports a program that is a shell script run by its
// path ("./sadness.sh", "/opt/tools/rotate.sh"): its arguments are the
// script's own, with no documented subcommands to read as verbs.
func shellScriptRun(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".sh", ".bash", ".zsh":
		return true
	}
	return false
}
