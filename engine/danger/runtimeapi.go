package danger

import (
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

func init() {
	addRuleTexts(map[string]string{
		"runtimeAPIStops": "HAProxy's runtime API sent commands that take servers or frontends out of service (disable server|frontend, shutdown frontend|session|sessions, set server … state maint|drain, del server) through socat or nc to its socket",
	})
}

// runtimeAPIStops: text arriving on the standard input of a socket
// client (socat, nc -U) aimed at a Unix socket is the command list of the
// service behind it. HAProxy's management guide lists those that take
// servers or frontends out of service; each line (or ";"-separated
// command) is read on its own.
func (c *checker) runtimeAPIStops(cmd *shell.Command, name, data string) {
	switch name {
	case "socat", "nc", "ncat", "netcat":
	default:
		return
	}
	if !slices.ContainsFunc(cmd.Args, func(w shell.Word) bool {
		return strings.Contains(w.Lit, ".sock") || strings.Contains(w.Lit, "haproxy")
	}) {
		return
	}
	for _, line := range strings.FieldsFunc(data, func(r rune) bool { return r == '\n' || r == ';' }) {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		stop := false
		switch f[0] + " " + f[1] {
		case "disable server", "disable frontend", "shutdown frontend", "shutdown session", "shutdown sessions", "del server":
			stop = true
		case "set server":
			stop = len(f) >= 5 && f[3] == "state" && (f[4] == "maint" || f[4] == "drain")
		}
		if stop {
			c.because(name, f[0], f[1])
			c.add(DiskSystem)
			return
		}
	}
}
