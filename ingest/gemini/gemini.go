// Package gemini reads Gemini CLI chat recordings
// (<gemini home>/tmp/<project id>/chats/session-*.json and .jsonl, and the
// subagent chats under chats/<parent session id>/) into rows of the calls
// table: one row per recorded tool call, whose record holds the call and
// its result together.
//
// Two formats are read. Up to v0.38 a chat is one pretty-printed JSON
// ConversationRecord, rewritten whole on every update: it is the one
// transcript format read whole, up to MaxJSON bytes, and read again whole
// when it changes. From v0.39 a chat is JSONL: a metadata line, message
// records (a message re-appended later replaces the earlier one in place),
// {"$set": …} metadata updates and {"$rewindTo": id} records that drop a
// message and everything after it from the conversation. A call dropped by
// a rewind did run: it is kept, with Row.Rewound set.
//
// The Gemini CLI records no approval mode: every row has Mode "" and
// ModeSource "none". It records no cwd either: the project root comes from
// the folder (.project_root, projects.json, or for a legacy sha256 folder
// by hashing the ancestors of absolute paths in the calls), and a shell
// call's cwd is the root joined with its dir_path.
package gemini

import (
	"bytes"
	"context"
	stdjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/toolcall"
)

// Harness is the name written into Row.Harness.
const Harness = toolcall.Gemini

// DefaultMaxJSON is the largest whole-file .json chat read; a larger one
// is reported as a Problem and skipped.
const DefaultMaxJSON = 256 << 20

// Source implements ingest.Source for the Gemini CLI. The zero value is
// ready to use.
type Source struct {
	// MaxLine overrides ingest.DefaultMaxLine, the longest line read
	// (a longer one is reported as a Problem and skipped), when positive.
	MaxLine int
	// MaxJSON overrides DefaultMaxJSON when positive.
	MaxJSON int64
}

// New returns a Gemini CLI Source with default settings.
func New() *Source { return &Source{} }

var _ ingest.Source = (*Source)(nil)

// Harness returns "gemini".
func (s *Source) Harness() string { return Harness }

func (s *Source) maxJSON() int64 {
	if s.MaxJSON > 0 {
		return s.MaxJSON
	}
	return DefaultMaxJSON
}

// pass is what one read of one chat file gave: its calls, waiting for the
// project root to become rows.
type pass struct {
	path     string
	parent   string // parent session id, for a subagent chat
	legacy   bool   // a whole-file .json chat
	c        *chat
	st       *fileState
	fs       ingest.FileState
	problems []ingest.Problem
}

// Read reads the chat files of one tmp/<project id> folder (see Discover),
// sends a Row per tool call and a Problem per unreadable line or file, and
// returns each readable file's new state.
//
// A file whose size, inode and mtime match prev is not opened. A .jsonl
// chat that grew (same inode) is read on from prev's Offset; a
// $rewindTo there naming a message of the part already read makes Read
// read the whole file again, so the dropped calls go out again flagged
// Rewound (same CallKey and CopyRank: the later run's row wins). A
// changed .json chat is read again whole. A .jsonl file's last line without
// its newline is left for the next run, reported only when it cannot
// become a whole JSON object.
//
// Rows go out once a file is read and its project root known; a chat of a
// folder that records no root waits for the other chats of the folder,
// whose calls may name a path that hashes to the folder's id. A root that
// cannot be found leaves ProjectDir and Cwd empty and relative paths as
// recorded.
//
// Read returns an error only when ctx is cancelled.
func (s *Source) Read(ctx context.Context, files []ingest.File, prev map[string]ingest.FileState, sink ingest.Sink) (map[string]ingest.FileState, error) {
	out := make(map[string]ingest.FileState, len(files))
	projects := map[string]*project{}
	var waiting []*pass
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		folder, parent := folderOf(f.Path)
		proj := projects[folder]
		if proj == nil {
			proj = newProject(folder)
			projects[folder] = proj
		}
		p, had := prev[f.Path]
		ps, unchanged, err := s.readFile(ctx, f.Path, p, had, sink)
		if err != nil {
			return out, err
		}
		if unchanged != nil {
			out[f.Path] = *unchanged
			continue
		}
		if ps == nil {
			continue
		}
		ps.parent = parent
		for _, k := range ps.c.allCalls() {
			proj.candidates = append(proj.candidates, pathCandidates(k.rec.Args)...)
		}
		proj.candidates = append(proj.candidates, ps.c.Directories...)
		if root := ps.root(proj); root != "" || proj.root != "" {
			s.finish(ps, root, sink, out)
			continue
		}
		waiting = append(waiting, ps)
	}
	for _, ps := range waiting {
		folder, _ := folderOf(ps.path)
		s.finish(ps, ps.root(projects[folder]), sink, out)
	}
	return out, nil
}

