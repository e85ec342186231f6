package audit

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/permsim/permsim/internal/sarifschema"
	"github.com/permsim/permsim/toolcall"
)

// Issue 11: "SARIF 2.1.0 output validated against its schema in a test."
// The schema is the OASIS file, kept with its provenance in
// testdata/audit/sarif/README.md; github.com/santhosh-tekuri/jsonschema/v6
// validates draft-04, the schema's dialect (a test-only dependency).
func TestSARIFValidatesAgainstSchema(t *testing.T) {
	schema := sarifschema.Load(t, "..")

	// A report with every kind of finding, a file outside the project, a
	// finding without a line, and a name that needs escaping in a URI.
	rep := &Report{Project: "/home/dev/my app", Home: "/home/dev"}
	for i, k := range kindInfo {
		rep.Findings = append(rep.Findings, Finding{Kind: k.kind, File: ".claude/settings #1.json", Line: i, Severity: Severity(i % 5),
			Harnesses: []string{toolcall.ClaudeCode, toolcall.Codey}, Message: k.text})
	}
	rep.Findings = append(rep.Findings, Finding{Kind: KindMCPEnableAll, File: "/home/dev/.claude/settings.json", Line: 2, Severity: Medium,
		Harnesses: []string{toolcall.ClaudeCode}, Message: "user file"})
	for _, r := range []*Report{rep, {Project: "/p", Home: "/h"}} {
		var out bytes.Buffer
		if err := WriteSARIF(&out, r); err != nil {
			t.Fatal(err)
		}
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if err := schema.Validate(inst); err != nil {
			t.Errorf("SARIF output does not validate: %v\n%s", err, out.String())
		}
		var log struct {
			Version string `json:"version"`
			Runs    []struct {
				Results []json.RawMessage `json:"results"`
			} `json:"runs"`
		}
		if err := json.Unmarshal(out.Bytes(), &log); err != nil || log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) != len(r.Findings) {
			t.Errorf("log: %+v, %v", log, err)
		}
	}
	// The validator does reject a log that breaks the schema.
	bad, _ := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(`{"version": "2.1.0", "runs": [{"tool": {}}]}`)))
	if schema.Validate(bad) == nil {
		t.Error("a run without tool.driver validated")
	}
}
