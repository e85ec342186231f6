package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/permsim/permsim/remote"
	"github.com/permsim/permsim/remote/file"
	"github.com/permsim/permsim/remote/s3"
)

// openBucket opens --to/--from: s3://BUCKET/PREFIX through the AWS SDK
// (--endpoint for an S3-compatible service), file:///FOLDER as a folder.
func openBucket(ctx context.Context, flag, where, endpoint string) (remote.Bucket, remote.Location, error) {
	loc, err := remote.ParseLocation(where)
	if err != nil {
		return nil, loc, usageError{msg: flag + " " + err.Error()}
	}
	switch loc.Scheme {
	case "s3":
		b, err := s3.New(ctx, loc, s3.Options{Endpoint: endpoint})
		if err != nil {
			return nil, loc, err
		}
		return b, loc, nil
	default:
		if endpoint != "" {
			return nil, loc, usageError{msg: "--endpoint is for s3:// locations"}
		}
		return file.Bucket{Root: loc.Bucket}, loc, nil
	}
}

func runPush(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("push", "--to s3://BUCKET/PREFIX [--endpoint URL] [--host ID] [--out DIR]",
		`Publishes this store's calls to object storage for a central job (docs/scale.md):
uploads every file of the calls table not published yet under
calls/host=<ID>/harness=…/date=…/ (files are never changed once written, so
one already there is skipped), then writes one commit object,
commits/host=<ID>/<hash>.json, naming them. Killed anywhere and run again,
it uploads what is missing and commits: no commit ever names a missing file.
Credentials and region come from the standard AWS variables and files
(AWS_ACCESS_KEY_ID, AWS_PROFILE, ~/.aws/…); --endpoint points at an
S3-compatible service (path-style requests). file:///FOLDER publishes to a
folder instead.

Example:
  permsim push --to s3://agent-logs/permsim --host "$(hostname -s)"`, stderr)
	to := fs.String("to", "", "where to publish: s3://BUCKET/PREFIX or file:///FOLDER")
	endpoint := fs.String("endpoint", "", "URL of an S3-compatible service (default: AWS)")
	host, _ := os.Hostname()
	hostID := fs.String("host", host, "this machine's id in the bucket (host=<ID>/)")
	out := fs.String("out", defaultOut(), "the store whose calls are published")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *to == "" {
		return usageError{msg: "--to is required", hint: "permsim push --help"}
	}
	if err := remote.ValidHost(*hostID); err != nil {
		return usageError{msg: "--host: " + err.Error()}
	}
	if err := checkLocal("--out", *out); err != nil {
		return err
	}
	b, _, err := openBucket(ctx, "--to", *to, *endpoint)
	if err != nil {
		return err
	}
	sum, err := remote.Push(ctx, b, *out, *hostID)
	fmt.Fprint(stderr, sum.String())
	return err
}

func runPull(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlags("pull", "--from s3://BUCKET/PREFIX [--endpoint URL] [--out DIR]",
		`Copies the calls every host published (permsim push) into a local cache store:
each file a commit object names and the cache does not hold yet, checked
against its commit's size and SHA-256, renamed in as
calls/harness=…/date=…/part-host-<ID>-….parquet. The cache is an ordinary
store: replay (with --shard on many machines), report and sql work on it.

Example:
  permsim pull --from s3://agent-logs/permsim --out /cache
  permsim replay --out /cache && permsim report --out /cache`, stderr)
	from := fs.String("from", "", "where to pull from: s3://BUCKET/PREFIX or file:///FOLDER")
	endpoint := fs.String("endpoint", "", "URL of an S3-compatible service (default: AWS)")
	out := fs.String("out", defaultOut(), "the cache store the calls are copied into")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *from == "" {
		return usageError{msg: "--from is required", hint: "permsim pull --help"}
	}
	if err := checkLocal("--out", *out); err != nil {
		return err
	}
	b, _, err := openBucket(ctx, "--from", *from, *endpoint)
	if err != nil {
		return err
	}
	release, err := lockStore(ctx, *out, "pull", stderr)
	if err != nil {
		return err
	}
	defer release()
	sum, err := remote.Pull(ctx, b, *out)
	fmt.Fprint(stderr, sum.String())
	return err
}
