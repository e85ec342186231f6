// Package sarifschema compiles the OASIS SARIF 2.1.0 schema kept in the
// repository (testdata/audit/sarif, with its provenance) for the tests
// that validate permsim's SARIF output: audit's and check's. Only tests
// import it, so its validator (santhosh-tekuri/jsonschema, draft-04, the
// schema's dialect) stays a test-only dependency.
package sarifschema

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// ID is the schema's own $id.
const ID = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// Load compiles the schema from the repository whose top folder is root
// (relative to the test's package folder, e.g. "../.."), failing t when it
// cannot.
func Load(t testing.TB, root string) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "testdata", "audit", "sarif", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(ID, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(ID)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
