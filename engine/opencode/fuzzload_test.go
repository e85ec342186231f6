package opencode

import (
	"testing"

	"github.com/permsim/permsim/internal/fuzzload"
)

// FuzzLoadConfig: no opencode.json, however broken, makes the simulator panic or hang
// (issue 14, "Fuzzing"); what it cannot read is a Problem of the Policy.
func FuzzLoadConfig(f *testing.F) {
	fuzzload.Fuzz(f, New(), "opencode.json", false,

		"{\"permission\":{\"bash\":{\"*\":\"ask\",\"git status\":\"allow\",\"rm *\":\"deny\"},\"edit\":\"ask\",\"read\":{\"*.env\":\"deny\"}}}",

		"{\"agent\":{\"plan\":{\"permission\":{\"edit\":\"deny\"}}},\"permission\":{\"bash\":{\"rm *\":\"deny\",\"*\":\"allow\"}}}",

		"// c\n{\"permission\":\"deny\",}",

		"{",
	)
}
