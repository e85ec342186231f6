package danger

import (
	"slices"

	"github.com/permsim/permsim/engine/shell"
)

// host8 runs round 8's rules of the local host (shells, sockets,
// privileges, files, services, downloads) on one command: one call in
// command(), so the rules of this file stay together.
func (c *checker) host8(u unit) {
	c.downloadsIntoPrograms(u)
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

func init() {
	addRuleTexts(map[string]string{
		"downloadsIntoPrograms": "a download saved into a folder of the system's PATH (/usr/bin, /bin, /usr/sbin, /sbin, /usr/local/bin, /usr/local/sbin) by curl -o|--output-dir, wget -O|-P, aria2c -d|-o, axel -o, HTTPie --download --output or fetch -o: a program from another host every user's shell runs by name",
	})
}
