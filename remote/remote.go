// Package remote moves a store's calls to object storage and back (issue
// 31): Push uploads a host's immutable calls parts under host=<id>/ and,
// last, one commit object naming them; Pull copies the committed parts of
// every host into a local cache store. The object store is a Bucket,
// implemented once per backend in a subpackage of its own (remote/s3,
// remote/file), in the manner of litestream's replica clients; this
// package holds what every backend shares: the layout, the commit objects
// and the order of the steps that makes both idempotent and resumable.
//
// The layout under the bucket's prefix (docs/scale.md):
//
//	calls/host=<id>/harness=<h>/date=<d>/part-<run>-<n>.parquet
//	commits/host=<id>/<sha256 of the part list>.json
package remote

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
)

// Object is one object of a listing: its key under the bucket's prefix
// and its size.
type Object struct {
	Key  string
	Size int64
}

// Bucket is the little a backend must do. Keys are relative to the
// location's prefix and use "/". An object exists whole or not at all (an
// S3 PUT, a file renamed in): Push relies on it.
type Bucket interface {
	// List calls fn with every object whose key starts with prefix, in any
	// order.
	List(ctx context.Context, prefix string, fn func(Object) error) error
	// Put stores size bytes of r under key, replacing any object there.
	Put(ctx context.Context, key string, r io.ReadSeeker, size int64) error
	// Get opens the object at key; ErrNotFound when there is none.
	Get(ctx context.Context, key string) (io.ReadCloser, error)
}

// ErrNotFound is what Bucket.Get returns for a key with no object.
var ErrNotFound = errors.New("no such object")

// Location is a parsed --to/--from: the scheme (s3, file), the bucket
// (s3) or folder (file), and the prefix inside it, without slashes at
// either end.
type Location struct {
	Scheme, Bucket, Prefix string
}

// String is the location as a URL.
func (l Location) String() string {
	s := l.Scheme + "://" + l.Bucket
	if l.Scheme == "file" {
		s = "file://" + l.Bucket
	}
	if l.Prefix != "" {
		s += "/" + l.Prefix
	}
	return s
}

// ParseLocation reads s3://BUCKET[/PREFIX] or file:///FOLDER.
func ParseLocation(s string) (Location, error) {
	u, err := url.Parse(s)
	if err != nil {
		return Location{}, fmt.Errorf("%q: %v", s, err)
	}
	switch u.Scheme {
	case "s3":
		if u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
			return Location{}, fmt.Errorf("%q: want s3://BUCKET/PREFIX", s)
		}
		prefix := strings.Trim(u.Path, "/")
		if strings.Contains(prefix, "//") {
			return Location{}, fmt.Errorf("%q: empty folder in the prefix", s)
		}
		return Location{Scheme: "s3", Bucket: u.Host, Prefix: prefix}, nil
	case "file":
		if u.Host != "" || u.Path == "" || !strings.HasPrefix(u.Path, "/") {
			return Location{}, fmt.Errorf("%q: want file:///ABSOLUTE/FOLDER", s)
		}
		return Location{Scheme: "file", Bucket: u.Path}, nil
	}
	return Location{}, fmt.Errorf("%q: want s3://BUCKET/PREFIX or file:///FOLDER", s)
}

// ValidHost reports whether id can name a host in the layout: letters,
// digits, '.', '_' and '-', not starting with '.' or '_' (readers skip such
// folders), at most 128 bytes.
func ValidHost(id string) error {
	if id == "" || len(id) > 128 || id[0] == '.' || id[0] == '_' {
		return fmt.Errorf("host id %q: want 1 to 128 letters, digits, '.', '_' or '-', not starting with '.' or '_'", id)
	}
	for _, c := range []byte(id) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return fmt.Errorf("host id %q: %q is not allowed (letters, digits, '.', '_' and '-')", id, c)
		}
	}
	return nil
}
