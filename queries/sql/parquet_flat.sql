-- The Parquet files of an unpartitioned table, listed one by one so
-- temporary files are never read.
UNION ALL BY NAME
SELECT *
FROM read_parquet(
    {{files}},
    hive_partitioning = false,
    union_by_name = true
)
