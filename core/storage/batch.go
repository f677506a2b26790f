package storage

import (
	"context"
	"errors"
	"io"
	"path"
	"strings"

	"zocalo/core/errs"
)

// BatchRules are one feature's rules for the files of a single form: how many, which types
// and how large, and the messages that explain a refusal.
type BatchRules struct {
	MaxFiles int
	Limits   Limits
	// TooMany is the message when more than MaxFiles files come.
	TooMany string
	// TooLarge and BadType are the messages' beginnings; the offending names follow.
	TooLarge string
	BadType  string
}

// Staged is a stored file of a batch with the name it was uploaded under.
type Staged struct {
	Object   Object
	Filename string
}

// Batch collects a form's files as they stream in: each is checked from its bytes and
// stored at once, and a batch that fails any check is discarded whole, so a refused form
// leaves no file behind.
type Batch struct {
	store     Store
	prefix    string
	rules     BatchRules
	staged    []Staged
	count     int
	oversized []string
	badType   []string
}

// NewBatch starts an empty batch stored under prefix.
func NewBatch(store Store, prefix string, rules BatchRules) *Batch {
	return &Batch{store: store, prefix: prefix, rules: rules}
}

// Add reads one file. A file that breaks a rule is noted, not stored; only a storage
// failure is returned.
func (b *Batch) Add(ctx context.Context, filename string, r io.Reader) error {
	b.count++
	name := CleanFilename(filename)
	if b.count > b.rules.MaxFiles {
		_, _ = io.Copy(io.Discard, r)
		return nil
	}
	obj, err := b.store.Put(ctx, b.prefix, r, b.rules.Limits)
	switch {
	case errors.Is(err, ErrTooLarge):
		b.oversized = append(b.oversized, name)
		_, _ = io.Copy(io.Discard, r)
	case errors.Is(err, ErrBadType), errors.Is(err, ErrEmpty):
		b.badType = append(b.badType, name)
		_, _ = io.Copy(io.Discard, r)
	case err != nil:
		return err
	default:
		b.staged = append(b.staged, Staged{Object: obj, Filename: name})
	}
	return nil
}

// Check reports the first rule the batch broke.
func (b *Batch) Check() error {
	if b == nil {
		return nil
	}
	switch {
	case b.count > b.rules.MaxFiles:
		return errs.Invalid(b.rules.TooMany)
	case len(b.oversized) > 0:
		return errs.TooLarge(b.rules.TooLarge + strings.Join(b.oversized, ", "))
	case len(b.badType) > 0:
		return errs.Invalid(b.rules.BadType + strings.Join(b.badType, ", "))
	}
	return nil
}

// Len is how many files were accepted.
func (b *Batch) Len() int {
	if b == nil {
		return 0
	}
	return len(b.staged)
}

// Files are the accepted files, in upload order.
func (b *Batch) Files() []Staged {
	if b == nil {
		return nil
	}
	return b.staged
}

// Discard deletes whatever the batch stored.
func (b *Batch) Discard(ctx context.Context) {
	if b == nil {
		return
	}
	for _, f := range b.staged {
		_ = b.store.Delete(context.WithoutCancel(ctx), f.Object.Key)
	}
	b.staged = nil
}

// CleanFilename keeps the base name, without path or control characters.
func CleanFilename(name string) string {
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
