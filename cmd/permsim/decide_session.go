package main

import "encoding/json"

// callOutput is the "output" of one decide input line: what the call
// returned, as its transcript holds it. decide treats its input as one
// session, so the outputs of earlier lines reach the simulator with each
// later call (score.Scorer.ScoreInSession): Gemini CLI 0.61.0 asks before
// a shell command that reuses a flag or path-like word of earlier shell
// output. A line without one, or one that is not a JSON object, has none.
func callOutput(line []byte) string {
	var in struct {
		Output string `json:"output"`
	}
	if json.Unmarshal(line, &in) != nil {
		return ""
	}
	return in.Output
}
