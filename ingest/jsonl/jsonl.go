// Package jsonl reads the plain import format, "permsim-jsonl": one tool
// call per line, as a JSON object whose keys are the calls table's column
// names (the `col` tags of ingest.Row). It is how calls of a harness
// without a transcript reader (Codey, or any other) get into the calls
// table; docs/import-format.md describes it for users.
//
// Only "harness" is required. Defaults: tool "bash" when there is a
// command, else "other"; result "unknown"; mode_source "import" when a
// mode is given, else "none"; seq the line number; source_file and
// source_offset the import file and line; call_key
// "<harness>:<session_id>:<call_id>" when call_id is given, else
// "<harness>:<import file>:<line>". Relative paths are taken against cwd.
// A line that breaks a rule is reported with its file and line and
// skipped; the rest of the file is read.
package jsonl

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/toolcall"
)

// Format is the name of the import format, and of this Source in the
// ingest manifest (each row names its own harness).
const Format = "permsim-jsonl"

// Source reads the import files it was made with, whatever the home.
type Source struct {
	files []string
	// MaxLine overrides ingest.DefaultMaxLine, the longest line read
	// (a longer one is reported and skipped), when positive.
	MaxLine int
}

// New returns a Source over the given import files.
func New(files ...string) *Source { return &Source{files: files} }

var _ ingest.Source = (*Source)(nil)

// Harness returns Format: the rows name their harness themselves.
func (s *Source) Harness() string { return Format }

// Files lists the import files (made absolute, in path order), each a
// group of its own, whatever home is. A file that cannot be read is still
// listed: Read reports it under its own name.
func (s *Source) Files(home string) iter.Seq2[ingest.File, error] {
	files := s.given()
	ingest.SortFiles(files)
	return ingest.Yield(files, nil)
}

// given lists the import files in the order they were given, each once.
func (s *Source) given() []ingest.File {
	var out []ingest.File
	seen := map[string]bool{}
	for _, f := range s.files {
		f = ingest.Abs(f)
		if !seen[f] {
			seen[f] = true
			out = append(out, ingest.File{Path: f, Group: f})
		}
	}
	return out
}

func (s *Source) maxLine() int {
	if s.MaxLine > 0 {
		return s.MaxLine
	}
	return ingest.DefaultMaxLine
}

// Read reads each file from where prev left it: a file that only grew
// (same inode, not smaller) is read on from prev's Offset; any other change
// reads it again from the start (its calls keep their keys, so the copies
// this writes are harmless). Every whole line is consumed; a last line
// without its newline is consumed when it is a whole JSON object and
// otherwise left, reported, for the next run. Read returns an error only
// when ctx is cancelled.
func (s *Source) Read(ctx context.Context, files []ingest.File, prev map[string]ingest.FileState, sink ingest.Sink) (map[string]ingest.FileState, error) {
	out := map[string]ingest.FileState{}
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		st, err := s.readFile(ctx, f.Path, prev[f.Path], sink)
		if err != nil {
			return out, err
		}
		if st != nil {
			out[f.Path] = *st
		}
	}
	return out, nil
}

func (s *Source) readFile(ctx context.Context, path string, prev ingest.FileState, sink ingest.Sink) (*ingest.FileState, error) {
	fi, err := os.Stat(path)
	if err != nil {
		sink.Problem(ingest.Problem{File: path, Msg: "cannot read: " + err.Error()})
		return nil, nil
	}
	size, ino, mtime := fi.Size(), inodeOf(fi), fi.ModTime().UnixNano()
	if prev.Path != "" && prev.Inode == ino && prev.Size == size && prev.MtimeNs == mtime {
		st := prev
		return &st, nil
	}
	var offset, line int64
	if prev.Path != "" && prev.Inode == ino && size >= prev.Size && prev.Offset <= size {
		offset, line = prev.Offset, prev.Line
	}
	f, err := safefile.Open(path)
	if err != nil {
		sink.Problem(ingest.Problem{File: path, Msg: "cannot read: " + err.Error()})
		return nil, nil
	}
	defer f.Close()
	if _, err := f.Seek(offset, io.SeekStart); err != nil {
		sink.Problem(ingest.Problem{File: path, Msg: "cannot read: " + err.Error()})
		return nil, nil
	}
	d := &decoder{path: path, sink: sink, warned: map[string]bool{}, stable: true}
	lines := newChunkLines(io.LimitReader(f, size-offset), s.maxLine())
	var read int64
	for n := 0; ; n++ {
		if n&1023 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		text, size, terminated, tooLong, err := lines.next()
		read += size
		if size == 0 && err == io.EOF {
			break
		}
		if err != nil && err != io.EOF {
			sink.Problem(ingest.Problem{File: path, Line: line + 1, Msg: "read error: " + err.Error()})
			break
		}
		if !terminated {
			t := bytes.TrimSpace(text)
			if tooLong || (len(t) > 0 && !json.Valid(t)) {
				// Perhaps still being written: left for the next run.
				sink.Problem(ingest.Problem{File: path, Line: line + 1, Msg: "last line has no newline and is not a whole JSON object; read again when the file changes"})
				read -= size
				break
			}
		}
		line++
		offset += size
		if tooLong {
			sink.Problem(ingest.Problem{File: path, Line: line, Msg: fmt.Sprintf("line longer than %d bytes (the line limit), skipped: %d bytes long", s.maxLine(), size)})
			continue
		}
		if row, ok := d.decode(text, line); ok {
			sink.Row(row)
		}
		if !terminated {
			break
		}
	}
	sink.Bytes(read)
	return &ingest.FileState{Path: path, Size: size, Inode: ino, MtimeNs: mtime, Offset: offset, Line: line}, nil
}

