package webapi

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash"
	"io"
	"net/http"
	"sort"

	"github.com/gin-gonic/gin"

	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/storage"
	"zocalo/core/validate"
)

var errNotMultipart = errs.Invalid("La solicitud debe enviarse como formulario multipart/form-data.")

// maxFormField is how much of a text field a form keeps.
const maxFormField = 64 << 10

// formLimits bound one route's form: its whole body, and what a larger one is told.
type formLimits struct {
	maxBody  int64
	tooLarge error
}

// readMultipart streams a multipart form: text fields are kept (64 KB at most each) and
// each file goes straight into the batch batchFor names for its field (files of other
// fields, or of every field when batchFor answers nil, are read and dropped), never whole
// into memory. When the request carries an Idempotency-Key, the form's fingerprint is
// taken as it streams (see formFingerprint) and given to the key once the form is read.
// On failure the batches are discarded.
func readMultipart(c *gin.Context, limits formLimits, batchFor func(field string) *storage.Batch, batches ...*storage.Batch) (map[string]string, bool) {
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, limits.maxBody)
	mr, err := c.Request.MultipartReader()
	if err != nil {
		fail(c, errNotMultipart)
		return nil, false
	}
	ctx := c.Request.Context()
	fields := map[string]string{}
	fingerprint := newFormFingerprint()
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			if key := idempotency.From(ctx); key != nil && key.BodyPending {
				key.SetHash(fingerprint.sum())
			}
			return fields, true
		}
		// A failure reading the body is the client's (a malformed or cut-off form); one
		// writing a file is ours.
		malformed := err != nil
		body := &readFailure{r: part}
		digest := sha256.New()
		content := io.TeeReader(body, digest)
		if err == nil && part.FileName() != "" {
			if b := batchFor(part.FormName()); b != nil {
				err = b.Add(ctx, part.FileName(), content)
			} else {
				_, err = io.Copy(io.Discard, content)
			}
		} else if err == nil {
			var raw []byte
			raw, err = io.ReadAll(io.LimitReader(content, maxFormField))
			fields[part.FormName()] = string(raw)
			if err == nil && !validate.Storable(string(raw)) {
				err = errUnstorableText
			}
		}
		if err == nil {
			fingerprint.add(part.FormName(), part.FileName(), digest)
			continue
		}
		for _, b := range batches {
			b.Discard(ctx)
		}
		var tooLargeErr *http.MaxBytesError
		if errors.As(err, &tooLargeErr) || errors.As(body.err, &tooLargeErr) {
			fail(c, limits.tooLarge)
		} else if _, ok := errs.As(err); ok {
			fail(c, err)
		} else if malformed || body.err != nil {
			fail(c, errNotMultipart)
		} else {
			fail(c, err)
		}
		return nil, false
	}
}

// readFailure remembers the first error reading r, other than its end.
type readFailure struct {
	r   io.Reader
	err error
}

func (f *readFailure) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if err != nil && err != io.EOF && f.err == nil {
		f.err = err
	}
	return n, err
}

// formFingerprint digests a multipart form as it streams, for Idempotency-Key: each part's
// file name and the SHA-256 of what the server takes of it (a whole file, a text field's
// first 64 KB), gathered by field name. The boundary, the parts' headers and the order of
// differently named fields change nothing the server does, and a browser's retry may
// change them, so they are left out; the order of the parts of one name (files under
// "attachments") is kept. Memory is one running digest per field name, never a file.
type formFingerprint struct {
	byName map[string]hash.Hash
}

func newFormFingerprint() *formFingerprint {
	return &formFingerprint{byName: map[string]hash.Hash{}}
}

// add records a part read whole, with the digest of its content.
func (f *formFingerprint) add(name, filename string, content hash.Hash) {
	h, ok := f.byName[name]
	if !ok {
		h = sha256.New()
		f.byName[name] = h
	}
	writeField(h, []byte(filename))
	h.Write(content.Sum(nil))
}

// sum is the form's fingerprint, hex-encoded like a JSON body's.
func (f *formFingerprint) sum() string {
	names := make([]string, 0, len(f.byName))
	for name := range f.byName {
		names = append(names, name)
	}
	sort.Strings(names)
	all := sha256.New()
	all.Write([]byte("multipart/form-data\x00"))
	for _, name := range names {
		writeField(all, []byte(name))
		all.Write(f.byName[name].Sum(nil))
	}
	return hex.EncodeToString(all.Sum(nil))
}

// writeField writes b with its length first, so that no two lists of fields run together
// into the same bytes.
func writeField(h hash.Hash, b []byte) {
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(b)))
	h.Write(n[:])
	h.Write(b)
}
