package replay

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// Shard is one of N replay workers that share a store: shard K decides the
// calls of the projects that ShardOf puts in K, and only those. N == 0 is
// the whole store (no sharding).
//
// Every shard writes its decisions and rules as files of its own in the
// store's decisions and rules tables (part-shard-K-of-N-<time>-<n>.parquet);
// at its commit it removes the files of its own earlier runs, of runs with
// another N and of unsharded runs, and keeps the files of the other shards
// of N (dataset.Options.Supersedes). The tables are whole once all N shards
// have committed; an unsharded replay replaces the whole tables again.
type Shard struct{ K, N int }

// ShardOf is the shard of n that decides a project's calls: the FNV-1a
// 64-bit hash of the project folder as the calls table records it (before
// any --root rewrite), modulo n. Every harness and home of one project go
// to the same shard, so each policy is loaded by one shard only. The hash
// is part of the store's format: changing it would make shards of two
// permsim versions decide overlapping sets of projects.
func ShardOf(projectDir string, n int) int {
	h := fnv.New64a()
	h.Write([]byte(projectDir))
	return int(h.Sum64() % uint64(n))
}

// Has reports whether the shard decides the calls of projectDir.
func (s Shard) Has(projectDir string) bool {
	return s.N == 0 || ShardOf(projectDir, s.N) == s.K
}

// String is the shard as --shard takes it, "K/N".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// runPrefix starts the run id of the shard's table files.
func (s Shard) runPrefix() string { return fmt.Sprintf("shard-%d-of-%d-", s.K, s.N) }

// keeps reports whether a committing shard keeps a table file it did not
// write: only the files of the other shards of the same N.
func (s Shard) keeps(name string) bool {
	rest, ok := strings.CutPrefix(name, "part-shard-")
	if !ok {
		return false
	}
	k, rest, ok := strings.Cut(rest, "-of-")
	if !ok {
		return false
	}
	n, _, ok := strings.Cut(rest, "-")
	if !ok || n != strconv.Itoa(s.N) {
		return false
	}
	return k != strconv.Itoa(s.K)
}

// ParseShard reads --shard: "K/N" with 0 <= K < N, or "auto/N", where K is
// the JOB_COMPLETION_INDEX a Kubernetes Indexed Job gives each of its pods
// (getenv reads it).
func ParseShard(s string, getenv func(string) string) (Shard, error) {
	ks, ns, ok := strings.Cut(s, "/")
	n, err := strconv.Atoi(ns)
	if !ok || err != nil || n < 1 {
		return Shard{}, fmt.Errorf("--shard %q: want K/N (0 <= K < N) or auto/N, e.g. 0/4", s)
	}
	from := ""
	if ks == "auto" {
		ks = getenv("JOB_COMPLETION_INDEX")
		if ks == "" {
			return Shard{}, fmt.Errorf("--shard %q: auto takes K from JOB_COMPLETION_INDEX, which is not set", s)
		}
		from = " (JOB_COMPLETION_INDEX)"
	}
	k, err := strconv.Atoi(ks)
	if err != nil || k < 0 || k >= n {
		return Shard{}, fmt.Errorf("--shard %q: shard %q%s is not a number from 0 to %d", s, ks, from, n-1)
	}
	return Shard{K: k, N: n}, nil
}
