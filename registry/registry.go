// Package registry lists every harness permsim knows, once: its canonical
// ID and the aliases users may type, its transcript reader, its simulator,
// its verify driver, its tool names, and what its simulator was checked
// against. The commands, the benchmark binary and the tests take harnesses
// from here; replay and the battery are handed simulators and never look a
// harness up by name.
//
// Adding a harness is its own packages (a reader under ingest/, a
// simulator under engine/, a driver under verify/) plus one Register call
// in builtin.go; a test may Register a harness of its own.
package registry

import (
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/hooks"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/toolcall"
	"github.com/permsim/permsim/verify"
)

// Harness is one harness as permsim knows it. Only ID and Title are
// required: a harness may have a transcript reader and no simulator yet,
// or a simulator and no real binary to check it against.
type Harness struct {
	// ID is the canonical ID (the calls table's harness column).
	ID toolcall.Harness
	// Aliases are other names --harness accepts, lower case.
	Aliases []string
	// Title is the harness's name for people ("Claude Code").
	Title string
	// Names are the harness's own tool names.
	Names toolcall.Names
	// Source returns a new transcript reader; nil when it has none.
	Source func() ingest.Source
	// Simulator returns a new simulator; nil when it has none yet.
	Simulator func(SimOptions) engine.Harness
	// Environ sets in an engine.Env what the harness's own environment
	// variables ($CLAUDE_CONFIG_DIR, $CODEX_HOME, …), read with getenv,
	// say of its folders and files; nil when it reads none. The commands
	// apply it to the user's own home only, as ingest does.
	Environ func(getenv func(string) string, env *engine.Env)
	// Verify is the driver that checks the simulator against the real
	// harness; nil when none exists.
	Verify *verify.Runner
	// CheckedAgainst names the real harness version the simulator's
	// recorded corpora come from ("Claude Code 2.1.328"); empty when the
	// simulator follows the documented rules only.
	CheckedAgainst string
	// Agreement is how the simulator fared on its recorded corpus; zero
	// when it has none.
	Agreement Agreement
}

// SimOptions are what a command may ask of a simulator it builds.
type SimOptions struct {
	// Hooks, when set, runs the hooks the harness's settings name, within
	// the runner's limits; nil means hooks are listed, never run.
	Hooks *hooks.Runner
}

// NewSimulator returns h's simulator; ok is false when it has none.
func (h Harness) NewSimulator(o SimOptions) (sim engine.Harness, ok bool) {
	if h.Simulator == nil {
		return nil, false
	}
	return h.Simulator(o), true
}

var (
	mu   sync.RWMutex
	list []Harness
)

// Register adds a harness. It panics when the ID or an alias is taken:
// two harnesses answering to one name is a programming error.
func Register(h Harness) {
	mu.Lock()
	defer mu.Unlock()
	if h.ID == "" || h.Title == "" {
		panic("registry: a harness needs an ID and a Title")
	}
	for _, o := range list {
		for _, n := range append([]string{h.ID}, h.Aliases...) {
			if o.answers(n) {
				panic(fmt.Sprintf("registry: %q names both %s and %s", n, o.ID, h.ID))
			}
		}
	}
	if inner, label := h.Simulator, h.Label(); inner != nil && label != engine.Label {
		h.Simulator = func(o SimOptions) engine.Harness { return labeled{inner(o), label} }
	}
	list = append(list, h)
}

// Unregister removes the harness with this ID (for tests that register
// one of their own).
func Unregister(id toolcall.Harness) {
	mu.Lock()
	defer mu.Unlock()
	for i, h := range list {
		if h.ID == id {
			list = append(list[:i:i], list[i+1:]...)
			return
		}
	}
}

func (h Harness) answers(name string) bool {
	name = strings.ToLower(strings.TrimSpace(name))
	if name == h.ID {
		return true
	}
	for _, a := range h.Aliases {
		if a == name {
			return true
		}
	}
	return false
}

// All returns every harness, in registration order (the order side-by-side
// tables show them).
func All() []Harness {
	mu.RLock()
	defer mu.RUnlock()
	return append([]Harness(nil), list...)
}

// Lookup finds the harness an ID or alias names, in any case.
func Lookup(name string) (Harness, bool) {
	mu.RLock()
	defer mu.RUnlock()
	for _, h := range list {
		if h.answers(name) {
			return h, true
		}
	}
	return Harness{}, false
}

// Simulated returns the harnesses that have a simulator, in order.
func Simulated() []Harness { return filter(func(h Harness) bool { return h.Simulator != nil }) }

// Readable returns the harnesses that have a transcript reader, in order.
func Readable() []Harness { return filter(func(h Harness) bool { return h.Source != nil }) }

// Verifiable returns the harnesses that have a verify driver, in order.
func Verifiable() []Harness { return filter(func(h Harness) bool { return h.Verify != nil }) }

func filter(keep func(Harness) bool) []Harness {
	var out []Harness
	for _, h := range All() {
		if keep(h) {
			out = append(out, h)
		}
	}
	return out
}

// IDs returns the IDs of hs, for messages ("claude-code, codex, gemini").
func IDs(hs []Harness) []string {
	ids := make([]string, len(hs))
	for i, h := range hs {
		ids[i] = h.ID
	}
	return ids
}

// Simulators builds the simulator of every harness that has one, keyed by
// ID: what replay decides with.
func Simulators(o SimOptions) map[toolcall.Harness]engine.Harness {
	m := map[toolcall.Harness]engine.Harness{}
	for _, h := range Simulated() {
		m[h.ID] = h.Simulator(o)
	}
	return m
}

// Choose resolves a comma-separated list of IDs or aliases ("all" or empty:
// every harness of pool) to harnesses of pool, each once, in the list's
// order. what names the capability for the error ("simulator", "transcript
// reader").
func Choose(list string, pool []Harness, what string) ([]Harness, error) {
	if l := strings.TrimSpace(strings.ToLower(list)); l == "" || l == "all" {
		return pool, nil
	}
	var out []Harness
	seen := map[string]bool{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		h, ok := Lookup(name)
		in := false
		for _, p := range pool {
			in = in || ok && p.ID == h.ID
		}
		if !in {
			ids := IDs(pool)
			sort.Strings(ids)
			if ok {
				return nil, fmt.Errorf("%s (%s) has no %s yet; have: %s", name, h.ID, what, strings.Join(ids, ", "))
			}
			return nil, fmt.Errorf("%q is not a harness permsim knows (no %s); have: %s", name, what, strings.Join(ids, ", "))
		}
		if !seen[h.ID] {
			seen[h.ID] = true
			out = append(out, h)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no harness named")
	}
	return out, nil
}
