package permsim_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// The notebooks are committed without outputs: outputs hold one machine's
// data (commands, paths, secrets' file names) and make every diff noisy.
// `make notebooks` writes executed copies to bin/notebooks/ instead.
func TestNotebooksStripped(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("notebooks", "*.ipynb"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no notebooks under notebooks/")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var nb struct {
			Cells []struct {
				CellType       string            `json:"cell_type"`
				Outputs        []json.RawMessage `json:"outputs"`
				ExecutionCount *int              `json:"execution_count"`
			} `json:"cells"`
		}
		if err := json.Unmarshal(data, &nb); err != nil {
			t.Errorf("%s: not a notebook: %v", f, err)
			continue
		}
		for i, c := range nb.Cells {
			if c.CellType == "code" && (len(c.Outputs) > 0 || c.ExecutionCount != nil) {
				t.Errorf("%s: cell %d has outputs or an execution count; strip them: jupyter nbconvert --clear-output --inplace %s", f, i, f)
			}
		}
	}
}
