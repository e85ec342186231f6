// Package verify checks a harness simulator against the real harness:
// it runs the real binary offline, inside a bubblewrap sandbox, against a
// scripted mock of the model's API on 127.0.0.1, feeds it the calls of a
// case file one per model turn, reads what the harness decided for each
// (a permission prompt, a refusal, or the tool's result), and compares
// that with what the simulator decides for the same configuration.
//
// The case and result files use the differential corpus's format
// (testdata/claude/differential/README.md): Record writes results a
// differential test can read back without the real binary.
//
// What every driver shares is here; each harness's own driver is a
// subpackage, verify/<harness>drive.
package verify

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"github.com/permsim/permsim/internal/safefile"
)

// Case is one configuration and the calls to make in it, as one line of a
// <harness>.cases.jsonl file.
type Case struct {
	ID      string  `json:"id"`
	Harness string  `json:"harness"`
	Config  string  `json:"config"`
	Git     bool    `json:"git"`
	Mode    *string `json:"mode"`
	Trust   bool    `json:"trust"`
	// HomeFiles and ProjectFiles map paths relative to the home
	// (/home/user) and the project (/home/user/proj) to their content.
	HomeFiles    map[string]string `json:"home_files"`
	ProjectFiles map[string]string `json:"project_files"`
	// ManagedFiles (an extension of the corpus format) map paths relative
	// to the managed-settings folder (/etc/claude-code) to their content.
	ManagedFiles map[string]string `json:"managed_files,omitempty"`
	// Symlinks (an extension of the corpus format) map link paths
	// relative to the project to their targets: an absolute path, or one
	// relative to the link's folder, as ln -s takes it. A target need not
	// exist.
	Symlinks map[string]string `json:"symlinks,omitempty"`
	Args     []string          `json:"args"`
	Env      map[string]string `json:"env"`
	Calls    []Call            `json:"calls"`
	Isolate  bool              `json:"isolate,omitempty"`
}

// Call is one tool call in the harness's own tool name and input shape. A
// Task call carries the calls its subagent makes.
type Call struct {
	Tool          string         `json:"tool"`
	Input         map[string]any `json:"input"`
	SubagentCalls []Call         `json:"subagent_calls,omitempty"`
}

// Result is what the real harness decided for one call, as one line of a
// <harness>.results.jsonl file.
type Result struct {
	ID              string         `json:"id"`
	CallIndex       int            `json:"call_index"`
	Harness         string         `json:"harness"`
	Tool            string         `json:"tool"`
	Config          string         `json:"config"`
	Outcome         string         `json:"outcome"` // runs, asks, blocked, error
	Pattern         string         `json:"pattern"` // the signal that decided the outcome
	Raw             string         `json:"raw"`     // the tool result text the harness returned
	Ask             map[string]any `json:"ask,omitempty"`
	EffectiveMode   string         `json:"effective_mode"`
	IsError         *bool          `json:"is_error"`
	Driver          string         `json:"driver,omitempty"`
	Via             string         `json:"via,omitempty"`
	SubagentResults []Result       `json:"subagent_results,omitempty"`
	DropReason      string         `json:"drop_reason,omitempty"`
	// Unsandboxed is what the command did when run again outside the
	// harness and its sandbox, on a fresh layout of the case ("exit K:
	// output"), for a row whose output did not say why it failed (the
	// Codex driver's recheck).
	Unsandboxed string `json:"unsandboxed,omitempty"`
	// HarnessVersion is the version of the harness that gave the answer
	// (`Binary --version`), set by --record: a differential test decides
	// the row as that version (engine.Call.Version).
	HarnessVersion string `json:"harness_version,omitempty"`
}

// Layout of the cases: where the home and the project sit in the sandbox.
const (
	Home    = "/home/user"
	Project = "/home/user/proj"
	Managed = "/etc/claude-code"
)

// ReadCases reads a cases file. A line that is not a case is reported as
// file:line: message and skipped; the other cases still count.
func ReadCases(file string) ([]Case, []string, error) {
	f, err := safefile.Open(file)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	return readCases(f, file)
}

func readCases(r io.Reader, name string) ([]Case, []string, error) {
	var out []Case
	var problems []string
	seen := map[string]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var c Case
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			problems = append(problems, fmt.Sprintf("%s:%d: not a case: %v", name, n, err))
			continue
		}
		if msg := c.check(); msg != "" {
			problems = append(problems, fmt.Sprintf("%s:%d: case %q: %s", name, n, c.ID, msg))
			continue
		}
		if prev, dup := seen[c.ID]; dup {
			problems = append(problems, fmt.Sprintf("%s:%d: case %q: the same id as line %d; skipped", name, n, c.ID, prev))
			continue
		}
		seen[c.ID] = n
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		return out, problems, fmt.Errorf("%s: %w", name, err)
	}
	return out, problems, nil
}

// check says what makes a case unusable, or "".
func (c *Case) check() string {
	switch {
	case c.ID == "":
		return "no id"
	case len(c.Calls) == 0:
		return "no calls"
	}
	for _, files := range []map[string]string{c.HomeFiles, c.ProjectFiles, c.ManagedFiles} {
		for p := range files {
			if !safeRel(p) {
				return fmt.Sprintf("file path %q must be relative, without ..", p)
			}
		}
	}
	for p, target := range c.Symlinks {
		if !safeRel(p) {
			return fmt.Sprintf("symlink path %q must be relative, without ..", p)
		}
		if target == "" || strings.Contains(target, "\x00") {
			return fmt.Sprintf("symlink %q has no target", p)
		}
	}
	for i, call := range c.Calls {
		if call.Tool == "" {
			return fmt.Sprintf("call %d has no tool", i)
		}
	}
	return ""
}

// safeRel reports whether p is a relative path that stays inside its base.
func safeRel(p string) bool {
	if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, "\x00") {
		return false
	}
	c := path.Clean(p)
	return c != ".." && !strings.HasPrefix(c, "../") && c != "."
}

// ReadResults reads a results file, reporting bad lines as file:line.
func ReadResults(file string) ([]Result, []string, error) {
	f, err := safefile.Open(file)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	var out []Result
	var problems []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var r Result
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			problems = append(problems, fmt.Sprintf("%s:%d: not a result: %v", file, n, err))
			continue
		}
		out = append(out, r)
	}
	return out, problems, sc.Err()
}

// WriteResults writes results as JSON Lines, to a temporary name first and
// renamed when whole.
func WriteResults(file string, rows []Result) error {
	tmp := file + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, r := range rows {
		if err := enc.Encode(r); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, file)
}
