package dataset

import (
	"os"
	"path/filepath"

	"github.com/permsim/permsim/internal/storelock"
)

// WriteSideFile writes data as outDir/name, one of the store's own small
// files beside the tables (replay's record of its inputs and its report
// summary, nightly's state and cached report): to .<name>.tmp first, renamed
// in when whole, so that a reader never sees half a file. The temp file is
// written private to its owner (storelock.FileMode), removed when the write
// fails; one a killed process left is
// RemoveLeftovers'.
func WriteSideFile(outDir, name string, data []byte) error {
	tmp := filepath.Join(outDir, "."+name+".tmp")
	err := storelock.WriteFile(tmp, data)
	if err == nil {
		err = os.Rename(tmp, filepath.Join(outDir, name))
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