// root returns the project root of a pass: the one its state remembers,
// the folder's, or one found by hashing the folder's candidate paths
// against the folder name (a legacy sha256 folder) and the chat's
// projectHash (which is sha256 of the root in every version).
func (ps *pass) root(proj *project) string {
	if ps.st.ProjectDir != "" {
		return ps.st.ProjectDir
	}
	if proj.root != "" {
		return proj.root
	}
	// Every chat of a folder belongs to its one project.
	proj.root = resolve([]string{proj.id, ps.c.ProjectHash}, proj.candidates)
	return proj.root
}

// projectHash is the hash of the project root the chat records
// (projectHash, sha256 of the root in every version), else the name of
// the legacy folder it sits in (that same hash); "" when neither is one.
// Replay finds the folder by it when the root is not known here.
func (ps *pass) projectHash() string {
	if h := strings.ToLower(ps.c.ProjectHash); isHash(h) {
		return h
	}
	if folder, _ := folderOf(ps.path); isHash(filepath.Base(folder)) {
		return strings.ToLower(filepath.Base(folder))
	}
	return ""
}

// finish turns a pass's calls into rows with the project root known and
// records the file's state.
func (s *Source) finish(ps *pass, root string, sink ingest.Sink, out map[string]ingest.FileState) {
	for _, p := range ps.problems {
		sink.Problem(p)
	}
	ps.st.ProjectDir = root
	for _, k := range ps.c.calls() {
		ps.st.Seq++
		sink.Row(ps.row(k, root))
	}
	fs := ps.fs
	fs.State = ps.st.encode()
	out[ps.path] = fs
}

// row builds the calls row of one call.
func (ps *pass) row(k *call, root string) ingest.Row {
	sid := ps.c.SessionID
	if sid == "" {
		sid = ps.st.SessionID
	}
	if sid == "" && ps.parent != "" {
		sid = strings.TrimSuffix(strings.TrimSuffix(filepath.Base(ps.path), ".jsonl"), ".json")
	}
	tc := &k.rec
	row := ingest.Row{
		Harness:      Harness,
		SessionID:    sid,
		ProjectDir:   root,
		Cwd:          root,
		Ts:           k.ts,
		Seq:          ps.st.Seq,
		CallID:       tc.ID,
		Tool:         NormalizeTool(tc.Name),
		RawTool:      tc.Name,
		InputJSON:    ingest.ShortenJSON(tc.Args),
		ModeSource:   "none",
		Model:        k.model,
		SpawnsAgent:  tc.AgentID,
		SourceFile:   ps.path,
		SourceOffset: k.line,
		CallKey:      "gemini:" + sid + ":" + tc.ID,
		CopyRank:     ps.rank(k),
		Rewound:      k.rewound,
		ProjectHash:  ps.projectHash(),
	}
	if ps.parent != "" || ps.c.Kind == "subagent" {
		row.IsSubagent = true
		row.ParentSessionID = ps.parent
		row.AgentID = sid
	}
	fillArgs(&row, tc.Args, root)
	var text string
	var isErr bool
	if k.orphan {
		text, isErr = responseText(k.respond)
	} else {
		text, isErr = resultText(tc)
	}
	row.Result, row.ExitCode = classify(tc.Status, text, isErr, row.Tool)
	row.RecordedOutcome, row.RecordedEvidence = recorded(tc.Status, text, isErr, row.Result, row.ExitCode)
	row.Output = sessionOutput(text)
	return row
}

// sessionOutput is the part of a call's result text replay needs later:
// Gemini CLI 0.61.0 wraps shell output in <untrusted_context> and asks
// before a later command that reuses a flag or path-like word of it
// (engine/gemini, "session history"), so that text is kept, cut to
// ingest.OutputMax bytes on a rune boundary; other results are not.
func sessionOutput(text string) string {
	if !strings.Contains(text, "<untrusted_context") {
		return ""
	}
	if len(text) <= ingest.OutputMax {
		return text
	}
	cut := ingest.OutputMax
	for cut > 0 && !utf8.RuneStart(text[cut]) {
		cut--
	}
	return text[:cut]
}

