package danger

import (
	"path"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Container runs whose command acts on the host folders mounted into them:
// docker|podman run's options and a mount's host side resolved.

// containerRunValueOpts are docker|podman run's options that take a value
// as the next word (docker run --help).
var containerRunValueOpts = map[string]bool{
	"-a": true, "--attach": true, "--add-host": true, "-c": true, "--cpu-shares": true, "--cap-add": true, "--cap-drop": true,
	"--cgroup-parent": true, "--cidfile": true, "--cpus": true, "--cpuset-cpus": true, "--device": true, "--dns": true,
	"--entrypoint": true, "-e": true, "--env": true, "--env-file": true, "--expose": true, "--gpus": true, "--group-add": true,
	"-h": true, "--hostname": true, "--ip": true, "--ipc": true, "-l": true, "--label": true, "--label-file": true,
	"--link": true, "--log-driver": true, "--log-opt": true, "-m": true, "--memory": true, "--mount": true, "--name": true,
	"--network": true, "--net": true, "--pid": true, "--platform": true, "-p": true, "--publish": true, "--pull": true,
	"--restart": true, "--runtime": true, "--security-opt": true, "--shm-size": true, "--stop-signal": true,
	"--sysctl": true, "--tmpfs": true, "--ulimit": true, "-u": true, "--user": true, "--userns": true, "-v": true,
	"--volume": true, "--volumes-from": true, "-w": true, "--workdir": true,
}

// containerMountRemovals flags a container run whose command removes a
// folder of the host mounted into it (-v|--volume HOST:CONT, --mount
// source=HOST,target=CONT): "docker run -v ~:/h alpine rm -rf /h" removes
// the home folder. The container's rm (or sh -c 'rm …') is judged as rm
// of the host paths when every path it names lies in a mount; paths of
// the container's own file system are left alone (nothing of the host).
func (c *checker) containerMountRemovals(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "docker" && name != "podman" && name != "nerdctl" || len(cmd.Args) == 0 || cmd.Args[0].Lit != "run" {
		return
	}
	args := cmd.Args[1:]
	mounts := map[string]string{} // container path → host path
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a.Raw, "-") {
			break
		}
		opt, val, hasVal := strings.Cut(a.Lit, "=")
		if !a.Literal {
			opt, hasVal = a.Raw, false
		}
		if !hasVal && containerRunValueOpts[opt] && i+1 < len(args) {
			i++
			val = args[i].Raw
			if args[i].Literal {
				val = args[i].Lit
			}
		}
		switch opt {
		case "-v", "--volume":
			parts := strings.Split(val, ":")
			if len(parts) >= 2 {
				mounts[path.Clean(parts[1])] = c.hostPath(parts[0], u.dir)
			}
		case "--mount":
			src, dst := "", ""
			for _, kv := range strings.Split(val, ",") {
				k, v, _ := strings.Cut(kv, "=")
				switch k {
				case "source", "src":
					src = v
				case "target", "destination", "dst":
					dst = v
				}
			}
			if src != "" && dst != "" {
				mounts[path.Clean(dst)] = c.hostPath(src, u.dir)
			}
		}
	}
	if len(mounts) == 0 || i+1 >= len(args) {
		return
	}
	run := args[i+1:] // after the image
	text := ""
	if len(run) > 2 && shellNames[path.Base(run[0].Lit)] && run[1].Lit == "-c" && run[2].Literal {
		text = run[2].Lit
	} else {
		text = joinRaws(run)
	}
	for _, in := range shell.Parse(text).Commands {
		if in.Dynamic || path.Base(in.Name) != "rm" {
			continue
		}
		words := []string{"rm"}
		mapped := true
		for _, w := range in.Args {
			if w.Literal && strings.HasPrefix(w.Lit, "-") {
				words = append(words, w.Lit)
				continue
			}
			host, ok := mountedHost(w.Lit, mounts)
			if !w.Literal && !w.Glob || !ok {
				mapped = false
				break
			}
			words = append(words, shellQuote(host)+strings.TrimPrefix(w.Lit, strings.TrimRight(w.Lit, "*")))
		}
		if mapped && len(words) > 1 {
			c.script(shell.Parse(strings.Join(words, " ")), u.dir, u.depth+1, false)
		}
	}
}

// hostPath resolves a mount's host side: ~, $HOME, $(pwd), $PWD, a
// relative or absolute path.
func (c *checker) hostPath(src, dir string) string {
	src = strings.Trim(src, `"`)
	switch {
	case src == "$(pwd)" || src == "$PWD" || src == "${PWD}" || src == "`pwd`":
		return dir
	case strings.HasPrefix(src, "$(pwd)/") || strings.HasPrefix(src, "$PWD/"):
		_, rest, _ := strings.Cut(src, "/")
		return path.Join(dir, rest)
	}
	if p, ok := knownVarPath(src); ok {
		src = p
	}
	return shell.Resolve(src, dir, c.home)
}

// mountedHost maps a container path (a glob's folder kept) to the host
// path of the mount that holds it.
func mountedHost(p string, mounts map[string]string) (string, bool) {
	base := strings.TrimRight(p, "*")
	base = strings.TrimSuffix(base, "/")
	if !strings.HasPrefix(p, "/") {
		return "", false
	}
	if base == "" {
		base = "/"
	}
	for cont, host := range mounts {
		if base == cont || strings.HasPrefix(base, strings.TrimSuffix(cont, "/")+"/") {
			rel := strings.TrimPrefix(base, cont)
			out := path.Join(host, rel)
			if strings.HasSuffix(p, "/*") {
				out += "/"
			}
			return out, true
		}
	}
	return "", false
}
