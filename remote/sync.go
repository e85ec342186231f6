package remote

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/permsim/permsim/dataset"
	"github.com/permsim/permsim/internal/storelock"
)

// Layout prefixes under a location.
const (
	CallsPrefix   = "calls/"
	CommitsPrefix = "commits/"
)

// commitVersion is the layout of a commit object; Pull refuses others.
const commitVersion = 1

// maxCommitBytes bounds a commit object Pull reads (a part is ~100 bytes
// of it: a million parts).
const maxCommitBytes = 128 << 20

// Commit is a commit object: the parts one push published, each named
// relative to calls/host=<Host>/ with its size and SHA-256. Every part it
// names was in the bucket before it was written.
type Commit struct {
	Version int       `json:"version"`
	Host    string    `json:"host"`
	Pushed  time.Time `json:"pushed"`
	Parts   []Part    `json:"parts"`
	// Settings is the host's settings snapshot at the push: the files its
	// last replay read (replay-inputs.json), secrets masked. The latest
	// commit's snapshot of a path is the one that stands.
	Settings []SettingsFile `json:"settings,omitempty"`
}

// Part is one file of a host's calls table: Rel is
// harness=<h>/date=<d>/part-<run>-<n>.parquet.
type Part struct {
	Rel    string `json:"rel"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// hostPrefix is where a host's parts go.
func hostPrefix(host string) string { return CallsPrefix + "host=" + host + "/" }

// commitName is a commit's key: named by the hash of its part list, so a
// push run again after its commit was written writes the same key.
func commitName(host string, parts []Part, settings []SettingsFile) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%s\t%d\t%s\n", p.Rel, p.Size, p.SHA256)
	}
	for _, f := range settings {
		fmt.Fprintf(h, "settings %q\t%d\t%s\n", f.Path, f.Size, f.SHA256)
	}
	return CommitsPrefix + "host=" + host + "/" + hex.EncodeToString(h.Sum(nil)) + ".json"
}

// PushSummary says what one push did.
type PushSummary struct {
	Parts         int    // parts of the local calls table
	Committed     int    // of those, named by an earlier commit: nothing to do
	Uploaded      int    // parts uploaded by this run
	UploadedBytes int64  // their bytes
	Resumed       int    // parts an interrupted push had uploaded, committed by this run
	Settings      int    // settings files in the snapshot
	Commit        string // the commit object written ("" when nothing was new)
	Problems      []string
	Elapsed       time.Duration
}

// String is the summary line push prints.
func (s PushSummary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "push: %d parts in the store, %d committed before; uploaded %d (%.1f MB), %d left by an interrupted push, in %s",
		s.Parts, s.Committed, s.Uploaded, float64(s.UploadedBytes)/1e6, s.Resumed, s.Elapsed.Round(time.Millisecond))
	if s.Elapsed > 0 && s.UploadedBytes > 0 {
		fmt.Fprintf(&b, " (%.1f MB/s)", float64(s.UploadedBytes)/1e6/s.Elapsed.Seconds())
	}
	b.WriteString("\n")
	if s.Settings > 0 {
		fmt.Fprintf(&b, "  settings snapshot: %d files (secrets masked)\n", s.Settings)
	}
	if s.Commit != "" {
		fmt.Fprintf(&b, "  commit %s\n", s.Commit)
	} else {
		b.WriteString("  nothing new to commit\n")
	}
	for _, p := range s.Problems {
		fmt.Fprintf(&b, "  problem: %s\n", p)
	}
	return b.String()
}

// localPart is one file of the store's calls table.
type localPart struct {
	rel, path string
	size      int64
}

// localParts lists the store's calls table under its reader lock (no
// writer renames files in while it lists; the files are never changed
// once named).
func localParts(storeDir string) ([]localPart, error) {
	release, err := storelock.Reader(storeDir)
	if err != nil {
		return nil, err
	}
	defer release()
	var out []localPart
	err = dataset.WalkFiles(filepath.Join(storeDir, "calls"), func(p string, folders []string) error {
		st, err := os.Stat(p)
		if err != nil {
			return err
		}
		rel := path.Join(append(append([]string(nil), folders...), filepath.Base(p))...)
		if validRel(rel) != nil {
			return nil // not a file permsim wrote: not published
		}
		out = append(out, localPart{rel: rel, path: p, size: st.Size()})
		return nil
	}, func(p string, err error) error { return fmt.Errorf("%s: %w", p, err) })
	sort.Slice(out, func(i, j int) bool { return out[i].rel < out[j].rel })
	return out, err
}

// Push publishes the calls table of the store at storeDir as host's: it
// uploads every part no commit of host names yet and is not in the bucket
// already, then writes one commit object naming all of them. Killed
// anywhere and run again, it uploads what is missing and commits: a commit
// object is only written once every part it names is in the bucket.
func Push(ctx context.Context, b Bucket, storeDir, host string) (PushSummary, error) {
	start := time.Now()
	var sum PushSummary
	if err := ValidHost(host); err != nil {
		return sum, err
	}
	parts, err := localParts(storeDir)
	if err != nil {
		return sum, fmt.Errorf("listing the calls table of %s: %w", storeDir, err)
	}
	sum.Parts = len(parts)
	committed, lastSettings, problems, err := committedParts(ctx, b, host)
	if err != nil {
		return sum, err
	}
	sum.Problems = problems
	present := map[string]int64{}
	pre := hostPrefix(host)
	if err := b.List(ctx, pre, func(o Object) error {
		present[strings.TrimPrefix(o.Key, pre)] = o.Size
		return nil
	}); err != nil {
		return sum, fmt.Errorf("listing %s: %w", pre, err)
	}
	var todo []Part
	for _, lp := range parts {
		if _, ok := committed[lp.rel]; ok {
			sum.Committed++
			continue
		}
		sha, err := hashFile(lp.path)
		if err != nil {
			return sum, err
		}
		p := Part{Rel: lp.rel, Size: lp.size, SHA256: sha}
		if size, ok := present[lp.rel]; ok {
			if size != lp.size {
				return sum, fmt.Errorf("%s%s is in the bucket with %d bytes, the store's file %s has %d: not the same part (two hosts pushing as %q?)", pre, lp.rel, size, lp.path, lp.size, host)
			}
			sum.Resumed++
		} else {
			if err := putFile(ctx, b, pre+lp.rel, lp.path, lp.size); err != nil {
				return sum, err
			}
			sum.Uploaded++
			sum.UploadedBytes += lp.size
		}
		todo = append(todo, p)
	}
	// The settings snapshot, after the parts: a new commit also when only
	// the settings changed (the decisions depend on them).
	files, err := snapshotFiles(storeDir)
	if err != nil {
		sum.Problems = append(sum.Problems, fmt.Sprintf("settings snapshot: %v: none taken", err))
	}
	snapshot, err := uploadSnapshot(ctx, b, host, files, &sum.Problems)
	if err != nil {
		return sum, err
	}
	sum.Settings = len(snapshot)
	changed := false
	for _, f := range snapshot {
		changed = changed || lastSettings[f.Path] != f.SHA256
	}
	if len(todo) > 0 || changed {
		c := Commit{Version: commitVersion, Host: host, Pushed: time.Now().UTC(), Parts: todo, Settings: snapshot}
		data, err := json.MarshalIndent(c, "", " ")
		if err != nil {
			return sum, err
		}
		key := commitName(host, todo, snapshot)
		if err := b.Put(ctx, key, bytes.NewReader(data), int64(len(data))); err != nil {
			return sum, fmt.Errorf("writing the commit %s: %w", key, err)
		}
		sum.Commit = key
	}
	sum.Elapsed = time.Since(start)
	return sum, nil
}

// putFile uploads one file.
func putFile(ctx context.Context, b Bucket, key, name string, size int64) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := b.Put(ctx, key, io.NewSectionReader(f, 0, size), size); err != nil {
		return fmt.Errorf("uploading %s to %s: %w", name, key, err)
	}
	return nil
}

func hashFile(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// committedParts reads host's commit objects: the parts they name, and
// the settings snapshot that stands (each path's latest). A commit that
// cannot be read is a problem, and its parts count as not committed (the
// push commits them again).
func committedParts(ctx context.Context, b Bucket, host string) (map[string]Part, map[string]string, []string, error) {
	out := map[string]Part{}
	settings := map[string]string{}
	cs, problems, err := readCommits(ctx, b, CommitsPrefix+"host="+host+"/")
	if err != nil {
		return nil, nil, nil, err
	}
	for _, c := range cs {
		for _, p := range c.Parts {
			out[p.Rel] = p
		}
		for _, f := range c.Settings {
			settings[f.Path] = f.SHA256
		}
	}
	return out, settings, problems, nil
}

// keyedCommit is a commit object and its key.
type keyedCommit struct {
	*Commit
	key string
}

// readCommits reads the commit objects under prefix, oldest push first
// (then by key); those that cannot be read are problems.
func readCommits(ctx context.Context, b Bucket, prefix string) ([]keyedCommit, []string, error) {
	keys, err := listCommits(ctx, b, prefix)
	if err != nil {
		return nil, nil, err
	}
	var out []keyedCommit
	var problems []string
	for _, key := range keys {
		c, err := readCommit(ctx, b, key)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		out = append(out, keyedCommit{c, key})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pushed.Before(out[j].Pushed) })
	return out, problems, nil
}

// listCommits lists the commit objects under prefix, sorted.
func listCommits(ctx context.Context, b Bucket, prefix string) ([]string, error) {
	var keys []string
	if err := b.List(ctx, prefix, func(o Object) error {
		if strings.HasSuffix(o.Key, ".json") {
			keys = append(keys, o.Key)
		}
		return nil
	}); err != nil {
		return nil, fmt.Errorf("listing %s: %w", prefix, err)
	}
	sort.Strings(keys)
	return keys, nil
}

// readCommit reads and checks one commit object: its key is
// commits/host=<id>/<64 hex>.json, it names that host, and every part is a
// calls file's path (the bucket is outside input: a part named
// ../../etc/x must not be written anywhere).
func readCommit(ctx context.Context, b Bucket, key string) (*Commit, error) {
	rest, ok := strings.CutPrefix(key, CommitsPrefix+"host=")
	host, name, ok2 := strings.Cut(rest, "/")
	if !ok || !ok2 || ValidHost(host) != nil || !isCommitName(name) {
		return nil, fmt.Errorf("%s: not a commit object's name (commits/host=<id>/<sha256>.json): skipped", key)
	}
	r, err := b.Get(ctx, key)
	if err != nil {
		return nil, fmt.Errorf("%s: %v: skipped", key, err)
	}
	defer r.Close()
	data, err := io.ReadAll(io.LimitReader(r, maxCommitBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v: skipped", key, err)
	}
	if len(data) > maxCommitBytes {
		return nil, fmt.Errorf("%s: over %d bytes: skipped", key, maxCommitBytes)
	}
	c, err := ParseCommit(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v: skipped", key, err)
	}
	if c.Host != host {
		return nil, fmt.Errorf("%s: names host %q, its key host %q: skipped", key, c.Host, host)
	}
	return c, nil
}

// ParseCommit decodes and checks a commit object's content.
func ParseCommit(data []byte) (*Commit, error) {
	var c Commit
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("not a commit object: %v", err)
	}
	if c.Version != commitVersion {
		return nil, fmt.Errorf("commit version %d, this permsim reads %d", c.Version, commitVersion)
	}
	if err := ValidHost(c.Host); err != nil {
		return nil, err
	}
	for i, p := range c.Parts {
		if err := validRel(p.Rel); err != nil {
			return nil, fmt.Errorf("part %d: %v", i+1, err)
		}
		if p.Size < 0 || len(p.SHA256) != 64 || strings.Trim(p.SHA256, "0123456789abcdef") != "" {
			return nil, fmt.Errorf("part %d (%s): bad size or sha256", i+1, p.Rel)
		}
	}
	for i, f := range c.Settings {
		if err := validSettingsPath(f.Path); err != nil {
			return nil, fmt.Errorf("settings file %d: %v", i+1, err)
		}
		if f.Size < 0 || len(f.SHA256) != 64 || strings.Trim(f.SHA256, "0123456789abcdef") != "" {
			return nil, fmt.Errorf("settings file %d (%s): bad size or sha256", i+1, f.Path)
		}
	}
	return &c, nil
}

func isCommitName(name string) bool {
	h, ok := strings.CutSuffix(name, ".json")
	return ok && len(h) == 64 && strings.Trim(h, "0123456789abcdef") == ""
}

// validRel checks a part's path: harness=<h>/date=<d>/part-<x>.parquet,
// with no empty, hidden, "." or ".." element and no backslash.
func validRel(rel string) error {
	segs := strings.Split(rel, "/")
	bad := fmt.Errorf("part %q: want harness=<h>/date=<d>/part-<run>-<n>.parquet", rel)
	if len(segs) != 3 || strings.ContainsAny(rel, "\\\x00") {
		return bad
	}
	for _, s := range segs {
		if s == "" || s[0] == '.' || s[0] == '_' {
			return bad
		}
	}
	h, _ := strings.CutPrefix(segs[0], "harness=")
	d, _ := strings.CutPrefix(segs[1], "date=")
	if !strings.HasPrefix(segs[0], "harness=") || h == "" || !strings.HasPrefix(segs[1], "date=") || d == "" ||
		!strings.HasPrefix(segs[2], "part-") || !strings.HasSuffix(segs[2], ".parquet") {
		return bad
	}
	return nil
}

// PullSummary says what one pull did.
type PullSummary struct {
	Commits         int   // commit objects read
	Parts           int   // parts they name
	Downloaded      int   // parts copied by this run
	DownloadedBytes int64 // their bytes
	Problems        []string
	Elapsed         time.Duration
}

// String is the summary line pull prints.
func (s PullSummary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "pull: %d commits naming %d parts; downloaded %d (%.1f MB) in %s", s.Commits, s.Parts, s.Downloaded,
		float64(s.DownloadedBytes)/1e6, s.Elapsed.Round(time.Millisecond))
	if s.Elapsed > 0 && s.DownloadedBytes > 0 {
		fmt.Fprintf(&b, " (%.1f MB/s)", float64(s.DownloadedBytes)/1e6/s.Elapsed.Seconds())
	}
	b.WriteString("\n")
	for _, p := range s.Problems {
		fmt.Fprintf(&b, "  problem: %s\n", p)
	}
	return b.String()
}

// CacheName is the name a host's part takes in the cache store's calls
// table: the host in the file name (part-host-<id>-<run>-<n>.parquet), so
// the cache is an ordinary store, partitioned by harness and date alone.
func CacheName(host, rel string) string {
	dir, base := path.Split(rel)
	return dir + "part-host-" + host + "-" + strings.TrimPrefix(base, "part-")
}

// Pull copies every committed part it does not have yet into the calls
// table of the cache store at cacheDir (the caller holds its writer lock).
// Each part is downloaded to a temp name and checked against its commit's
// size and SHA-256; the checked parts are renamed in together, under the
// store's commit lock. A commit or part that cannot be read is a problem
// and the rest goes on.
func Pull(ctx context.Context, b Bucket, cacheDir string) (PullSummary, error) {
	start := time.Now()
	var sum PullSummary
	commits, problems, err := readCommits(ctx, b, CommitsPrefix)
	if err != nil {
		return sum, err
	}
	sum.Problems = problems
	table := filepath.Join(cacheDir, "calls")
	type fetched struct{ tmp, final string }
	var done []fetched
	defer func() {
		for _, f := range done {
			os.Remove(f.tmp)
		}
	}()
	seen := map[string]bool{}
	for _, kc := range commits {
		c, key := kc.Commit, kc.key
		sum.Commits++
		restoreSnapshot(ctx, b, cacheDir, c, key, &sum.Problems)
		for _, p := range c.Parts {
			final := filepath.Join(table, filepath.FromSlash(CacheName(c.Host, p.Rel)))
			if seen[final] {
				continue
			}
			seen[final] = true
			sum.Parts++
			if st, err := os.Stat(final); err == nil && st.Size() == p.Size {
				continue
			}
			tmp, err := download(ctx, b, hostPrefix(c.Host)+p.Rel, final, p)
			if err != nil {
				if ctx.Err() != nil {
					return sum, ctx.Err()
				}
				sum.Problems = append(sum.Problems, fmt.Sprintf("%s (commit %s): %v: not pulled", hostPrefix(c.Host)+p.Rel, key, err))
				continue
			}
			done = append(done, fetched{tmp, final})
			sum.Downloaded++
			sum.DownloadedBytes += p.Size
		}
	}
	if len(done) > 0 {
		release, err := storelock.Commit(cacheDir)
		if err != nil {
			return sum, err
		}
		for i, f := range done {
			if err := os.Rename(f.tmp, f.final); err != nil {
				release()
				done = done[i:]
				return sum, err
			}
		}
		release()
		done = nil
	}
	sum.Elapsed = time.Since(start)
	return sum, nil
}

// download copies one part to a temp file beside final and checks it.
func download(ctx context.Context, b Bucket, key, final string, p Part) (string, error) {
	if err := storelock.MkdirAll(filepath.Dir(final)); err != nil {
		return "", err
	}
	r, err := b.Get(ctx, key)
	if err != nil {
		return "", err
	}
	defer r.Close()
	tmp := filepath.Join(filepath.Dir(final), "."+filepath.Base(final)+".tmp")
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, storelock.FileMode)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(f, h), io.LimitReader(r, p.Size+1))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	switch {
	case err != nil:
	case n != p.Size:
		err = fmt.Errorf("%d bytes, its commit says %d", n, p.Size)
	case hex.EncodeToString(h.Sum(nil)) != p.SHA256:
		err = errors.New("its SHA-256 is not its commit's")
	}
	if err != nil {
		os.Remove(tmp)
		return "", err
	}
	return tmp, nil
}
