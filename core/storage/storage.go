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

// Store is where files live: a local directory by default.
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
	errBadKey  = errors.New("invalid storage key")
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

func (l *Local) pathOf(key string) (string, error) {
	clean := path.Clean("/" + key)[1:]
	if clean == "" || clean != key || strings.Contains(key, "\\") {
		return "", errBadKey
	}
	return filepath.Join(l.root, filepath.FromSlash(clean)), nil
}

// Put implements Store.
func (l *Local) Put(ctx context.Context, prefix string, r io.Reader, limits Limits) (Object, error) {
	br := bufio.NewReaderSize(r, 512)
	head, err := br.Peek(512)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return Object{}, err
	}
	if len(head) == 0 {
		return Object{}, ErrEmpty
	}
	ctype := http.DetectContentType(head)
	if i := strings.IndexByte(ctype, ';'); i >= 0 {
		ctype = ctype[:i]
	}
	if len(limits.Types) > 0 && !slices.Contains(limits.Types, ctype) {
		return Object{}, ErrBadType
	}
	key := path.Join(prefix, time.Now().UTC().Format("2006/01"), randomName())
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
	limit := limits.MaxBytes
	if limit <= 0 {
		limit = 1 << 62
	}
	n, err := io.Copy(tmp, io.LimitReader(br, limit+1))
	if noSpace(err) {
		return Object{}, ErrNoSpace.Wrap(err)
	}
	if err != nil {
		return Object{}, err
	}
	if n > limit {
		return Object{}, ErrTooLarge
	}
	if err := ctx.Err(); err != nil {
		return Object{}, err
	}
	// A full disk may surface only when the data is flushed.
	if err := tmp.Sync(); err != nil {
		if noSpace(err) {
			return Object{}, ErrNoSpace.Wrap(err)
		}
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
	ctype := http.DetectContentType(head[:n])
	if i := strings.IndexByte(ctype, ';'); i >= 0 {
		ctype = ctype[:i]
	}
	return f, Object{Key: key, Size: st.Size(), ContentType: ctype, ModTime: st.ModTime()}, nil
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
