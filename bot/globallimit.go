package bot

import (
	"net/http"
	"strconv"
	"sync"
	"time"
)

// globalLimit remembers a global 429: Discord asks the bot to pause every request, not one
// route's. discordgo v0.29.0 drops the body's "global" flag, so the bot reads the
// response's X-RateLimit-Global header on its way back, and the relay starts nothing
// until the pause ends.
type globalLimit struct {
	now   func() time.Time
	mu    sync.Mutex
	until time.Time
}

// pausedFor tells how long the pause still lasts; zero when there is none.
func (g *globalLimit) pausedFor() time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	return max(g.until.Sub(g.now()), 0)
}

func (g *globalLimit) pause(d time.Duration) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if until := g.now().Add(d); until.After(g.until) {
		g.until = until
	}
}

// tap wraps the session's transport to see the global 429s.
func (g *globalLimit) tap(next http.RoundTripper) http.RoundTripper {
	if next == nil {
		next = http.DefaultTransport
	}
	return roundTripFunc(func(r *http.Request) (*http.Response, error) {
		res, err := next.RoundTrip(r)
		if err == nil && res.StatusCode == http.StatusTooManyRequests && res.Header.Get("X-RateLimit-Global") == "true" {
			seconds, perr := strconv.ParseFloat(res.Header.Get("Retry-After"), 64)
			if perr != nil || seconds <= 0 {
				seconds = 1
			}
			g.pause(time.Duration(seconds * float64(time.Second)))
		}
		return res, err
	})
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
