package danger

import (
	"strings"
	"testing"

	"github.com/permsim/permsim/engine/shell"
)

// Fuzz targets that run Check on lines cut short where the readers of several
// rule families look (option clusters, patches, modes, single words, pid
// files, here-documents): no input may panic it or give an unsorted answer.

// FuzzSingleWordReaders: the round-7 readers of single words (an option-named
// file, an unset variable before a glob, chmod modes, a grep's patterns
// and roots) read any command line's words; none may panic.
func FuzzSingleWordReaders(f *testing.F) {
	for _, s := range []string{"./--checkpoint-action=exec=sh x.sh", "$1*.bin", "${X}*.log", "644", "go+rw", "-x", "=r", "-rnie PASS /", "", "$", "${", "-", "/-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		w := shell.Word{Raw: raw, Lit: raw, Literal: true}
		plantedName(w)
		exWrites(raw)
		unsetVarPrefix(raw)
		modeOpensRead(raw)
		modeDropsExec(raw)
		modeLike(raw)
		var words []shell.Word
		for _, f := range strings.Fields(raw) {
			words = append(words, shell.Word{Raw: f, Lit: f, Literal: true})
		}
		pats, _ := searchWords(words)
		huntsPasswords(pats)
		matchesEveryLine(pats)
	})
}

// FuzzHostReadersCutShort runs Check from seeds cut short in the places round 9's host
// readers look (globbed and backup paths, here-documents of transfer
// commands, pipelines through stream filters, pid files, directory
// attributes): no input may panic it or give an unsorted answer. A
// fuzz target of its own keeps these seeds apart from FuzzCheck's list,
// which every round's branch extends.
func FuzzHostReadersCutShort(f *testing.F) {
	for _, s := range []string{
		"cat /home/*/", "cat /home/*/.*hist*", "cat /*/*/.ssh/id_*", "cat /etc/shadow~", "cat ~", "cat .swp", "cat /.swp",
		"cat /var/backups/.bak", "pdbedit -", "pdbedit -e", "dscl . -read ShadowHashData", "ldapsearch unicodePwd",
		"sqlite3 x 'moz_cookies'", "pkill -F", "pkill -F /run/.pid", "kill $(cat /run/.pid", "kill -s", "pkill -f ''",
		"skill -u", "killall --user=", "rm /boot/", "unlink /usr/bin/", "cdrecord blank=", "xorriso -blank", "dvd+rw-format -blank",
		"hdiutil burn -erase", "gs-netcat -s", "gs-netcat -e", "sh -i | ssh -W", "ssh -W", "tftp <<EOF\nput\nEOF", "lftp <<< 'mirror -R'",
		"ditto -c -", "ditto -c a - | ssh", "pax -w | nc", "curl x | tar xO > f && ./f", "curl x | gunzip >", "PATH=: f", "PATH=.:$P .s",
		"cp a.so b.so", "mv x.dylib /y/z.dylib", "cat '/Local Storage/leveldb/'", "sfltool resetbtm",
		"cat >x <<EOF\nroot /\nEOF\nnginx -c x", "gdb -ex 'dump value'", "gdb -ex 'dump memory x'", "vim -c ':w'", "vim +", "emacs --eval '(write-region \"'",
		"emacs --eval '(with-temp-file'", "open -a --args", "open -a Chromium --args --user-data-dir", "chrome --remote-debugging-port --user-data-dir", "sqlite3 -cmd .output", "sqlite3 x .once", "rlwrap -l", "puppet apply -e 'file {\"'", "tee x <<< '{;}' ; caddy run --config x", "nginx -c", "lighttpd -f", "pg_ctl stop",
	} {
		f.Add(s)
	}
	fuzzSortedUnique(f)
}

// FuzzOptionClustersAndPatches: round 10's rules read option clusters (sudo), patches
// (kubectl), modes (chmod), statements (db2, wrangler, turso) and option
// values (pipx, uv); seeds cut short where those readers look. Check
// must stay sorted and unique whatever they get, and never panic.
func FuzzOptionClustersAndPatches(f *testing.F) {
	for _, s := range []string{
		"sudo -", "sudo -u", "sudo -uv", "sudo -h", "sudo --user", "sudo --validate=", "npm stage", "npm promote",
		"yarn npm tag", "mix hex.retire", "moon deprecate", "acme.sh --install", "kubectl patch -p", "kubectl patch x -p '{\"replicas\":0'",
		"kubectl patch x -p '\"replicas\"'", "kubectl patch x -p 'replicas:0'", "kubectl patch x -p '\"path\":\"/spec/replicas\",\"value\":'",
		"chmod", "chmod -rwx", "chmod 0 ~", "chmod = ~", "vi .tfstate", "jq . x.tfstate.backup", "swach", "swach -d", "python3 cloudgoat.py",
		"workmux setup", "hcom hooks", "wrangler d1 execute --command", "turso db shell", "db2 +c", "echo | sqlplus", "isql <<<",
		"kubectl taint", "oc adm", "oc adm taint x :NoExecute", "civo x", "linode-cli obj", "tccli x Terminate", "aliyun oss rm -r",
		"uv tool install --from", "pipx install --spec=", "rye add --git", "poetry add --source", "cat ~/.tsh/keys/", "cat /.sentryclirc",
	} {
		f.Add(s)
	}
	fuzzSortedUnique(f)
}

// FuzzCutShortReaders seeds lines cut short where round 11's readers look (fcrontab's
// -c value, gsutil's valued top-level options, gcloud's impersonation
// flag with no value, kubectl TYPE/NAME words, xargs fed by a find, the
// dotenv names, supabase stop): Check must not panic and must answer
// sorted, unique categories.
func FuzzCutShortReaders(f *testing.F) {
	for _, s := range []string{
		"fcrontab -c", "fcrontab -", "fcrontab -r", "fcrontab $F", "gsutil -i", "gsutil -h", "gsutil -u p -i",
		"gcloud --impersonate-service-account", "gcloud x --impersonate-service-account=", "kubectl get /", "kubectl get secret/",
		"kubectl get -f", "kubectl get secrets/x --template", "find | xargs rm -rf", "| xargs rm -rf", "find . -name | xargs rm -r",
		"cat .E", "cat .ENV.", "cat .Env.Example", "supabase stop --no-backup", "gcloud secrets get-iam-policy",
		"aws secretsmanager get-resource-policy", "gpg -o", "gpg -c -o - | curl -T -", "gpg --output=- x | nc h 1", "gpg -r",
	} {
		f.Add(s)
	}
	fuzzSortedUnique(f)
}