// column is one settable column of ingest.Row.
type column struct {
	index int
	kind  reflect.Type
}

// columns maps each `col` tag of ingest.Row to its field.
var columns = func() map[string]column {
	m := map[string]column{}
	t := reflect.TypeFor[ingest.Row]()
	for i := range t.NumField() {
		// The tag is the column name, then options after a comma.
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("col"), ","); name != "" {
			m[name] = column{index: i, kind: t.Field(i).Type}
		}
	}
	return m
}()

// Known values of the enumerated columns (DESIGN.md, Tables).
var (
	tools   = map[string]bool{"bash": true, "read": true, "edit": true, "write": true, "glob": true, "grep": true, "webfetch": true, "websearch": true, "mcp": true, "other": true}
	results = map[string]bool{"ok": true, "error": true, "denied": true, "unknown": true}
)

// decoder turns lines of one file into rows.
type decoder struct {
	ms     []member     // the members of the line being decoded, reused
	fms    []fastMember // the members the fast path read, reused
	line   string       // the line as a string, when lineOn (fast.go)
	lineOn bool         // the row's strings are pieces of line
	stable bool         // lines are never written again (chunkLines): line can alias them
	keys   []keyAt      // the keys of the last line the fast path read, in its order
	noFast bool         // the tests compare the two paths
	last   [64]string   // each string column's last value (fast.go)
	clean  string       // the last cwd known to be clean (join)
	row    ingest.Row   // the row the fast path fills
	order  order
	path   string
	sink   ingest.Sink
	warned map[string]bool // keys already reported for this file
}

func (d *decoder) problem(line int64, format string, a ...any) {
	d.sink.Problem(ingest.Problem{File: d.path, Line: line, Msg: fmt.Sprintf(format, a...)})
}

// decode checks and converts one line; a line that breaks a rule is
// reported and gives no row.
func (d *decoder) decode(text []byte, line int64) (ingest.Row, bool) {
	text = bytes.TrimSpace(bytes.TrimPrefix(text, []byte("\xef\xbb\xbf")))
	if len(text) == 0 {
		return ingest.Row{}, false
	}
	// The fast path fills the decoder's own row: a local one, its address
	// taken, was a heap object per line.
	d.row = ingest.Row{}
	if hasSource, ok := d.fastDecode(text, &d.row); ok {
		ok := d.complete(&d.row, line, hasSource)
		return d.row, ok
	}
	return d.decodeSlow(text, line)
}

// decodeSlow is decode for the lines the fast path leaves: the members
// sorted by key, each set by reflection.
func (d *decoder) decodeSlow(text []byte, line int64) (ingest.Row, bool) {
	var row ingest.Row
	ms, plain := members(text, d.ms, &d.order)
	d.ms = ms
	if !plain {
		var obj map[string]json.RawMessage
		if text[0] != '{' || json.Unmarshal(text, &obj) != nil {
			d.problem(line, "not a JSON object, skipped")
			return row, false
		}
		ms = ms[:0]
		for k, raw := range obj {
			ms = append(ms, member{key: k, raw: raw})
		}
		sort.Slice(ms, func(i, j int) bool { return ms[i].key < ms[j].key }) // reports come in a stable order
	}
	v := reflect.ValueOf(&row).Elem()
	hasSource := false
	for _, m := range ms {
		k, raw := m.key, json.RawMessage(m.raw)
		switch k {
		case "ingest_run":
			if !d.warned[k] {
				d.warned[k] = true
				d.problem(line, "key %q is set by permsim at ingest; ignored", k)
			}
			continue
		case "input_json":
			s, err := inputJSON(raw)
			if err != nil {
				d.problem(line, "input_json: %v; line skipped", err)
				return row, false
			}
			row.InputJSON = s
			continue
		case "source_file":
			hasSource = true
		}
		c, ok := columns[k]
		if !ok {
			if !d.warned[k] {
				d.warned[k] = true
				d.problem(line, "unknown key %q ignored (keys are the calls table's column names)", k)
			}
			continue
		}
		if err := set(v.Field(c.index), raw); err != nil {
			d.problem(line, "%s: %v; line skipped", k, err)
			return row, false
		}
	}
	return row, d.complete(&row, line, hasSource)
}

