package replay

import (
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/toolcall"
)

// callSpecs are the calls columns replay reads: every field selectCalls,
// decideIn, a RecordedModer (Codex: mode and sandbox) or a DecisionRow
// reads, with their kinds; a field missing here reads as zero (source_file:
// nothing decides with it, and it is a long string per row). Rows are
// built from them by column, without reflection and with
// no allocation per row (the strings are views of each row group's column
// buffers; see ownCall for where one must be copied).
var callSpecs = []dataset.ColumnSpec{
	{Name: "harness", Kind: dataset.KindString},
	{Name: "session_id", Kind: dataset.KindString},
	{Name: "project_dir", Kind: dataset.KindString},
	{Name: "cwd", Kind: dataset.KindString},
	{Name: "project_hash", Kind: dataset.KindString},
	{Name: "ts", Kind: dataset.KindTime},
	{Name: "tool", Kind: dataset.KindString},
	{Name: "raw_tool", Kind: dataset.KindString},
	{Name: "command", Kind: dataset.KindString},
	{Name: "paths", Kind: dataset.KindStrings},
	{Name: "input_json", Kind: dataset.KindString},
	{Name: "mode", Kind: dataset.KindString},
	{Name: "mode_source", Kind: dataset.KindString},
	{Name: "sandbox", Kind: dataset.KindString},
	{Name: "escalated", Kind: dataset.KindBool},
	{Name: "result", Kind: dataset.KindString},
	{Name: "harness_version", Kind: dataset.KindString},
	{Name: "recorded_outcome", Kind: dataset.KindString},
	{Name: "recorded_evidence", Kind: dataset.KindString}, // the report's contradictions (reportvsrecord.go)
	{Name: "home", Kind: dataset.KindString},
	{Name: "call_key", Kind: dataset.KindString},
	{Name: "seq", Kind: dataset.KindInt64},
}

// sessionSpecs are the columns of callSpecs only a call decided with its
// session's history reads (sessionHistory.before): with no history in the
// table they are not read (two of the columns' chunks in every row group).
var sessionSpecs = map[string]bool{"session_id": true, "seq": true}

// readCalls gives fn every call of the calls table that ReadCalls would
// give, in the same order, as rows holding the columns of callSpecs
// (without sessionSpecs unless session is set: SessionID and Seq are then
// zero). The row is fn's only during the call: its strings are views of
// buffers of the row group being read. A row from a pulled part of a host
// in snapshots gets that host in Host (HostOfPart).
func readCalls(scan *ingest.CallsScan, session bool, snapshots map[string]string, fn func(*toolcall.Row) error) error {
	specs := callSpecs
	if !session {
		specs = nil
		for _, s := range callSpecs {
			if !sessionSpecs[s.Name] {
				specs = append(specs, s)
			}
		}
	}
	// col[name] is the column's index in specs, -1 when not read.
	col := map[string]int{}
	for _, s := range callSpecs {
		col[s.Name] = -1
	}
	for i, s := range specs {
		col[s.Name] = i
	}
	var r toolcall.Row
	return scan.ReadFiles(specs, func(file string, keep func(int) bool, first, n int, cols []dataset.ColumnValues) error {
		host := ""
		if h, ok := HostOfPart(file); ok && snapshots[h] != "" {
			host = h
		}
		harness, project, cwd := cols[col["harness"]].Strings, cols[col["project_dir"]].Strings, cols[col["cwd"]].Strings
		projectHash := cols[col["project_hash"]].Strings
		ts, tool, rawTool, command := cols[col["ts"]].Times, cols[col["tool"]].Strings, cols[col["raw_tool"]].Strings, cols[col["command"]].Strings
		paths, input, mode, modeSource := cols[col["paths"]].Lists, cols[col["input_json"]].Strings, cols[col["mode"]].Strings, cols[col["mode_source"]].Strings
		sandbox, escalated, result := cols[col["sandbox"]].Strings, cols[col["escalated"]].Bools, cols[col["result"]].Strings
		home, callKey := cols[col["home"]].Strings, cols[col["call_key"]].Strings
		version, recorded, evidence := cols[col["harness_version"]].Strings, cols[col["recorded_outcome"]].Strings, cols[col["recorded_evidence"]].Strings
		var sessionIDs []string
		var seqs []int64
		if session {
			sessionIDs, seqs = cols[col["session_id"]].Strings, cols[col["seq"]].Ints
		}
		for i := range n {
			if !keep(first + i) {
				continue
			}
			r = toolcall.Row{Harness: harness[i], ProjectDir: project[i], Cwd: cwd[i], ProjectHash: projectHash[i],
				Ts: ts[i], Tool: tool[i], RawTool: rawTool[i], Command: command[i], Paths: paths[i],
				InputJSON: input[i], Mode: mode[i], ModeSource: modeSource[i], Sandbox: sandbox[i],
				Escalated: escalated[i], Result: result[i], Home: home[i],
				CallKey: callKey[i], Host: host, HarnessVersion: version[i], RecordedOutcome: recorded[i],
				RecordedEvidence: evidence[i]}
			if session {
				r.SessionID, r.Seq = sessionIDs[i], seqs[i]
			}
			if err := fn(&r); err != nil {
				return err
			}
		}
		return nil
	})
}

// ownCall returns c with its own copy of every string: what a policy, a
// simulator's cache or the decision cache keeps of a call must not be a
// view of a row group's buffers, which it would keep alive whole.
func ownCall(c *toolcall.Row) toolcall.Row {
	o := *c
	cl := strings.Clone
	o.Harness, o.SessionID, o.ProjectDir, o.Cwd = cl(c.Harness), cl(c.SessionID), cl(c.ProjectDir), cl(c.Cwd)
	o.ProjectHash = cl(c.ProjectHash)
	o.Tool, o.RawTool, o.Command, o.InputJSON = cl(c.Tool), cl(c.RawTool), cl(c.Command), cl(c.InputJSON)
	o.Mode, o.ModeSource, o.Sandbox, o.Result = cl(c.Mode), cl(c.ModeSource), cl(c.Sandbox), cl(c.Result)
	o.SourceFile, o.Home, o.CallKey = cl(c.SourceFile), cl(c.Home), cl(c.CallKey)
	o.HarnessVersion, o.RecordedOutcome = cl(c.HarnessVersion), cl(c.RecordedOutcome)
	if c.Paths != nil {
		o.Paths = make([]string, len(c.Paths))
		for i, p := range c.Paths {
			o.Paths[i] = cl(p)
		}
	}
	return o
}

// HostOfPart is the host a pulled calls file came from: its name is
// part-host-<id>-<run>-<n>.parquet (remote.CacheName), where run and n are
// numbers and the id may hold '-'. ok is false for a store's own parts.
func HostOfPart(file string) (string, bool) {
	base := filepath.Base(file)
	rest, ok := strings.CutPrefix(base, "part-host-")
	if !ok {
		return "", false
	}
	rest, ok = strings.CutSuffix(rest, ".parquet")
	if !ok {
		return "", false
	}
	for range 2 {
		i := strings.LastIndexByte(rest, '-')
		if i <= 0 || !allDigits(rest[i+1:]) {
			return "", false
		}
		rest = rest[:i]
	}
	return rest, rest != ""
}

func allDigits(s string) bool {
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
