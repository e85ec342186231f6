package cursor

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/safefile"
)

// The Cursor CLI also writes plain transcripts (transcript-formats.md §5;
// parsers published by others read them the same way):
//
//	~/.cursor/projects/<slug>/agent-transcripts/<uuid>/<uuid>.jsonl   (since early 2026)
//	~/.cursor/projects/<slug>/agent-transcripts/<uuid>/subagents/*.jsonl
//	~/.cursor/projects/<slug>/agent-transcripts/<uuid>.txt            (older)
//
// A .jsonl line is {"role": "user"|"assistant", "message": {"content":
// [blocks]}} with Claude-API-style blocks: text, tool_use {id?, name,
// input}, tool_result {tool_use_id?, content, is_error?}; {"type":
// "turn_ended"} lines close a turn. Lines carry no time. The slug is the
// project path with every run of other characters than letters and digits
// made one "-" (lossy), so the project is recovered by trying the paths it
// can stand for.
//
// The same call is often also in the chat's store.db: a tool_use with an
// id gets the store's call key (cursor:<chat id>:<id>) and a copy rank
// that sorts after the store's, so the calls view counts it once.

// maxTranscriptLine bounds one transcript line; longer lines are reported
// and skipped.
const maxTranscriptLine = 64 << 20

// discoverTranscripts lists the transcripts under <home>/.cursor/projects,
// each file its own group. A transcripts folder that also holds files of a
// kind permsim does not read is listed too (the folder itself), so Read
// can say so in the summary.
func discoverTranscripts(home string) (files []ingest.File) {
	projects := filepath.Join(home, ".cursor", "projects")
	slugs, err := safefile.ReadDir(projects)
	if err != nil {
		return nil
	}
	for _, s := range slugs {
		if !s.IsDir() {
			continue
		}
		dir := filepath.Join(projects, s.Name(), "agent-transcripts")
		ents, err := safefile.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range ents {
			p := filepath.Join(dir, e.Name())
			switch {
			case e.IsDir():
				main := filepath.Join(p, e.Name()+".jsonl")
				if fi, err := os.Stat(main); err == nil && !fi.IsDir() {
					files = append(files, ingest.File{Path: main, Group: main})
				}
				subs, _ := filepath.Glob(filepath.Join(p, "subagents", "*.jsonl"))
				for _, sp := range subs {
					files = append(files, ingest.File{Path: sp, Group: sp})
				}
			case strings.HasSuffix(e.Name(), ".jsonl"):
				files = append(files, ingest.File{Path: p, Group: p})
			}
		}
		if len(unreadKinds(dir)) > 0 {
			files = append(files, ingest.File{Path: dir, Group: dir})
		}
	}
	return files
}

// unreadKinds counts the files of a transcripts folder permsim does not
// read, by kind.
func unreadKinds(dir string) map[string]int {
	ents, _ := safefile.ReadDir(dir)
	unread := map[string]int{}
	for _, e := range ents {
		switch {
		case e.IsDir(), strings.HasSuffix(e.Name(), ".jsonl"):
		case strings.HasSuffix(e.Name(), ".txt"):
			unread["the older plain-text transcripts (.txt)"]++
		default:
			unread["other files ("+filepath.Ext(e.Name())+")"]++
		}
	}
	return unread
}

// reportUnread says in the summary that a transcripts folder holds files
// permsim did not read.
func reportUnread(dir string, sink ingest.Sink) {
	kinds := unreadKinds(dir)
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		sink.Problem(ingest.Problem{File: dir, Msg: fmt.Sprintf("not read: %d file(s) of a kind permsim does not read: %s", kinds[k], k)})
	}
}

// isTranscript reports whether a discovered file is a plain transcript
// rather than a chat database.
func isTranscript(path string) bool { return strings.HasSuffix(path, ".jsonl") }

type transcriptLine struct {
	Role    string `json:"role"`
	Type    string `json:"type"`
	Message struct {
		Content json.RawMessage `json:"content"`
	} `json:"message"`
}

type transcriptBlock struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
}

// transcriptCall is a tool_use waiting for its result.
type transcriptCall struct {
	row ingest.Row
}

// readTranscript reads one .jsonl transcript whole (it is re-read when it
// changes; rows keep their call keys, so a re-read call counts once).
func readTranscript(ctx context.Context, f ingest.File, prev map[string]ingest.FileState, sink ingest.Sink) (map[string]ingest.FileState, error) {
	out := map[string]ingest.FileState{}
	fi, err := os.Stat(f.Path)
	if err != nil {
		sink.Problem(ingest.Problem{File: f.Path, Msg: "cannot read: " + err.Error()})
		return out, nil
	}
	if p, ok := prev[f.Path]; ok && unchanged(fi, p) {
		out[f.Path] = p
		return out, nil
	}
	fh, err := safefile.Open(f.Path)
	if err != nil {
		sink.Problem(ingest.Problem{File: f.Path, Msg: "cannot read: " + err.Error()})
		return out, nil
	}
	defer fh.Close()
	if err := parseTranscript(ctx, fh, f.Path, sink); err != nil {
		return out, err
	}
	out[f.Path] = fileState(f.Path, fi, nil)
	return out, nil
}

// sessionOf names a transcript's chat: the <uuid> folder (or file) name;
// a subagent transcript is its own session under its parent.
func sessionOf(path string) (session, parent string, sub bool) {
	base := strings.TrimSuffix(filepath.Base(path), ".jsonl")
	dir := filepath.Dir(path)
	if filepath.Base(dir) == "subagents" {
		return base, filepath.Base(filepath.Dir(dir)), true
	}
	return base, "", false
}

