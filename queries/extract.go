package queries

import (
	"context"
	"fmt"
)

// ExtractModes lists the modes ExtractToolCalls accepts.
var ExtractModes = []string{"read_json", "read_ndjson_objects"}

// ExtractToolCalls counts the tool_use blocks of the assistant lines of
// Claude Code transcript files (JSONL) with DuckDB alone, as the yardstick
// that permsim's own ingest is benchmarked against on the same files. mode
// picks DuckDB's reader:
//
//   - "read_json": read_json with explicit columns (type, and
//     message.content as raw JSON), so DuckDB parses nothing else;
//   - "read_ndjson_objects": each line as one JSON value, then json_extract.
//
// Lines of other types are not counted; in particular progress lines, which
// embed copies of subagent messages. Lines that are not valid JSON (a last
// line cut off mid-write) are skipped. Copies of a call in other files are
// counted again: this is a parsing yardstick, not the calls table. No files
// count 0; a remote path is refused with an error wrapping ErrRemotePath.
func ExtractToolCalls(ctx context.Context, files []string, mode string) (calls int, err error) {
	var file string
	switch mode {
	case "read_json":
		file = "extract_read_json.sql"
	case "read_ndjson_objects":
		file = "extract_ndjson_objects.sql"
	default:
		return 0, fmt.Errorf("unknown extract mode %q (want read_json or read_ndjson_objects)", mode)
	}
	if len(files) == 0 {
		return 0, nil
	}
	for _, f := range files {
		if err := CheckLocal(f); err != nil {
			return 0, err
		}
	}
	db, tmpDir, err := openDuckDB()
	if err != nil {
		return 0, err
	}
	d := &DB{db: db, tmpDir: tmpDir}
	defer d.Close()

	var n int64
	q := fill(mustSQL(file), map[string]string{"files": sqlStringList(files)})
	if err := d.db.QueryRowContext(ctx, q).Scan(&n); err != nil {
		return 0, fmt.Errorf("extract tool calls (%s): %w", mode, err)
	}
	return int(n), nil
}
