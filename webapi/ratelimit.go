package webapi

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"zocalo/core/errs"
	"zocalo/core/ratelimit"
)

// keyedLimiter admits perMin requests per key (a client address, an API key) and minute,
// counted in the database so that every replica behind the proxy shares the count.
type keyedLimiter struct {
	store  *ratelimit.Store
	bucket string
	perMin int
}

func newKeyedLimiter(store *ratelimit.Store, bucket string, perMinute int) *keyedLimiter {
	return &keyedLimiter{store: store, bucket: bucket, perMin: perMinute}
}

func (l *keyedLimiter) allow(ctx context.Context, key string) (bool, error) {
	return l.store.Allow(ctx, l.bucket, key, l.perMin)
}

// formMiddleware limits a public form per client address. Only submissions that were
// taken count: one refused as malformed (400) or over the limit (429) gives its hit back.
func (l *keyedLimiter) formMiddleware(message string) gin.HandlerFunc {
	refusal := errs.RateLimited(message)
	return func(c *gin.Context) {
		ok, ticket, err := l.store.Take(c.Request.Context(), l.bucket, c.ClientIP(), l.perMin)
		if err != nil {
			fail(c, err)
			return
		}
		// The answer is written by then; a failure to give the hit back leaves it counted.
		giveBack := func() { _ = l.store.GiveBack(context.WithoutCancel(c.Request.Context()), ticket) }
		if !ok {
			giveBack()
			c.Header("Retry-After", "60")
			fail(c, refusal)
			return
		}
		c.Next()
		if c.Writer.Status() == http.StatusBadRequest {
			giveBack()
		}
	}
}
