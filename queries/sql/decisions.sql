-- decisions: one row per decided call (replay.DecisionRow), with the Hive
-- partition columns harness and date. The typed SELECT ... WHERE false is
-- the schema, so the view exists before the first replay. Times are cast to
-- TIMESTAMP for the reason given in calls_all.sql.
--
-- Three columns are added for SQL that reads easily (see docs/sql.md):
-- outcome_group is "group" under a name that needs no quoting ("group"
-- stays, as an alias, for a release); first_path is paths[1]; danger_text
-- is the danger list as one comma-separated text.
CREATE OR REPLACE VIEW decisions AS
SELECT * REPLACE (ts::TIMESTAMP AS ts),
       "group"                          AS outcome_group,
       paths[1]                         AS first_path,
       array_to_string(danger, ', ')    AS danger_text
FROM (
SELECT
    NULL::VARCHAR   AS call_key,
    NULL::VARCHAR   AS harness,
    NULL::TIMESTAMP AS ts,
    NULL::VARCHAR   AS project_dir,
    NULL::VARCHAR   AS tool,
    NULL::VARCHAR   AS command,
    NULL::VARCHAR[] AS paths,
    NULL::VARCHAR   AS mode,
    NULL::VARCHAR   AS mode_label,
    NULL::VARCHAR   AS outcome,
    NULL::VARCHAR   AS "group",
    NULL::VARCHAR   AS step,
    NULL::VARCHAR   AS rule_text,
    NULL::VARCHAR   AS rule_file,
    NULL::VARCHAR   AS rule_layer,
    NULL::VARCHAR   AS rule_list,
    NULL::VARCHAR   AS reason,
    NULL::VARCHAR[] AS needs,
    NULL::VARCHAR[] AS notes,
    NULL::BOOLEAN   AS dangerous,
    NULL::VARCHAR[] AS danger,
    NULL::VARCHAR   AS result,
    NULL::VARCHAR   AS label,
    NULL::VARCHAR   AS engine_version,
    NULL::VARCHAR   AS policy_hash,
    NULL::VARCHAR   AS harness_version,
    NULL::VARCHAR   AS recorded_outcome,
    NULL::VARCHAR   AS agreement,
    NULL::VARCHAR   AS agreement_reason,
    NULL::VARCHAR   AS mode_basis,
    NULL::VARCHAR   AS version_basis,
    NULL::VARCHAR   AS settings_basis,
    NULL::VARCHAR   AS folder_basis,
    NULL::VARCHAR   AS version_decided,
    NULL::VARCHAR   AS date
WHERE false
{{parquet}}
)
