package claude

import (
	"time"

	"github.com/permsim/permsim/ingest"
)

// stateVersion changes whenever fileState changes shape; a manifest entry
// with another version is ignored and its file read again from the start.
const stateVersion = 1

// fileState is what one transcript file needs to be continued from
// FileState.Offset: it travels opaquely in ingest.FileState.State.
type fileState struct {
	ingest.StateHeader
	SessionID  string    `json:"session_id,omitempty"`  // sessionId of the file's first record that has one
	ProjectDir string    `json:"project_dir,omitempty"` // cwd of the file's first record that has one
	FirstTs    time.Time `json:"first_ts,omitzero"`     // first top-level timestamp
	LastTs     time.Time `json:"last_ts,omitzero"`      // last timestamp as of the last read (the copy rank's tie-break)
	Mode       string    `json:"mode,omitempty"`        // main-chain mode in force at Offset
	ModeSource string    `json:"mode_source,omitempty"` //
	Seq        int64     `json:"seq,omitempty"`         // calls numbered so far
	// Spawn maps a Task/Agent tool_use id to the mode in force when it was
	// made; Agents maps the spawned agentId to the same. Subagent files look
	// their mode up here.
	Spawn   map[string]modeRec    `json:"spawn,omitempty"`
	Agents  map[string]modeRec    `json:"agents,omitempty"`
	Pending []*ingest.PendingCall `json:"pending,omitempty"` // calls still waiting for their tool_result
}

type modeRec struct {
	Mode   string `json:"m,omitempty"`
	Source string `json:"s,omitempty"`
}

func decodeState(b []byte) (*fileState, bool) {
	return ingest.DecodeState[fileState](b, stateVersion)
}

func (st *fileState) encode() []byte { return ingest.EncodeState(st, stateVersion) }
