package storage

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"zocalo/core/errs"
)

var pngHeader = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")

func files(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	_ = filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func TestLocalStore(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	s, err := NewLocal(root)
	if err != nil {
		t.Fatal(err)
	}
	testStore(t, s, func() int { return len(files(t, root)) })
}

// testStore checks what every Store promises; stored counts the files the store holds.
func testStore(t *testing.T, s Store, stored func() int) {
	ctx := context.Background()
	images := Limits{MaxBytes: 100, Types: []string{"image/png", "image/jpeg", "image/gif"}}

	obj, err := s.Put(ctx, "tickets/1", bytes.NewReader(pngHeader), images)
	if err != nil {
		t.Fatal(err)
	}
	if obj.ContentType != "image/png" || obj.Size != int64(len(pngHeader)) || !strings.HasPrefix(obj.Key, "tickets/1/") {
		t.Fatalf("object %+v", obj)
	}
	f, got, err := s.Open(ctx, obj.Key)
	if err != nil {
		t.Fatal(err)
	}
	content, _ := io.ReadAll(f)
	// A browser's range request seeks before reading.
	if _, err := f.Seek(8, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	tail, _ := io.ReadAll(f)
	f.Close()
	if !bytes.Equal(content, pngHeader) || got.ContentType != "image/png" || got.Size != int64(len(pngHeader)) || got.ModTime.IsZero() {
		t.Fatalf("read back %d bytes as %+v", len(content), got)
	}
	if !bytes.Equal(tail, pngHeader[8:]) {
		t.Fatalf("after seeking to 8: %q", tail)
	}

	cases := []struct {
		name string
		data []byte
		want error
	}{
		{"HTML is not an image, whatever its name", []byte("<html><script>alert(1)</script></html>"), ErrBadType},
		{"one byte over the limit", append(append([]byte{}, pngHeader...), bytes.Repeat([]byte{0}, 101-len(pngHeader))...), ErrTooLarge},
		{"empty", nil, ErrEmpty},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := stored()
			_, err := s.Put(ctx, "tickets/1", bytes.NewReader(c.data), images)
			if !errors.Is(err, c.want) {
				t.Fatalf("err = %v, want %v", err, c.want)
			}
			if after := stored(); after != before {
				t.Fatalf("files %d → %d: a refused upload left something behind", before, after)
			}
		})
	}

	if err := s.Delete(ctx, obj.Key); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Open(ctx, obj.Key); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after delete: %v", err)
	}
	if err := s.Delete(ctx, obj.Key); err != nil {
		t.Fatalf("deleting a missing file: %v", err)
	}
	if stored() != 0 {
		t.Fatalf("%d files left after the delete", stored())
	}
	for _, key := range []string{"../../etc/passwd", "/etc/passwd", "tickets/../../x", ""} {
		if _, _, err := s.Open(ctx, key); !errors.Is(err, ErrNotFound) {
			t.Fatalf("the key %q: %v", key, err)
		}
	}
}

// A full disk while an upload is written: a clear error, and nothing left behind. The
// upload's file is a link to /dev/full, where every write fails with ENOSPC as on a full disk.
func TestPutOnAFullDisk(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full on this system")
	}
	root := t.TempDir()
	l, err := NewLocal(root)
	if err != nil {
		t.Fatal(err)
	}
	l.createTemp = func(dir, _ string) (*os.File, error) {
		link := filepath.Join(dir, ".upload-full")
		if err := os.Symlink("/dev/full", link); err != nil {
			return nil, err
		}
		return os.OpenFile(link, os.O_WRONLY, 0)
	}
	png := append(append([]byte{}, pngHeader...), bytes.Repeat([]byte{0}, 256<<10)...)
	_, err = l.Put(context.Background(), "tickets", bytes.NewReader(png), Limits{MaxBytes: 1 << 20, Types: []string{"image/png"}})
	if e, ok := errs.As(err); !ok || e.Message != ErrNoSpace.Message || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("error %v, want ErrNoSpace over ENOSPC", err)
	}
	if left := files(t, root); len(left) > 0 {
		t.Fatalf("files left behind: %v", left)
	}
}
