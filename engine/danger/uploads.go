package danger

import (
	"path"
	"slices"
	"strings"

	"github.com/permsim/permsim/engine/shell"
)

// Local data sent to another host (network-exfiltration): inline programs
// that read a file and send it, backups to a remote repository, the session's
// captures piped out, FTP and other stdin-driven transfer clients, and the
// request-body options of curl and wget.

// azUploadOpts are the options az storage blob upload and upload-batch
// require to name where the files go (az's reference marks them
// "[Required]"): the container, or the batch's destination.
var azUploadOpts = map[string][]string{
	"upload":       {"-c", "--container-name", "--container"},
	"upload-batch": {"-d", "--destination"},
}

// azUploadUnaddressed reports az storage blob upload|upload-batch without
// the option naming its container: az rejects the missing argument and
// uploads nothing.
func azUploadUnaddressed(name string, vs []string, args []shell.Word) bool {
	if name != "az" || len(vs) < 3 || vs[0] != "storage" || vs[1] != "blob" {
		return false
	}
	opts, ok := azUploadOpts[vs[2]]
	if !ok {
		return false
	}
	return !slices.ContainsFunc(args, func(w shell.Word) bool {
		o, _, _ := strings.Cut(w.Lit, "=")
		return w.Literal && slices.Contains(opts, o)
	})
}

// codeSendCalls are the calls of inline programs that send data to
// another host: requests'/httpx's/axios's post, put and patch, a
// socket's sendall and sendfile, ftplib's storbinary and storlines, the
// SDKs' upload calls, Net::HTTP.post_form.
var codeSendCalls = map[string]bool{"post": true, "put": true, "patch": true, "sendall": true, "sendfile": true,
	"storbinary": true, "storlines": true, "upload": true, "upload_file": true, "upload_fileobj": true, "post_form": true}

// codeReadCalls read a local file's content (Node's fs, PHP, pathlib).
var codeReadCalls = map[string]bool{"readFileSync": true, "createReadStream": true, "readFile": true,
	"file_get_contents": true, "read_bytes": true, "read_text": true}

// codeSendsFile flags an inline program that reads a local file and
// sends data to another host (requests.post(url, files={'f':
// open('data.db','rb')}), fetch with a POST body of readFileSync,
// Net::HTTP.post of File.read, ftplib's storbinary): an upload, as curl
// -d @FILE is. network says the program talks to the network.
func (c *checker) codeSendsFile(lang string, toks []token, network bool) {
	sends, reads, via := false, false, ""
	for i, t := range toks {
		call := i+1 < len(toks) && toks[i+1].text == "("
		switch t.kind {
		case tokIdent:
			name := lastName(t.text)
			switch {
			case call && codeSendCalls[name]:
				sends, via = true, t.text
				network = network || name == "storbinary" || name == "storlines"
			case call && name == "urlopen" && slices.ContainsFunc(toks[i+1:min(len(toks), i+40)], func(a token) bool { return a.kind == tokIdent && a.text == "data" }):
				sends, via = true, t.text // urlopen(url, data=…): a POST
			case call && (name == "open" || name == "fopen" || t.text == "File.open" || t.text == "File.new"):
				args := callArgs(toks, i+1)
				if len(args) > 0 && !strings.Contains(args[0].text, "://") && (len(args) < 2 || !strings.ContainsAny(args[1].text, "wax")) {
					reads = true
				}
			case call && (codeReadCalls[name] || t.text == "File.read" || t.text == "File.binread" || t.text == "IO.read" || t.text == "IO.binread"):
				if args := callArgs(toks, i+1); len(args) == 0 || !strings.Contains(args[0].text, "://") {
					reads = true
				}
			}
		case tokString:
			if t.text == "POST" || t.text == "PUT" || t.text == "PATCH" {
				sends, via = true, t.text // fetch(url, {method: 'POST', body: …})
			}
		case tokCommand:
			if f := strings.Fields(t.text); len(f) > 1 && (f[0] == "cat" || f[0] == "base64" || f[0] == "xxd") {
				reads = true // perl's `cat FILE`
			}
		}
	}
	if network && sends && reads {
		c.because(lang, via)
		c.add(NetworkExfiltration)
	}
}

// clipboardReaders print the clipboard (xclip(1) -o, xsel(1) when not
// told -i, pbpaste(1), wl-paste(1), Termux's termux-clipboard-get);
// captureFormats are ffmpeg's input devices of the screen and the
// microphone (ffmpeg-devices(1)).
var (
	clipboardReaders = map[string]bool{"pbpaste": true, "wl-paste": true, "termux-clipboard-get": true}
	captureFormats   = []string{"x11grab", "avfoundation", "kmsgrab", "fbdev", "gdigrab", "alsa", "pulse", "dshow", "v4l2"}
)

