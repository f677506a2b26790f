package discordfake

import (
	"fmt"
	"math"
	"net/http"
	"strconv"
	"time"
)

// writeFailure answers a scripted failure the way Discord does.
func writeFailure(w http.ResponseWriter, fail failure) {
	if fail.status == http.StatusTooManyRequests {
		after := strconv.FormatFloat(fail.retryAfter, 'f', 3, 64)
		reset := float64(time.Now().UnixMilli())/1000 + fail.retryAfter
		h := w.Header()
		h.Set("Retry-After", strconv.Itoa(int(math.Ceil(fail.retryAfter))))
		h.Set("X-RateLimit-Limit", "5")
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Reset", strconv.FormatFloat(reset, 'f', 3, 64))
		h.Set("X-RateLimit-Reset-After", after)
		h.Set("X-RateLimit-Bucket", "fakebucket")
		h.Set("X-RateLimit-Scope", "user")
		writeJSON(w, fail.status, map[string]any{"message": "You are being rate limited.", "retry_after": fail.retryAfter, "global": false, "code": 0})
		return
	}
	writeJSON(w, fail.status, map[string]any{"message": fmt.Sprintf("%d: %s", fail.status, http.StatusText(fail.status)), "code": 0})
}

// FailNext makes the next n API requests answer status; a 429 says to retry after
// retryAfter seconds, with the headers and body Discord sends.
func (f *Fake) FailNext(n, status int, retryAfter float64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for range n {
		f.failures = append(f.failures, failure{status: status, retryAfter: retryAfter})
	}
}

// StartOutage makes every REST request fail with status until EndOutage: Discord down.
func (f *Fake) StartOutage(status int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.outage = &failure{status: status}
}

// EndOutage brings the REST API back.
func (f *Fake) EndOutage() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.outage = nil
}
