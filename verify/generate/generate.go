// Package generate draws verify cases at random from the whole space a
// harness's rule book describes: configurations (settings layers, rules of
// every form, modes, trust, symlinks) and calls (shell commands from a
// grammar, file tools on plain, relative and linked paths). Every draw is
// reproducible from its seed: the same (harness, n, seed) gives byte-identical
// cases, so a recorded corpus can be regenerated and extended.
//
// Each harness's generator lives in its own file and registers itself here;
// `permsim verify --generate N --seed S --harness H` writes the cases in the
// differential corpus's format, which `permsim verify --cases` then records.
package generate

import (
	"fmt"
	"sort"

	"github.com/permsim/permsim/verify"
)

// Func draws about n calls (spread over as many cases as the generator
// chooses) from seed. It must be deterministic in (n, seed).
type Func func(n int, seed int64) []verify.Case

var generators = map[string]Func{}

// register adds a harness's generator under its canonical ID (the
// registry's); called from each generator file's init.
func register(harness string, f Func) {
	if _, dup := generators[harness]; dup {
		panic("generate: harness registered twice: " + harness)
	}
	generators[harness] = f
}

// Harnesses lists the harnesses that have a generator, sorted.
func Harnesses() []string {
	var hs []string
	for h := range generators {
		hs = append(hs, h)
	}
	sort.Strings(hs)
	return hs
}

// Cases draws about n calls for harness from seed.
func Cases(harness string, n int, seed int64) ([]verify.Case, error) {
	f, ok := generators[harness]
	if !ok {
		return nil, fmt.Errorf("no case generator for harness %q (have: %v)", harness, Harnesses())
	}
	return f(n, seed), nil
}
