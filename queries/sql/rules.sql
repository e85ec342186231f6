-- rules: every rule of every project replay loaded, in force or not
-- (replay.RuleRow). Not partitioned. The typed SELECT ... WHERE false is
-- the schema, so the view exists before the first replay.
CREATE OR REPLACE VIEW rules AS
SELECT
    NULL::VARCHAR AS project_dir,
    NULL::VARCHAR AS harness,
    NULL::VARCHAR AS file,
    NULL::VARCHAR AS layer,
    NULL::VARCHAR AS list,
    NULL::VARCHAR AS rule,
    NULL::BOOLEAN AS in_force,
    NULL::VARCHAR AS why
WHERE false
{{parquet}}
