-- The copy of each call_key that counts (calls.sql says why): the lowest
-- copy_rank, then the latest ingest run; rows without a call_key are all
-- kept. Filled in after "FROM calls_all" by calls.sql and report_calls.sql.
QUALIFY call_key IS NULL
     OR row_number() OVER (
            PARTITION BY call_key
            ORDER BY coalesce(copy_rank, '') ASC,
                     coalesce(ingest_run, 0) DESC,
                     source_file ASC NULLS LAST,
                     source_offset ASC NULLS LAST
        ) = 1
