package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/permsim/permsim/internal/safefile"
)

// maxQueryBytes bounds a query read from a file or stdin: a query is
// text a person wrote, and a bound keeps a wrong file (a Parquet file, a
// log) from being read whole into memory.
const maxQueryBytes = 1 << 20

// readQuery reads the SQL text of `permsim sql -f FILE` (FILE "-": stdin).
// An empty text, one above maxQueryBytes, or one that is not UTF-8 text is
// refused with the file's name.
func readQuery(file string, stdin io.Reader) (string, error) {
	name := file
	var r io.Reader
	if file == "-" {
		name, r = "stdin", stdin
		if r == nil {
			return "", usageError{msg: "-: no stdin to read the query from"}
		}
	} else {
		f, err := safefile.Open(file)
		if err != nil {
			return "", fmt.Errorf("-f %s: %w", file, err)
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxQueryBytes+1))
	if err != nil {
		return "", fmt.Errorf("-f %s: %w", name, err)
	}
	switch {
	case len(b) > maxQueryBytes:
		return "", usageError{msg: fmt.Sprintf("%s: the query is longer than %d bytes", name, maxQueryBytes), hint: "is it the right file? -f takes a file of SQL text"}
	case !utf8.Valid(b):
		return "", usageError{msg: fmt.Sprintf("%s: not UTF-8 text", name), hint: "is it the right file? -f takes a file of SQL text"}
	case strings.TrimSpace(string(b)) == "":
		return "", usageError{msg: fmt.Sprintf("%s: holds no query", name)}
	}
	return string(b), nil
}

// sqlWidth is the width `permsim sql` fits its table in: the terminal's
// (terminalWidth, $COLUMNS first) when stdout is a terminal, else 0 — a
// pipe or a file gets every value whole, since a script reads them.
func sqlWidth(stdout io.Writer) int {
	f, ok := fileOf(stdout)
	if !ok {
		return 0
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return 0
	}
	if n := terminalWidth(stdout); n > 0 {
		return n
	}
	return 80
}
