-- calls: one row per call_key, the copy that counts. A forked or resumed
-- session's copied record shares its original's call_key; the original has
-- the lowest copy_rank (compared as a string, with NULL read as the empty
-- string the writer stored as NULL), and among rows of the same copy_rank
-- the one written by the latest ingest run wins, because a later run saw
-- more of the transcript (a result that had not arrived yet, say). The last
-- two sort keys only make the choice stable when everything else ties.
-- Rows without a call_key cannot be copies of anything and are all kept.
-- The rule itself is calls_dedupe.sql, shared with the report's own copy
-- of this view (report_calls.sql).
CREATE OR REPLACE VIEW calls AS
SELECT *
FROM calls_all
{{dedupe}}
