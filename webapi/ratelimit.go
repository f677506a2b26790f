package webapi

import (
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"golang.org/x/time/rate"

	"zocalo/core/errs"
)

// keyedLimiter is a token bucket per key (a client address, an API key), forgetting idle keys.
type keyedLimiter struct {
	mu      sync.Mutex
	perMin  int
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

func newKeyedLimiter(perMinute int) *keyedLimiter {
	return &keyedLimiter{perMin: perMinute, buckets: map[string]*bucket{}, swept: time.Now()}
}

func (l *keyedLimiter) allow(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	if now.Sub(l.swept) > 5*time.Minute {
		for k, b := range l.buckets {
			if now.Sub(b.seen) > 10*time.Minute {
				delete(l.buckets, k)
			}
		}
		l.swept = now
	}
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(rate.Every(time.Minute/time.Duration(l.perMin)), l.perMin)}
		l.buckets[key] = b
	}
	b.seen = now
	return b.lim.Allow()
}

func (l *keyedLimiter) middleware(message string) gin.HandlerFunc {
	refusal := errs.RateLimited(message)
	return func(c *gin.Context) {
		if !l.allow(c.ClientIP()) {
			c.Header("Retry-After", "60")
			fail(c, refusal)
			return
		}
		c.Next()
	}
}
