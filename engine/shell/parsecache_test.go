package shell

import (
	"reflect"
	"sync"
	"testing"
)

// Parse hands callers of the same line one shared Script, equal to a fresh
// parse; Inner, which sets the folders of the commands it parses, works on
// its own copy and leaves the shared one as it was.
func TestParseCache(t *testing.T) {
	line := "git status && ls -la src"
	a, b := Parse(line), Parse(line)
	if a != b {
		t.Errorf("two parses of %q: two Scripts, want the cached one", line)
	}
	if fresh := parseLine(line); !reflect.DeepEqual(a, fresh) {
		t.Errorf("cached %+v\nfresh  %+v", a, fresh)
	}
	shared := Parse("ls")
	outer := Parse("cd /tmp && bash -c ls")
	for i := range outer.Commands {
		if c := &outer.Commands[i]; c.Name == "bash" {
			in := c.Inner()
			if in == nil || len(in.Commands) != 1 || in.Commands[0].Cwd != "/tmp" {
				t.Fatalf("inner script of %q: %+v, want ls in /tmp", c.Text, in)
			}
		}
	}
	if shared.Commands[0].Cwd != "" || Parse("ls") != shared {
		t.Errorf("the cached script of ls changed: %+v", shared.Commands[0])
	}
	// Many lines, from several goroutines: the cache stays bounded and
	// every answer is the line's.
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 2000 {
				l := "echo " + string(rune('a'+g)) + string(rune('a'+i%26)) + string(rune('a'+i/26%26))
				if s := Parse(l); s.Source != l {
					t.Errorf("Parse(%q) gave the script of %q", l, s.Source)
					return
				}
			}
		}()
	}
	wg.Wait()
	if n := parseCache.Len(); n > parseCacheEntries {
		t.Errorf("%d lines cached, want at most %d", n, parseCacheEntries)
	}
}
