package cursor

import (
	"testing"

	"github.com/permsim/permsim/internal/fuzzload"
)

// FuzzLoadConfig: no .cursor/cli.json, however broken, makes the simulator panic or hang
// (issue 14, "Fuzzing"); what it cannot read is a Problem of the Policy.
func FuzzLoadConfig(f *testing.F) {
	fuzzload.Fuzz(f, New(), ".cursor/cli.json", false,

		"{\"permissions\":{\"allow\":[\"Shell(git)\",\"Shell(curl:*)\",\"Read(src/**)\",\"Write(src/**)\"],\"deny\":[\"Shell(rm)\",\"Read(.env*)\"]}}",

		"{\"permissions\":{\"allow\":[\"Shell(*)\"]}}",

		"{",
	)
}