// complete checks the rules of a decoded line and fills in the defaults;
// false when the line breaks a rule (reported).
func (d *decoder) complete(row *ingest.Row, line int64, hasSource bool) bool {
	if strings.TrimSpace(row.Harness) == "" {
		d.problem(line, `"harness" is required; line skipped`)
		return false
	}
	if row.Tool == "" {
		row.Tool = "other"
		if row.Command != "" {
			row.Tool = "bash"
		}
	} else if !tools[row.Tool] {
		d.problem(line, "tool %q is not one of bash, read, edit, write, glob, grep, webfetch, websearch, mcp, other; line skipped", row.Tool)
		return false
	}
	if row.Result == "" {
		row.Result = "unknown"
	} else if !results[row.Result] {
		d.problem(line, "result %q is not one of ok, error, denied, unknown; line skipped", row.Result)
		return false
	}
	if row.RecordedOutcome != "" && !slices.Contains(toolcall.RecordedOutcomes, row.RecordedOutcome) {
		d.problem(line, "recorded_outcome %q is not one of %s; line skipped", row.RecordedOutcome, strings.Join(toolcall.RecordedOutcomes, ", "))
		return false
	}
	if row.ModeSource == "" {
		row.ModeSource = "none"
		if row.Mode != "" {
			row.ModeSource = "import"
		}
	}
	if row.Seq == 0 {
		row.Seq = line
	}
	if !hasSource {
		row.SourceFile, row.SourceOffset = d.path, line
	}
	if row.CallKey == "" {
		if row.CallID != "" {
			row.CallKey = row.Harness + ":" + row.SessionID + ":" + row.CallID
		} else {
			row.CallKey = row.Harness + ":" + d.path + ":" + strconv.FormatInt(line, 10)
		}
	}
	if filepath.IsAbs(row.Cwd) {
		for i, p := range row.Paths {
			if p != "" && !filepath.IsAbs(p) {
				row.Paths[i] = d.join(row.Cwd, p)
			}
		}
	}
	return true
}

// inputJSON accepts the tool's arguments as a JSON value, or as a string
// holding JSON text.
func inputJSON(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if string(raw) == "null" {
		return "", nil
	}
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return "", err
		}
		if !json.Valid([]byte(s)) {
			return "", errors.New("a string here must hold JSON text")
		}
		return s, nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return "", err
	}
	return buf.String(), nil
}

var (
	timeType    = reflect.TypeFor[time.Time]()
	intPtrType  = reflect.TypeFor[*int64]()
	stringsType = reflect.TypeFor[[]string]()
)

// set decodes raw into one field of a Row, by the field's type; null
// leaves the zero value.
func set(f reflect.Value, raw json.RawMessage) error {
	raw = bytes.TrimSpace(raw)
	if string(raw) == "null" {
		return nil
	}
	switch f.Type() {
	case timeType:
		s, ok := plainString(raw)
		if !ok && json.Unmarshal(raw, &s) != nil {
			return errors.New("want a time as an RFC 3339 string, like \"2026-03-14T09:00:09Z\"")
		}
		t, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			return fmt.Errorf("%q is not an RFC 3339 time", s)
		}
		f.Set(reflect.ValueOf(t.UTC()))
		return nil
	case intPtrType:
		n, err := integer(raw)
		if err != nil {
			return err
		}
		f.Set(reflect.ValueOf(&n))
		return nil
	case stringsType:
		var one string
		if json.Unmarshal(raw, &one) == nil {
			f.Set(reflect.ValueOf([]string{one}))
			return nil
		}
		var many []string
		if err := json.Unmarshal(raw, &many); err != nil {
			return errors.New("want a string or an array of strings")
		}
		f.Set(reflect.ValueOf(many))
		return nil
	}
	switch f.Kind() {
	case reflect.String:
		s, ok := plainString(raw)
		if !ok && json.Unmarshal(raw, &s) != nil {
			return errors.New("want a string")
		}
		f.SetString(s)
	case reflect.Bool:
		var b bool
		if err := json.Unmarshal(raw, &b); err != nil {
			return errors.New("want true or false")
		}
		f.SetBool(b)
	case reflect.Int64:
		n, err := integer(raw)
		if err != nil {
			return err
		}
		f.SetInt(n)
	default:
		return fmt.Errorf("cannot be imported (a %s column)", f.Type())
	}
	return nil
}

func integer(raw json.RawMessage) (int64, error) {
	n, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		return 0, errors.New("want a whole number")
	}
	return n, nil
}
