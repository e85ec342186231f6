package ingest

import "encoding/json"

// StateHeader starts a reader's own state (FileState.State, JSON): the
// version of the state's shape, so a manifest written by another shape is
// ignored and its file read again from the start. A reader's state type
// embeds it first.
type StateHeader struct {
	V int `json:"v"`
}

func (h *StateHeader) header() *StateHeader { return h }

// DecodeState reads state a reader wrote with EncodeState: none, bad JSON
// or a version other than version is no state.
func DecodeState[T any, PT interface {
	*T
	header() *StateHeader
}](b []byte, version int) (*T, bool) {
	if len(b) == 0 {
		return nil, false
	}
	var st T
	if json.Unmarshal(b, &st) != nil || PT(&st).header().V != version {
		return nil, false
	}
	return &st, true
}

// EncodeState writes a reader's state as version (nil if it cannot be
// written: reader states hold only strings, numbers, times and rows).
func EncodeState[PT interface{ header() *StateHeader }](st PT, version int) []byte {
	st.header().V = version
	b, err := json.Marshal(st)
	if err != nil {
		return nil
	}
	return b
}
