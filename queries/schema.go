package queries

import (
	"context"
	"fmt"
	"io"
	"strings"
)

// ViewDoc documents one view `permsim sql` can query.
type ViewDoc struct {
	Name    string
	Meaning string
	Columns []ColumnDoc
}

// ColumnDoc is one column of a view: its name, DuckDB type and a one-line
// meaning.
type ColumnDoc struct {
	Name, Type, Meaning string
}

// callColumns are the columns of calls and calls_all (toolcall.Row, the
// partition column date, and first_path).
var callColumns = []ColumnDoc{
	{"harness", "VARCHAR", "the agent: claude-code, codex, gemini, opencode, cursor, codey"},
	{"harness_version", "VARCHAR", "version of the agent that wrote the record, when recorded"},
	{"session_id", "VARCHAR", "the session the call first happened in"},
	{"parent_session_id", "VARCHAR", "for a subagent's call: its parent session"},
	{"agent_id", "VARCHAR", "the subagent's id"},
	{"is_subagent", "BOOLEAN", "the call was made by a subagent"},
	{"project_dir", "VARCHAR", "the project folder the session worked in"},
	{"cwd", "VARCHAR", "the working folder when the call was made"},
	{"project_hash", "VARCHAR", "the project folder's hash as the transcript records it (Gemini CLI: hex SHA-256 of the folder's absolute path); replay's --projects and --root find the folder by it when project_dir is empty; NULL for rows an older permsim wrote"},
	{"ts", "TIMESTAMP", "when the call was made (UTC); NULL when not recorded"},
	{"seq", "BIGINT", "order of the call within its session"},
	{"call_id", "VARCHAR", "the agent's own id of the call"},
	{"tool", "VARCHAR", "normalized tool: bash, read, edit, write, glob, grep, webfetch, websearch, mcp, other"},
	{"raw_tool", "VARCHAR", "the agent's own tool name (Bash, exec_command, run_shell_command, …)"},
	{"command", "VARCHAR", "the shell command line (bash calls)"},
	{"paths", "VARCHAR[]", "absolute paths the call names (a list: see first_path)"},
	{"pattern", "VARCHAR", "glob or grep pattern"},
	{"url", "VARCHAR", "fetched URL"},
	{"query", "VARCHAR", "web search query"},
	{"input_json", "VARCHAR", "the call's raw arguments, as JSON text"},
	{"mode", "VARCHAR", "permission mode the session recorded; NULL when none"},
	{"mode_source", "VARCHAR", "where the mode was read: prompt, mode-entry, parent, meta, turn_context, …"},
	{"sandbox", "VARCHAR", "sandbox state the call asked for (e.g. disabled-by-call)"},
	{"escalated", "BOOLEAN", "the call asked to leave the sandbox"},
	{"timeout_ms", "BIGINT", "the call's timeout in milliseconds; 0 when none"},
	{"background", "BOOLEAN", "the command ran in the background"},
	{"result", "VARCHAR", "what really happened: ok, error, denied, unknown"},
	{"exit_code", "BIGINT", "the shell command's exit code; NULL when unknown"},
	{"result_ts", "TIMESTAMP", "when the result was recorded (UTC)"},
	{"model", "VARCHAR", "the model that made the call"},
	{"spawns_agent", "VARCHAR", "for a call that starts a subagent: the child's id"},
	{"source_file", "VARCHAR", "the transcript file holding the call"},
	{"home", "VARCHAR", "the --home folder the file was found under (whose user settings apply)"},
	{"source_offset", "BIGINT", "line number (1-based) of the call in source_file"},
	{"call_key", "VARCHAR", "the call's stable key; joins calls to decisions"},
	{"copy_rank", "VARCHAR", "orders a forked call's copies, the original first"},
	{"ingest_run", "BIGINT", "the ingest run that wrote the row (unix nanoseconds)"},
	{"rewound", "BOOLEAN", "the conversation dropped the call later (it still ran)"},
	{"output", "VARCHAR", "the command's recorded output, kept for Gemini CLI shell calls (later calls are decided with it as session history); cut to 8,000 bytes"},
	{"text_repaired", "BOOLEAN", "a text of the call (command, paths, input_json, …) held bytes that are not UTF-8 in its transcript; each is stored as U+FFFD (NULL for rows an older permsim wrote)"},
	{"recorded_outcome", "VARCHAR", "what the transcript shows happened: ran, approved-ran, user-refused, rule-blocked, sandbox-refused, hook-stopped, classifier-refused, tool-error (the tool refused its input: says nothing of the permission); NULL when it shows nothing or an older permsim wrote the row"},
	{"recorded_evidence", "VARCHAR", "the transcript's text that shows recorded_outcome (the start of the result, its exit code line, the refusal), cut to 200 bytes"},
	{"date", "VARCHAR", "the call's day (YYYY-MM-DD), or unknown: the folder it is stored under"},
	{"first_path", "VARCHAR", "paths[1]: the first path the call names, NULL when none"},
}

