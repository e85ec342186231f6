package gemini

import "github.com/permsim/permsim/ingest"

// stateVersion changes whenever fileState changes shape; a manifest entry
// with another version is ignored and its file read again from the start.
const stateVersion = 1

// fileState is what one chat file needs to be continued from
// FileState.Offset: it travels opaquely in ingest.FileState.State. The
// conversation itself is not kept: a later part of a .jsonl chat that
// rewinds into the part already read makes the reader read it all again.
type fileState struct {
	ingest.StateHeader
	SessionID   string `json:"session_id,omitempty"`
	ProjectHash string `json:"project_hash,omitempty"`
	Kind        string `json:"kind,omitempty"`
	ProjectDir  string `json:"project_dir,omitempty"` // the project root, once found
	Seq         int64  `json:"seq,omitempty"`         // calls numbered so far

	offset, line int64 // where this read stopped
}

func decodeState(b []byte) (*fileState, bool) {
	return ingest.DecodeState[fileState](b, stateVersion)
}

func (st *fileState) encode() []byte { return ingest.EncodeState(st, stateVersion) }
