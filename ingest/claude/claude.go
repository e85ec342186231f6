// Package claude reads Claude Code session transcripts (JSONL under
// <config>/projects/<slug>/) into rows of the calls table: one row per
// tool_use block of an assistant entry, joined by id to its tool_result.
//
// A session file is read together with its subagent files (2.1.2+
// <session>/subagents/agent-*.jsonl, and the 2.0.28–2.1.1
// <slug>/agent-<id>.jsonl next to it) so that subagent calls take the mode
// the parent session was in when it spawned them. Copies of a call in other
// files (/branch, old --resume, progress echoes) get the same CallKey and a
// CopyRank that sorts the original first; progress entries are never read.
//
// Lines are streamed and only the ones that can hold a call, a result or a
// mode change are decoded, and then only the parts the table needs.
package claude

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/toolcall"
)

// Harness is the name written into Row.Harness.
const Harness = toolcall.ClaudeCode

// Source implements ingest.Source for Claude Code. The zero value is ready
// to use.
type Source struct {
	// MaxLine overrides ingest.DefaultMaxLine, the longest line read
	// (a longer one is reported as a Problem and skipped), when positive.
	MaxLine int
}

// New returns a Claude Code Source with default settings.
func New() *Source { return &Source{} }

var _ ingest.Source = (*Source)(nil)

// Harness returns "claude-code".
func (s *Source) Harness() string { return Harness }

// Read reads the files of one group (a session file and its subagent
// files; see Discover), sends a Row per tool call and a Problem per
// unreadable line or file, and returns each readable file's new state.
//
// A file whose size, inode and mtime match prev is not opened. A file that
// grew (same inode) is read on from prev's Offset with the mode, pending
// calls and first-record facts restored from prev.State; anything else is
// read from the start. Offset always ends at a line boundary: a last line
// without its newline is left for the next run, and reported as truncated
// only if it is not a whole JSON object. Calls still waiting for a result
// are sent with Result "unknown" and sent again, with the same CallKey and
// CopyRank, when a later read finds their result.
//
// Read returns an error only when ctx is cancelled.
func (s *Source) Read(ctx context.Context, files []ingest.File, prev map[string]ingest.FileState, sink ingest.Sink) (map[string]ingest.FileState, error) {
	out := make(map[string]ingest.FileState, len(files))
	ordered := append([]ingest.File(nil), files...)
	// Session files first: their state (modes at each spawn) is what the
	// subagent files of the group look up.
	sort.SliceStable(ordered, func(i, j int) bool {
		return !isSubagentFile(ordered[i]) && isSubagentFile(ordered[j])
	})
	parents := map[string]*fileState{} // group → session file state
	for _, f := range ordered {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		sub := isSubagentFile(f)
		var parent *fileState
		if sub {
			parent = parents[f.Group]
		}
		p, had := prev[f.Path]
		fs, st, err := s.readFile(ctx, f.Path, sub, parent, p, had, sink)
		if err != nil {
			return out, err
		}
		if fs == nil {
			continue
		}
		out[f.Path] = *fs
		if !sub {
			parents[f.Group] = st
		}
	}
	return out, nil
}

// isSubagentFile tells a subagent transcript from a session file: it is
// named agent-*.jsonl, or it is not the file its group is named after.
func isSubagentFile(f ingest.File) bool {
	if f.Group != "" && f.Group == f.Path {
		return false
	}
	return strings.HasPrefix(filepath.Base(f.Path), "agent-")
}

// readFile reads one file from where prev left it. It returns nil state
// for a file that cannot be read (reported as a Problem).
func (s *Source) readFile(ctx context.Context, path string, sub bool, parent *fileState, prev ingest.FileState, had bool, sink ingest.Sink) (*ingest.FileState, *fileState, error) {
	fi, err := os.Stat(path)
	if err != nil {
		sink.Problem(ingest.Problem{File: path, Msg: "cannot read: " + err.Error()})
		return nil, nil, nil
	}
	size, ino, mtime := fi.Size(), ingest.FileInode(fi), fi.ModTime().UnixNano()
	same, st, offset, lineNo := ingest.ReadOn(path, fi, prev, had, decodeState, sink)
	if same != nil {
		return same, st, nil
	}
	if st == nil {
		st = &fileState{}
	}

	f, err := safefile.Open(path)
	if err != nil {
		sink.Problem(ingest.Problem{File: path, Msg: "cannot read: " + err.Error()})
		return nil, nil, nil
	}
	defer f.Close()

	fr := newFileReader(path, st, sink)
	fr.sub = sub
	fr.line = lineNo
	if sub {
		fr.fileAgent = strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "agent-"), ".jsonl")
		fr.subMode = subagentMode(path, fr.fileAgent, parent)
		if parent != nil {
			fr.project = parent.ProjectDir
		}
	}
	fr.lastTs = lastTimestamp(f, size)
	if fr.lastTs.IsZero() {
		fr.lastTs = st.LastTs
	}
	st.LastTs = fr.lastTs

	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		sink.Problem(ingest.Problem{File: path, Msg: "cannot read: " + err.Error()})
		return nil, nil, nil
	}
	lp := ingest.LineLoop{Path: path, Max: s.MaxLine, Sink: sink, Line: fr.line, Offset: offset}
	tail, err := lp.Run(ctx, io.LimitReader(f, size-offset), func(text []byte, _ bool) error {
		fr.line = lp.Line
		return fr.process(text)
	})
	if err != nil {
		return nil, nil, err
	}
	fr.line, offset = lp.Line, lp.Offset
	if t := ingest.TrimLine(tail); len(t) > 0 {
		// Not consumed: it may still be being written. Only a line that
		// could not become whole by itself is worth a report.
		if t[0] != '{' || t[len(t)-1] != '}' || eachField(t, true, func(_, _ []byte) bool { return true }) != nil {
			lp.TruncatedTail()
		}
	}
	fr.finish()
	fs := &ingest.FileState{Path: path, Size: size, Inode: ino, MtimeNs: mtime,
		Offset: offset, Line: fr.line, Head: ingest.Fingerprint(f, offset), State: st.encode()}
	return fs, st, nil
}

// subagentMode is the mode every call of a subagent file takes: the mode
// its parent session was in when it made the Task/Agent call that spawned
// it (found through the .meta.json toolUseId, else through the agentId the
// Task result names). Only when the parent has none is the .meta.json
// permissionMode used: the spec's replay rule is the parent's mode at the
// spawn, and since 2.1.212 subagents inherit it anyway, while the meta
// field is what the agent was launched with and is missing in newer files.
func subagentMode(path, agentID string, parent *fileState) modeRec {
	var meta struct {
		ToolUseID      string `json:"toolUseId"`
		PermissionMode string `json:"permissionMode"`
	}
	if b, err := safefile.ReadFile(strings.TrimSuffix(path, ".jsonl")+".meta.json", safefile.SettingsCap); err == nil {
		_ = json.Unmarshal(b, &meta)
	}
	if parent != nil {
		if m, ok := parent.Spawn[meta.ToolUseID]; ok && meta.ToolUseID != "" && m.Mode != "" {
			return modeRec{m.Mode, "parent"}
		}
		if m, ok := parent.Agents[agentID]; ok && m.Mode != "" {
			return modeRec{m.Mode, "parent"}
		}
	}
	if meta.PermissionMode != "" {
		return modeRec{meta.PermissionMode, "meta"}
	}
	return modeRec{"", "none"}
}
