package discordfake

import (
	"errors"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func TestRateLimitOnOneChannel(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	post := map[string]string{"content": "hola"}
	f.RateLimitChannel(testChannel, 2, 1500*time.Millisecond, "user")
	f.RateLimitChannel(otherChannel, 1, 250*time.Millisecond, "shared")

	// The order is the test: the other channel answers before and between testChannel's 429s.
	first := call(t, srv, http.MethodPost, messagesPath(testChannel), post)
	shared := call(t, srv, http.MethodPost, messagesPath(otherChannel), post)
	if ok := call(t, srv, http.MethodPost, messagesPath(otherChannel), post); ok.status != 200 {
		t.Errorf("other channel after its own 429: %d %s", ok.status, ok.raw)
	}
	second := call(t, srv, http.MethodGet, "/api/v9/channels/"+testChannel, nil)
	if ok := call(t, srv, http.MethodPost, messagesPath(testChannel), post); ok.status != 200 {
		t.Errorf("after n 429s: %d %s", ok.status, ok.raw)
	}

	for name, a := range map[string]answer{"first": first, "second": second} {
		h := a.header
		if a.status != 429 || a.body["message"] != "You are being rate limited." || a.body["retry_after"] != 1.5 ||
			a.body["global"] != false || h.Get("Retry-After") != "2" || h.Get("X-RateLimit-Scope") != "user" ||
			h.Get("X-RateLimit-Remaining") != "0" || h.Get("X-RateLimit-Reset-After") != "1.500" ||
			h.Get("X-RateLimit-Bucket") == "" || h.Get("X-RateLimit-Reset") == "" || h.Get("X-RateLimit-Global") != "" {
			t.Errorf("%s 429: %d %s %v", name, a.status, a.raw, h)
		}
	}
	if shared.status != 429 || shared.header.Get("X-RateLimit-Scope") != "shared" || shared.body["retry_after"] != 0.25 ||
		shared.body["message"] != "The resource is being rate limited." || shared.header.Get("Retry-After") != "1" {
		t.Errorf("shared 429: %d %s %v", shared.status, shared.raw, shared.header)
	}
	// A bucket leaves the channel out: the same route shares it across channels.
	if first.header.Get("X-RateLimit-Bucket") != shared.header.Get("X-RateLimit-Bucket") ||
		first.header.Get("X-RateLimit-Bucket") == second.header.Get("X-RateLimit-Bucket") {
		t.Errorf("buckets: post %q, post elsewhere %q, get %q", first.header.Get("X-RateLimit-Bucket"),
			shared.header.Get("X-RateLimit-Bucket"), second.header.Get("X-RateLimit-Bucket"))
	}
	if msgs := f.Messages(testChannel); len(msgs) != 1 {
		t.Errorf("rate-limited posts were kept: %+v", msgs)
	}

	// As discordgo sees it, when it is told not to retry.
	s, _ := newSession(t, srv, allIntents)
	s.ShouldRetryOnRateLimit = false
	f.RateLimitChannel(testChannel, 1, 250*time.Millisecond, "user")
	_, err := s.ChannelMessageSend(testChannel, "limitado")
	var rle *discordgo.RateLimitError
	if !errors.As(err, &rle) || rle.RetryAfter != 250*time.Millisecond {
		t.Errorf("discordgo: %v", err)
	}
}

func TestGlobalRateLimit(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{InteractionTimeout: 3 * time.Second})
	f.RateLimitGlobal(2, 2500*time.Millisecond)
	// Interaction responses and requests without the bot's token are outside the limit.
	sent := f.SendInteraction(discordgo.Interaction{Type: discordgo.InteractionApplicationCommand,
		Data: discordgo.ApplicationCommandInteractionData{ID: "1", Name: "turno"}, ChannelID: testChannel})
	if got := call(t, srv, http.MethodPost, "/api/v9/interactions/"+sent.ID+"/"+sent.Token+"/callback",
		map[string]any{"type": 5}); got.status != 204 {
		t.Errorf("callback during a global limit: %d %s", got.status, got.raw)
	}
	res, err := http.Get(srv.URL + "/api/v9/gateway")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("GET /gateway without a token: %d", res.StatusCode)
	}
	for i, path := range []string{"/api/v9/guilds/" + testGuild + "/roles", messagesPath(otherChannel)} {
		a := call(t, srv, http.MethodGet, path, nil)
		h := a.header
		if a.status != 429 || a.body["global"] != true || a.body["retry_after"] != 2.5 || h.Get("Retry-After") != "3" ||
			h.Get("X-RateLimit-Global") != "true" || h.Get("X-RateLimit-Scope") != "global" {
			t.Errorf("global 429 #%d: %d %s %v", i+1, a.status, a.raw, h)
		}
	}
	if a := call(t, srv, http.MethodGet, "/api/v9/guilds/"+testGuild+"/roles", nil); a.status != 200 {
		t.Errorf("after the global limit: %d", a.status)
	}
	// FailNext still answers first.
	f.FailNext(1, http.StatusBadGateway, 0)
	f.RateLimitGlobal(1, time.Second)
	if a := call(t, srv, http.MethodGet, "/api/v9/guilds/"+testGuild+"/roles", nil); a.status != 502 {
		t.Errorf("FailNext: %d", a.status)
	}
	if a := call(t, srv, http.MethodGet, "/api/v9/guilds/"+testGuild+"/roles", nil); a.status != 429 {
		t.Errorf("global after FailNext: %d", a.status)
	}
}

// stopWallClock stops the clock the fake's rate-limit windows run on, and returns what
// moves it.
func stopWallClock(f *Fake) (advance func(time.Duration)) {
	var mu sync.Mutex
	wall := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	f.mu.Lock() // the fake reads it under its lock, from its own goroutines
	f.wallNow = func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return wall
	}
	f.mu.Unlock()
	return func(d time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		wall = wall.Add(d)
	}
}

