// Package storage keeps uploaded files (ticket attachments, business documents). The type
// of a file is decided from its bytes, never its name, and size limits are enforced while
// reading, so an oversized upload never sits whole in memory or on disk.
package storage

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"zocalo/core/errs"
)

// Object describes a stored file.
type Object struct {
	Key         string
	Size        int64
	ContentType string
	ModTime     time.Time
}

// Limits bound an upload. Types lists the accepted content types (as sniffed).
type Limits struct {
	MaxBytes int64
	Types    []string
}

// Store is where files live: a local directory by default, or an S3-compatible bucket.
type Store interface {
	// Put reads r into a new object under prefix, refusing a type outside limits.Types or a
	// size over limits.MaxBytes; on any failure nothing is left behind.
	Put(ctx context.Context, prefix string, r io.Reader, limits Limits) (Object, error)
	// Open returns the object's content and description.
	Open(ctx context.Context, key string) (io.ReadSeekCloser, Object, error)
	// Delete removes an object; a missing one is not an error.
	Delete(ctx context.Context, key string) error
}

// Errors of Put, with messages the features may replace with their own.
var (
	ErrTooLarge = errs.TooLarge("El archivo excede el tamaño permitido.")
	ErrBadType  = errs.Invalid("El tipo de archivo no está permitido.")
	ErrEmpty    = errs.Invalid("El archivo está vacío.")
	ErrNotFound = errs.NotFound("Archivo no encontrado.")
	// ErrNoSpace is a full disk (or quota) while writing: the upload is refused whole and the
	// request may be retried once space is freed.
	ErrNoSpace = errs.Unavailable("No hay espacio para guardar el archivo en el servidor. Avisa al equipo e inténtalo más tarde.")
	// ErrStoreDown is a bucket that did not answer or refused the request.
	ErrStoreDown = errs.Unavailable("El almacén de archivos no responde. Inténtalo de nuevo en unos minutos.")
	errBadKey    = errors.New("invalid storage key")
)

// Local stores files under a directory.
type Local struct {
	root string
	// createTemp opens the file an upload is written to before it is renamed into place.
	createTemp func(dir, pattern string) (*os.File, error)
}

// NewLocal makes the directory if needed.
func NewLocal(root string) (*Local, error) {
	if err := os.MkdirAll(root, 0o750); err != nil {
		return nil, fmt.Errorf("storage directory: %w", err)
	}
	return &Local{root: root, createTemp: os.CreateTemp}, nil
}

// noSpace tells whether a write failed because the disk, or the quota, is full.
func noSpace(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT) || errors.Is(err, syscall.EFBIG)
}

// validKey checks a key is a clean relative path, so that it cannot name anything
// outside the store.
func validKey(key string) error {
	clean := path.Clean("/" + key)[1:]
	if clean == "" || clean != key || strings.Contains(key, "\\") {
		return errBadKey
	}
	return nil
}

func (l *Local) pathOf(key string) (string, error) {
	if err := validKey(key); err != nil {
		return "", err
	}
	return filepath.Join(l.root, filepath.FromSlash(key)), nil
}

// newKey names a new object under prefix: by month, then at random.
func newKey(prefix string) string {
	return path.Join(prefix, time.Now().UTC().Format("2006/01"), randomName())
}

// sniff decides an upload's type from its first bytes, refusing an empty upload or a type
// outside limits. The reader it returns still yields every byte.
func sniff(r io.Reader, limits Limits) (io.Reader, string, error) {
	br := bufio.NewReaderSize(r, 512)
	head, err := br.Peek(512)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, "", err
	}
	if len(head) == 0 {
		return nil, "", ErrEmpty
	}
	ctype := contentType(head)
	if len(limits.Types) > 0 && !slices.Contains(limits.Types, ctype) {
		return nil, "", ErrBadType
	}
	return br, ctype, nil
}

func contentType(head []byte) string {
	ctype := http.DetectContentType(head)
	if i := strings.IndexByte(ctype, ';'); i >= 0 {
		ctype = ctype[:i]
	}
	return ctype
}

// fill copies r into f and flushes it to the disk: ErrTooLarge past limits.MaxBytes,
// ErrNoSpace when the disk is full.
func fill(ctx context.Context, f *os.File, r io.Reader, limits Limits) (int64, error) {
	limit := limits.MaxBytes
	if limit <= 0 {
		limit = 1 << 62
	}
	n, err := io.Copy(f, io.LimitReader(r, limit+1))
	if noSpace(err) {
		return 0, ErrNoSpace.Wrap(err)
	}
	if err != nil {
		return 0, err
	}
	if n > limit {
		return 0, ErrTooLarge
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	// A full disk may surface only when the data is flushed.
	if err := f.Sync(); err != nil {
		if noSpace(err) {
			return 0, ErrNoSpace.Wrap(err)
		}
		return 0, err
	}
	return n, nil
}

// Put implements Store.
func (l *Local) Put(ctx context.Context, prefix string, r io.Reader, limits Limits) (Object, error) {
	content, ctype, err := sniff(r, limits)
	if err != nil {
		return Object{}, err
	}
	key := newKey(prefix)
	dst, err := l.pathOf(key)
	if err != nil {
		return Object{}, err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o750); err != nil {
		return Object{}, err
	}
	tmp, err := l.createTemp(filepath.Dir(dst), ".upload-*")
	if err != nil {
		if noSpace(err) {
			return Object{}, ErrNoSpace.Wrap(err)
		}
		return Object{}, err
	}
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	n, err := fill(ctx, tmp, content, limits)
	if err != nil {
		return Object{}, err
	}
	if err := tmp.Close(); err != nil {
		if noSpace(err) {
			return Object{}, ErrNoSpace.Wrap(err)
		}
		return Object{}, err
	}
	if err := os.Rename(tmp.Name(), dst); err != nil {
		return Object{}, err
	}
	ok = true
	return Object{Key: key, Size: n, ContentType: ctype, ModTime: time.Now().UTC()}, nil
}

// Open implements Store.
func (l *Local) Open(_ context.Context, key string) (io.ReadSeekCloser, Object, error) {
	p, err := l.pathOf(key)
	if err != nil {
		return nil, Object{}, ErrNotFound
	}
	f, err := os.Open(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil, Object{}, ErrNotFound
	}
	if err != nil {
		return nil, Object{}, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, Object{}, err
	}
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, Object{}, err
	}
	return f, Object{Key: key, Size: st.Size(), ContentType: contentType(head[:n]), ModTime: st.ModTime()}, nil
}

// Delete implements Store.
func (l *Local) Delete(_ context.Context, key string) error {
	p, err := l.pathOf(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

func randomName() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
