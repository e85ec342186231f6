// Package safefile opens and reads files permsim did not write — transcripts,
// settings, policies — so that no such file can stop a run: only regular
// files are opened (a FIFO, socket or device never blocks the open or the
// read), files have a size cap, and nesting that would exhaust a parser's
// stack is refused before parsing.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is returned for a path that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is returned for a file over its size cap.
var ErrTooLarge = errors.New("file too large")

// ErrTooDeep is returned for data nested deeper than MaxDepth.
var ErrTooDeep = errors.New("nested too deep")

// MaxDepth is the deepest nesting of arrays and objects (tables) accepted
// in a settings or policy file. Real files nest a handful of levels; the
// parsers recurse once per level, and Go's TOML parser's recursion ends in
// a fatal stack overflow, which no recover catches.
const MaxDepth = 512

// SettingsCap is the size cap of one settings, config or policy file: real
// ones are kilobytes.
const SettingsCap = 16 << 20

// Open opens path for reading if it is a regular file. The open itself
// never waits: it is done non-blocking (a FIFO without a writer would
// otherwise block it forever), and anything but a regular file is closed
// and refused with an error wrapping ErrNotRegular that says what it is.
func Open(path string) (*os.File, error) {
	// Stat first, for a clear message (opening a socket fails with "no
	// such device or address"); the check after the open catches a file
	// swapped in between.
	if st, err := os.Stat(path); err != nil {
		return nil, err
	} else if !st.Mode().IsRegular() {
		return nil, notRegular(path, st.Mode())
	}
	f, err := openNonblock(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, notRegular(path, st.Mode())
	}
	if err := clearNonblock(f); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func notRegular(path string, m fs.FileMode) error {
	return &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w (%s): skipped", ErrNotRegular, kind(m))}
}

// kind names a non-regular file's type for messages.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return m.Type().String()
}

// ReadFile reads a regular file of at most limit bytes. A larger file is
// not read: the error wraps ErrTooLarge and gives both sizes.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Size() > limit {
		return nil, tooLarge(path, st.Size(), limit)
	}
	// The file may grow while read: never read past the cap.
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(path, int64(len(data)), limit)
	}
	return data, nil
}

func tooLarge(path string, size, limit int64) error {
	return &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: %s, more than the %s permsim reads of such a file", ErrTooLarge, Size(size), Size(limit))}
}

// Size formats a byte count for messages: "115 MB", "16 MB", "900 bytes".
func Size(n int64) string {
	switch {
	case n >= 10<<20:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ReadConfig reads a settings, config, policy or rules file: a regular
// file of at most SettingsCap bytes whose nesting CheckDepth accepts. A
// missing file gives an error for which errors.Is(err, fs.ErrNotExist)
// holds, as os.ReadFile's does.
func ReadConfig(path string, syn Syntax) ([]byte, error) {
	data, err := ReadFile(path, SettingsCap)
	if err != nil {
		return nil, err
	}
	if err := CheckDepth(data, syn); err != nil {
		return nil, err
	}
	return data, nil
}
