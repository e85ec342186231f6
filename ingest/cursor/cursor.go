// Package cursor reads Cursor CLI (cursor-agent) chats into rows of the
// calls table, best effort: Cursor's format is undocumented and everything
// here is reverse-engineered (transcript-formats.md §5).
//
// Each chat is one SQLite database, <home>/.cursor/chats/<md5 of the
// project path>/<chat id>/store.db, holding a hex-encoded JSON meta row and
// content-addressed blobs (see blobs.go). A row is made for every
// "tool-call" content part, joined by toolCallId to its "tool-result".
// What the chat does not record stays empty: no time per call (ts is
// null), no cwd (the project folder stands in), no approval or denial (a
// call is ok, error or unknown, never denied), and the mode is the chat's
// meta mode only. Calls a Task subagent made are not read. Blobs of an
// unknown shape are counted and reported, never fatal.
package cursor

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"sort"
	"strings"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/ingest/sqliteread"
	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/toolcall"
)

// Harness is the name written into Row.Harness.
const Harness = toolcall.Cursor

// Source implements ingest.Source for the Cursor CLI. The zero value is
// ready to use.
type Source struct{}

// New returns a Cursor CLI Source.
func New() *Source { return &Source{} }

var _ ingest.Source = (*Source)(nil)

// Harness returns "cursor".
func (s *Source) Harness() string { return Harness }

// Files lists every chat database <home>/.cursor/chats/*/*/store.db
// (home "" is the user's own), each a group of its own together with its
// -wal file when there is one, since a write may only have reached the
// WAL, and every plain transcript under <home>/.cursor/projects (see
// transcripts.go). A missing folder is not an error.
//
// The databases and transcripts of a home are few (one per chat), so they
// are listed whole and sorted into Files' order (ingest.SortFiles).
func (s *Source) Files(home string) iter.Seq2[ingest.File, error] {
	files, err := s.list(home)
	ingest.SortFiles(files)
	return ingest.Yield(files, err)
}

func (s *Source) list(home string) ([]ingest.File, error) {
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return nil, err
		}
		home = h
	}
	home = ingest.Abs(home)
	// .cursor, or a folder of it, linked to the root, above the home or
	// into another user's home is not searched.
	for _, d := range []string{".cursor", ".cursor/chats", ".cursor/projects"} {
		if err := ingest.Confined(home, filepath.Join(home, d)); err != nil {
			return nil, err
		}
	}
	chats := filepath.Join(home, ".cursor", "chats")
	hashes, err := safefile.ReadDir(chats)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return discoverTranscripts(home), nil
		}
		return discoverTranscripts(home), err
	}
	var files []ingest.File
	var errs []error
	for _, h := range hashes {
		if !h.IsDir() {
			continue
		}
		ids, err := safefile.ReadDir(filepath.Join(chats, h.Name()))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, id := range ids {
			db := filepath.Join(chats, h.Name(), id.Name(), "store.db")
			if fi, err := os.Lstat(db); err != nil || fi.IsDir() {
				continue
			}
			files = append(files, sqliteread.GroupFiles(db)...)
		}
	}
	files = append(files, discoverTranscripts(home)...)
	return files, errors.Join(errs...)
}

// stateVersion changes whenever chatState changes shape; a manifest entry
// of another version makes the chat be read whole again.
const stateVersion = 1

// maxPending bounds the calls a chat keeps waiting for their result, and
// maxDone the ids of finished calls it remembers.
const (
	maxPending = 256
	maxDone    = 1024
)

// chatState is what the manifest keeps of one chat between runs.
type chatState struct {
	ingest.StateHeader
	// MaxRow is the high-water mark: the largest blob rowid when last
	// read. Blobs are never changed (their id is their content's hash),
	// so only rows above it are read again.
	MaxRow  int64        `json:"max_row"`
	Seq     int64        `json:"seq,omitempty"`     // calls numbered so far
	Project string       `json:"project,omitempty"` // the project folder, once recovered
	Pending []ingest.Row `json:"pending,omitempty"` // calls without a result yet, oldest first
	// Done holds the ids of the latest finished calls: a newer version of
	// a message (the same call, more text) is often written after the
	// call's result, and must not send the call again as unknown.
	Done []string `json:"done,omitempty"`
}

func decodeState(b []byte) *chatState {
	st, _ := ingest.DecodeState[chatState](b, stateVersion)
	return st
}

func (st *chatState) encode() []byte { return ingest.EncodeState(st, stateVersion) }

