// Package dataset writes and reads the project's tables (calls, decisions,
// rules) as Hive-partitioned Parquet datasets of Go structs whose fields carry
// `col:"name"` tags.
//
// It uses arrow-go's low-level parquet/file and parquet/schema column
// writers and readers, not pqarrow: the same files, without building Arrow
// arrays, and a binary about 14 MB smaller (pqarrow links gRPC). Files are
// zstd-compressed, in row groups of DuckDB's own size, and are written under
// a temp name and renamed only when whole, so a reader (this package's, or
// DuckDB's `read_parquet('<dir>/<table>/**/*.parquet', hive_partitioning=true)`)
// never sees a half-written file.
//
// Glob one table folder, never the whole output folder: a Replace writer
// stages the new table in a sibling folder <dir>/.<table>.new-<run id>
// whose files already carry their final names, and DuckDB's `**` descends
// into dot-folders. DuckDB reads a time column as TIMESTAMP WITH TIME ZONE,
// and a `date=` partition as VARCHAR only while some value is "unknown"
// (else as DATE); pass hive_types={'date': VARCHAR} for a stable type.
package dataset
