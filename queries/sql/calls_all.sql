-- calls_all: every row of the calls table, copies included, with the Hive
-- partition columns harness and date taken from the folder names.
--
-- The typed SELECT ... WHERE false is the table's schema (the columns of
-- ingest.Row): it gives the view its column names, order and types even
-- before the first ingest, and UNION ALL BY NAME lets files written by an
-- older permsim, which lack a newer column, still be read (as NULL).
-- Times are cast to TIMESTAMP (UTC: every connection runs in UTC) because a
-- Parquet writer may store them as UTC-adjusted or nanosecond timestamps,
-- which DuckDB would otherwise read as TIMESTAMPTZ or TIMESTAMP_NS; for
-- files that already hold TIMESTAMP the cast costs nothing.
-- first_path (paths[1]) is added so a query can show one path without
-- indexing a list.
CREATE OR REPLACE VIEW calls_all AS
SELECT * REPLACE (ts::TIMESTAMP AS ts, result_ts::TIMESTAMP AS result_ts),
       paths[1] AS first_path
FROM (
SELECT
    NULL::VARCHAR   AS harness,
    NULL::VARCHAR   AS harness_version,
    NULL::VARCHAR   AS session_id,
    NULL::VARCHAR   AS parent_session_id,
    NULL::VARCHAR   AS agent_id,
    NULL::BOOLEAN   AS is_subagent,
    NULL::VARCHAR   AS project_dir,
    NULL::VARCHAR   AS cwd,
    NULL::VARCHAR   AS project_hash,
    NULL::TIMESTAMP AS ts,
    NULL::BIGINT    AS seq,
    NULL::VARCHAR   AS call_id,
    NULL::VARCHAR   AS tool,
    NULL::VARCHAR   AS raw_tool,
    NULL::VARCHAR   AS command,
    NULL::VARCHAR[] AS paths,
    NULL::VARCHAR   AS pattern,
    NULL::VARCHAR   AS url,
    NULL::VARCHAR   AS query,
    NULL::VARCHAR   AS input_json,
    NULL::VARCHAR   AS mode,
    NULL::VARCHAR   AS mode_source,
    NULL::VARCHAR   AS sandbox,
    NULL::BOOLEAN   AS escalated,
    NULL::BIGINT    AS timeout_ms,
    NULL::BOOLEAN   AS background,
    NULL::VARCHAR   AS result,
    NULL::BIGINT    AS exit_code,
    NULL::TIMESTAMP AS result_ts,
    NULL::VARCHAR   AS model,
    NULL::VARCHAR   AS spawns_agent,
    NULL::VARCHAR   AS source_file,
    NULL::VARCHAR   AS home,
    NULL::BIGINT    AS source_offset,
    NULL::VARCHAR   AS call_key,
    NULL::VARCHAR   AS copy_rank,
    NULL::BIGINT    AS ingest_run,
    NULL::BOOLEAN   AS rewound,
    NULL::VARCHAR   AS output,
    NULL::BOOLEAN   AS text_repaired,
    NULL::VARCHAR   AS recorded_outcome,
    NULL::VARCHAR   AS recorded_evidence,
    NULL::VARCHAR   AS date
WHERE false
{{parquet}}
)
