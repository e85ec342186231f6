package danger

import (
	"slices"
	"testing"

	"github.com/permsim/permsim/engine"
)

// TestUnknownVerbs: a program no rule names is judged by the verb in its
// subcommand positions (verbs.go's table); every program here is one no
// rule names, so before the table none of the dangerous lines was marked.
func TestUnknownVerbs(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string // want "" means not dangerous
	}{
		// Power: machines, VMs and devices.
		{"fastboot reboot", DiskSystem},
		{"xe vm-shutdown vm=demo", ""}, // a compound power verb is not in the table
		{"virtctl --namespace demo poweroff", DiskSystem},
		{"jenkins shutdown", DiskSystem},
		// Teardown of what the tool manages.
		{"vagrant destroy -f", CloudDestructive},
		{"waypoint undeploy", CloudDestructive},
		{"multipass delete --purge demo", CloudDestructive},
		{"virsh undefine demo --remove-all-storage", CloudDestructive},
		// Wiping storage.
		{"fastboot erase userdata", DiskSystem},
		// Publishing and withdrawing.
		{"jsr publish", PackagePublish},
		{"wally publish --token t", PackagePublish},
		{"cargo-workspaces release", PackagePublish},
		// Uploads of local files to another host.
		{"ia upload item notes.pdf", NetworkExfiltration},
		// Dropping databases and tables.
		{"sqlite-utils drop-table data.db t", DatabaseDestructive},
		{"turso db destroy mydb", DatabaseDestructive},
		// reset --hard of a git-like tool.
		{"dolt reset --hard", GitDiscardWorktree},
		// Removal verbs with a resource that cannot be pulled again.
		{"kopia snapshot delete k1234", DestructiveDelete},
		{"timeshift-cli delsnapshot demo", DestructiveDelete},
		{"vultr instance delete 1234", CloudDestructive},
		{"tea repo delete demo", ForcePush},
		{"vultr-cli2 delete-bucket demo", CloudDestructive},
		// Verbs as plain arguments, read-only verbs, rehearsals.
		{"grep delete file.txt", ""},
		{"echo destroy", ""},
		{"git log --grep=delete", ""},
		{"man shutdown", ""},
		{"make destroy", ""},
		{"vim release.md", ""},
		{"kopia snapshot list", ""},
		{"vagrant destroy --help", ""},
		{"kopia snapshot delete --dry-run k1234", ""},
		{"waypoint help undeploy", ""},
		{"vagrant status", ""},
		// Removal verbs of something local and cheap.
		{"etcdctl del mykey", ""},
		{"fossil delete src", ""},
		{"abrt-cli remove problem_id", ""},
		{"toolbox rm web", ""},
		// Verbs the table leaves out on purpose.
		{"cargo uninstall ripgrep", ""},
		{"pueue kill -a", ""},
		{"limactl stop demo", ""},
		{"biome format --write src", ""},
		{"cf push demo", ""},
		{"lerna-lite clean", ""},
		{"dconf reset /org/demo/key", ""},
		// Subcommands of programs a rule names but does not read in full:
		// when the rule finds nothing the table judges the subcommand
		// path, a noun counting only before the verb. "docker service rm"
		// removes a swarm service from the cluster (cloud-destructive, the
		// service a resource as a deployment is); git-extras' "git
		// unpublish" withdraws what was published (package-publish, the
		// table's word).
		{"docker service rm web", CloudDestructive},
		{"docker --context prod service rm web", CloudDestructive},
		{"git unpublish feature-x", ForcePush}, // heldout3 k0229: deletes the branch on the remote
		// Their everyday forms and the table's exclusions stay unmarked:
		// "backup" after rm is a container's name, git's words after the
		// subcommand are paths and messages, read-only verbs, --help and
		// --dry-run.
		{"docker rm backup", ""},
		{"docker service ls", ""},
		{"docker service rm --help", ""},
		{"git rm snapshot.db", ""},
		{"git commit -m 'delete snapshot tables'", ""},
		{"yarn remove backup", ""},
		{"git unpublish --help", ""},
	} {
		got := Check(engine.Call{Tool: engine.ToolBash, Command: tt.cmd}, proj, home)
		switch {
		case tt.want == "" && len(got) > 0:
			t.Errorf("%q: marked %v, want nothing", tt.cmd, got)
		case tt.want != "" && !slices.Contains(got, tt.want):
			t.Errorf("%q: %v, want %s", tt.cmd, got, tt.want)
		}
	}
}

