package storage

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Options name a bucket of an S3-compatible store: AWS S3, MinIO, Cloudflare R2,
// Garage, Backblaze B2 and the like.
type S3Options struct {
	// Endpoint is the store's URL: https://s3.eu-west-1.amazonaws.com, or
	// http://minio:9000 for a store on a private network.
	Endpoint        string
	Region          string
	Bucket          string
	AccessKeyID     string
	SecretAccessKey string
	// Transport replaces the HTTP transport; nil is Go's default.
	Transport http.RoundTripper
}

// S3 keeps files in a bucket, so that several servers, and the bot, share them without
// a shared disk.
type S3 struct {
	client *minio.Client
	bucket string
	// spoolDir holds an upload while its size and type are checked, before it is sent.
	spoolDir string
}

// NewS3 connects to the bucket and checks that it exists and that the keys may read it.
func NewS3(ctx context.Context, o S3Options) (*S3, error) {
	u, err := url.Parse(o.Endpoint)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.Trim(u.Path, "/") != "" {
		return nil, fmt.Errorf("storage: the S3 endpoint must be a URL like https://s3.example.com, not %q", o.Endpoint)
	}
	if o.Bucket == "" {
		return nil, errors.New("storage: the S3 bucket is not set")
	}
	client, err := minio.New(u.Host, &minio.Options{
		Creds:     credentials.NewStaticV4(o.AccessKeyID, o.SecretAccessKey, ""),
		Secure:    u.Scheme == "https",
		Region:    o.Region,
		Transport: o.Transport,
		// A brief blip is retried; a store that is down answers the person within about
		// two seconds instead of the client's default of ten tries.
		MaxRetries: 3,
	})
	if err != nil {
		return nil, fmt.Errorf("storage: %w", err)
	}
	exists, err := client.BucketExists(ctx, o.Bucket)
	if err != nil {
		return nil, fmt.Errorf("storage: reach bucket %q at %s: %w", o.Bucket, o.Endpoint, err)
	}
	if !exists {
		return nil, fmt.Errorf("storage: bucket %q does not exist at %s", o.Bucket, o.Endpoint)
	}
	return &S3{client: client, bucket: o.Bucket, spoolDir: os.TempDir()}, nil
}

// Put implements Store. The upload is first written to a local file, so that a refused
// one (too large, a wrong type hidden after the first bytes, a dropped connection) never
// reaches the bucket, and the bucket gets one request of a known size.
func (s *S3) Put(ctx context.Context, prefix string, r io.Reader, limits Limits) (Object, error) {
	content, ctype, err := sniff(r, limits)
	if err != nil {
		return Object{}, err
	}
	spool, err := os.CreateTemp(s.spoolDir, "zocalo-upload-*")
	if err != nil {
		if noSpace(err) {
			return Object{}, ErrNoSpace.Wrap(err)
		}
		return Object{}, err
	}
	defer func() {
		spool.Close()
		os.Remove(spool.Name())
	}()
	n, err := fill(ctx, spool, content, limits)
	if err != nil {
		return Object{}, err
	}
	if _, err := spool.Seek(0, io.SeekStart); err != nil {
		return Object{}, err
	}
	key := newKey(prefix)
	info, err := s.client.PutObject(ctx, s.bucket, key, spool, n, minio.PutObjectOptions{ContentType: ctype})
	if err != nil {
		return Object{}, ErrStoreDown.Wrap(fmt.Errorf("storage: put %s: %w", key, err))
	}
	modTime := info.LastModified
	if modTime.IsZero() {
		modTime = time.Now().UTC()
	}
	return Object{Key: key, Size: n, ContentType: ctype, ModTime: modTime}, nil
}

// Open implements Store. The object is read as it is served; seeking (for a browser's
// range request) starts a new read at that offset. The type comes from the first bytes,
// as with Local, not from the type stored with the object: files copied into the bucket
// by other tools carry one guessed from their name, or none.
func (s *S3) Open(ctx context.Context, key string) (io.ReadSeekCloser, Object, error) {
	if validKey(key) != nil {
		return nil, Object{}, ErrNotFound
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, Object{}, s.readFailure(key, err)
	}
	info, err := obj.Stat()
	if err != nil {
		obj.Close()
		return nil, Object{}, s.readFailure(key, err)
	}
	head := make([]byte, 512)
	n, err := io.ReadFull(obj, head)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
		obj.Close()
		return nil, Object{}, s.readFailure(key, err)
	}
	if _, err := obj.Seek(0, io.SeekStart); err != nil {
		obj.Close()
		return nil, Object{}, s.readFailure(key, err)
	}
	return obj, Object{Key: key, Size: info.Size, ContentType: contentType(head[:n]), ModTime: info.LastModified}, nil
}

func (s *S3) readFailure(key string, err error) error {
	if minio.ToErrorResponse(err).Code == minio.NoSuchKey {
		return ErrNotFound
	}
	return ErrStoreDown.Wrap(fmt.Errorf("storage: get %s: %w", key, err))
}

// Delete implements Store; S3 deletes a missing object without complaint.
func (s *S3) Delete(ctx context.Context, key string) error {
	if err := validKey(key); err != nil {
		return err
	}
	if err := s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("storage: delete %s: %w", key, err)
	}
	return nil
}