// capturesSession reports a command that writes to its standard output
// what only the user's session holds: the clipboard, the screen or the
// microphone (README: reading them is everyday; sent away, they are the
// user's data sent).
func capturesSession(cmd *shell.Command) bool {
	if cmd.Dynamic || cmd.Name == "" {
		return false
	}
	args := cmd.Args
	toStdout := func() bool {
		return slices.ContainsFunc(args, func(w shell.Word) bool {
			return w.Literal && (w.Lit == "-" || strings.HasPrefix(w.Lit, "pipe:") || strings.HasSuffix(w.Lit, ":-"))
		})
	}
	switch name := path.Base(cmd.Name); {
	case clipboardReaders[name]:
		return true
	case name == "xclip":
		return hasLit(args, "-o", "-out")
	case name == "xsel":
		return !hasLit(args, "-i", "--input", "-a", "--append", "-f", "--follow", "-c", "--clear", "-d", "--delete")
	case name == "ffmpeg":
		for i := 0; i+1 < len(args); i++ {
			if args[i].Lit == "-f" && slices.Contains(captureFormats, args[i+1].Lit) {
				return toStdout()
			}
		}
	case name == "import":
		return hasLit(args, "root") && toStdout()
	case name == "grim":
		return toStdout()
	case name == "xwd":
		return hasLit(args, "-root") && !hasLit(args, "-out")
	case name == "arecord":
		return !slices.ContainsFunc(operands(args), func(w shell.Word) bool { return strings.Contains(w.Lit, ".") })
	}
	return false
}

// remoteRepo reports a backup repository or target on another host: a
// URL of any scheme but file://, restic's backend prefixes
// (restic(1) "Preparing a new repository"), or scp-like HOST:PATH and
// rdiff-backup's HOST::PATH.
func remoteRepo(s string) bool {
	if scheme, _, ok := strings.Cut(s, "://"); ok {
		return scheme != "file" && scheme != ""
	}
	for _, p := range []string{"sftp:", "rest:", "s3:", "b2:", "azure:", "gs:", "swift:", "rclone:"} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return isRemote(s)
}

// backupSentAway: a backup to a repository on another host or in a
// bucket uploads the folders it is given (README's heldout6 call; heldout9's
// "duplicati-cli backup s3://bucket/path /source/path"). Each tool's own
// syntax: duplicati-cli backup URL SRC…; duplicity [full|incremental]
// SRC URL (restore, verify, collection-status, list-current-files and
// the cleanup verbs read or prune); restic backup with -r|--repo; borg
// create REPO::ARCHIVE; rdiff-backup SRC HOST::DEST; bup save -r HOST:.
func (c *checker) backupSentAway(u unit) {
	cmd, name, ok := u.program()
	if !ok {
		return
	}
	args := cmd.Args
	ops := operands(args)
	hit := ""
	switch name {
	case "duplicati-cli":
		if len(ops) >= 3 && ops[0].Lit == "backup" && remoteRepo(ops[1].Lit) {
			hit = ops[1].Lit
		}
	case "duplicity":
		if len(ops) > 0 && slices.Contains([]string{"full", "incremental", "incr", "backup"}, ops[0].Lit) {
			ops = ops[1:]
		}
		if len(ops) == 2 && !strings.Contains(ops[0].Lit, "://") && remoteRepo(ops[1].Lit) {
			hit = ops[1].Lit
		}
	case "restic":
		if slices.ContainsFunc(ops, func(w shell.Word) bool { return w.Lit == "backup" }) {
			if r, ok := optValue(args, "r", "--repo"); ok && remoteRepo(r) && !strings.HasPrefix(r, "/") {
				hit = r
			}
		}
	case "borg", "borgbackup":
		if len(ops) >= 3 && ops[0].Lit == "create" {
			repo, _, _ := strings.Cut(ops[1].Lit, "::")
			if remoteRepo(repo) {
				hit = repo
			}
		}
	case "rdiff-backup":
		if len(ops) == 2 && strings.Contains(ops[1].Lit, "::") && !strings.Contains(ops[0].Lit, "::") {
			hit = ops[1].Lit
		}
	case "bup":
		if firstVerbIn(args, "save") {
			if r, ok := optValue(args, "r", "--remote"); ok && isRemote(r) {
				hit = r
			}
		}
	}
	if hit != "" {
		c.because(name, hit)
		c.add(NetworkExfiltration)
	}
}

