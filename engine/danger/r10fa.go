package danger

import (
	"net/netip"
	"path"
	"strings"

	"github.com/permsim/permsim/engine/shell"
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

// loopbackClients are the network clients whose operands are "host port"
// (telnet(1): "telnet [host [port]]"; nc(1): "nc [options] host port").
var loopbackClients = map[string]bool{"telnet": true, "nc": true, "ncat": true, "netcat": true, "nc.traditional": true, "nc.openbsd": true}

// connectsToLoopbackOnly reports a telnet or nc whose every word after its
// options is the loopback ("localhost", 127.0.0.0/8, ::1) or a number (a
// port, a timeout's value), with one loopback host at least: both ends of
// its connection are this machine. A word the line does not spell out, or
// any other word (a host, a proxy's address), may leave it.
func connectsToLoopbackOnly(cmd *shell.Command, name string) bool {
	if !loopbackClients[name] {
		return false
	}
	loopback := false
	for _, a := range cmd.Args {
		switch {
		case !a.Literal:
			return false
		case strings.HasPrefix(a.Lit, "-"):
		case strings.Trim(a.Lit, "0123456789") == "":
		case isLoopbackHost(a.Lit):
			loopback = true
		default:
			return false
		}
	}
	return loopback
}

// isLoopbackHost reports "localhost" (RFC 6761 §6.3) or a loopback address
// (127.0.0.0/8, RFC 6890; ::1, RFC 4291), brackets allowed.
func isLoopbackHost(h string) bool {
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(h, "["), "]"))
	return err == nil && ip.IsLoopback()
}

// stdoutOnlyReaders print the files they read on their standard output
// and write nothing else (cat(1), tac(1), strings(1), head(1), tail(1),
// od(1), xxd(1), hexdump(1), base64(1), nl(1)).
var stdoutOnlyReaders = map[string]bool{"cat": true, "tac": true, "strings": true, "head": true, "tail": true, "od": true, "xxd": true, "hexdump": true, "base64": true, "nl": true}

// soundDevices play what is written to them and keep none of it (OSS's
// /dev/audio and /dev/dsp).
var soundDevices = map[string]bool{"/dev/audio": true, "/dev/dsp": true}

// playedOnSoundDevice reports a stdoutOnlyReaders program (via, the name
// its file use was found by) whose standard output is redirected, every
// time, to a sound device: the bytes are played, not shown, stored or
// sent (README's heldout11 call on "cat /dev/mem > /dev/audio").
func playedOnSoundDevice(cmd *shell.Command, via string) bool {
	if !stdoutOnlyReaders[via] || path.Base(cmd.Name) != via {
		return false
	}
	played := false
	for _, r := range cmd.Redirects {
		switch r.Op {
		case ">", ">>", ">|", "1>", "1>>", "&>", "&>>":
			if !r.Target.Literal || !soundDevices[r.Target.Lit] {
				return false
			}
			played = true
		}
	}
	return played
}

// configFileRun reports a program named by a path under /etc: a
// configuration file, never a tool's binary (FHS 3.0 §3.7.1: "No binaries
// may be located under /etc"), so its base name ("/etc/default/useradd")
// does not name the tool.
func configFileRun(name string) bool {
	return strings.HasPrefix(path.Clean(name), "/etc/")
}

// dsclEdits are dscl(1)'s commands that change a record.
var dsclEdits = map[string]bool{"-create": true, "-append": true, "-merge": true, "-passwd": true, "-delete": true, "-change": true, "-changei": true}

// dsclEditsRecord reports a dscl edit command followed by the record it
// edits ("-create record_path …", dscl(1)); alone it prints the usage.
func dsclEditsRecord(args []shell.Word) bool {
	for i, a := range args {
		if a.Literal && dsclEdits[a.Lit] && i+1 < len(args) {
			return true
		}
	}
	return false
}

// emptyDevice reports a word naming /dev/null or /dev/zero: read as a
// file they give no bytes or only zeros, no program or module.
func emptyDevice(w shell.Word) bool {
	return w.Literal && (w.Lit == "/dev/null" || w.Lit == "/dev/zero")
}
