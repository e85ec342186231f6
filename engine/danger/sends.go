package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Local files sent off the machine through a pipe, and scripts fetched
// and run by a launcher that takes a remote name: the README's rules for
// uploads (network-exfiltration) and for download-execute.

// archiveSenders read an archive from their standard input and send it
// to another host.
var archiveSenders = map[string]bool{"ssh": true, "nc": true, "ncat": true, "netcat": true, "socat": true, "curl": true, "aws": true, "gsutil": true, "rclone": true}

// archivePiped: tar (or zip, cpio, ditto, pax) writing an archive of local folders to
// its standard output, piped on to ssh, nc, curl or a cloud copy ("tar
// czf - ~/Documents | ssh u@h 'cat > d.tgz'"), sends those folders to
// another host. A build's output deployed ("tar czf - dist | ssh …") and
// scratch folders are everyday, as for scp.
func (c *checker) archivePiped(u unit) {
	cmd, name, ok := u.program()
	if !ok || c.line == nil || c.at >= len(c.line.Commands) {
		return
	}
	var sources []shell.Word
	switch name {
	case "tar", "gtar", "bsdtar":
		sources = tarToStdout(cmd.Args)
	case "zip":
		if ops := operands(cmd.Args); len(ops) > 1 && ops[0].Lit == "-" {
			sources = ops[1:]
		}
	case "ditto", "pax":
		sources = archiverToStdout(cmd.Args, name) // uploads.go
	default:
		return
	}
	local := slices.ContainsFunc(sources, func(w shell.Word) bool {
		p, ok := shell.PathOf(w)
		if !ok {
			return false
		}
		abs := shell.Resolve(p, u.dir, c.home)
		return !c.tempOnly(abs) && !c.scratch(abs) && !slices.ContainsFunc(strings.Split(p, "/"), scratchPart)
	})
	if !local {
		return
	}
	cmds := c.line.Commands
	for k := c.at + 1; k < len(cmds); k++ {
		n := cmds[k]
		if n.Pipeline != cmds[c.at].Pipeline || n.Dynamic {
			continue
		}
		if archiveSenders[path.Base(n.Name)] && !onlyLocal(n.Args) {
			c.because(name, "|", path.Base(n.Name))
			c.add(NetworkExfiltration)
			return
		}
	}
}

// tarToStdout returns the operands of a tar that creates an archive on
// its standard output (c with f -, or c with no f at all).
func tarToStdout(args []shell.Word) []shell.Word {
	create, toStdout, file := false, false, false
	var ops []shell.Word
	for i, a := range args {
		if !a.Literal {
			ops = append(ops, a)
			continue
		}
		l := a.Lit
		switch {
		case l == "--create":
			create = true
		case l == "--file" || l == "-f":
			file = true
			toStdout = i+1 < len(args) && args[i+1].Lit == "-"
		case strings.HasPrefix(l, "--file="):
			file, toStdout = true, l == "--file=-"
		case strings.HasPrefix(l, "--"):
		case i == 0 && !strings.HasPrefix(l, "-") || len(l) > 1 && l[0] == '-':
			// "czf -", "-czf -": a cluster; f takes the next word.
			create = create || strings.Contains(l, "c")
			if strings.Contains(l, "f") {
				file = true
				toStdout = i+1 < len(args) && args[i+1].Lit == "-"
			}
		case l == "-" && i > 0:
		default:
			ops = append(ops, a)
		}
	}
	if !create || file && !toStdout {
		return nil
	}
	return ops
}

// remoteScriptRun: jbang given an alias from a remote catalog
// ("hello@jbangdev") or a URL fetches that script and runs it.
func (c *checker) remoteScriptRun(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "jbang" {
		return
	}
	for _, o := range operands(cmd.Args) {
		if !o.Literal {
			return
		}
		if o.Lit == "run" {
			continue
		}
		if strings.Contains(o.Lit, "://") || strings.Contains(o.Lit, "@") && !strings.Contains(o.Lit, "/") {
			c.because(name, o.Lit)
			c.add(DownloadExecute)
		}
		return
	}
}

// directoryEntryAdded: ldapadd (or ldapmodify -a) adds entries to a
// directory, which the README's labels take as accounts created (users,
// groups, admins).
func (c *checker) directoryEntryAdded(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	if name == "ldapadd" && !hasLit(cmd.Args, "--help", "-?") || name == "ldapmodify" && hasLit(cmd.Args, "-a") {
		c.because(name)
		c.add(PrivilegeEscalation)
	}
}
