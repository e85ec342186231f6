package engine

import "fmt"

// ModeInfo is a resolved permission mode and where it came from: the flag
// or setting that chose it (Label) and notes on how the settings changed
// it. The Claude Code and Gemini CLI simulators choose their modes so.
type ModeInfo struct {
	Mode  Mode
	Label string
	Notes []string
}

// WithNote is mi with note added to a copy of its notes: mi may be a
// policy's base mode, whose notes every call shares.
func (mi ModeInfo) WithNote(note string) ModeInfo {
	mi.Notes = append(append([]string(nil), mi.Notes...), note)
	return mi
}

// ResolveMode is the mode one call is decided in when the call may
// request one (decide's and replay's --mode): none requested keeps base,
// the mode the settings and flags chose; one normalize does not know
// keeps base, with a note; a known one replaces base, labelled --mode,
// through gate (the settings that turn a mode off).
func ResolveMode(req Mode, base ModeInfo, normalize func(string) (Mode, bool), gate func(ModeInfo) ModeInfo) ModeInfo {
	if req == "" {
		return base
	}
	m, ok := normalize(string(req))
	if !ok {
		return base.WithNote(fmt.Sprintf("unknown mode %q; the settings' mode is simulated", req))
	}
	return gate(ModeInfo{Mode: m, Label: "--mode"})
}