// rank is the copy rank: a call's own record before a call known only from
// its functionResponse; then the call's time; then the .jsonl form of a
// session before the legacy .json one (resuming a .json chat copies it
// whole into a .jsonl, which then also holds what came later, rewinds
// included); then the file name, the same for a chat migrated from a
// legacy folder into its slug folder, so that the later run's row wins.
func (ps *pass) rank(k *call) string {
	r := "0|"
	if k.orphan {
		r = "1|"
	}
	r += rankTs(k.ts)
	if ps.legacy {
		r += "|1|"
	} else {
		r += "|0|"
	}
	return r + filepath.Base(ps.path)
}

func rankTs(t time.Time) string {
	if t.IsZero() {
		return "9999-12-31T23:59:59.999999999Z"
	}
	return t.UTC().Format("2006-01-02T15:04:05.000000000Z")
}

// readFile reads one chat file. It returns the previous state as
// unchanged for a file not changed since, a nil pass for a file that
// cannot be read (reported as a Problem), else the pass.
func (s *Source) readFile(ctx context.Context, path string, prev ingest.FileState, had bool, sink ingest.Sink) (*pass, *ingest.FileState, error) {
	fi, err := os.Stat(path)
	if err != nil {
		sink.Problem(ingest.Problem{File: path, Msg: "cannot read: " + err.Error()})
		return nil, nil, nil
	}
	size, ino, mtime := fi.Size(), ingest.FileInode(fi), fi.ModTime().UnixNano()
	same, old, offset, lineNo := ingest.ReadOn(path, fi, prev, had, decodeState, sink)
	if same != nil {
		return nil, same, nil
	}
	fs := ingest.FileState{Path: path, Size: size, Inode: ino, MtimeNs: mtime}
	if strings.HasSuffix(path, ".json") {
		ps := s.readJSON(path, size, sink)
		if ps != nil {
			ps.fs = fs
			ps.fs.Offset, ps.fs.Line = size, 0
		}
		return ps, nil, nil
	}
	st := old
	if st == nil {
		st = &fileState{}
	}
	ps, err := s.readJSONL(ctx, path, size, st, offset, lineNo, sink)
	if ps != nil {
		head := ps.fs.Head
		ps.fs = fs
		ps.fs.Offset, ps.fs.Line, ps.fs.Head = ps.st.offset, ps.st.line, head
	}
	return ps, nil, err
}

// readJSON reads a whole-file .json chat.
func (s *Source) readJSON(path string, size int64, sink ingest.Sink) *pass {
	if size > s.maxJSON() {
		sink.Problem(ingest.Problem{File: path, Msg: fmt.Sprintf("JSON chat of %d bytes is larger than the %d bytes read whole, skipped", size, s.maxJSON())})
		return nil
	}
	data, err := safefile.ReadFile(path, s.maxJSON())
	if err != nil {
		sink.Problem(ingest.Problem{File: path, Msg: "cannot read: " + err.Error()})
		return nil
	}
	sink.Bytes(int64(len(data)))
	ps := &pass{path: path, legacy: true, c: newChat(), st: &fileState{}}
	var rec meta
	if err := json.Unmarshal(data, &rec); err != nil {
		ps.problems = append(ps.problems, ingest.Problem{File: path, Line: syntaxLine(data),
			Msg: "corrupt JSON chat skipped: " + err.Error()})
		return ps
	}
	ps.c.setMeta(&rec)
	for i := range rec.Messages {
		m := &rec.Messages[i]
		ps.c.upsert(m, 0, false)
	}
	// A pretty-printed chat has no record lines: a call's line is the line
	// of its id in the file.
	for _, k := range ps.c.allCalls() {
		k.line = lineOf(data, k.rec.ID)
	}
	ps.st.SessionID = ps.c.SessionID
	return ps
}

// syntaxLine returns the 1-based line of the first syntax error in data.
func syntaxLine(data []byte) int64 {
	var v any
	err := stdjson.Unmarshal(data, &v)
	var se *stdjson.SyntaxError
	if errors.As(err, &se) {
		return int64(bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))) + 1
	}
	var ue *stdjson.UnmarshalTypeError
	if errors.As(err, &ue) {
		return int64(bytes.Count(data[:min(int(ue.Offset), len(data))], []byte("\n"))) + 1
	}
	return 0
}

