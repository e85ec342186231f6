package remote_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/ingest"
	"github.com/permsim/permsim/remote"
	"github.com/permsim/permsim/remote/file"
)

// store writes a calls table with one part per day of days (one ingest
// run), call keys prefixed with name.
func store(t *testing.T, dir, name string, days int) {
	t.Helper()
	w, err := dataset.Create[ingest.Row](dir, ingest.CallsTable, dataset.Options{Partitions: ingest.CallsPartitions, RunID: fmt.Sprint(time.Now().UnixNano())})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
	for d := range days {
		if err := w.Write(ingest.Row{CallKey: fmt.Sprintf("%s-%d", name, d), Harness: "claude-code", ProjectDir: "/p/" + name,
			Tool: "bash", Command: "ls", Ts: t0.AddDate(0, 0, d)}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
}

// failing is a bucket whose Put fails after n successful ones (a push
// killed part-way).
type failing struct {
	remote.Bucket
	n int
}

func (f *failing) Put(ctx context.Context, key string, r io.ReadSeeker, size int64) error {
	if f.n == 0 {
		return errors.New("connection reset")
	}
	f.n--
	return f.Bucket.Put(ctx, key, r, size)
}

func keys(t *testing.T, b remote.Bucket, prefix string) []string {
	t.Helper()
	var out []string
	if err := b.List(context.Background(), prefix, func(o remote.Object) error { out = append(out, o.Key); return nil }); err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

func callKeys(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	if err := dataset.Read(dir, ingest.CallsTable, func(r ingest.Row) error { out = append(out, r.CallKey); return nil }); err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// A push interrupted after any number of uploads leaves no commit naming a
// missing part, and run again it uploads only what is missing and commits
// every part; a push with nothing new writes nothing; pull copies the
// committed parts of both hosts, only the new ones the second time.
func TestPushInterruptedThenPull(t *testing.T) {
	ctx := context.Background()
	a, bdir := t.TempDir(), t.TempDir()
	store(t, a, "a", 6)
	store(t, bdir, "b", 3)
	bucket := file.Bucket{Root: t.TempDir()}

	// Five pushes, each killed after one more upload (the first after
	// none): each resumes the last and no commit is written.
	for i := range 6 {
		n := min(i, 1)
		_, err := remote.Push(ctx, &failing{Bucket: bucket, n: n}, a, "laptop-a")
		if err == nil {
			t.Fatalf("push %d failing after %d uploads: no error", i, n)
		}
		if c := keys(t, bucket, remote.CommitsPrefix); len(c) != 0 {
			t.Fatalf("push %d failing after %d uploads wrote commits %v", i, n, c)
		}
		if got := len(keys(t, bucket, "calls/host=laptop-a/")); got != i {
			t.Fatalf("after push %d the bucket holds %d parts, want %d", i, got, i)
		}
	}
	sum, err := remote.Push(ctx, bucket, a, "laptop-a")
	if err != nil {
		t.Fatal(err)
	}
	if sum.Parts != 6 || sum.Uploaded != 1 || sum.Resumed != 5 || sum.Commit == "" {
		t.Errorf("resumed push: %+v, want 6 parts: 1 uploaded, 5 left by the interrupted pushes, one commit", sum)
	}
	again, err := remote.Push(ctx, bucket, a, "laptop-a")
	if err != nil || again.Uploaded != 0 || again.Committed != 6 || again.Commit != "" {
		t.Errorf("push with nothing new: %+v, %v", again, err)
	}
	if _, err := remote.Push(ctx, bucket, bdir, "laptop-b"); err != nil {
		t.Fatal(err)
	}

	cache := t.TempDir()
	ps, err := remote.Pull(ctx, bucket, cache)
	if err != nil {
		t.Fatal(err)
	}
	if ps.Commits != 2 || ps.Parts != 9 || ps.Downloaded != 9 || len(ps.Problems) != 0 {
		t.Errorf("first pull: %+v", ps)
	}
	want := append(callKeys(t, a), callKeys(t, bdir)...)
	slices.Sort(want)
	if got := callKeys(t, cache); !slices.Equal(got, want) {
		t.Errorf("cache holds %v, want both hosts' %v", got, want)
	}
	// A new ingest run on host b: pulled alone the second time.
	store(t, bdir, "b2", 2)
	if _, err := remote.Push(ctx, bucket, bdir, "laptop-b"); err != nil {
		t.Fatal(err)
	}
	ps, err = remote.Pull(ctx, bucket, cache)
	if err != nil || ps.Commits != 3 || ps.Downloaded != 2 {
		t.Errorf("second pull: %+v, %v; want 3 commits and the 2 new parts", ps, err)
	}
	if got := len(callKeys(t, cache)); got != 11 {
		t.Errorf("cache holds %d calls, want 11", got)
	}
}

// Commit objects are outside input: a bad one is a problem naming its key
// and the pull goes on; no part is written outside the cache's calls
// table; a part whose bytes are not its commit's is not pulled.
func TestPullBadCommits(t *testing.T) {
	ctx := context.Background()
	src := t.TempDir()
	store(t, src, "a", 2)
	root := t.TempDir()
	bucket := file.Bucket{Root: root}
	if _, err := remote.Push(ctx, bucket, src, "h1"); err != nil {
		t.Fatal(err)
	}
	put := func(key, body string) {
		if err := bucket.Put(ctx, key, strings.NewReader(body), int64(len(body))); err != nil {
			t.Fatal(err)
		}
	}
	sha := strings.Repeat("a", 64)
	put("commits/host=h2/"+sha+".json", `{"version":1,"host":"h2","parts":[{"rel":"../../../escape/part-1.parquet","size":1,"sha256":"`+sha+`"}]}`)
	put("commits/host=h3/"+sha+".json", `{"version":1,"host":"other","parts":[]}`)
	put("commits/host=h4/"+sha+".json", `{"version":1,`)
	put("commits/host=h5/not-a-hash.json", `{}`)
	put("calls/host=h6/harness=x/date=unknown/part-1-0.parquet", "not the bytes")
	put("commits/host=h6/"+sha+".json", `{"version":1,"host":"h6","parts":[{"rel":"harness=x/date=unknown/part-1-0.parquet","size":13,"sha256":"`+sha+`"}]}`)
	cache := t.TempDir()
	ps, err := remote.Pull(ctx, bucket, cache)
	if err != nil {
		t.Fatal(err)
	}
	if ps.Downloaded != 2 {
		t.Errorf("pulled %d parts, want host h1's 2", ps.Downloaded)
	}
	for _, want := range []string{"host=h2/", "host=h3/", "host=h4/", "host=h5/not-a-hash.json", "calls/host=h6/harness=x/date=unknown/part-1-0.parquet"} {
		found := false
		for _, p := range ps.Problems {
			found = found || strings.Contains(p, want)
		}
		if !found {
			t.Errorf("no problem names %q: %q", want, ps.Problems)
		}
	}
	if _, err := os.Stat(filepath.Join(cache, "..", "escape")); err == nil {
		t.Error("a part was written outside the cache")
	}
	var files []string
	filepath.WalkDir(cache, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".parquet") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) != 2 {
		t.Errorf("cache files %v, want host h1's 2", files)
	}
}

func TestParseLocation(t *testing.T) {
	for _, c := range []struct {
		in   string
		want remote.Location
		bad  bool
	}{
		{in: "s3://bucket", want: remote.Location{Scheme: "s3", Bucket: "bucket"}},
		{in: "s3://bucket/a/b/", want: remote.Location{Scheme: "s3", Bucket: "bucket", Prefix: "a/b"}},
		{in: "file:///srv/bucket", want: remote.Location{Scheme: "file", Bucket: "/srv/bucket"}},
		{in: "s3:///nobucket", bad: true},
		{in: "s3://b/a//c", bad: true},
		{in: "gs://b", bad: true},
		{in: "file://host/x", bad: true},
		{in: "/plain/path", bad: true},
	} {
		got, err := remote.ParseLocation(c.in)
		if (err != nil) != c.bad || (!c.bad && got != c.want) {
			t.Errorf("ParseLocation(%q) = %+v, %v", c.in, got, err)
		}
	}
}

// FuzzParseCommit: any bytes give a commit whose parts are all calls
// files' paths inside the table, or an error; never a panic.
func FuzzParseCommit(f *testing.F) {
	sha := strings.Repeat("0", 64)
	f.Add([]byte(`{"version":1,"host":"h","parts":[{"rel":"harness=x/date=2026-01-01/part-1-0.parquet","size":3,"sha256":"` + sha + `"}]}`))
	f.Add([]byte(`{"version":1,"host":"h","parts":[{"rel":"harness=x/../../part-1.parquet","size":3,"sha256":"` + sha + `"}]}`))
	f.Add([]byte(`{`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := remote.ParseCommit(data)
		if err != nil {
			return
		}
		for _, p := range c.Parts {
			local := filepath.Join("/cache/calls", filepath.FromSlash(remote.CacheName(c.Host, p.Rel)))
			if !strings.HasPrefix(local, "/cache/calls/harness=") || strings.Contains(p.Rel, "..") && strings.Contains(local, "/../") {
				t.Errorf("part %q lands at %s", p.Rel, local)
			}
		}
	})
}
