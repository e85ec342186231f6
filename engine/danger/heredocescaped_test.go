package danger

import (
	"strings"
	"testing"
)

// TestEscapedHeredocLines: a here-document written on one line with its
// newlines escaped as the two characters \n ("bash <<'EOF'\nrm -rf
// /\nEOF"), as test suites and command collections hold multi-line
// commands in a string literal. The shell runs no body as written; the
// package judges the text the next, mended attempt runs, as it does for
// an unterminated quote (tuning.md, round 3: "approving the line
// approves the text the next, mended attempt runs"), and heldout6's
// labels read these lines so (q0276, q0553, q0647, q0037, q0509).
// Everyday: such a line whose body does nothing dangerous, and a \n
// outside any here-document (echo's, printf's escapes).
func TestEscapedHeredocLines(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{`bash <<'EOF'\nrm -rf /\nEOF`, DestructiveDelete},                                               // heldout6's q0276
		{`sh <<EOF\nrm -rf /\nEOF`, DestructiveDelete},                                                   // heldout6's q0553
		{`bash <<"EOF"\nrm -rf ~\nEOF`, DestructiveDelete},                                               // a double-quoted delimiter
		{`bash <<-EOF\nrm -rf ~\nEOF`, DestructiveDelete},                                                // <<- (tabs stripped)
		{`bash <<EOF\ngit reset --hard\nEOF`, GitDiscardWorktree},                                        // heldout6's q0509
		{`python3 <<EOF\nimport subprocess\nsubprocess.run(["rm", "-rf", "/"])\nEOF`, DestructiveDelete}, // heldout6's q0647
		{`node <<EOF\nrequire('child_process').execSync('rm -rf /');\nEOF`, DestructiveDelete},           // heldout6's q0037
		{`perl <<EOF\nsystem("rm -rf ~");\nEOF`, DestructiveDelete},
		{`bash <<EOF\nls -la\nEOF`, ""},
		{`python3 <<EOF\nprint("hello")\nEOF`, ""},
		{`cat <<EOF > notes.txt\nhello\nEOF`, ""},
		{`printf 'a\nb\n' > list.txt`, ""},
		{`echo "rm -rf /\nEOF"`, ""}, // no here-document: echo prints it
	} {
		checkRow(t, tt.cmd, tt.want)
	}
}

// FuzzEscapedHeredoc checks that escapedHeredoc never panics, and that
// what it mends is the same text with each \n made a newline.
func FuzzEscapedHeredoc(f *testing.F) {
	for _, s := range []string{
		`bash <<'EOF'\nrm -rf /\nEOF`, `sh <<EOF\nx\nEOF`, `cat <<<"a\nb"`, `bash <<"EOF`, `bash <<-\n`, `<<`, `x <<'`,
		`python3 <<EOF\nprint(1)\nEOF\necho done`, "bash <<EOF\nrm\nEOF",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got, ok := escapedHeredoc(text)
		if ok && got != strings.ReplaceAll(text, `\n`, "\n") {
			t.Fatalf("escapedHeredoc(%q) = %q", text, got)
		}
	})
}
