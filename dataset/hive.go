package dataset

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Partition names one level of Hive partition folders (`<Name>=<value>`).
type Partition struct {
	// Name is the folder key, and the column name DuckDB's
	// hive_partitioning gives the value back under.
	Name string
	// From is the col name of the field the value comes from; "" means
	// Name. For a plain (non-Date) partition the field is a string and is
	// NOT stored inside the files: the reader restores it from the path.
	From string
	// Date takes the value as the UTC calendar day (YYYY-MM-DD) of a
	// time.Time field, "unknown" when the time is zero. The time field
	// itself stays in the files.
	Date bool
}

// Column is the partition by a string field, stored only in the path.
func Column(name string) Partition { return Partition{Name: name} }

// DateOf is the partition `<name>=YYYY-MM-DD` by the UTC day of the
// time.Time field tagged col:"from".
func DateOf(name, from string) Partition { return Partition{Name: name, From: from, Date: true} }

// UnknownDate is the date partition value of a row whose time is zero.
const UnknownDate = "unknown"

// defaultPartition is Hive's folder value for an empty (null) value.
const defaultPartition = "__HIVE_DEFAULT_PARTITION__"

func (p Partition) from() string {
	if p.From != "" {
		return p.From
	}
	return p.Name
}

func dateValue(t time.Time) string {
	if t.IsZero() {
		return UnknownDate
	}
	return t.UTC().Format("2006-01-02")
}

// escapeValue makes a partition value safe as one folder name, escaping as
// Hive does (%XX) the characters that would change the path or its parsing.
func escapeValue(v string) string {
	if v == "" {
		return defaultPartition
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c < 0x20 || c == 0x7f || strings.IndexByte(`"#%'*/:=?\{[]^`, c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

func unescapeValue(v string) string {
	if v == defaultPartition {
		return ""
	}
	if !strings.Contains(v, "%") {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '%' && i+2 < len(v) && isHex(v[i+1]) && isHex(v[i+2]) {
			b.WriteByte(unhex(v[i+1])<<4 | unhex(v[i+2]))
			i += 2
			continue
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

func isHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')
}

func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// KV is one partition key and its (unescaped) value.
type KV struct {
	Key, Value string
}

// Part is one whole data file of a table, with the partition values its
// path names, outermost first.
type Part struct {
	Path      string
	Partition []KV
}

// Value returns the partition value under key, and whether the path has it.
func (p Part) Value(key string) (string, bool) {
	for _, kv := range p.Partition {
		if kv.Key == key {
			return kv.Value, true
		}
	}
	return "", false
}

// hidden reports names readers must skip: temp files and swap folders start
// with "." and Spark/Hive bookkeeping files with "_" (Spark's rule; a
// `key=value` folder is never bookkeeping, even when the key starts with "_").
func hidden(name string) bool {
	return strings.HasPrefix(name, ".") || (strings.HasPrefix(name, "_") && !strings.Contains(name, "="))
}

// Parts lists the whole data files of <dir>/<table>: every `*.parquet` file
// below it whose name and folders do not start with "." or "_", in lexical
// path order. A missing table folder is an empty table, not an error.
func Parts(dir, table string) ([]Part, error) {
	root := filepath.Join(dir, table)
	var parts []Part
	err := WalkFiles(root, func(path string, folders []string) error {
		p := Part{Path: path}
		for _, seg := range folders {
			if k, v, ok := strings.Cut(seg, "="); ok {
				p.Partition = append(p.Partition, KV{Key: k, Value: unescapeValue(v)})
			}
		}
		parts = append(parts, p)
		return nil
	}, func(_ string, err error) error { return err })
	if err != nil {
		return nil, fmt.Errorf("dataset: listing %s: %w", root, err)
	}
	return parts, nil
}

// WalkFiles calls fn with each whole data file of the table folder root, in
// lexical path order: every `*.parquet` file below it whose name and
// folders are not hidden (a "." or "_" start, see hidden), with the folders
// between root and the file. Parts and the SQL layer's views both list a
// table through it, so replay and `permsim sql` read the same files.
//
// A root that is a symbolic link is followed (a table folder linked in from
// elsewhere is still the table), and paths are given under root as named.
// A missing root has no files. An error met on the way goes to onErr with
// the path it concerns: nil skips that entry (a whole folder when it is
// one) and walks on; an error stops the walk and is returned.
func WalkFiles(root string, fn func(path string, folders []string) error, onErr func(path string, err error) error) error {
	real := realRoot(root)
	return filepath.WalkDir(real, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == real && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			if err := onErr(underRoot(root, real, path), err); err != nil {
				return err
			}
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if path == real {
			return nil
		}
		if hidden(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() || !strings.HasSuffix(d.Name(), ".parquet") {
			return nil
		}
		rel, err := filepath.Rel(real, path)
		if err != nil {
			return err
		}
		segs := strings.Split(filepath.ToSlash(rel), "/")
		return fn(filepath.Join(root, rel), segs[:len(segs)-1])
	})
}

// realRoot is root with a symbolic link at its end followed (filepath.WalkDir
// does not descend into a linked root), or root as it is when it cannot be
// resolved.
func realRoot(root string) string {
	if real, err := filepath.EvalSymlinks(root); err == nil {
		return real
	}
	return root
}

// underRoot names path, found below real, under root as the caller named it.
func underRoot(root, real, path string) string {
	if rel, err := filepath.Rel(real, path); err == nil {
		return filepath.Join(root, rel)
	}
	return path
}

// tableExists reports whether <dir>/<table> is a folder.
func tableExists(root string) bool {
	fi, err := os.Stat(root)
	return err == nil && fi.IsDir()
}

// TableID identifies the files of <dir>/<table> as they are: a hash of
// every file's path, size, modification time and mode below it ("" for a
// table with no file; temporary files included). Writers write new files
// and rename them in, so a table that changed has another ID; callers use
// it to tell that nothing changed since they last looked (replay's record
// of its inputs, nightly's report).
func TableID(dir, table string) (string, error) {
	root := realRoot(filepath.Join(dir, table))
	h := sha256.New()
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == root && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		fmt.Fprintf(h, "%q %d %d %v\n", rel, info.Size(), info.ModTime().UnixNano(), info.Mode())
		n++
		return nil
	})
	if err != nil {
		return "", err
	}
	if n == 0 {
		return "", nil
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
