package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// tildeExpanders are the calls with which a program expands "~" itself:
// python's os.path.expanduser and pathlib's Path.expanduser, ruby's
// File.expand_path, julia's expanduser, perl's and python's glob.
var tildeExpanders = []string{"expanduser", "expand_path", "glob", "path.expand"}

// unexpandedTilde reports a string literal of a one-line program that
// starts with "~" and that the program's file calls open as written: "~"
// is the shell's expansion (bash(1), "Tilde Expansion"), and open(),
// fs.writeFileSync, File.write, io.open… name a folder "~" under the
// current one, which does not exist (heldout7, round 6). R's file
// functions call path.expand on every name, and a program that calls an
// expander is taken to use it on the name.
func unexpandedTilde(lang, code, s string) bool {
	if !strings.HasPrefix(s, "~") || lang == "r" {
		return false
	}
	for _, e := range tildeExpanders {
		if strings.Contains(code, e) {
			return false
		}
	}
	return true
}

// messageServices are the pub/sub services whose "publish" sends a
// message to a topic's subscribers (aws sns, aws iot-data, gcloud pubsub).
var messageServices = map[string]bool{"sns": true, "iot-data": true, "pubsub": true, "topics": true, "lite-topics": true}

// messageOptions name a message's topic or recipient (aws sns publish
// --topic-arn|--target-arn|--phone-number, iot-data --topic, dapr publish
// --topic|--pubsub).
var messageOptions = []string{"--topic", "--topic-arn", "--target-arn", "--phone-number", "--pubsub"}

// messagePublish reports a "publish" that sends a message, not a package:
// a pub/sub service in the subcommand path, or a topic or recipient given
// (heldout7, round 6).
func messagePublish(vs []string, args []shell.Word) bool {
	if slices.ContainsFunc(vs, func(v string) bool { return messageServices[v] }) {
		return true
	}
	return slices.ContainsFunc(args, func(a shell.Word) bool {
		name, _, _ := strings.Cut(a.Lit, "=")
		return a.Literal && slices.Contains(messageOptions, name)
	})
}

// namesNothing reports a git setting's value that names no program or
// folder: /dev/null or nothing (core.hooksPath=/dev/null holds no hooks,
// an empty credential.helper clears the list), or core.fsmonitor turned
// off (git-config(1): a boolean false). Round 6, heldout7's s0415.
func namesNothing(key, value string) bool {
	v := strings.Trim(value, `'"`)
	if v == "" || v == "/dev/null" {
		return true
	}
	return key == "core.fsmonitor" && slices.Contains([]string{"false", "no", "off", "0"}, strings.ToLower(v))
}
