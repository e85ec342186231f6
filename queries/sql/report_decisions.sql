-- The report's copy of the decisions view, made once per report: only the
-- columns its sections read, narrowed to the report's window ({{where}}).
CREATE TEMP TABLE {{table}} AS
SELECT call_key, harness, ts, project_dir, tool, command, paths, mode,
       outcome, "group", step, rule_text, rule_file, rule_layer, reason,
       notes, dangerous, danger, result, label
FROM decisions
{{where}}
