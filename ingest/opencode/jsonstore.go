package opencode

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"sort"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/internal/jsonpos"
	"github.com/permsim/permsim/internal/safefile"
)

// jsonStateVersion changes whenever jsonState changes shape; a manifest
// entry of another version is ignored and its file read again.
const jsonStateVersion = 1

// jsonState is what the manifest keeps of one JSON record file, so that a
// session whose part files changed is read again without opening its
// unchanged session and message files.
type jsonState struct {
	V       int      `json:"v"`
	Bad     bool     `json:"bad,omitempty"` // not JSON when last read: reported once, read again when it changes
	Session *session `json:"s,omitempty"`
	Message *message `json:"m,omitempty"`
	Tool    bool     `json:"t,omitempty"` // a tool part: counts in the session's call order
}

func (st *jsonState) encode() []byte {
	st.V = jsonStateVersion
	b, _ := json.Marshal(st) // plain strings and numbers: cannot fail
	return b
}

func decodeJSONState(b []byte) *jsonState {
	var st jsonState
	if len(b) == 0 || json.Unmarshal(b, &st) != nil || st.V != jsonStateVersion {
		return nil
	}
	return &st
}

// recordKind tells a record file by its folder: storage/<kind>/<owner>/<id>.json.
func recordKind(path string) string {
	return filepath.Base(filepath.Dir(filepath.Dir(path)))
}

// readJSONGroup reads the JSON records of one session: the session and
// message files first (they hold the project folder, the agent and the
// cwd), then the part files in id order, which is the order OpenCode made
// them in and so numbers the calls.
func readJSONGroup(ctx context.Context, files []ingest.File, prev map[string]ingest.FileState, sink ingest.Sink) (map[string]ingest.FileState, error) {
	out := make(map[string]ingest.FileState, len(files))
	var sess *session
	msgs := map[string]*message{}
	type partFile struct {
		path string
		fi   os.FileInfo
		st   *jsonState // nil: new or changed, to be read
	}
	var parts []partFile
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		fi, err := os.Stat(f.Path)
		if err != nil {
			sink.Problem(ingest.Problem{File: f.Path, Msg: "cannot read: " + err.Error()})
			continue
		}
		var st *jsonState
		if p, ok := prev[f.Path]; ok && unchanged(fi, p) {
			st = decodeJSONState(p.State)
		}
		kind := recordKind(f.Path)
		if kind == "part" {
			parts = append(parts, partFile{f.Path, fi, st})
			continue
		}
		if kind != "session" && kind != "message" {
			continue
		}
		if st == nil {
			data, ok := readFile(f.Path, fi, sink)
			if !ok {
				continue
			}
			st = &jsonState{}
			if kind == "session" {
				var r rawSession
				if st.Bad = !decodeRecord(sink, f.Path, data, &r); !st.Bad {
					s := r.session()
					st.Session = &s
				}
			} else {
				var r rawMessage
				if st.Bad = !decodeRecord(sink, f.Path, data, &r); !st.Bad {
					m := r.message()
					if m.ID == "" {
						m.ID = trimJSON(filepath.Base(f.Path))
					}
					st.Message = &m
				}
			}
		}
		if st.Session != nil {
			sess = st.Session
		}
		if st.Message != nil {
			msgs[st.Message.ID] = st.Message
		}
		out[f.Path] = fileState(f.Path, fi, st.encode())
	}

	sort.Slice(parts, func(i, j int) bool { return filepath.Base(parts[i].path) < filepath.Base(parts[j].path) })
	var seq int64
	for _, pf := range parts {
		if err := ctx.Err(); err != nil {
			return out, err
		}
		if pf.st != nil {
			if pf.st.Tool {
				seq++
			}
			out[pf.path] = fileState(pf.path, pf.fi, pf.st.encode())
			continue
		}
		data, ok := readFile(pf.path, pf.fi, sink)
		if !ok {
			continue
		}
		st := &jsonState{}
		var p part
		if err := json.Unmarshal(data, &p); err != nil {
			reportJSON(sink, pf.path, data, err)
			st.Bad = true
		} else if p.Type == "tool" {
			p.raw = data
			st.Tool = true
			seq++
			if p.isCall() {
				if p.MessageID == "" {
					p.MessageID = filepath.Base(filepath.Dir(pf.path))
				}
				if p.ID == "" {
					p.ID = trimJSON(filepath.Base(pf.path))
				}
				sink.Row(buildRow(&p, msgs[p.MessageID], sess, seq, where{file: pf.path, offset: 1, store: "1"}))
			}
		}
		out[pf.path] = fileState(pf.path, pf.fi, st.encode())
	}
	return out, nil
}

func trimJSON(name string) string { return name[:len(name)-len(filepath.Ext(name))] }

// MaxRecordFile is the largest OpenCode record file read: parts hold one
// tool call's input and output and are kilobytes; a larger one (a hostile
// or broken 600 MB part) is a Problem, not a run that holds it in memory.
const MaxRecordFile = 64 << 20

// readFile reads one whole record file (they are small: OpenCode rewrites
// each whole on every change), reporting a file it cannot read; fi is the
// stat the group made of it.
func readFile(path string, fi os.FileInfo, sink ingest.Sink) ([]byte, bool) {
	data, err := readRecord(path, fi)
	if err != nil {
		sink.Problem(ingest.Problem{File: path, Msg: "cannot read: " + err.Error()})
		return nil, false
	}
	sink.Bytes(int64(len(data)))
	return data, true
}

// decodeRecord decodes the record file's data into v; a record that is
// not valid JSON is reported (reportJSON) and decodeRecord is false.
func decodeRecord(sink ingest.Sink, path string, data []byte, v any) bool {
	if err := json.Unmarshal(data, v); err != nil {
		reportJSON(sink, path, data, err)
		return false
	}
	return true
}

// reportJSON reports a record that is not valid JSON at the line where
// decoding stopped (a file cut short by a crash stops at its last line).
func reportJSON(sink ingest.Sink, path string, data []byte, err error) {
	line := int64(0)
	if off, _ := jsonpos.Offset(err); off >= 0 {
		line = int64(jsonpos.Line(data, off))
	}
	sink.Problem(ingest.Problem{File: path, Line: line, Msg: "not a valid JSON record, skipped: " + err.Error()})
}

// readRecord is safefile.ReadFile(path, MaxRecordFile) with the buffer
// sized by the open file: one read and the one that finds the end, where
// io.ReadAll's buffer, starting at 512 bytes and growing, took a read
// call per step (the reads were most of BenchmarkRead/json's time: a
// record is a few KB). Anything unusual — a file over the cap — is left
// to safefile.ReadFile, so its errors read as before. The file is opened
// with safefile.OpenStat: the group's stat, fi, stands for Open's stat
// before the open, and the stat of the open file, which Open made anyway,
// sizes the buffer (three system calls of nine per file fewer).
func readRecord(path string, fi os.FileInfo) ([]byte, error) {
	f, st, err := safefile.OpenStat(path, fi)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st.Size() > MaxRecordFile {
		return safefile.ReadFile(path, MaxRecordFile)
	}
	// The file may grow while read: never read past the cap.
	r := io.LimitReader(f, MaxRecordFile+1)
	data := make([]byte, 0, st.Size()+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if int64(len(data)) > MaxRecordFile {
		return safefile.ReadFile(path, MaxRecordFile)
	}
	return data, nil
}
