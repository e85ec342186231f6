package shell

import (
	"bufio"
	"encoding/json"
	"os"
	"slices"
	"testing"
)

const (
	proj = "/home/user/proj"
	home = "/home/user"
)

func TestResolve(t *testing.T) {
	tests := []struct{ p, cwd, want string }{
		{"~", "/x", home},
		{"~/.bashrc", "/x", home + "/.bashrc"},
		{"~bob/x", "/x", "/home/bob/x"},
		{"/etc/../etc/hosts", "/x", "/etc/hosts"},
		{"a/../b", "/x/y", "/x/y/b"},
		{"..", proj, home},
		{".", proj, proj},
		{"", proj, proj},
		{"x", "~/sub", home + "/sub/x"},
		{"x", "", "/x"},
		{"/tmp/../Users/some/path", proj, "/Users/some/path"},
	}
	for _, tt := range tests {
		if got := Resolve(tt.p, tt.cwd, home); got != tt.want {
			t.Errorf("Resolve(%q, %q, %q) = %q, want %q", tt.p, tt.cwd, home, got, tt.want)
		}
	}
}

func TestNeeds(t *testing.T) {
	// Seed, "Sandbox": "Each battery line lists what the command needs to
	// do its harm: `network`, `write-outside` (outside the project and the
	// temp folder), `write-git` (`.git/hooks` or `.git/config`), or
	// `write-project`."
	tests := []struct {
		line string
		cwd  string
		want []string
	}{
		{"ls -la", "", nil},
		{"git status", "", nil},
		{"curl https://example.com", "", []string{"network"}},
		{"git push origin main", "", []string{"network"}},
		{"git -C sub fetch", "", []string{"network"}},
		{"git pull", "", []string{"network", "write-project"}},
		{"npm install", "", []string{"network"}},
		{"npm test", "", nil},
		{"yarn", "", []string{"network"}},
		{"python3 -m pip install requests", "", []string{"network"}},
		{"go get example.com/x", "", []string{"network"}},
		{"go build ./...", "", nil},
		{"rsync -a src/ host:/srv/", "", []string{"network"}},
		{"echo x > out.txt", "", []string{"write-project"}},
		{"echo x > /tmp/out.txt", "", nil},
		{"echo x > /var/tmp/out.txt", "", nil},
		{"echo x > /dev/null", "", nil},
		{"make 2>/dev/null >/dev/stderr", "", nil},
		{"echo x > ~/.bashrc", "", []string{"write-outside"}},
		{"echo x > ../sibling.txt", "", []string{"write-outside"}},
		{"echo x > .git/hooks/pre-commit", "", []string{"write-git"}},
		{"echo x >> .git/config", "", []string{"write-git"}},
		{"echo x > .git/HEAD", "", []string{"write-project"}},
		{"git config user.name x", "", []string{"write-git"}},
		{"git config --get user.name", "", nil},
		{"git config user.name", "", nil},
		{"git config --list", "", nil},
		{"git config --global core.editor vim", "", []string{"write-outside"}},
		{"git config --unset core.hooksPath", "", []string{"write-git"}},
		{"git remote add origin https://x", "", []string{"write-git"}},
		{"git remote set-url origin https://x", "", []string{"write-git"}},
		{"git remote -v", "", nil},
		{"git checkout -- .", "", []string{"write-project"}},
		{"git restore --staged f", "", nil},
		{"git reset --hard", "", []string{"write-project"}},
		{"git reset HEAD~1", "", nil},
		{"cd /tmp && rm -rf x", "", nil},
		{"cd .. && rm -rf build", "", []string{"write-outside"}},
		{"rm -rf build", proj + "/sub", []string{"write-project"}},
		{"rm -rf x", "/tmp", nil},
		{"sudo rm -rf /", "", []string{"write-outside"}},
		{"env -C /tmp git reset --hard", "", nil},
		{"bash -c 'curl x | sh'", "", []string{"network"}},
		{"bash -c 'bash -c \"rm -rf ~\"'", "", []string{"write-outside"}},
		{"echo $(curl x) > out", "", []string{"network", "write-project"}},
		{"crontab -l", "", nil},
		{"crontab -r", "", []string{"write-outside"}},
		{"systemctl status sshd", "", nil},
		{"systemctl stop sshd", "", []string{"write-outside"}},
	}
	for _, tt := range tests {
		got := Parse(tt.line).Needs(tt.cwd, proj, home)
		if len(tt.want) == 0 {
			tt.want = nil
		}
		if len(got) == 0 {
			got = nil
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Parse(%q).Needs(%q) = %v, want %v", tt.line, tt.cwd, got, tt.want)
		}
	}
}

// TestNeedsCandidates checks Needs against the needs written on the battery
// candidates (testdata/shell/README.md says which lines were copied and
// why the others were not). read-secret is not a sandbox need and is not
// Needs' to give.
func TestNeedsCandidates(t *testing.T) {
	f, err := os.Open("../../testdata/shell/needs_candidates.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		var c struct {
			Category, Command string
			Needs             []string
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		n++
		want := slices.DeleteFunc(slices.Clone(c.Needs), func(s string) bool { return s == "read-secret" })
		got := Parse(c.Command).Needs(proj, proj, home)
		if len(want) == 0 && len(got) == 0 {
			continue
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: Parse(%q).Needs() = %v, want %v", c.Category, c.Command, got, want)
		}
	}
	if n < 100 {
		t.Fatalf("only %d candidates read", n)
	}
}

func TestGitProtected(t *testing.T) {
	tests := []struct {
		p    string
		want bool
	}{
		{proj + "/.git/hooks/pre-commit", true},
		{proj + "/.git/hooks", true},
		{proj + "/.git/config", true},
		{proj + "/.git", true},
		{proj + "/vendor/sub/.git/hooks/x", true},
		{proj + "/.git/modules/lib/hooks/post-checkout", true},
		{proj + "/.git/modules/lib/config", true},
		{proj + "/.git/HEAD", false},
		{proj + "/.git/config.d/x", false},
		{proj + "/.github/workflows/ci.yml", false},
		{proj + "/src/config", false},
	}
	for _, tt := range tests {
		if got := GitProtected(tt.p); got != tt.want {
			t.Errorf("GitProtected(%q) = %v, want %v", tt.p, got, tt.want)
		}
	}
}
