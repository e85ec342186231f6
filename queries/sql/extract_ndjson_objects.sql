-- Claude Code tool calls counted by DuckDB's read_ndjson_objects: each line
-- is one JSON value, and json_extract does the rest. progress lines are not
-- counted; a line cut off mid-write is skipped (ignore_errors). Lines up to
-- 32 MiB are read (the read buffer is twice that per thread).
SELECT coalesce(sum(len(list_filter(
           json_extract_string(json, '$.message.content[*].type'),
           lambda t: t = 'tool_use'))), 0)::BIGINT AS calls
FROM read_ndjson_objects(
    {{files}},
    ignore_errors = true,
    maximum_object_size = 33554432
)
WHERE json_extract_string(json, '$.type') = 'assistant'
