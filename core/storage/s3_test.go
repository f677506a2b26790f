package storage

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"zocalo/core/errs"
	"zocalo/internal/fakes3"
)

func TestS3Store(t *testing.T) {
	t.Parallel()
	fake := fakes3.New(t, "zocalo")
	s, err := NewS3(context.Background(), S3Options{Endpoint: fake.URL, Region: "us-east-1", Bucket: "zocalo",
		AccessKeyID: "key", SecretAccessKey: "secret"})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("contract", func(t *testing.T) {
		testStore(t, s, func() int { return fake.Objects(t) })
	})

	// A file copied in by another tool, with a type guessed from its name: served by its bytes.
	t.Run("the type comes from the bytes", func(t *testing.T) {
		fake.Put(t, "tickets/9/2026/01/copied", "binary/octet-stream", pngHeader)
		f, obj, err := s.Open(context.Background(), "tickets/9/2026/01/copied")
		if err != nil {
			t.Fatal(err)
		}
		content, _ := io.ReadAll(f)
		f.Close()
		if obj.ContentType != "image/png" || !bytes.Equal(content, pngHeader) {
			t.Fatalf("%s, %d bytes", obj.ContentType, len(content))
		}
		if err := s.Delete(context.Background(), "tickets/9/2026/01/copied"); err != nil {
			t.Fatal(err)
		}
	})

	// A refused upload is refused before anything is sent.
	t.Run("refused uploads never reach the bucket", func(t *testing.T) {
		before := fake.Puts()
		big := append(append([]byte{}, pngHeader...), bytes.Repeat([]byte{0}, 4096)...)
		if _, err := s.Put(context.Background(), "sat", bytes.NewReader(big), Limits{MaxBytes: 1024}); !errors.Is(err, ErrTooLarge) {
			t.Fatalf("err = %v", err)
		}
		if n := fake.Puts() - before; n != 0 {
			t.Fatalf("%d requests sent for a refused upload", n)
		}
	})

	// The store failing: an error, and nothing stored.
	t.Run("store down", func(t *testing.T) {
		fake.Fail(true)
		defer fake.Fail(false)
		// The client retries a failing store; the request's deadline bounds the retries.
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		_, err := s.Put(ctx, "tickets", bytes.NewReader(pngHeader), Limits{MaxBytes: 1 << 20})
		if e, ok := errs.As(err); !ok || e.Message != ErrStoreDown.Message {
			t.Fatalf("err = %v, want ErrStoreDown", err)
		}
		fake.Fail(false)
		if n := fake.Objects(t); n != 0 {
			t.Fatalf("%d objects after a failed put", n)
		}
	})
}

// A mistyped bucket or endpoint stops the server at start, not at the first upload.
func TestS3StoreChecksItsBucket(t *testing.T) {
	t.Parallel()
	fake := fakes3.New(t, "zocalo")
	cases := map[string]S3Options{
		"no such bucket":    {Endpoint: fake.URL, Bucket: "otro"},
		"no bucket":         {Endpoint: fake.URL},
		"not a URL":         {Endpoint: "minio:9000", Bucket: "zocalo"},
		"a path in the URL": {Endpoint: fake.URL + "/zocalo", Bucket: "zocalo"},
		"nothing listening": {Endpoint: "http://127.0.0.1:1", Bucket: "zocalo"},
	}
	for name, o := range cases {
		t.Run(name, func(t *testing.T) {
			o.AccessKeyID, o.SecretAccessKey, o.Region = "key", "secret", "us-east-1"
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			_, err := NewS3(ctx, o)
			if err == nil || !strings.HasPrefix(err.Error(), "storage: ") {
				t.Fatalf("err = %v", err)
			}
		})
	}
}
