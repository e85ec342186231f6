package danger

import "testing"

// TestPrecisionOptionValuesAreNotVerbs: a word given to an option as its
// value is not itself an option or a verb. tldr-pages' examples (the
// everyday corpus suggest/everyday.jsonl holds, pages/common/ps.md,
// npm-config.md, npm-pkg.md, wget.md) drew three false alarms from it:
// "ps k size" sorts processes by size (procps ps(1): BSD k takes a sort
// spec; "size" is no option-letter e, which prints environments); "npm c
// delete key" is npm config delete under its alias (npm-config(1):
// "aliases: c"), a key of .npmrc; "npm pkg delete scripts.build" removes a
// field of the project's package.json (npm-pkg(1)); "wget --user
// username --password password URL" gives wget(1) the login's password,
// whatever its text, and sets none. The dangerous forms beside them stay
// marked: BSD e (ps(1): "e Show the environment after the command"),
// macOS ps -E, a registry's objects removed (npm team destroy,
// npm-team(1)), a password set (passwd, chpasswd).
func TestPrecisionOptionValuesAreNotVerbs(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`ps k size`, ""},
		{`ps k -pcpu`, ""},
		{`ps aux --sort -rss`, ""},
		{`ps -o user,etime,args -p 1234`, ""},
		{`ps -eo pid,ppid,cmd --sort=-%mem`, ""},
		{`ps U user`, ""},
		{`ps axo pid,user,etime`, ""},
		{`ps -u $(id -u) f`, ""},
		{`ps -o ppid= -p 42`, ""},
		{`ps auxe`, SecretRead},
		{`ps aux e`, SecretRead},
		{`ps k size e`, SecretRead},
		{`ps -p 1234 e`, SecretRead},
		{`ps -E`, SecretRead},
		{`npm c delete key`, ""},
		{`npm c rm registry`, ""},
		{`npm pkg delete scripts.build`, ""},
		{`npm config delete registry`, ""},
		{`npm team destroy myorg:devs`, CloudDestructive},
		{`wget --user username --password password https://example.com`, ""},
		{`wget --user bob --password s3cret https://example.com/f.zip`, ""},
		{`ftp -p password ftp.example.com`, ""},
		{`echo 'bob:newpass' | chpasswd`, PrivilegeEscalation},
		{`passwd bob`, PrivilegeEscalation},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}
