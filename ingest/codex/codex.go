// Package codex reads OpenAI Codex CLI rollouts
// (<codex home>/sessions/YYYY/MM/DD/rollout-*.jsonl, their zstd-compressed
// .jsonl.zst form, and archived_sessions/) into rows of the calls table:
// one row per function_call, local_shell_call, custom_tool_call or
// web_search_call response item, joined by call_id to its output.
//
// Both line formats are read: the bare 2025 lines (a first line
// {id, timestamp, instructions, git}, then response items without times,
// the mode only inside the <environment_context> message) and the
// {timestamp, type, payload} envelope, where each turn's turn_context gives
// the approval policy and the sandbox policy in force for the turn's calls.
//
// Every rollout is read on its own. A fork (forked_from_id) re-writes its
// parent's lines with new timestamps, and a subagent may start by replaying
// its parent's history: such copies keep their call_id, so they get the
// parent's CallKey and a CopyRank that sorts the earliest timestamp first.
//
// Lines are streamed; only those that can hold a session header, a turn
// context, a call, a call output or an environment context are decoded.
package codex

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/klauspost/compress/zstd"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/toolcall"
)

// Harness is the name written into Row.Harness.
const Harness = toolcall.Codex

// Source implements ingest.Source for the Codex CLI. The zero value is
// ready to use.
type Source struct {
	// MaxLine overrides ingest.DefaultMaxLine, the longest line read
	// (a longer one is reported as a Problem and skipped), when positive.
	MaxLine int
	// MaxExpanded overrides DefaultMaxExpanded when positive.
	MaxExpanded int64
}

// New returns a Codex Source with default settings.
func New() *Source { return &Source{} }

var _ ingest.Source = (*Source)(nil)

// Harness returns "codex".
func (s *Source) Harness() string { return Harness }

// Read reads rollout files (each file is independent; see Discover), sends
// a Row per tool call and a Problem per unreadable line or file, and
// returns each readable file's new state.
//
// A file whose size, inode and mtime match prev is not opened. A plain
// rollout that grew (same inode) is read on from prev's Offset with the
// turn's mode, the session facts and the calls still waiting for their
// output restored from prev.State; anything else, and any changed .zst
// file, is read from the start. A plain file's last line without its
// newline is left for the next run (reported only when it cannot become a
// whole JSON object); a .zst file is complete, so its last line is read,
// and a zstd stream cut short is reported with the line it stopped at,
// keeping the rows before it. Calls still waiting for their output are
// sent with Result "unknown" and sent again, with the same CallKey and
// CopyRank, when a later read finds the output.
//
// Read returns an error only when ctx is cancelled.
func (s *Source) Read(ctx context.Context, files []ingest.File, prev map[string]ingest.FileState, sink ingest.Sink) (map[string]ingest.FileState, error) {
	out := make(map[string]ingest.FileState, len(files))
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		p, had := prev[f.Path]
		st, err := s.readFile(ctx, f.Path, p, had, sink)
		if err != nil {
			return out, err
		}
		if st != nil {
			out[f.Path] = *st
		}
	}
	return out, nil
}

// readFile reads one rollout from where prev left it. It returns nil for a
// file that cannot be read (reported as a Problem).
func (s *Source) readFile(ctx context.Context, path string, prev ingest.FileState, had bool, sink ingest.Sink) (*ingest.FileState, error) {
	fi, err := os.Stat(path)
	if err != nil {
		sink.Problem(ingest.Problem{File: path, Msg: "cannot read: " + err.Error()})
		return nil, nil
	}
	size, ino, mtime := fi.Size(), ingest.FileInode(fi), fi.ModTime().UnixNano()
	zst := strings.HasSuffix(path, ".zst")
	same, st, offset, lineNo := ingest.ReadOn(path, fi, prev, had, decodeState, sink)
	if same != nil {
		return same, nil
	}
	if zst {
		// A changed compressed rollout is read again from its start.
		st, offset, lineNo = nil, 0, 0
	}
	if st == nil {
		st = &fileState{}
	}

	f, err := safefile.Open(path)
	if err != nil {
		sink.Problem(ingest.Problem{File: path, Msg: "cannot read: " + err.Error()})
		return nil, nil
	}
	defer f.Close()

	var in io.Reader
	if zst {
		dec, err := zstd.NewReader(f, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true), zstd.WithDecoderMaxWindow(128<<20))
		if err != nil {
			sink.Problem(ingest.Problem{File: path, Msg: "cannot read zstd: " + err.Error()})
			return nil, nil
		}
		defer dec.Close()
		in = &expandCap{r: dec, left: s.maxExpanded(), limit: s.maxExpanded()}
	} else {
		if _, err := f.Seek(offset, io.SeekStart); err != nil {
			sink.Problem(ingest.Problem{File: path, Msg: "cannot read: " + err.Error()})
			return nil, nil
		}
		in = io.LimitReader(f, size-offset)
	}

	fr := newFileReader(path, st, sink)
	fr.line = lineNo
	lp := ingest.LineLoop{Path: path, Max: s.MaxLine, Sink: sink, Line: lineNo, Offset: offset, Complete: zst,
		ReadError: func(err error) string {
			if _, ok := errors.AsType[errExpanded](err); ok {
				return err.Error()
			}
			if zst {
				return "zstd stream cut short or corrupt, the rest of the file is skipped: " + err.Error()
			}
			return "read error: " + err.Error()
		}}
	tail, err := lp.Run(ctx, in, func(text []byte, _ bool) error {
		fr.line = lp.Line
		return fr.process(text)
	})
	if err != nil {
		return nil, err
	}
	fr.line, offset = lp.Line, lp.Offset
	if t := ingest.TrimLine(tail); len(t) > 0 {
		if wholeObject(t) {
			// A complete record without its newline (a copied or
			// compressed-then-restored rollout ends so): read it, as the
			// .zst form of the same rollout is. Codex writes a record and
			// its newline at once, so a whole object is not half-written;
			// should the newline follow, the next run reads an empty line.
			fr.line++
			offset += int64(len(tail))
			if err := fr.process(tail); err != nil {
				sink.Problem(ingest.Problem{File: path, Line: fr.line, Msg: "corrupt line skipped: " + err.Error()})
			}
		} else {
			lp.TruncatedTail()
		}
	}
	fr.finish()
	var head uint64
	if !zst {
		head = ingest.Fingerprint(f, offset)
	}
	return &ingest.FileState{Path: path, Size: size, Inode: ino, MtimeNs: mtime,
		Offset: offset, Line: fr.line, Head: head, State: st.encode()}, nil
}

// DefaultMaxExpanded is the most a .zst rollout may expand to. Real
// rollouts are megabytes to a few hundred; a file that expands past this
// (a zstd bomb) has its rest reported and skipped instead of keeping the
// run busy for hours.
const DefaultMaxExpanded = 4 << 30

func (s *Source) maxExpanded() int64 {
	if s.MaxExpanded > 0 {
		return s.MaxExpanded
	}
	return DefaultMaxExpanded
}

// expandCap is a reader that fails once left bytes have been read.
type expandCap struct {
	r           io.Reader
	left, limit int64
}

// errExpanded is what expandCap fails with.
type errExpanded struct{ limit int64 }

func (e errExpanded) Error() string {
	return fmt.Sprintf("expands to more than %s, the most permsim reads of a compressed rollout; the rest of the file is skipped", safefile.Size(e.limit))
}

func (c *expandCap) Read(p []byte) (int, error) {
	if c.left <= 0 {
		return 0, errExpanded{c.limit}
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}