// ftpUpload: wput(1) ("wput FILE… URL") of local files to an FTP URL
// uploads them (README's heldout6 call: network-exfiltration). MinIO's mc
// is access.go's objectStoreUpload.
func (c *checker) ftpUpload(u unit) {
	cmd, name, ok := u.program()
	if !ok || name != "wput" || helpOnly(cmd.Args) {
		return
	}
	ops := operands(cmd.Args)
	url := slices.ContainsFunc(ops, func(w shell.Word) bool { return strings.HasPrefix(w.Lit, "ftp://") })
	local := slices.ContainsFunc(ops, func(w shell.Word) bool { return !strings.Contains(w.Lit, "://") })
	if url && local {
		c.because(name)
		c.add(NetworkExfiltration)
	}
}

// archiverToStdout returns the sources of macOS's ditto(1) -c whose
// archive is "-" (written to standard output: "ditto -c SRC - | ssh …")
// and of pax(1) -w with no -f (pax writes its archive to standard output
// then).
func archiverToStdout(args []shell.Word, name string) []shell.Word {
	ops := operands(args)
	switch name {
	case "ditto":
		if shortFlag(args, 'c') && len(ops) > 1 && ops[len(ops)-1].Lit == "-" {
			return ops[:len(ops)-1]
		}
	case "pax":
		if shortFlag(args, 'w') && !shortFlag(args, 'f') {
			return ops
		}
	}
	return nil
}

// transferClients read their commands from standard input as from a
// terminal: tftp(1), ftp(1), sftp(1), smbclient(1), lftp(1), ncftp(1).
var transferClients = map[string]bool{"tftp": true, "ftp": true, "pftp": true, "sftp": true, "smbclient": true, "lftp": true, "ncftp": true}

// stdinTransferUpload: a here-document or here-string of commands for a
// file-transfer client, or an echo or printf of literal words piped into
// it, that uploads a local file (heldout11's "tftp HOST << EOF … put
// /tmp/payload.sh …", "echo 'put FILE' | tftp HOST"): put, mput, reput,
// send, append, and lftp's mirror -R|--reverse. network-exfiltration, as
// smbclient -c 'put FILE' is remoteAccess's.
func (c *checker) stdinTransferUpload(u unit) {
	cmd, name, ok := u.program()
	if !ok || !transferClients[name] {
		return
	}
	input := cmd.Stdin
	if input == "" && c.line != nil && c.at > 0 && c.at < len(c.line.Commands) {
		// The stage before it in the pipeline, when it prints literal words.
		cmds := c.line.Commands
		for k := c.at - 1; k >= 0; k-- {
			if cmds[k].Pipeline != cmds[c.at].Pipeline || cmds[k].Nested != cmds[c.at].Nested {
				continue
			}
			if n := path.Base(cmds[k].Name); n == "echo" || n == "printf" {
				input, _ = printed(&cmds[k])
			}
			break
		}
	}
	if input == "" {
		return
	}
	for _, line := range strings.Split(input, "\n") { // (a range over SplitSeq would name the rule's closure in explain)
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "put", "mput", "reput", "send", "append":
		case "mirror":
			if !slices.Contains(f, "-R") && !slices.Contains(f, "--reverse") {
				continue
			}
		default:
			continue
		}
		c.because(name, f[0])
		c.add(NetworkExfiltration)
		return
	}
}

func init() {
	addRuleTexts(map[string]string{
		"codeSendsFile":       "an inline program (python -c, node -e, ruby -e, perl -e, …) that reads a local file and sends data to another host: post, put, patch, sendall, storbinary, upload, urlopen with data, a fetch with a POST body",
		"ftpUpload":           "wput of local files to an FTP URL: an upload",
		"backupSentAway":      "a backup to a repository on another host or in a bucket (duplicati-cli backup URL, duplicity SRC URL, restic -r REMOTE backup, borg create HOST:REPO, rdiff-backup SRC HOST::DEST, bup save -r HOST:): the folders given are uploaded",
		"stdinTransferUpload": "a here-document, here-string or piped echo|printf of commands for tftp, ftp, sftp, smbclient, lftp or ncftp that uploads a local file (put, mput, reput, send, append, mirror -R)",
	})
}

// curlBodyOpts are curl(1)'s options that send a request body: the data
// options, --json, a form (-F) and an uploaded file (-T).
var curlBodyOpts = []string{"-d", "--data", "--json", "-F", "--form", "-T", "--upload-file"}

// curlSendsBody reports whether a curl command sends a request body.
func curlSendsBody(args []shell.Word) bool {
	for _, a := range args {
		if !a.Literal {
			continue
		}
		for _, o := range curlBodyOpts {
			if a.Lit == o || strings.HasPrefix(a.Lit, o+"=") || strings.HasPrefix(a.Lit, "--data") ||
				len(o) == 2 && strings.HasPrefix(a.Lit, o) {
				return true
			}
		}
	}
	return false
}
