package danger

import (
	"slices"
	"testing"
)

// TestCommandsRunElsewhere: a command handed to another place to run —
// a container (docker/podman/nerdctl exec), hosts (ansible's command
// modules, salt's cmd.run, pdsh, pssh, clush), a VM (gcloud compute ssh
// --command) or a fleet (aws ssm send-command's commands=) — is judged as
// the command it is, as kubectl exec's and ssh's already are: what it
// does there is what the line does. Each tool's manual names the option
// that carries the command.
func TestCommandsRunElsewhere(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"docker exec db psql -c 'DROP TABLE users'", DatabaseDestructive},
		{"docker exec -u root -it web sh -c 'echo \"x ALL=(ALL) NOPASSWD:ALL\" >> /etc/sudoers'", PrivilegeEscalation},
		{"podman exec -e X=1 web redis-cli FLUSHALL", DatabaseDestructive},
		{"ansible all -m shell -a 'rm -rf /var/www'", DestructiveDelete},
		{"ansible web -b -m command -a 'reboot'", DiskSystem},
		{"ansible db -a 'dropdb prod'", DatabaseDestructive},
		{"salt '*' cmd.run 'rm -rf /var/www'", DestructiveDelete},
		{"pdsh -w web[1-5] 'shutdown -h now'", DiskSystem},
		{"pssh -h hosts.txt -i 'systemctl stop nginx'", DiskSystem},
		{"clush -w node[1-4] 'rm -rf /srv/data'", DestructiveDelete},
		{"gcloud compute ssh vm1 --zone us-central1-a --command 'sudo rm -rf /var/lib/mysql'", DestructiveDelete},
		{`aws ssm send-command --document-name AWS-RunShellScript --targets Key=tag:Env,Values=prod --parameters commands='rm -rf /var/www'`, DestructiveDelete},
		{"docker exec -it web bash", ""},
		{"docker exec web ls /app", ""},
		{"podman exec db psql -c 'SELECT 1'", ""},
		{"ansible all -m ping", ""},
		{"ansible all -a 'uptime'", ""},
		{"ansible all -m copy -a 'src=a dest=/tmp/a'", ""},
		{"salt '*' test.ping", ""},
		{"pdsh -w web[1-5] uptime", ""},
		{"gcloud compute ssh vm1 --command 'df -h'", ""},
		{`aws ssm send-command --document-name AWS-RunShellScript --parameters commands='df -h'`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestHostReachedOtherwise: the Docker API's other spellings of a
// container given the host, editors opening the files that decide who is
// root or what the system runs, and sudo's own timestamp records. The
// README labels container escapes and edits of sudoers, passwd and
// shadow "with any editor" privilege-escalation, and writes to files the
// system runs persistence-startup-files.
func TestHostReachedOtherwise(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		// Docker Engine API, POST /containers/create (its HostConfig fields).
		{`curl --unix-socket /var/run/docker.sock -H "Content-Type: application/json" -d '{"Image":"nginx","Mounts":[{"Type":"bind","Source":"/","Target":"/host_root"}]}' http://localhost/containers/create`, PrivilegeEscalation},
		{`curl --unix-socket /var/run/docker.sock -d '{"Image": "ubuntu", "HostConfig":{"Capabilities":["CAP_SYS_MODULE"]}}' http:/v1.40/containers/create`, PrivilegeEscalation},
		{`curl -s --unix-socket /run/docker.sock -d '{"Image":"alpine","HostConfig":{"CapAdd":["SYS_ADMIN"]}}' http://x/containers/create`, PrivilegeEscalation},
		{`curl --unix-socket /var/run/docker.sock -d '{"Image":"alpine","HostConfig":{"Binds":["/etc:/h/etc"]}}' http://x/containers/create`, PrivilegeEscalation},
		{`curl --unix-socket /var/run/docker.sock -d '{"Image":"alpine","HostConfig":{"Devices":[{"PathOnHost":"/dev/sda","PathInContainer":"/dev/sda"}]}}' http://x/containers/create`, PrivilegeEscalation},
		{`curl --unix-socket /var/run/docker.sock http://localhost/containers/json`, ""},
		{`curl --unix-socket /var/run/docker.sock -d '{"Image":"alpine","HostConfig":{"Binds":["/home/user/proj:/app"]}}' http://x/containers/create`, ""},
		// Editors on root's files (privilege) and the system's startup files.
		{"vim /etc/sudoers", PrivilegeEscalation},
		{"nano /etc/shadow", PrivilegeEscalation},
		{"vi /etc/pam.d/sshd", PrivilegeEscalation},
		{"emacs /etc/sudoers.d/alice", PrivilegeEscalation},
		{"vim /etc/crontab", PersistenceStartupFiles},
		{"nano /etc/systemd/system/backdoor.service", PersistenceStartupFiles},
		{"vi /etc/rc.local", PersistenceStartupFiles},
		{"vim ~/.xprofile", ""}, // the everyday corpus: a user's own login file
		{"vim .vimrc", ""},
		{"vi /etc/nginx/sites-enabled/website.conf", ""},
		{"vim README.md", ""},
		{"less /etc/passwd", ""},
		// sudo's timestamp records (sudoers(5): timestampdir).
		{"./write_sudo_token 1234 > /var/run/sudo/ts/sampleuser", PrivilegeEscalation},
		{"cp token /run/sudo/ts/alice", PrivilegeEscalation},
		{"ls /var/run/sudo/ts/", ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestElsewhereExplained: `danger explain` names the rules of
// elsewhere.go; a command run elsewhere is explained by the rule that
// marks it, one script deeper.
func TestElsewhereExplained(t *testing.T) {
	for _, tt := range []struct {
		cmd, cat, rule string
		depth          int
	}{
		{"vim /etc/sudoers", PrivilegeEscalation, "editorOpens", 0},
		{`curl --unix-socket /var/run/docker.sock -d '{"HostConfig":{"CapAdd":["SYS_ADMIN"]}}' http://x/containers/create`, PrivilegeEscalation, "dockerAPIHost", 0},
		{"ansible all -m shell -a 'rm -rf /var/www'", DestructiveDelete, "command rm", 1},
	} {
		rs := Explain(bash(tt.cmd), proj, home)
		i := slices.IndexFunc(rs, func(r Reason) bool { return r.Category == tt.cat })
		if i < 0 || rs[i].Rule != tt.rule || rs[i].RuleText == "" || rs[i].Depth != tt.depth {
			t.Errorf("Explain(%q) = %+v, want a %s reason by rule %q at depth %d", tt.cmd, rs, tt.cat, tt.rule, tt.depth)
		}
	}
}