// projectOfTranscript recovers the project folder from the slug folder
// the transcript sits in: the candidate path a store.db chat folder is
// named after (md5), else one that exists, else one the calls' paths sit
// under, else the plainest reading (every "-" a "/").
func projectOfTranscript(path string, seen []string) string {
	dir := filepath.Dir(path)
	for filepath.Base(dir) != "agent-transcripts" {
		if dir == filepath.Dir(dir) {
			return ""
		}
		dir = filepath.Dir(dir)
	}
	slugDir := filepath.Dir(dir)
	slug := filepath.Base(slugDir)
	cursorDir := filepath.Dir(filepath.Dir(slugDir))
	cands := slugCandidates(slug)
	for _, c := range cands {
		if _, err := os.Stat(filepath.Join(cursorDir, "chats", md5Hex(c))); err == nil {
			return c
		}
	}
	for _, c := range cands {
		if fi, err := os.Stat(c); err == nil && fi.IsDir() {
			return c
		}
	}
	for _, c := range cands {
		for _, p := range seen {
			if p == c || strings.HasPrefix(p, c+"/") {
				return c
			}
		}
	}
	return "/" + strings.ReplaceAll(slug, "-", "/")
}

// parseTranscript reads the lines of one transcript and sends a row per
// tool_use, joined to its tool_result by id (or, without ids, to the next
// result in order).
func parseTranscript(ctx context.Context, r io.Reader, path string, sink ingest.Sink) error {
	session, parent, sub := sessionOf(path)
	br := bufio.NewReaderSize(r, 1<<16)
	var pending []*transcriptCall
	var rows []*transcriptCall
	var seen []string
	var seq int64
	for line := int64(1); ; line++ {
		if line%1024 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		b, tooLong, err := readLine(br)
		if err != nil && len(b) == 0 && !tooLong {
			if err != io.EOF {
				sink.Problem(ingest.Problem{File: path, Line: line, Msg: "cannot read: " + err.Error()})
			}
			break
		}
		if tooLong {
			sink.Problem(ingest.Problem{File: path, Line: line, Msg: fmt.Sprintf("line longer than %d bytes; skipped", maxTranscriptLine)})
			continue
		}
		b = bytes.TrimSpace(b)
		if len(b) == 0 {
			continue
		}
		var tl transcriptLine
		if json.Unmarshal(b, &tl) != nil {
			sink.Problem(ingest.Problem{File: path, Line: line, Msg: "not a JSON object; skipped"})
			continue
		}
		var blocks []transcriptBlock
		if len(tl.Message.Content) > 0 && tl.Message.Content[0] == '[' {
			if json.Unmarshal(tl.Message.Content, &blocks) != nil {
				sink.Problem(ingest.Problem{File: path, Line: line, Msg: "message.content is not a list of blocks; skipped"})
				continue
			}
		}
		for i, bl := range blocks {
			switch bl.Type {
			case "tool_use":
				seq++
				id := bl.ID
				key := "cursor:" + session + ":" + id
				if id == "" {
					id = fmt.Sprintf("line%d.%d", line, i)
					key = "cursor-transcript:" + session + ":" + id
				}
				input := string(bl.Input)
				if input == "" || input == "null" {
					input = "{}"
				}
				row := ingest.Row{Harness: Harness, SessionID: session, Seq: seq, CallID: id,
					Tool: NormalizeTool(bl.Name), RawTool: bl.Name, InputJSON: input, ModeSource: "none",
					Result: "unknown", SourceFile: path, SourceOffset: line, CallKey: key, CopyRank: "2|" + path}
				if sub {
					row.ParentSessionID, row.AgentID, row.IsSubagent = parent, session, true
				}
				c := &transcriptCall{row: row}
				seen = append(seen, pathsIn(bl.Input)...)
				pending = append(pending, c)
				rows = append(rows, c)
			case "tool_result":
				var c *transcriptCall
				for j, p := range pending {
					if (bl.ToolUseID != "" && p.row.CallID == bl.ToolUseID) || bl.ToolUseID == "" {
						c = p
						pending = append(pending[:j], pending[j+1:]...)
						break
					}
				}
				if c != nil {
					c.row.Result, c.row.ExitCode = classify(c.row.Tool, []byte(blockText(bl.Content)), bl.IsError)
				}
			}
		}
		if err == io.EOF {
			break
		}
	}
	project := projectOfTranscript(path, seen)
	for _, c := range rows {
		c.row.ProjectDir, c.row.Cwd = project, project
		fillArgs(&c.row, []byte(c.row.InputJSON))
		sink.Row(c.row)
	}
	return nil
}

// readLine reads one line of at most maxTranscriptLine bytes; a longer one
// is consumed and reported as tooLong.
func readLine(br *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, isPrefix, e := br.ReadLine()
		if len(line)+len(chunk) > maxTranscriptLine {
			tooLong = true
		} else {
			line = append(line, chunk...)
		}
		if e != nil {
			return line, tooLong, e
		}
		if !isPrefix {
			if tooLong {
				line = nil
			}
			return line, tooLong, nil
		}
	}
}

// blockText is a tool_result's content as text: a string, or the text
// blocks of a list.
func blockText(raw json.RawMessage) string {
	if s, ok := ingest.TextOf(raw); ok {
		return s
	}
	return string(raw)
}
