// Package score is the one place a call is scored: a harness's Decision on
// it plus its danger marking, as one Record. replay, decide and the battery
// all score through a Scorer, and what they print or store is made from the
// Record by handlers (handler.go) — the way govulncheck's text, JSON and
// SARIF output all consume one stream of findings — so no two outputs can
// disagree about one call.
package score

import (
	"github.com/permsim/permsim/engine"
	"github.com/permsim/permsim/engine/danger"
	"github.com/permsim/permsim/internal/boundcache"
)

// Record is one call scored: what the harness would do with it, and why
// permsim thinks it dangerous, if it does.
type Record struct {
	Harness  string          // the harness's canonical ID
	Call     engine.Call     // the call as decided
	Decision engine.Decision // what the simulator concluded
	Danger   []string        // danger categories (engine/danger); empty when not dangerous
}

// Dangerous reports whether the call is marked dangerous.
func (r Record) Dangerous() bool { return len(r.Danger) > 0 }

// Scorer scores calls of one project with one harness's compiled Policy.
// It is safe for concurrent use: a replay's workers share one per project.
type Scorer struct {
	Harness string        // canonical ID, copied into every Record
	Policy  engine.Policy // the project's compiled rules
	Project string        // the project folder (absolute), for danger's in/out-of-project checks
	Home    string        // the home folder, for danger's ~ paths

	// shellDanger caches danger.Check of shell calls by command line and
	// cwd: transcripts repeat the same commands, and the check parses each
	// line again (the simulator keeps its own parse cache).
	shellDanger boundcache.Map // dangerKey → []string, bounded: a replay meets millions of lines
}

type dangerKey struct{ command, cwd string }

// Score decides call in mode (empty: the mode the settings select) and
// marks its danger.
func (s *Scorer) Score(call engine.Call, mode engine.Mode) Record {
	return Record{Harness: s.Harness, Call: call, Decision: s.Policy.Decide(call, mode), Danger: s.Danger(call)}
}

// Danger returns the danger categories of a call of this project (nil
// when there are none).
func (s *Scorer) Danger(call engine.Call) []string {
	if call.Tool != engine.ToolBash {
		return danger.Check(call, s.Project, s.Home)
	}
	k := dangerKey{call.Command, call.Cwd}
	if v, ok := s.shellDanger.Load(k); ok {
		return v.([]string)
	}
	cats := danger.Check(call, s.Project, s.Home)
	s.shellDanger.Store(k, cats)
	return cats
}
