// Package file is the remote.Bucket of a folder (file:///FOLDER): a shared
// file system standing in for object storage, and the tests' bucket. An
// object is a file under the folder, written to a temp name and renamed
// in, so it exists whole or not at all, as an S3 object does.
package file

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/permsim/permsim/internal/safefile"
	"github.com/permsim/permsim/remote"
)

// Bucket is a folder holding objects as files.
type Bucket struct{ Root string }

// tmpPrefix starts the temp files of Put, which List skips.
const tmpPrefix = ".permsim-put-"

func (b Bucket) path(key string) (string, error) {
	for _, s := range strings.Split(key, "/") {
		if s == "" || s == "." || s == ".." || strings.HasPrefix(s, tmpPrefix) {
			return "", fmt.Errorf("bad object key %q", key)
		}
	}
	return filepath.Join(b.Root, filepath.FromSlash(key)), nil
}

// List walks the folder for the files whose key starts with prefix.
func (b Bucket) List(ctx context.Context, prefix string, fn func(remote.Object) error) error {
	// Walk from the deepest folder the prefix names whole.
	start := b.Root
	if i := strings.LastIndex(prefix, "/"); i >= 0 {
		start = filepath.Join(b.Root, filepath.FromSlash(prefix[:i]))
	}
	err := filepath.WalkDir(start, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == start && errors.Is(err, fs.ErrNotExist) {
				return fs.SkipAll
			}
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if d.IsDir() || strings.HasPrefix(d.Name(), tmpPrefix) {
			return nil
		}
		rel, err := filepath.Rel(b.Root, p)
		if err != nil {
			return err
		}
		key := filepath.ToSlash(rel)
		if !strings.HasPrefix(key, prefix) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return fn(remote.Object{Key: key, Size: info.Size()})
	})
	return err
}

// Put writes the object to a temp file and renames it in.
func (b Bucket) Put(ctx context.Context, key string, r io.ReadSeeker, size int64) error {
	p, err := b.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(p), tmpPrefix+"*")
	if err != nil {
		return err
	}
	n, err := io.Copy(f, io.LimitReader(r, size))
	if err == nil && n != size {
		err = fmt.Errorf("%s: %d bytes read, want %d", key, n, size)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), p)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// Get opens the object's file.
func (b Bucket) Get(ctx context.Context, key string) (io.ReadCloser, error) {
	p, err := b.path(key)
	if err != nil {
		return nil, err
	}
	// A bucket folder is outside input: only a regular file is an object
	// (a FIFO put there would otherwise hang the pull).
	f, err := safefile.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", key, remote.ErrNotFound)
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}
