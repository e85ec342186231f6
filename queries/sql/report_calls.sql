-- The report's copy of the calls view, made once per report: only the
-- columns its sections read, deduplicated by the view's own rule
-- (calls_dedupe.sql) once instead of once per section (the window over every
-- call was most of the report's time), and narrowed to the report's window
-- ({{where}}, after the dedupe, as the view narrowed is).
CREATE TEMP TABLE {{table}} AS
SELECT *
FROM (
    SELECT call_key, harness, project_dir, ts, tool, raw_tool, result,
           command, paths, url, query, pattern, recorded_evidence
    FROM calls_all
    {{dedupe}}
)
{{where}}
