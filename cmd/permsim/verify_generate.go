package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/permsim/permsim/registry"
	"github.com/permsim/permsim/verify/generate"
)

// verifyGenerates reports whether the arguments of `permsim verify` ask
// for drawn cases (--generate): runVerify hands those over before the
// harness's own driver parses its flags.
func verifyGenerates(args []string) bool {
	for _, a := range args {
		if a == "--generate" || strings.HasPrefix(a, "--generate=") {
			return true
		}
	}
	return false
}

// runVerifyGenerate is `permsim verify --generate N --seed S --harness H`:
// it draws about N calls for the harness from the seed (verify/generate)
// and writes them as a cases file, which `permsim verify --cases` then
// runs and records.
func runVerifyGenerate(args []string, stdout, stderr io.Writer) error {
	var harness, out string
	var n int
	var seed int64
	fs := newFlags("verify", "--generate N --seed S --harness H [--cases-out FILE] [--show-secrets]",
		`Draws about N calls (in configurations of a few cases each) at random from
the whole space the harness's rule book describes, reproducibly from the
seed, and writes them as a cases file (JSON Lines, the differential
corpus's format) to --cases-out, or to standard output. Record what the
real harness does with them with permsim verify --cases FILE --record OUT.
Standard output is masked like every command's: the drawn cases' made-up
credentials (an ~/.aws/credentials key) show as [masked] there; --cases-out
or --show-secrets keeps them as drawn.

Example:
  permsim verify --generate 800 --seed 1 --harness claude --cases-out claude.cases.jsonl`, stderr)
	fs.IntVar(&n, "generate", 0, "about how many calls to draw (subagent calls included)")
	fs.Int64Var(&seed, "seed", 1, "the seed the draw is reproducible from")
	fs.StringVar(&harness, "harness", "", "harness to draw for: "+strings.Join(generate.Harnesses(), ", "))
	fs.StringVar(&out, "cases-out", "", "write the cases to this file (default: standard output)")
	showSecretsFlag(fs, stdout, showSecretsUsage)

	if err := parse(fs, args); err != nil {
		return err
	}
	if harness == "" || n <= 0 {
		return usageError{msg: "--harness and a positive --generate are required", hint: "permsim verify --generate 800 --seed 1 --harness claude"}
	}
	// Generators register under the harness's ID; the user may type an
	// alias of it.
	if h, ok := registry.Lookup(harness); ok {
		harness = h.ID
	}
	cases, err := generate.Cases(harness, n, seed)
	if err != nil {
		return usageError{msg: "--harness: " + err.Error()}
	}
	w := stdout
	var f *os.File
	if out != "" {
		if f, err = os.Create(out); err != nil {
			return err
		}
		w = f
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	calls := 0
	for _, c := range cases {
		if err := enc.Encode(c); err != nil {
			return err
		}
		for _, call := range c.Calls {
			calls += 1 + len(call.SubagentCalls)
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if f != nil {
		if err := f.Close(); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "%d cases, %d calls drawn for %s from seed %d\n", len(cases), calls, harness, seed)
	return nil
}
