-- The Parquet files of a Hive-partitioned table (harness=…/date=…), listed
-- one by one so temporary files are never read. The partition values are
-- read as text: date is "unknown" for calls without a time.
UNION ALL BY NAME
SELECT *
FROM read_parquet(
    {{files}},
    hive_partitioning = true,
    hive_types = {'harness': VARCHAR, 'date': VARCHAR},
    union_by_name = true
)
