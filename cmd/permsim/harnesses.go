package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/claude"
	"github.com/permsim/permsim/engine/codex"
	"github.com/permsim/permsim/engine/cursor"
	"github.com/permsim/permsim/engine/gemini"
	"github.com/permsim/permsim/engine/opencode"
	"github.com/permsim/permsim/ingest"
	claudeingest "github.com/permsim/permsim/ingest/claude"
	codexingest "github.com/permsim/permsim/ingest/codex"
	cursoringest "github.com/permsim/permsim/ingest/cursor"
	geminiingest "github.com/permsim/permsim/ingest/gemini"
	opencodeingest "github.com/permsim/permsim/ingest/opencode"
	"github.com/permsim/permsim/replay"
)

// The registries: which simulators and transcript readers exist. A new
// harness adds one line to each.

// simulators maps the calls table's harness names to their simulator.
func simulators() replay.Harnesses {
	return replay.Harnesses{"claude-code": claude.New(), "codex": codex.New(), "gemini": gemini.New(), "opencode": opencode.New(), "cursor": cursor.New()}
}

// harnessAliases maps the names users type to the calls table's names.
var harnessAliases = map[string]string{"claude": "claude-code", "claude-code": "claude-code", "codex": "codex", "gemini": "gemini", "opencode": "opencode", "cursor": "cursor"}

// harnessNames lists the names --harness accepts for simulators, in the
// order `--harness all` shows them side by side.
func harnessNames() []string { return []string{"claude", "codex", "gemini", "opencode", "cursor"} }

// allHarnesses returns every simulator, in harnessNames order.
func allHarnesses() []engine.Harness {
	var hs []engine.Harness
	for _, n := range harnessNames() {
		h, _ := harnessByName(n)
		hs = append(hs, h)
	}
	return hs
}

func harnessByName(name string) (engine.Harness, error) {
	if h := simulators()[harnessAliases[strings.ToLower(name)]]; h != nil {
		return h, nil
	}
	return nil, usageError{msg: fmt.Sprintf("--harness %q: no simulator for that harness (yet)", name),
		hint: "--harness " + strings.Join(harnessNames(), "|")}
}

func sources() []ingest.Source {
	return []ingest.Source{claudeingest.New(), codexingest.New(), geminiingest.New(), opencodeingest.New(), cursoringest.New()}
}

func sourceNames() []string {
	var names []string
	for _, s := range sources() {
		names = append(names, s.Harness())
	}
	sort.Strings(names)
	return names
}

// chooseSources picks the readers --harness names (all when empty).
func chooseSources(list string) ([]ingest.Source, error) {
	all := sources()
	if strings.TrimSpace(list) == "" {
		return all, nil
	}
	var out []ingest.Source
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		want := harnessAliases[strings.ToLower(name)]
		if want == "" {
			want = name
		}
		found := false
		for _, s := range all {
			if s.Harness() == want {
				out = append(out, s)
				found = true
			}
		}
		if !found {
			return nil, usageError{msg: fmt.Sprintf("--harness %q: no transcript reader for that harness (yet)", name),
				hint: "--harness " + strings.Join(sourceNames(), ",")}
		}
	}
	return out, nil
}
