package webapi

import (
	"context"

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

func (l *keyedLimiter) middleware(message string) gin.HandlerFunc {
	refusal := errs.RateLimited(message)
	return func(c *gin.Context) {
		ok, err := l.allow(c.Request.Context(), c.ClientIP())
		if err != nil {
			fail(c, err)
			return
		}
		if !ok {
			c.Header("Retry-After", "60")
			fail(c, refusal)
			return
		}
		c.Next()
	}
}
