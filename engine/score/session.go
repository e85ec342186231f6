package score

import "github.com/permsim/permsim/engine"

// SessionDecider is a Policy whose decision on a call can depend on what
// earlier calls of the same session returned: Gemini CLI 0.61.0 asks before
// a shell command that reuses a flag or a path-like word of earlier shell
// output (engine/gemini's DecideInSession). earlier holds those calls'
// output texts, oldest first, as the harness recorded them.
type SessionDecider interface {
	DecideInSession(call engine.Call, mode engine.Mode, earlier []string) engine.Decision
}

// ScoreInSession is Score for a call made after earlier calls of the same
// session, whose outputs are earlier (oldest first). A Policy that is not a
// SessionDecider decides the call on its own, as Score does; so does every
// Policy when earlier is empty. decide, replay and the differential tests
// all score through here, so a session's history reaches the simulator the
// same way in each.
func (s *Scorer) ScoreInSession(call engine.Call, mode engine.Mode, earlier []string) Record {
	sd, ok := s.Policy.(SessionDecider)
	if !ok || len(earlier) == 0 {
		return s.Score(call, mode)
	}
	return Record{Harness: s.Harness, Call: call, Decision: sd.DecideInSession(call, mode, earlier), Danger: s.Danger(call)}
}
