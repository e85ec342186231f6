// Command ocorder moves the calls the OpenCode simulator expects to ask to
// the end of each case of an OpenCode cases file: an ask ends an
// `opencode run`, so every ask costs the verifier a new process, and calls
// after it wait for that. Usage: go run ./internal/ocorder IN OUT.
// (Only the order changes; what the real OpenCode decides is recorded
// afterwards by permsim verify.)
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/opencode"
	"github.com/permsim/permsim/verify"
	"github.com/permsim/permsim/verify/opencodedrive"
)

func main() {
	cases, probs, err := verify.ReadCases(os.Args[1])
	if err != nil || len(probs) > 0 {
		panic(fmt.Sprint(err, probs))
	}
	out, _ := os.Create(os.Args[2])
	w := bufio.NewWriter(out)
	totalAsks := 0
	for _, c := range cases {
		root, _ := os.MkdirTemp("", "ocorder")
		home := filepath.Join(root, "home", "user")
		// A fresh value: unmarshalling into a copy of c would reuse c's
		// maps and slices and rewrite the case itself.
		var rc verify.Case
		b, _ := json.Marshal(c)
		json.Unmarshal([]byte(strings.ReplaceAll(string(b), "/home/user", home)), &rc)
		rc.Git = false
		if err := verify.WriteCaseFiles(rc, home, filepath.Join(home, "proj")); err != nil {
			panic(err)
		}
		if c.Git {
			os.MkdirAll(filepath.Join(home, "proj", ".git"), 0o755)
		}
		env, _ := opencodedrive.SimEnv(rc)
		env.ProjectDir, env.HomeDir = filepath.Join(home, "proj"), home
		pol, err := opencode.New().Load(env)
		if err != nil {
			panic(err)
		}
		if p := pol.Problems(); len(p) > 0 {
			fmt.Fprintln(os.Stderr, c.ID, p)
		}
		var first, last []verify.Call
		for i, call := range rc.Calls {
			d := pol.Decide(engine.Call{RawTool: call.Tool, Tool: engine.NormalizeTool(call.Tool), Input: call.Input}, "")
			if d.Outcome == engine.Asks {
				last = append(last, c.Calls[i])
			} else {
				first = append(first, c.Calls[i])
			}
		}
		totalAsks += len(last)
		fmt.Fprintf(os.Stderr, "%-34s calls %3d asks %2d\n", c.ID, len(c.Calls), len(last))
		c.Calls = append(first, last...)
		b, _ = json.Marshal(c)
		w.Write(b)
		w.WriteByte('\n')
		os.RemoveAll(root)
	}
	w.Flush()
	out.Close()
	fmt.Fprintln(os.Stderr, "predicted launches:", totalAsks+len(cases))
}
