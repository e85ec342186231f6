// Package s3 is the remote.Bucket of S3 and S3-compatible object storage
// (MinIO, Ceph RGW, R2, versitygw…), through aws-sdk-go-v2: the AWS SDK
// itself, so credentials, regions, profiles, SSO and instance roles come
// from the standard AWS environment variables and files exactly as the
// aws CLI reads them, and its signing and retries are the ones S3 is
// tested against.
package s3

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"

	"github.com/permsim/permsim/remote"
)

// Options are what the command line can say about the service.
type Options struct {
	// Endpoint is an S3-compatible service's URL (http://127.0.0.1:7070);
	// empty: AWS's own. With an endpoint, requests use path-style
	// addressing (http://host/BUCKET/KEY), which every S3-compatible
	// server serves, and the region defaults to us-east-1.
	Endpoint string
}

// Bucket is one bucket and prefix.
type Bucket struct {
	client *s3.Client
	bucket string
	prefix string // "" or ending in "/"
}

// New opens loc (an s3:// location) with the credentials and region of
// the standard AWS configuration (AWS_ACCESS_KEY_ID, AWS_PROFILE,
// ~/.aws/config and credentials, …).
func New(ctx context.Context, loc remote.Location, opts Options) (*Bucket, error) {
	if loc.Scheme != "s3" {
		return nil, fmt.Errorf("%s: not an s3:// location", loc)
	}
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the AWS configuration: %w", err)
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
	}
	client := s3.NewFromConfig(cfg, func(o *s3.Options) {
		if opts.Endpoint != "" {
			o.BaseEndpoint = aws.String(opts.Endpoint)
			o.UsePathStyle = true
			// Checksums only where the API requires them: not every
			// S3-compatible server takes the SDK's default trailing CRC.
			o.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
			o.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
		}
	})
	prefix := loc.Prefix
	if prefix != "" {
		prefix += "/"
	}
	return &Bucket{client: client, bucket: loc.Bucket, prefix: prefix}, nil
}

// List lists the objects under prefix, a page of 1,000 at a time.
func (b *Bucket) List(ctx context.Context, prefix string, fn func(remote.Object) error) error {
	p := s3.NewListObjectsV2Paginator(b.client, &s3.ListObjectsV2Input{Bucket: aws.String(b.bucket), Prefix: aws.String(b.prefix + prefix)})
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return err
		}
		for _, o := range page.Contents {
			key := aws.ToString(o.Key)
			if len(key) < len(b.prefix) {
				continue
			}
			if err := fn(remote.Object{Key: key[len(b.prefix):], Size: aws.ToInt64(o.Size)}); err != nil {
				return err
			}
		}
	}
	return nil
}

// Put uploads one object in one PUT (parts and commits are far below S3's
// 5 GB limit of a single PUT).
func (b *Bucket) Put(ctx context.Context, key string, r io.ReadSeeker, size int64) error {
	_, err := b.client.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(b.bucket), Key: aws.String(b.prefix + key),
		Body: r, ContentLength: aws.Int64(size)})
	return err
}

// Get opens one object.
func (b *Bucket) Get(ctx context.Context, key string) (io.ReadCloser, error) {
	out, err := b.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(b.bucket), Key: aws.String(b.prefix + key)})
	if err != nil {
		var nsk *types.NoSuchKey
		if errors.As(err, &nsk) {
			return nil, fmt.Errorf("%s: %w", key, remote.ErrNotFound)
		}
		return nil, err
	}
	return out.Body, nil
}

// CreateBucket creates the bucket (the tests' server starts empty).
func (b *Bucket) CreateBucket(ctx context.Context) error {
	_, err := b.client.CreateBucket(ctx, &s3.CreateBucketInput{Bucket: aws.String(b.bucket)})
	return err
}