// lineOf returns the line of the first `"id": "<id>"`-like occurrence of
// the quoted id in data, 0 when it is not there.
func lineOf(data []byte, id string) int64 {
	q, _ := json.Marshal(id)
	i := bytes.Index(data, q)
	if i < 0 {
		return 0
	}
	return int64(bytes.Count(data[:i], []byte("\n"))) + 1
}

// readJSONL reads a .jsonl chat from offset; when a $rewindTo names a
// message it has not seen (an earlier run read it), it reads the file
// again from its start.
func (s *Source) readJSONL(ctx context.Context, path string, size int64, st *fileState, offset, lineNo int64, sink ingest.Sink) (*pass, error) {
	f, err := safefile.Open(path)
	if err != nil {
		sink.Problem(ingest.Problem{File: path, Msg: "cannot read: " + err.Error()})
		return nil, nil
	}
	defer f.Close()
	reported := lineNo // problems up to here went out in earlier runs
	for {
		ps := &pass{path: path, c: newChat(), st: st}
		ps.c.resuming = offset > 0
		ps.c.SessionID, ps.c.ProjectHash, ps.c.Kind = st.SessionID, st.ProjectHash, st.Kind
		if _, err := f.Seek(offset, io.SeekStart); err != nil {
			sink.Problem(ingest.Problem{File: path, Msg: "cannot read: " + err.Error()})
			return nil, nil
		}
		if err := s.scan(ctx, ps, io.LimitReader(f, size-offset), offset, lineNo, reported, sink); err != nil {
			return nil, err
		}
		if !ps.c.restart {
			st.SessionID, st.ProjectHash, st.Kind = ps.c.SessionID, ps.c.ProjectHash, ps.c.Kind
			ps.fs.Head = ingest.Fingerprint(f, ps.st.offset)
			return ps, nil
		}
		st = &fileState{ProjectDir: st.ProjectDir}
		offset, lineNo = 0, 0
	}
}

// scan reads the lines of r into ps.c, stopping early when a rewind needs
// the whole file. Problems on lines up to reported were sent by an earlier
// run and are not sent again.
func (s *Source) scan(ctx context.Context, ps *pass, r io.Reader, offset, lineNo, reported int64, sink ingest.Sink) error {
	lp := ingest.LineLoop{Path: ps.path, Max: s.MaxLine, Sink: sink, Line: lineNo, Offset: offset,
		Problem: func(p ingest.Problem) {
			if p.Line > reported {
				ps.problems = append(ps.problems, p)
			}
		},
		Stop: func() bool { return ps.c.restart }}
	tail, err := lp.Run(ctx, r, func(text []byte, _ bool) error { return ps.c.record(text, lp.Line) })
	if err != nil || ps.c.restart {
		return err
	}
	if t := bytes.TrimSpace(tail); len(t) > 0 && !(t[0] == '{' && t[len(t)-1] == '}' && json.Valid(t)) {
		// Not consumed: it may still be being written. Only a line that
		// cannot become whole by itself is worth a report.
		lp.TruncatedTail()
	}
	ps.st.offset, ps.st.line = lp.Offset, lp.Line
	return nil
}

// record applies one .jsonl line, in the order of the CLI's own loader:
// a rewind, a message (it has an id), a $set, a metadata line.
func (c *chat) record(text []byte, n int64) error {
	// bytes.TrimSpace, not ingest.TrimLine: this reader has always taken
	// Unicode spaces around a line as space.
	text, err := ingest.ObjectLine(text, n == 1, bytes.TrimSpace)
	if err != nil || len(text) == 0 {
		return err
	}
	var m message
	if c.fastMessage(text, &m) {
		c.upsert(&m, n, true)
		return nil
	}
	var l line
	if err := json.Unmarshal(text, &l); err != nil {
		return err
	}
	switch {
	case l.RewindTo != nil:
		c.rewind(*l.RewindTo)
	case l.ID != "":
		c.upsert(&l.message, n, false)
	case l.Set != nil:
		c.setMeta(l.Set)
		for i := range l.Set.Messages {
			c.upsert(&l.Set.Messages[i], n, false)
		}
	default:
		c.setMeta(&l.meta)
	}
	return nil
}

// allCalls returns every call record the chat holds, live or rewound.
func (c *chat) allCalls() []*call {
	var out []*call
	for _, e := range c.live {
		out = append(out, e.calls...)
	}
	for _, e := range c.rewound {
		out = append(out, e.calls...)
	}
	return out
}
