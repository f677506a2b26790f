// Package fakes3 serves an in-memory S3-compatible store for tests, with one bucket, a
// count of the uploads it received, and a switch that makes it fail every request.
package fakes3

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// Store is the fake; URL is its endpoint.
type Store struct {
	URL     string
	Bucket  string
	backend *s3mem.Backend
	puts    atomic.Int64
	failing atomic.Bool
}

// New starts a store holding an empty bucket, stopped when the test ends.
func New(t testing.TB, bucket string) *Store {
	t.Helper()
	s := &Store{Bucket: bucket, backend: s3mem.New()}
	if err := s.backend.CreateBucket(bucket); err != nil {
		t.Fatal(err)
	}
	api := gofakes3.New(s.backend).Server()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.failing.Load() {
			http.Error(w, "<Error><Code>InternalError</Code><Message>down</Message></Error>", http.StatusInternalServerError)
			return
		}
		if r.Method == http.MethodPut {
			s.puts.Add(1)
		}
		api.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	s.URL = srv.URL
	return s
}

// Objects counts the objects in the bucket.
func (s *Store) Objects(t testing.TB) int {
	t.Helper()
	list, err := s.backend.ListBucket(s.Bucket, nil, gofakes3.ListBucketPage{})
	if err != nil {
		t.Fatal(err)
	}
	return len(list.Contents)
}

// Object returns an object's content.
func (s *Store) Object(t testing.TB, key string) []byte {
	t.Helper()
	obj, err := s.backend.GetObject(s.Bucket, key, nil)
	if err != nil {
		t.Fatalf("object %s: %v", key, err)
	}
	defer obj.Contents.Close()
	b := make([]byte, obj.Size)
	if _, err := io.ReadFull(obj.Contents, b); err != nil {
		t.Fatal(err)
	}
	return b
}

// Put stores an object directly, as another tool copying files into the bucket would.
func (s *Store) Put(t testing.TB, key, contentType string, data []byte) {
	t.Helper()
	if _, err := s.backend.PutObject(s.Bucket, key, map[string]string{"Content-Type": contentType,
		"Last-Modified": time.Now().UTC().Format(http.TimeFormat)},
		bytes.NewReader(data), int64(len(data)), nil); err != nil {
		t.Fatal(err)
	}
}

// Puts counts the PUT requests received.
func (s *Store) Puts() int64 { return s.puts.Load() }

// Fail makes every request fail with a 500 until called with false.
func (s *Store) Fail(failing bool) { s.failing.Store(failing) }
