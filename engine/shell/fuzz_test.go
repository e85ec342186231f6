package shell

import (
	"strings"
	"testing"
)

// FuzzParse checks that Parse, and every method on what it returns, never
// panics, and that a parsed line keeps its source.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"git 'push' origin main", "timeout 5 git push", "FOO=1 git push", "echo hi > ~/.bashrc",
		"git push &&", "cd a && cd b && ls", "(cd x; ls)", "find . -exec rm {} \\;",
		"bash -c 'rm -rf / && echo $(id)'", "cat <<EOF\n$(x)\nEOF", "sudo env -S 'rm -rf /'",
		"for i in $(seq 3); do echo $i; done | sort > out", "f() { g; }; f", "echo ${a:-$(b)} `c`",
		"tar czf x.tgz -C / etc", "sed -i'' -e s/a/b/ f", "flock l -c 'x'", "$'\\x72m' -rf /",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		s := Parse(line)
		if s.Source != line {
			t.Fatalf("Source changed")
		}
		if s.TooLong != (len(line) > MaxLine) {
			t.Fatalf("TooLong = %v for %d chars", s.TooLong, len(line))
		}
		s.Needs("/p", "/p", "/h")
		for i := range s.Commands {
			c := &s.Commands[i]
			c.Files()
			c.Inside()
			if in := c.Inner(); in != nil {
				in.Needs("/p", "/p", "/h")
			}
			if !strings.Contains(c.FullText, c.Text) {
				t.Fatalf("FullText %q lacks Text %q", c.FullText, c.Text)
			}
			for _, a := range c.Args {
				ShownVars(a.Raw)
				if name, _, ok := OnlyVar(a.Raw); ok && !strings.Contains(a.Raw, name) {
					t.Fatalf("OnlyVar(%q) named %q, not in the word", a.Raw, name)
				}
			}
		}
		for _, a := range s.Sets {
			if !strings.Contains(line, a.Value) {
				t.Fatalf("assignment value %q is not in the line", a.Value)
			}
		}
		ShownVars(line)
	})
}

// BenchmarkParse reports how fast typical agent command lines parse; the
// commands/s metric counts lines.
func BenchmarkParse(b *testing.B) {
	lines := []string{
		"git status",
		"npm test -- --watch=false 2>&1 | tail -50",
		"cd /home/user/proj && go test ./... -run TestX -count=1",
		"find . -name '*.go' -not -path './vendor/*' | xargs grep -n TODO",
		"FOO=1 timeout 60 python3 -m pytest tests/ -x -q > /tmp/out.txt",
		`for f in $(ls *.md); do echo "$f"; wc -l "$f"; done`,
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		Parse(lines[n%len(lines)])
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "commands/s")
}

// FuzzForLoops checks that ForLoops never panics and that each loop's
// body and items are text of the script.
func FuzzForLoops(f *testing.F) {
	for _, s := range []string{
		"for f in *; do rm -rf \"$f\"; done", "for i in $(seq 3); do echo $i; done", "for x; do :; done",
		"for ((i=0;i<3;i++)); do :; done", "for f in a b\ndo\n rm $f\ndone", "for f in",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		for _, l := range ForLoops(script) {
			if !strings.Contains(script, l.Body) || l.Var == "" {
				t.Fatalf("ForLoops(%q) gave %+v", script, l)
			}
			for _, it := range l.Items {
				if !strings.Contains(script, it) {
					t.Fatalf("ForLoops(%q): item %q not in the script", script, it)
				}
			}
		}
	})
}

// FuzzReadLoops checks that ReadLoops never panics and that each loop's
// feed and body are text of the script.
func FuzzReadLoops(f *testing.F) {
	for _, s := range []string{"ls | while read f; do rm \"$f\"; done", "a | while read -r x\ndo\n b $x\ndone", "x | while read; do :; done"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		for _, l := range ReadLoops(script) {
			if !strings.Contains(script, l.Body) || !strings.Contains(script, l.Feed) || l.Var == "" {
				t.Fatalf("ReadLoops(%q) gave %+v", script, l)
			}
		}
	})
}
