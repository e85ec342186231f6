package corpustest

import (
	"encoding/json"

	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/score"
)

// DecideCall builds a recorded call the way `permsim decide` reads a
// harness-native input line ({"tool":"Bash","input":{…}}, engine.ParseCallInput
// against the project folder), so a differential test decides exactly
// what a user's decide would; a call decide would refuse to read comes
// back with its error.
func DecideCall(tool string, input map[string]any, project string) (engine.Call, error) {
	line, err := json.Marshal(engine.CallInput{Tool: tool, Input: input})
	if err != nil {
		return engine.Call{}, err
	}
	return engine.ParseCallInput(line, project)
}

// Scorer is the score.Scorer `permsim decide` would build for a
// configuration laid out under root (Dirs): the differential tests decide
// through it (Score, ScoreInSession) rather than calling a Policy
// directly, so they and decide cannot drift apart.
func Scorer(harness string, p engine.Policy, root string) *score.Scorer {
	home, proj := Dirs(root)
	return &score.Scorer{Harness: harness, Policy: p, Project: proj, Home: home}
}
