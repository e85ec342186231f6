package codex

import (
	"time"

	"github.com/permsim/permsim/ingest"
)

// stateVersion changes whenever fileState changes shape; a manifest entry
// with another version is ignored and its file read again from the start.
const stateVersion = 1

// fileState is what one rollout needs to be continued from
// FileState.Offset: it travels opaquely in ingest.FileState.State.
type fileState struct {
	ingest.StateHeader
	SawMeta    bool                  `json:"saw_meta,omitempty"`    // the file's own session header was read
	SessionID  string                `json:"session_id,omitempty"`  // the first session_meta's id (bare era: the first line's id)
	ProjectDir string                `json:"project_dir,omitempty"` // session_meta cwd (bare era: <cwd> of the environment context)
	Version    string                `json:"version,omitempty"`     // cli_version
	Sub        bool                  `json:"sub,omitempty"`         // a subagent thread
	Parent     string                `json:"parent,omitempty"`      // parent_thread_id
	Lineage    string                `json:"lineage,omitempty"`     // the session this file's calls belong to, forks followed back (CallKey)
	FirstTs    time.Time             `json:"first_ts,omitzero"`     // the file's first timestamp: the copy rank of calls without their own
	Approval   string                `json:"approval,omitempty"`    // approval policy in force at Offset
	Sandbox    string                `json:"sandbox,omitempty"`     // sandbox policy type in force at Offset
	ModeSource string                `json:"mode_source,omitempty"` // turn_context or environment_context
	Model      string                `json:"model,omitempty"`       //
	TurnCwd    string                `json:"turn_cwd,omitempty"`    // the turn's cwd
	Seq        int64                 `json:"seq,omitempty"`         // calls numbered so far
	Pending    []*ingest.PendingCall `json:"pending,omitempty"`     // calls still waiting for their output
	// Background holds, by exec session id, the commands whose output said
	// they still run, until a write_stdin output reports their exit.
	Background map[string]*ingest.PendingCall `json:"background,omitempty"`
}

func decodeState(b []byte) (*fileState, bool) {
	return ingest.DecodeState[fileState](b, stateVersion)
}

func (st *fileState) encode() []byte { return ingest.EncodeState(st, stateVersion) }