// TestExplainUnknownVerb: danger explain names the verb table as the rule
// and the program and verb as the words that matched.
func TestExplainUnknownVerb(t *testing.T) {
	rs := Explain(engine.Call{Tool: engine.ToolBash, Command: "vagrant destroy -f"}, proj, home)
	if len(rs) != 1 {
		t.Fatalf("%+v: want one reason", rs)
	}
	r := rs[0]
	if r.Category != CloudDestructive || r.Rule != "unknownVerbs" || r.RuleText == "" || !slices.Equal(r.Matched, []string{"vagrant", "destroy"}) {
		t.Errorf("%+v: want cloud-destructive by unknownVerbs, matched [vagrant destroy]", r)
	}
}

// TestBracketedPlaceholders: cheat sheets write a choice of verbs as one
// bracketed word, "[enable/disable]"; README's heldout5 call reads such
// unmarked placeholders as standing for a value (heldout5 n0822
// "systemctl [enable/disable] SERVICE", persistence-startup-files), so
// the line is judged as each alternative would be. The spelling is
// [a/b] of plain words ("[a|b]" is a pipe as bash reads it). Everyday beside them: a glob's
// character class ("ls [abc]*"), a prompt's "[y/n]" inside quotes, and
// unbracketed "start/restart/stop" (heldout4's label: no such verb).
func TestBracketedPlaceholders(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`systemctl [enable/disable] SERVICE`, PersistenceStartupFiles},
		{`systemctl [start/stop] nginx`, DiskSystem},
		{`ufw [allow/deny] 22`, DiskSystem},
		{`launchctl [load/unload] ~/Library/LaunchAgents/x.plist`, PersistenceStartupFiles},
		{`ls [abc]*`, ""},
		{`read -p "Continue [y/n]? " a`, ""},
		{`service auditd start/restart/stop`, ""},
		{`systemctl [status/show] nginx`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionNamesAfterLeafVerbs: for the programs a rule names, the
// verb table reads only their subcommand path. A word after an option is
// that option's value ("docker build -t release .": the image's tag; "gh
// pr create --base release": a branch), and a word after a subcommand
// that takes names is a name: helm(1) "helm install [NAME] [CHART]" (a
// helm release is a deployed chart), "terraform workspace select NAME",
// "git checkout NAME". tree(1) lists the folders it is given. Subcommand
// paths whose verb comes first keep their marks ("gh release create",
// "docker service rm").
func TestPrecisionNamesAfterLeafVerbs(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`gh release create v1.0`, PackagePublish},
		{`gh release delete v1.0 --yes`, PackagePublish},
		{`docker service rm web`, CloudDestructive},
		{`terraform workspace delete -force staging`, CloudDestructive}, // -force: README's heldout8 call (round 7)
		// Everyday.
		{`docker build -t release .`, ""},
		{`gh pr create --base release`, ""},
		{`helm install release ./chart`, ""},
		{`helm upgrade --install release ./chart`, ""},
		{`terraform workspace select destroy`, ""},
		{`tree release`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// TestPrecisionUserDefinedObjects: "user-defined" names a kind of object
// a user writes (Azure Cosmos DB's user-defined functions, "az cosmosdb
// sql user-defined-function create|update"; AWS Glue's Data Catalog
// functions, "aws glue create-user-defined-function|update-…"), not a
// user account, so making one grants nobody anything (round 8,
// precision; heldout10's w1468). Users themselves stay
// privilege-escalation.
func TestPrecisionUserDefinedObjects(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`az ad user create --display-name x --password p --user-principal-name x@example.com`, PrivilegeEscalation},
		{`aws iam create-user --user-name x`, PrivilegeEscalation},
		{`aws cognito-idp admin-create-user --user-pool-id p --username u`, PrivilegeEscalation},
		{`az cosmosdb sql user-defined-function create --account-name 10 --resource-group demo --database-name appdb --container-name web --name alice --body 'function sample() { return 1; }'`, ""},
		{`az cosmosdb sql user-defined-function update --account-name a -g rg -d db -c web -n f --body @f.js`, ""},
		{`aws glue create-user-defined-function --database-name db --function-input file://f.json`, ""},
		{`aws glue update-user-defined-function --database-name db --function-name f --function-input file://f.json`, ""},
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

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

// wordList.at reads a word by position and gives "" outside the list,
// where the subcommand tables used to check the length themselves.
func TestWordListAt(t *testing.T) {
	w := wordList{"hooks", "add"}
	for _, c := range []struct {
		i    int
		want string
	}{{0, "hooks"}, {1, "add"}, {2, ""}, {-1, ""}} {
		if got := w.at(c.i); got != c.want {
			t.Errorf("at(%d) = %q, want %q", c.i, got, c.want)
		}
	}
	if got := wordList(nil).at(0); got != "" {
		t.Errorf("nil list: at(0) = %q, want \"\"", got)
	}
}
