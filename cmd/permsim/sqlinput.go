package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/sys/unix"

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

// terminalWidth is the width of the terminal stdout writes to, or 0 (no
// limit) when stdout is a file or a pipe. $COLUMNS, when set to a number,
// wins over the terminal's own size, as it does for ls.
func terminalWidth(stdout io.Writer) int {
	f, ok := fileOf(stdout)
	if !ok {
		return 0
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return 0
	}
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	ws, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ)
	if err != nil || ws.Col == 0 {
		if errors.Is(err, unix.ENOTTY) {
			return 0
		}
		return 80
	}
	return int(ws.Col)
}