// Every answer, refusals included, says where its bucket stands; a route's bucket counts
// per channel, and the request past its limit is refused until the window ends.
func TestEveryAnswerCarriesItsBucket(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	advance := stopWallClock(f)
	post := map[string]string{"content": "hola"}
	var bucket string
	for i := range 5 {
		a := call(t, srv, http.MethodPost, messagesPath(testChannel), post)
		h := a.header
		if a.status != 200 || h.Get("X-RateLimit-Limit") != "5" || h.Get("X-RateLimit-Remaining") != strconv.Itoa(4-i) ||
			h.Get("X-RateLimit-Reset-After") != "5.000" || h.Get("X-RateLimit-Reset") != "1782907205.000" || h.Get("X-RateLimit-Bucket") == "" {
			t.Fatalf("post %d: %d %v", i+1, a.status, h)
		}
		if bucket == "" {
			bucket = h.Get("X-RateLimit-Bucket")
		} else if h.Get("X-RateLimit-Bucket") != bucket {
			t.Errorf("post %d changed bucket: %q then %q", i+1, bucket, h.Get("X-RateLimit-Bucket"))
		}
	}
	sixth := call(t, srv, http.MethodPost, messagesPath(testChannel), post)
	if sixth.status != 429 || sixth.body["retry_after"] != 5.0 || sixth.body["global"] != false ||
		sixth.header.Get("X-RateLimit-Scope") != "user" || sixth.header.Get("X-RateLimit-Remaining") != "0" ||
		sixth.header.Get("Retry-After") != "5" || sixth.header.Get("X-RateLimit-Bucket") != bucket {
		t.Errorf("sixth post: %d %s %v", sixth.status, sixth.raw, sixth.header)
	}
	// Another channel is another resource: the same bucket, counted apart.
	other := call(t, srv, http.MethodPost, messagesPath(otherChannel), post)
	if other.status != 200 || other.header.Get("X-RateLimit-Remaining") != "4" || other.header.Get("X-RateLimit-Bucket") != bucket {
		t.Errorf("other channel: %d %v", other.status, other.header)
	}
	// Refusals and empty answers carry theirs too.
	for _, c := range []struct {
		method, path, token string
		status              int
	}{
		{http.MethodGet, "/api/v9/channels/799999999999999999", testToken, 404},
		{http.MethodDelete, messagesPath(testChannel) + "/" + f.Messages(testChannel)[0].ID, testToken, 204},
		{http.MethodGet, "/api/v9/channels/" + testChannel, "a-reset-token", 401},
	} {
		a := call(t, srv, c.method, c.path, nil, c.token)
		if a.status != c.status || a.header.Get("X-RateLimit-Bucket") == "" || a.header.Get("X-RateLimit-Limit") == "" ||
			a.header.Get("X-RateLimit-Remaining") == "" || a.header.Get("X-RateLimit-Reset-After") == "" {
			t.Errorf("%s %s: %d %v", c.method, c.path, a.status, a.header)
		}
	}
	advance(5 * time.Second)
	if a := call(t, srv, http.MethodPost, messagesPath(testChannel), post); a.status != 200 || a.header.Get("X-RateLimit-Remaining") != "4" {
		t.Errorf("after the window: %d %v", a.status, a.header)
	}
	if n := len(f.Messages(testChannel)); n != 6 {
		t.Errorf("%d messages kept, want 6", n)
	}
}

// Past 50 requests in a second, every route but the interactions' answers a global 429.
func TestGlobalLimitCountsEveryRoute(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	advance := stopWallClock(f)
	for i := range 50 {
		if a := call(t, srv, http.MethodGet, "/api/v9/channels/7"+strconv.Itoa(100000000000000000+i), nil); a.status != 404 {
			t.Fatalf("request %d: %d %s", i+1, a.status, a.raw)
		}
	}
	a := call(t, srv, http.MethodGet, "/api/v9/channels/"+testChannel, nil)
	if a.status != 429 || a.body["global"] != true || a.header.Get("X-RateLimit-Global") != "true" ||
		a.header.Get("X-RateLimit-Scope") != "global" || a.body["retry_after"] != 1.0 {
		t.Errorf("the 51st: %d %s %v", a.status, a.raw, a.header)
	}
	sent := f.SendInteraction(discordgo.Interaction{Type: discordgo.InteractionApplicationCommand,
		Data: discordgo.ApplicationCommandInteractionData{ID: "1", Name: "turno"}, ChannelID: testChannel})
	if got := call(t, srv, http.MethodPost, "/api/v9/interactions/"+sent.ID+"/"+sent.Token+"/callback",
		map[string]any{"type": 5}); got.status != 204 {
		t.Errorf("an interaction's answer during the global limit: %d %s", got.status, got.raw)
	}
	advance(time.Second)
	if a := call(t, srv, http.MethodGet, "/api/v9/channels/"+testChannel, nil); a.status != 200 {
		t.Errorf("the next second: %d %s", a.status, a.raw)
	}
}

// A test about something else relaxes the limits by name: the headers stay, nothing is
// refused.
func TestRelaxedRateLimitsRefuseNothing(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{Relax: Relax{RateLimits: true}})
	stopWallClock(f)
	for i := range 60 {
		a := call(t, srv, http.MethodPost, messagesPath(testChannel), map[string]string{"content": "m" + strconv.Itoa(i)})
		if a.status != 200 || a.header.Get("X-RateLimit-Remaining") != "4" || a.header.Get("X-RateLimit-Bucket") == "" {
			t.Fatalf("post %d: %d %v", i+1, a.status, a.header)
		}
	}
}