// Views documents every view and column `permsim sql` offers, in the order
// DESCRIBE lists the columns. TestSchemaMatchesViews keeps it true.
var Views = []ViewDoc{
	{Name: "calls", Meaning: "one row per tool call (a forked session's copy of a call counts once)", Columns: callColumns},
	{Name: "calls_all", Meaning: "every stored row of the calls table, copies included", Columns: callColumns},
	{Name: "decisions", Meaning: "one row per decided call: what the simulator says the harness would do", Columns: []ColumnDoc{
		{"call_key", "VARCHAR", "the call's key: join with calls USING (call_key)"},
		{"harness", "VARCHAR", "the agent the call came from"},
		{"ts", "TIMESTAMP", "when the call was made (UTC)"},
		{"project_dir", "VARCHAR", "the project folder whose settings were applied"},
		{"tool", "VARCHAR", "normalized tool: bash, read, edit, write, glob, grep"},
		{"command", "VARCHAR", "the shell command line (bash calls)"},
		{"paths", "VARCHAR[]", "the paths the call names (a list: see first_path)"},
		{"mode", "VARCHAR", "the permission mode simulated"},
		{"mode_label", "VARCHAR", "where that mode came from: recorded, parent, settings, --mode, built-in default …"},
		{"outcome", "VARCHAR", "the simulated outcome: blocked, asks, runs, unknown"},
		{"group", "VARCHAR", "old name of outcome_group (needs quoting: \"group\"); kept for one release"},
		{"step", "VARCHAR", "the decision step that decided (e.g. \"2 deny rules\", \"1 mode\")"},
		{"rule_text", "VARCHAR", "the rule that decided, as written in its file; NULL when no rule did"},
		{"rule_file", "VARCHAR", "the settings file holding that rule"},
		{"rule_layer", "VARCHAR", "that file's layer: managed, user, project, local, …"},
		{"rule_list", "VARCHAR", "the rule's list: allow, ask, deny, …"},
		{"reason", "VARCHAR", "why, in words, when no rule decided (a mode, a read-only set, a sandbox)"},
		{"needs", "VARCHAR[]", "what the call needs that can make a harness ask: network, write-outside, …"},
		{"notes", "VARCHAR[]", "remarks of the simulator on this decision"},
		{"dangerous", "BOOLEAN", "the call is in a danger category"},
		{"danger", "VARCHAR[]", "its danger categories (a list: see danger_text)"},
		{"result", "VARCHAR", "what really happened (copied from calls.result at replay time)"},
		{"label", "VARCHAR", "how far the simulator was checked: \"simulated from the documented rules\", …"},
		{"engine_version", "VARCHAR", "the permsim version that decided"},
		{"policy_hash", "VARCHAR", "hash of the rules in force, to spot settings changes"},
		{"harness_version", "VARCHAR", "the agent version that recorded the call (copied from calls.harness_version); NULL when not recorded"},
		{"recorded_outcome", "VARCHAR", "what the transcript shows happened (copied from calls.recorded_outcome): ran, user-refused, rule-blocked, …"},
		{"agreement", "VARCHAR", "the simulated outcome against recorded_outcome: agrees, contradicts, not-comparable (NULL: decided by an older permsim)"},
		{"agreement_reason", "VARCHAR", "why, in words; \"exception: …\" when it agrees only by a reasoned exception the transcript shows (asked and approved; the classifier's verdict)"},
		{"mode_basis", "VARCHAR", "what the simulated mode rests on: recorded (the transcript), inferred (the parent session, or the settings as they are today), defaulted (the agent's built-in default), given (--mode)"},
		{"version_basis", "VARCHAR", "what the agent version rests on: recorded (the transcript, a checked version), inferred (recorded, but decided as the nearest checked version: see version_decided), defaulted (none recorded: the simulator's own version)"},
		{"settings_basis", "VARCHAR", "what the settings rest on: inferred (the files as they are today, assumed unchanged since the call), defaulted (the project folder was not found: only user and managed settings), given (--user-home)"},
		{"folder_basis", "VARCHAR", "what the project folder rests on: recorded (found where the transcript says), given (found through --root), defaulted (not recorded or not found)"},
		{"version_decided", "VARCHAR", "which harness version's behaviour decided: \"checked: 2.1.81\", or the nearest checked version a recorded version was decided as; empty when the call recorded none"},
		{"date", "VARCHAR", "the call's day (YYYY-MM-DD), or unknown"},
		{"outcome_group", "VARCHAR", "the scoring group: blocked, asks-rule, asks-mode, runs, unknown"},
		{"first_path", "VARCHAR", "paths[1]: the first path the call names, NULL when none"},
		{"danger_text", "VARCHAR", "the danger categories as one text, comma-separated"},
	}},
	{Name: "rules", Meaning: "every rule of every settings file replay loaded, in force or not", Columns: []ColumnDoc{
		{"project_dir", "VARCHAR", "the project whose settings were loaded"},
		{"harness", "VARCHAR", "the agent the rules are for"},
		{"file", "VARCHAR", "the settings or rules file"},
		{"layer", "VARCHAR", "its layer: managed, user, project, local, …"},
		{"list", "VARCHAR", "the rule's list: allow, ask, deny, …"},
		{"rule", "VARCHAR", "the rule as written"},
		{"in_force", "BOOLEAN", "the harness applies it (false: e.g. an untrusted project's file)"},
		{"why", "VARCHAR", "why it is not in force, when it is not"},
	}},
}

// WriteSchema prints every view and column with its type and meaning.
func WriteSchema(w io.Writer) error {
	var b strings.Builder
	for i, v := range Views {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s: %s\n", v.Name, v.Meaning)
		nameW, typeW := 0, 0
		for _, c := range v.Columns {
			nameW = max(nameW, len(c.Name))
			typeW = max(typeW, len(c.Type))
		}
		for _, c := range v.Columns {
			fmt.Fprintf(&b, "  %-*s  %-*s  %s\n", nameW, c.Name, typeW, c.Type, c.Meaning)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// viewColumns lists a view's columns and types as DESCRIBE gives them.
func (d *DB) viewColumns(ctx context.Context, view string) ([][2]string, error) {
	recs, err := d.recordsSQL(ctx, "DESCRIBE "+view)
	if err != nil {
		return nil, err
	}
	cols := make([][2]string, len(recs))
	for i, r := range recs {
		cols[i] = [2]string{str(r["column_name"]), str(r["column_type"])}
	}
	return cols, nil
}
