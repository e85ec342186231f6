-- Claude Code tool calls counted by DuckDB's read_json with explicit
-- columns: only type and message.content are parsed (content as raw JSON,
-- since it is a string on user lines and a block array on assistant ones).
-- progress lines embed copies of subagent messages and are not counted.
-- A line cut off mid-write is skipped (ignore_errors). Lines up to 32 MiB
-- are read; the read buffer is twice that per thread, within the 1 GB limit.
SELECT coalesce(sum(len(list_filter(
           json_extract_string(message.content, '$[*].type'),
           lambda t: t = 'tool_use'))), 0)::BIGINT AS calls
FROM read_json(
    {{files}},
    format = 'newline_delimited',
    columns = {'type': 'VARCHAR', 'message': 'STRUCT(content JSON)'},
    ignore_errors = true,
    maximum_object_size = 33554432
)
WHERE type = 'assistant'
