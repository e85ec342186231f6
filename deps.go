//go:build tools

// This file pins the project's chosen dependencies while packages that use
// them are being written; it is removed once every one is imported.
package main

import (
	_ "github.com/apache/arrow-go/v18/parquet/file"
	_ "github.com/apache/arrow-go/v18/parquet/pqarrow"
	_ "github.com/duckdb/duckdb-go/v2"
	_ "github.com/goccy/go-json"
	_ "github.com/klauspost/compress/zstd"
	_ "github.com/spf13/pflag"
	_ "mvdan.cc/sh/v3/syntax"
)