// Read reads one chat: its store.db and, when there is one, its -wal
// file. The first read takes every blob; later ones only the blobs added
// since (by rowid), completing calls that were waiting for their result.
// A database that cannot be opened or read is reported and left for the
// next run. Read returns an error only when ctx is cancelled.
func (s *Source) Read(ctx context.Context, files []ingest.File, prev map[string]ingest.FileState, sink ingest.Sink) (map[string]ingest.FileState, error) {
	out := map[string]ingest.FileState{}
	if len(files) == 1 {
		if fi, err := os.Stat(files[0].Path); err == nil && fi.IsDir() {
			reportUnread(files[0].Path, sink)
			return out, nil
		}
		if isTranscript(files[0].Path) {
			return readTranscript(ctx, files[0], prev, sink)
		}
	}
	return sqliteread.ReadGroup(ctx, files, prev, sink, sqliteread.Incremental[chatState]{
		What: "chat database", Decode: decodeState, Encode: (*chatState).encode, Read: readChat,
	})
}

// unchanged and fileState serve the plain transcripts (transcripts.go).
var unchanged, fileState = ingest.Unchanged, ingest.WholeFileState

// meta is the chat's meta row "0".
type meta struct {
	AgentID          string `json:"agentId"`
	LatestRootBlobID string `json:"latestRootBlobId"`
	Mode             string `json:"mode"`
	CreatedAt        int64  `json:"createdAt"`
	LastUsedModel    string `json:"lastUsedModel"`
}

// readMeta reads meta row "0": hex-encoded JSON (plain JSON is accepted
// too). A chat without a readable meta row is still read, under the id
// its folder gives.
func readMeta(ctx context.Context, tx *sql.Tx, path string, sink ingest.Sink) meta {
	var m meta
	var v []byte
	err := tx.QueryRowContext(ctx, `SELECT value FROM meta WHERE key = '0'`).Scan(&v)
	if err != nil {
		if !errors.Is(err, sql.ErrNoRows) && !strings.Contains(err.Error(), "no such table") {
			sink.Problem(ingest.Problem{File: path, Msg: "meta row 0 unreadable: " + err.Error()})
		}
		return m
	}
	data := []byte(strings.TrimSpace(string(v)))
	if len(data) > 0 && data[0] != '{' {
		dec, err := hex.DecodeString(string(data))
		if err != nil {
			sink.Problem(ingest.Problem{File: path, Msg: "meta row 0 is neither hex-encoded JSON nor JSON; mode and model unknown"})
			return m
		}
		data = dec
	}
	if err := json.Unmarshal(data, &m); err != nil {
		sink.Problem(ingest.Problem{File: path, Msg: "meta row 0 is not valid JSON; mode and model unknown: " + err.Error()})
	}
	return m
}

