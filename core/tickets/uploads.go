package tickets

import (
	"context"
	"errors"
	"io"
	"path"
	"strings"

	"zocalo/core/errs"
	"zocalo/core/storage"
)

// Attachment limits of the specification.
const (
	MaxFiles     = 5
	MaxFileBytes = 5 << 20
)

var imageTypes = []string{"image/jpeg", "image/png", "image/gif"}

var errTooManyFiles = errs.Invalid("No puedes adjuntar más de 5 archivos")

// Uploads collects a message's files as they stream in: each is checked from its bytes
// and stored at once, and a batch that fails any check is discarded whole, so a refused
// message leaves no file behind.
type Uploads struct {
	store     storage.Store
	prefix    string
	staged    []stagedFile
	count     int
	oversized []string
	badType   []string
}

type stagedFile struct {
	obj      storage.Object
	filename string
}

// NewUploads starts an empty batch.
func (s *Service) NewUploads() *Uploads { return &Uploads{store: s.files, prefix: "tickets"} }

// Add reads one file. A file that breaks a rule is noted, not stored; only a storage
// failure is returned.
func (u *Uploads) Add(ctx context.Context, filename string, r io.Reader) error {
	u.count++
	name := cleanFilename(filename)
	if u.count > MaxFiles {
		_, _ = io.Copy(io.Discard, r)
		return nil
	}
	obj, err := u.store.Put(ctx, u.prefix, r, storage.Limits{MaxBytes: MaxFileBytes, Types: imageTypes})
	switch {
	case errors.Is(err, storage.ErrTooLarge):
		u.oversized = append(u.oversized, name)
		_, _ = io.Copy(io.Discard, r)
	case errors.Is(err, storage.ErrBadType), errors.Is(err, storage.ErrEmpty):
		u.badType = append(u.badType, name)
		_, _ = io.Copy(io.Discard, r)
	case err != nil:
		return err
	default:
		u.staged = append(u.staged, stagedFile{obj: obj, filename: name})
	}
	return nil
}

// Check reports the first rule the batch broke, with the specification's messages.
func (u *Uploads) Check() error {
	if u == nil {
		return nil
	}
	switch {
	case u.count > MaxFiles:
		return errTooManyFiles
	case len(u.oversized) > 0:
		return errs.TooLarge("Los siguientes archivos exceden el límite de 5MB: " + strings.Join(u.oversized, ", "))
	case len(u.badType) > 0:
		return errs.Invalid("Solo se permiten imágenes JPEG, PNG o GIF: " + strings.Join(u.badType, ", "))
	}
	return nil
}

// Len is how many files were accepted.
func (u *Uploads) Len() int {
	if u == nil {
		return 0
	}
	return len(u.staged)
}

// Discard deletes whatever the batch stored.
func (u *Uploads) Discard(ctx context.Context) {
	if u == nil {
		return
	}
	for _, f := range u.staged {
		_ = u.store.Delete(context.WithoutCancel(ctx), f.obj.Key)
	}
	u.staged = nil
}

// cleanFilename keeps the base name, without path or control characters.
func cleanFilename(name string) string {
	name = path.Base(strings.ReplaceAll(name, "\\", "/"))
	name = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == '"' {
			return -1
		}
		return r
	}, name)
	if name == "" || name == "." || name == "/" {
		name = "archivo"
	}
	if len(name) > 200 {
		name = name[len(name)-200:]
	}
	return name
}
