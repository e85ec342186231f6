package cursor

import (
	"regexp"
	"strconv"

	json "github.com/goccy/go-json"

	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/toolcall"
)

// NormalizeTool maps a Cursor CLI tool name to the calls table's tool word
// (transcript-formats.md §7.1, Cursor column): Shell → bash; Read → read;
// Edit, StrReplace, MultiEdit, Delete → edit; Write → write; Glob → glob;
// Grep → grep; WebFetch → webfetch; WebSearch → websearch; mcp_… → mcp;
// anything else (Task, TodoWrite, LS, …) → other. Only Shell and Task are
// seen in real store.db files; the other names are inferred from the wire
// protocol's readToolCall, editToolCall, … and from the permission rules'
// Shell(…), Read(…), Write(…).
func NormalizeTool(name string) string { return string(toolcall.CursorNames.Normalize(name)) }

// args holds the tool arguments the calls table reads, under each name
// the tools are thought to use.
type args struct {
	Command         string `json:"command"`
	Path            string `json:"path"`
	FilePath        string `json:"filePath"`
	TargetFile      string `json:"targetFile"`
	TargetDirectory string `json:"targetDirectory"`
	Pattern         string `json:"pattern"`
	GlobPattern     string `json:"globPattern"`
	URL             string `json:"url"`
	Query           string `json:"query"`
	SearchTerm      string `json:"searchTerm"`
}

// fillArgs copies what the table needs out of a call's arguments into row;
// relative paths are taken against the project folder, the only cwd a
// chat knows.
func fillArgs(row *ingest.Row, raw []byte) {
	if row.Tool == "mcp" {
		return // an MCP tool's "path" means whatever its server says
	}
	var a args
	if len(raw) > 0 && raw[0] == '{' {
		_ = json.Unmarshal(raw, &a)
	}
	path := first(a.Path, a.FilePath, a.TargetFile)
	switch row.Tool {
	case "bash":
		row.Command = a.Command
	case "read", "write", "edit":
		row.Paths = ingest.AppendPath(nil, path, row.Cwd)
	case "glob", "grep":
		row.Pattern = first(a.Pattern, a.GlobPattern)
		row.Paths = ingest.AppendPath(nil, first(path, a.TargetDirectory, row.Cwd), row.Cwd)
	case "webfetch":
		row.URL = a.URL
	case "websearch":
		row.Query = first(a.Query, a.SearchTerm)
	case "other":
		if row.RawTool == "LS" {
			row.Paths = ingest.AppendPath(nil, first(path, a.TargetDirectory, row.Cwd), row.Cwd)
		}
	}
}

func first(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// exitLine is how a Shell result starts: "Exit code: N".
var exitLine = regexp.MustCompile(`^Exit code: (-?\d+)`)

// classify turns the start of a tool-result's text into the table's
// result and exit code: a shell that exited non-zero is an error, as is a
// result flagged isError; anything else that has a result ran. How Cursor
// records a refused call is not known, so no result is ever "denied".
func classify(tool string, text []byte, isError bool) (string, *int64) {
	var exit *int64
	if tool == "bash" {
		if m := exitLine.FindSubmatch(text); m != nil {
			if n, err := strconv.ParseInt(string(m[1]), 10, 64); err == nil {
				exit = &n
			}
		}
	}
	if isError || (exit != nil && *exit != 0) {
		return "error", exit
	}
	return "ok", exit
}