// readChat reads the blobs added since old (all when old is nil).
func readChat(ctx context.Context, tx *sql.Tx, path string, old *chatState, sink ingest.Sink) (*chatState, error) {
	// A hostile file could make what is read computed on read (a
	// generated column building huge strings): only stored data is read.
	if err := sqliteread.Plain(ctx, tx, "meta", "key", "value"); err != nil {
		return nil, fmt.Errorf("not a Cursor chat store: %w", err)
	}
	if err := sqliteread.Plain(ctx, tx, "blobs", "id", "data"); err != nil {
		return nil, fmt.Errorf("not a Cursor chat store: %w", err)
	}

	m := readMeta(ctx, tx, path, sink)
	var maxRow sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT max(rowid) FROM blobs`).Scan(&maxRow); err != nil {
		return nil, err
	}
	st := &chatState{}
	if old != nil && maxRow.Int64 >= old.MaxRow {
		*st = *old
	}

	rows, err := tx.QueryContext(ctx, `SELECT rowid, id, data FROM blobs WHERE rowid > ? ORDER BY rowid`, st.MaxRow)
	if err != nil {
		return nil, err
	}
	var blobs []*blob
	byID := map[string]*blob{}
	unknown := 0
	for n := 0; rows.Next(); n++ {
		if n&255 == 0 {
			if err := ctx.Err(); err != nil {
				rows.Close()
				return nil, err
			}
		}
		var rowid int64
		var id string
		var data []byte
		if err := rows.Scan(&rowid, &id, &data); err != nil {
			unknown++
			continue
		}
		sink.Bytes(int64(len(data)))
		b := decodeBlob(rowid, id, data)
		if !b.known {
			unknown++
			continue
		}
		blobs = append(blobs, &b)
		byID[strings.ToLower(id)] = &b
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	st.MaxRow = max(st.MaxRow, maxRow.Int64)
	if unknown > 0 {
		sink.Problem(ingest.Problem{File: path, Msg: fmt.Sprintf("%d blobs of unknown shape skipped", unknown)})
	}

	// Walk the tree from the latest root: the message versions it reaches
	// are current, in conversation order; the rest are superseded copies.
	pos := map[*blob]int{}
	var walk func(id string, depth int)
	walk = func(id string, depth int) {
		b := byID[strings.ToLower(id)]
		if b == nil || depth > 64 {
			return
		}
		if _, done := pos[b]; done {
			return
		}
		pos[b] = len(pos)
		for _, r := range b.refs {
			walk(r, depth+1)
		}
	}
	walk(m.LatestRootBlobID, 0)
	sort.SliceStable(blobs, func(i, j int) bool {
		pi, oki := pos[blobs[i]]
		pj, okj := pos[blobs[j]]
		if oki != okj {
			return oki
		}
		if oki {
			return pi < pj
		}
		return blobs[i].rowid < blobs[j].rowid
	})

	// The calls in blob order, each once: a superseded version of a
	// message repeats its calls.
	type found struct {
		call
		blob      *blob
		reachable bool
	}
	var calls []found
	taken := map[string]bool{}
	results := map[string]result{}
	var seenPaths []string
	for _, b := range blobs {
		_, reach := pos[b]
		for _, c := range b.calls {
			if taken[c.id] {
				continue
			}
			taken[c.id] = true
			calls = append(calls, found{c, b, reach})
			seenPaths = append(seenPaths, pathsIn(c.args)...)
		}
		for _, r := range b.results {
			results[r.callID] = r
		}
	}

	if st.Project == "" {
		chatDir := filepath.Dir(path)
		hash := filepath.Base(filepath.Dir(chatDir))
		projects := filepath.Join(filepath.Dir(filepath.Dir(filepath.Dir(chatDir))), "projects")
		st.Project = projectFor(projects, hash, seenPaths)
	}
	agent := m.AgentID
	if agent == "" {
		agent = filepath.Base(filepath.Dir(path))
	}

	// Calls that were waiting: complete those whose result came.
	var pending []ingest.Row
	known := map[string]bool{}
	for _, id := range st.Done {
		known[id] = true
	}
	done := func(id string) {
		st.Done = append(st.Done, id)
		known[id] = true
	}
	for _, r := range st.Pending {
		known[r.CallID] = true
		if res, ok := results[r.CallID]; ok {
			r.Result, r.ExitCode = classify(r.Tool, res.text, res.isError)
			sink.Row(r)
			done(r.CallID)
			continue
		}
		pending = append(pending, r)
	}
	for _, c := range calls {
		if known[c.id] {
			continue // a newer version of a call already sent
		}
		st.Seq++
		row := ingest.Row{
			Harness:      Harness,
			SessionID:    agent,
			ProjectDir:   st.Project,
			Cwd:          st.Project,
			Seq:          st.Seq,
			CallID:       c.id,
			Tool:         NormalizeTool(c.name),
			RawTool:      c.name,
			InputJSON:    string(c.args),
			Mode:         m.Mode,
			ModeSource:   "chat-meta",
			Result:       "unknown",
			Model:        first(c.model, m.LastUsedModel),
			SourceFile:   path,
			SourceOffset: c.blob.rowid,
			CallKey:      "cursor:" + agent + ":" + c.id,
			// A version the latest tree reaches sorts before a superseded
			// one; the path keeps the ranks of copies distinct.
			CopyRank: "1|" + path,
		}
		if c.reachable {
			row.CopyRank = "0|" + path
		}
		if row.Mode == "" {
			row.ModeSource = "none"
		}
		fillArgs(&row, c.args)
		if res, ok := results[c.id]; ok {
			row.Result, row.ExitCode = classify(row.Tool, res.text, res.isError)
			sink.Row(row)
			done(c.id)
			continue
		}
		sink.Row(row)             // unknown until its result is read
		ingest.Redact(sink, &row) // kept in the state, in the manifest
		pending = append(pending, row)
	}
	if len(pending) > maxPending {
		pending = pending[len(pending)-maxPending:]
	}
	if len(st.Done) > maxDone {
		st.Done = st.Done[len(st.Done)-maxDone:]
	}
	st.Pending = pending
	return st, nil
}

// pathsIn returns the absolute paths a call's arguments name: path-like
// fields, and words of a shell command that start with "/". They are
// candidates for the project folder.
func pathsIn(raw []byte) []string {
	var a args
	if len(raw) == 0 || raw[0] != '{' || json.Unmarshal(raw, &a) != nil {
		return nil
	}
	var out []string
	for _, p := range []string{a.Path, a.FilePath, a.TargetFile, a.TargetDirectory} {
		if filepath.IsAbs(p) {
			out = append(out, p)
		}
	}
	for _, w := range strings.Fields(a.Command) {
		w = strings.Trim(w, `"'();&|`)
		if filepath.IsAbs(w) {
			out = append(out, w)
		}
	}
	return out
}
