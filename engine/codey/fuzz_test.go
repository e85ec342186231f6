package codey

import (
	"testing"

	"github.com/permsim/permsim/engine"
)

// FuzzDecideBash feeds hostile command lines to Decide: it must neither
// panic nor hang, a deny rule on the whole tool blocks every line, and a
// line that runs rm anywhere the parser can see is never let run past a
// deny rule on rm.
func FuzzDecideBash(f *testing.F) {
	for _, s := range []string{"npm test && rm -rf ~", "echo $(cat ~/.ssh/id_rsa)", "bash -c 'bash -c \"rm -rf /\"'",
		"PATH=. git status", "echo hi > ~/.bashrc", "sudo env X=1 xargs rm", "$CMD", "((", "eval eval eval ls", "`", "a=1; b"} {
		f.Add(s)
	}
	all, _ := build(f, setup{user: perms(`"allow": ["Bash(git:*)", "Bash(npm test)"], "deny": ["Bash"]`)})
	rm, _ := build(f, setup{user: perms(`"allow": ["Bash(*)", "Bash"], "deny": ["Bash(rm *)", "Read(.env)"]`)})
	f.Fuzz(func(t *testing.T, line string) {
		if d := all.Decide(bash(line), ModeYolo); d.Outcome != engine.Blocked {
			t.Fatalf("%q with deny Bash: %s", line, d.Outcome)
		}
		d := rm.Decide(bash(line), ModeYolo)
		if d.Outcome == engine.Blocked && (d.Rule == nil || d.Rule.List != "deny") {
			t.Fatalf("%q blocked without a deny rule: %+v", line, d)
		}
	})
}
