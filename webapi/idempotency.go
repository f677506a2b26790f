package webapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"zocalo/core/apikeys"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/storage"
)

// IdempotencyHeader names the key a client sends with a create it may retry.
const IdempotencyHeader = "Idempotency-Key"

// replayedHeader marks an answer that repeats the first request's.
const replayedHeader = "Idempotent-Replayed"

// replayWait is how long a repeat waits for the first request, which holds the key in a
// transaction or has committed and is about to store its answer.
const replayWait = 15 * time.Second

var (
	errIdempotencyKey = errs.Invalid("La clave de idempotencia debe tener de 1 a 100 caracteres visibles.")
	errStillRunning   = errs.Conflict("Esta solicitud ya se está procesando. Recarga la página en unos segundos para ver el resultado.")
	// A create whose answer holds a secret shown once (an API key) stores the answer
	// without it; a repeat cannot show the secret again.
	errSecretShownOnce = errs.Conflict("Esta solicitud ya se procesó y su secreto se mostró una sola vez. Revoca la clave y crea otra si no la guardaste.")
)

// idempotent makes a create route honour Idempotency-Key: the service claims the key in
// the transaction that creates, the answer is stored when the request succeeds, and a
// repeat (at once or later) gets that answer instead of a second row. The key is stored
// with the request's fingerprint, and the same key with another request is a 400. Without
// the header the route behaves as before. It runs after authentication: a key is scoped
// to who sent it and to the route, so one client cannot read another's answer.
func (s *Server) idempotent(o idempotencyOptions) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader(IdempotencyHeader)
		if key == "" {
			c.Next()
			return
		}
		if !validIdempotencyKey(key) {
			fail(c, errIdempotencyKey)
			return
		}
		req := &idempotency.Request{Scope: idempotencyScope(c), Key: key}
		if o.form != nil {
			// Fingerprinted by readMultipart as the form streams to storage.
			req.BodyPending = true
		} else {
			hash, ok := requestHash(c)
			if !ok {
				return
			}
			req.RequestHash = hash
		}
		ctx := idempotency.With(c.Request.Context(), req)
		c.Request = c.Request.WithContext(ctx)
		prior, err := s.deps.App.Idempotency.Find(ctx, req.Scope, req.Key)
		if err != nil {
			fail(c, err)
			return
		}
		if prior != nil {
			// The key was used: this is a repeat, or another request under the same key.
			// A form is read to its end for its fingerprint, its files stored nowhere.
			if o.form != nil {
				if _, ok := readMultipart(c, *o.form, func(string) *storage.Batch { return nil }); !ok {
					return
				}
			}
			s.replay(c, req, o)
			return
		}
		rec := &recordingWriter{ResponseWriter: c.Writer}
		c.Writer = rec
		c.Next()
		c.Writer = rec.ResponseWriter
		if c.GetBool(replayKey) {
			s.replay(c, req, o)
			return
		}
		status := rec.Status()
		if req.Claimed() && status >= 200 && status < 300 {
			body := rec.body.Bytes()
			if o.secret {
				body = nil
			}
			// The effect is committed; failing to store its answer only makes a repeat
			// wait and then say the request was already processed.
			storeCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
			defer cancel()
			if err := s.deps.App.Idempotency.Complete(storeCtx, req, status, rec.Header().Get("Content-Type"), body); err != nil {
				logger(c).Error("idempotency answer not stored", "error", err)
			}
		}
	}
}

type idempotencyOptions struct {
	// secret: the answer holds a secret shown once, so it is not stored, and a repeat
	// gets errSecretShownOnce instead of it.
	secret bool
	// form: the body is a multipart form within these limits, fingerprinted while it
	// streams; any other body is fingerprinted whole before the handler runs.
	form *formLimits
}

var (
	storedAnswer = idempotencyOptions{}
	secretAnswer = idempotencyOptions{secret: true}
)

// formAnswer is storedAnswer for a route that takes a multipart form within limits.
func formAnswer(limits formLimits) idempotencyOptions {
	return idempotencyOptions{form: &limits}
}

// replayKey marks a request whose service found its key already used.
const replayKey = "idempotency.replay"

// replay answers with the stored result of the request that used the key first, waiting
// for it to be stored when that request is still finishing.
func (s *Server) replay(c *gin.Context, req *idempotency.Request, o idempotencyOptions) {
	ctx := c.Request.Context()
	deadline := time.Now().Add(replayWait)
	delay := 20 * time.Millisecond
	for {
		rec, err := s.deps.App.Idempotency.Find(ctx, req.Scope, req.Key)
		if err != nil {
			fail(c, err)
			return
		}
		if err := idempotency.CheckHash(rec, req.RequestHash); err != nil {
			fail(c, err)
			return
		}
		if rec != nil && rec.CompletedAt != nil {
			if o.secret {
				fail(c, errSecretShownOnce)
				return
			}
			c.Header(replayedHeader, "true")
			c.Data(rec.Status, rec.ContentType, rec.Body)
			c.Abort()
			return
		}
		if time.Now().After(deadline) {
			fail(c, errStillRunning)
			return
		}
		select {
		case <-ctx.Done():
			c.Abort()
			return
		case <-time.After(delay):
		}
		delay = min(delay*2, 500*time.Millisecond)
	}
}

func validIdempotencyKey(k string) bool {
	if len(k) > 100 {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] <= ' ' || k[i] > '~' {
			return false
		}
	}
	return true
}

// idempotencyScope is who sent the key and where: a member, a game server's key, or
// nobody (public forms, whose keys are random and unguessable).
func idempotencyScope(c *gin.Context) string {
	who := "public"
	if p := principal(c); p != nil {
		who = "member:" + p.Actor.DiscordID
	} else if k, ok := c.Get(apiKeyContext); ok {
		who = "apikey:" + strconv.FormatUint(k.(*apikeys.Key).ID, 10)
	}
	return who + " " + c.Request.Method + " " + c.Request.URL.Path
}

// requestHash fingerprints a body read whole (JSON, whatever Content-Type it is sent
// with: the handlers decode it either way), so a key reused for a different request is
// refused instead of answered with another request's result.
func requestHash(c *gin.Context) (string, bool) {
	var raw []byte
	if c.Request.Body != nil {
		var err error
		raw, err = io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, maxJSONBody))
		if err != nil {
			fail(c, errBodyTooLarge)
			return "", false
		}
	}
	c.Request.Body = io.NopCloser(bytes.NewReader(raw))
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:]), true
}

// recordingWriter keeps a copy of the answer as it is written.
type recordingWriter struct {
	gin.ResponseWriter
	body bytes.Buffer
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

func (w *recordingWriter) WriteString(s string) (int, error) {
	w.body.WriteString(s)
	return w.ResponseWriter.WriteString(s)
}
