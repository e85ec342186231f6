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
