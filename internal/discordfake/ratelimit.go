package discordfake

import (
	"crypto/sha1"
	"encoding/hex"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Discord limits each route per caller and top-level resource (a channel, a guild, a
// webhook or an interaction), and every caller's requests together (the global limit),
// and says where a caller stands on every answer: X-RateLimit-Limit, -Remaining, -Reset,
// -Reset-After and -Bucket. The fake does the same. The windows are on the wall clock,
// not on the fake's clock: a client waits for Reset-After on the wall clock, and a test's
// clock that stands still would otherwise keep a spent bucket spent for ever.

// bucketRule is a route family's limit: limit requests per window.
type bucketRule struct {
	method, route string // route with {id} for ids and {token} for tokens
	limit         int
	window        time.Duration
}

// bucketRules are the limits Discord's headers report for the routes the bot uses;
// Discord says they may change, and clients read the headers rather than these numbers.
var bucketRules = []bucketRule{
	{"POST", "channels/{id}/messages", 5, 5 * time.Second},
	{"PATCH", "channels/{id}/messages/{id}", 5, 5 * time.Second},
	{"DELETE", "channels/{id}/messages/{id}", 5, time.Second},
	{"GET", "channels/{id}/messages", 5, 5 * time.Second},
	{"POST", "channels/{id}/threads", 5, 5 * time.Second},
	{"POST", "channels/{id}/messages/{id}/threads", 5, 5 * time.Second},
	{"PATCH", "channels/{id}", 5, 5 * time.Second},
	{"PUT", "guilds/{id}/members/{id}/roles/{id}", 10, 10 * time.Second},
	{"DELETE", "guilds/{id}/members/{id}/roles/{id}", 10, 10 * time.Second},
	{"PATCH", "guilds/{id}/members/{id}", 10, 10 * time.Second},
	{"POST", "users/@me/channels", 5, 5 * time.Second},
	{"PUT", "applications/{id}/guilds/{id}/commands", 5, 20 * time.Second},
	{"PUT", "applications/{id}/commands", 5, 20 * time.Second},
	{"POST", "interactions/{id}/{token}/callback", 5, 5 * time.Second},
	{"POST", "webhooks/{id}/{token}", 5, 2 * time.Second},
	{"PATCH", "webhooks/{id}/{token}/messages/{id}", 5, 2 * time.Second},
}

// defaultBucketRule is the limit of a route the table does not name.
var defaultBucketRule = bucketRule{limit: 10, window: 10 * time.Second}

// globalLimit is how many requests a bot may make a second, every route together but the
// interactions' own.
const globalLimit = 50

// rateLimit is one 429 to answer.
type rateLimit struct {
	retryAfter time.Duration
	scope      string // "user", "shared" or "global"
	bucket     string
	limit      int
}

// bucketWindow counts a caller's requests of one bucket on one resource in a window.
type bucketWindow struct {
	start time.Time
	count int
}

// bucketState is where a request leaves its bucket, for the headers.
type bucketState struct {
	bucket     string
	limit      int
	remaining  int
	resetAt    time.Time // on the wall clock
	resetAfter time.Duration
}

// RateLimitChannel makes the next n requests on a channel's routes (/channels/{id}/…, the
// channel itself and not its threads, which are channels of their own) answer 429 with
// retry_after; scope is "user" (the route's own bucket) or "shared" (the resource's).
// Requests on other channels are not affected.
func (f *Fake) RateLimitChannel(channelID string, n int, retryAfter time.Duration, scope string) {
	if scope != "shared" {
		scope = "user"
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for range n {
		f.strict.channelLimits[channelID] = append(f.strict.channelLimits[channelID], rateLimit{retryAfter: retryAfter, scope: scope})
	}
}

// RateLimitGlobal makes the bot's next n requests, on any route, answer a global 429.
// Interaction responses are left out, as Discord leaves them out of the global limit.
func (f *Fake) RateLimitGlobal(n int, retryAfter time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for range n {
		f.strict.globalLimits = append(f.strict.globalLimits, rateLimit{retryAfter: retryAfter, scope: "global"})
	}
}

// routeOf is a request's route with its ids and tokens replaced, and its top-level
// resource (the channel, guild, webhook or interaction it acts on).
func routeOf(path string) (route, major string) {
	parts := strings.Split(strings.TrimPrefix(path, "/api/"), "/")
	for i := 1; i < len(parts); i++ {
		prev, p := parts[i-1], parts[i]
		switch {
		case i == 1 && (prev == "webhooks" || prev == "interactions") && len(parts) > 2:
			major = p + "/" + parts[2]
			parts[i], parts[i+1] = "{id}", "{token}"
			i++
		case p != "" && p[0] >= '0' && p[0] <= '9':
			if i == 1 {
				major = p
			}
			parts[i] = "{id}"
		case p == "@original":
			parts[i] = "{id}"
		}
	}
	return strings.Join(parts, "/"), major
}

// ruleOf is the limit of a request's route.
func ruleOf(method, route string) bucketRule {
	for _, r := range bucketRules {
		if r.method == method && r.route == route {
			return r
		}
	}
	return defaultBucketRule
}

// bucketName is the X-RateLimit-Bucket of a route: the same on every resource, as the
// bucket leaves out the top-level resource.
func bucketName(method, route string) string {
	sum := sha1.Sum([]byte(method + " " + route))
	return hex.EncodeToString(sum[:16])
}

// caller names who a request counts against: its Authorization, as Discord counts per
// bot or user. Interaction and webhook routes carry their credential in the path.
func caller(r *http.Request) string {
	return r.Header.Get("Authorization")
}

// takeRateLimit counts an API request against its bucket and the global limit and tells
// where the bucket stands, or which 429 to answer: a scripted one first (global, then the
// channel's), then the global limit, then the bucket's. f.mu is held.
func (f *Fake) takeRateLimit(r *http.Request) (bucketState, *rateLimit) {
	route, major := routeOf(r.URL.Path)
	rule := ruleOf(r.Method, route)
	st := bucketState{bucket: bucketName(r.Method, route), limit: rule.limit}
	interactionRoute := strings.HasPrefix(route, "interactions/") || strings.HasPrefix(route, "webhooks/")
	bot := strings.HasPrefix(r.Header.Get("Authorization"), "Bot ")
	if bot && len(f.strict.globalLimits) > 0 && !interactionRoute {
		rl := f.strict.globalLimits[0]
		f.strict.globalLimits = f.strict.globalLimits[1:]
		return st, &rl
	}
	if bot && strings.HasPrefix(route, "channels/") {
		if queue := f.strict.channelLimits[major]; len(queue) > 0 {
			rl := queue[0]
			if len(queue) == 1 {
				delete(f.strict.channelLimits, major)
			} else {
				f.strict.channelLimits[major] = queue[1:]
			}
			rl.bucket, rl.limit = st.bucket, rule.limit
			return st, &rl
		}
	}
	now := f.wallNow()
	if bot && !interactionRoute && !f.opts.Relax.RateLimits {
		g := f.strict.global[caller(r)]
		if g == nil || now.Sub(g.start) >= time.Second {
			g = &bucketWindow{start: now}
			f.strict.global[caller(r)] = g
		}
		if g.count >= globalLimit {
			return st, &rateLimit{retryAfter: g.start.Add(time.Second).Sub(now), scope: "global"}
		}
		g.count++
	}
	key := caller(r) + "\x00" + st.bucket + "\x00" + major
	win := f.strict.buckets[key]
	if win == nil || now.Sub(win.start) >= rule.window {
		if len(f.strict.buckets) >= maxBuckets {
			f.forgetSpentBuckets(now)
		}
		win = &bucketWindow{start: now}
		f.strict.buckets[key] = win
	}
	st.resetAt = win.start.Add(rule.window)
	st.resetAfter = st.resetAt.Sub(now)
	// Only a bot's or a signed-in user's requests are held to their buckets: the code
	// exchange of a sign-in carries no token yet.
	signedIn := bot || strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ")
	if f.opts.Relax.RateLimits || !signedIn {
		st.remaining = rule.limit - 1
		return st, nil
	}
	if win.count >= rule.limit {
		return st, &rateLimit{retryAfter: st.resetAt.Sub(now), scope: "user", bucket: st.bucket, limit: rule.limit}
	}
	win.count++
	st.remaining = rule.limit - win.count
	return st, nil
}

// maxBuckets is how many windows the fake keeps before it forgets those that ended (each
// interaction token is a resource of its own).
const maxBuckets = 10000

// forgetSpentBuckets drops the windows that ended. f.mu is held.
func (f *Fake) forgetSpentBuckets(now time.Time) {
	for k, w := range f.strict.buckets {
		if now.Sub(w.start) >= time.Minute {
			delete(f.strict.buckets, k)
		}
	}
}

// setBucketHeaders tells the caller where its bucket stands, as every Discord answer does.
func setBucketHeaders(h http.Header, st bucketState) {
	after := max(0, st.resetAfter.Seconds())
	h.Set("X-RateLimit-Limit", strconv.Itoa(st.limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(st.remaining))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(float64(st.resetAt.UnixMilli())/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(after, 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", st.bucket)
}

// writeRateLimit answers a 429 with the headers and body Discord sends.
func writeRateLimit(w http.ResponseWriter, rl rateLimit) {
	secs := math.Round(rl.retryAfter.Seconds()*1000) / 1000
	h := w.Header()
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(secs))))
	h.Set("X-RateLimit-Scope", rl.scope)
	body := map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": rl.scope == "global", "code": 0}
	if rl.scope == "global" {
		h.Set("X-RateLimit-Global", "true")
		writeJSON(w, http.StatusTooManyRequests, body)
		return
	}
	if rl.scope == "shared" {
		body["message"] = "The resource is being rate limited."
	}
	limit := rl.limit
	if limit == 0 {
		limit = defaultBucketRule.limit
	}
	setBucketHeaders(h, bucketState{bucket: rl.bucket, limit: limit, remaining: 0, resetAt: time.Now().Add(rl.retryAfter),
		resetAfter: rl.retryAfter})
	writeJSON(w, http.StatusTooManyRequests, body)
}
