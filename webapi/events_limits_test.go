package webapi

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"zocalo/core/live"
	"zocalo/internal/testdb"
)

// streamAttempt is one GET /api/events: an open stream, or the refusal it got.
type streamAttempt struct {
	status     int
	message    string
	retryAfter string
	close      func()
}

// tryStream opens the events of token and answers as soon as the status is known; an
// accepted stream stays open until close is called (or the test ends).
func (e *env) tryStream(token string) streamAttempt {
	e.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", e.http.URL+"/api/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		e.t.Errorf("events: %v", err)
		return streamAttempt{}
	}
	a := streamAttempt{status: res.StatusCode, retryAfter: res.Header.Get("Retry-After")}
	if res.StatusCode != http.StatusOK {
		raw, _ := io.ReadAll(res.Body)
		var m messageBody
		_ = json.Unmarshal(raw, &m)
		a.message = m.Message
		res.Body.Close()
		cancel()
		a.close = func() {}
		return a
	}
	var once sync.Once
	a.close = func() {
		once.Do(func() {
			cancel()
			res.Body.Close()
		})
	}
	e.t.Cleanup(a.close)
	return a
}

// streamsAtOnce opens n streams of token at the same instant and answers them in order.
func (e *env) streamsAtOnce(token string, n int) []streamAttempt {
	e.t.Helper()
	out := make([]streamAttempt, n)
	var start, done sync.WaitGroup
	start.Add(1)
	for i := range n {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			out[i] = e.tryStream(token)
		}()
	}
	start.Done()
	done.Wait()
	return out
}

func countStatuses(attempts []streamAttempt) map[int]int {
	got := map[int]int{}
	for _, a := range attempts {
		got[a.status]++
	}
	return got
}

const (
	msgSessionStreams = "Esta sesión ya tiene abiertas 4 conexiones en vivo, el máximo. Cierra otras ventanas del portal o espera unos segundos e inténtalo de nuevo."
	msgMemberStreams  = "Ya tienes abiertas 8 conexiones en vivo entre todas tus sesiones, el máximo. Cierra el portal en otro dispositivo o espera unos segundos e inténtalo de nuevo."
)

// One token opening 20 streams at once gets as many as a session may hold and a 429 for
// each of the others; the member's other sessions share the member's limit; a stream
// closed gives its place back. Others are not touched by one member's limit.
func TestLiveStreamsPerSessionAndMember(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Default(t))
	tok := ticketPersonas(e)

	first := e.streamsAtOnce(tok["jugador"], 20)
	if got := countStatuses(first); got[200] != live.MaxStreamsPerSession || got[429] != 20-live.MaxStreamsPerSession {
		t.Fatalf("20 streams of one token: %v, want %d open and %d refused", got, live.MaxStreamsPerSession, 20-live.MaxStreamsPerSession)
	}
	for _, a := range first {
		if a.status == 429 && (a.message != msgSessionStreams || a.retryAfter == "") {
			t.Fatalf("refused with %q, Retry-After %q", a.message, a.retryAfter)
		}
	}

	// A second session of the same member fills the member's limit; a third gets nothing.
	second := e.streamsAtOnce(e.signIn("jugador"), 20)
	if got := countStatuses(second); got[200] != live.MaxStreamsPerMember-live.MaxStreamsPerSession {
		t.Fatalf("a second session: %v, want %d open", got, live.MaxStreamsPerMember-live.MaxStreamsPerSession)
	}
	third := e.signIn("jugador")
	if a := e.tryStream(third); a.status != 429 || a.message != msgMemberStreams {
		t.Fatalf("a third session past the member's limit: %d %q", a.status, a.message)
	}

	// Another member is not held back by this one's streams.
	if a := e.tryStream(tok["otro"]); a.status != 200 {
		t.Fatalf("another member: %d %q", a.status, a.message)
	}

	// Closing one stream frees its place, once the server has seen it go.
	for _, a := range first {
		if a.status == 200 {
			a.close()
			break
		}
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		a := e.tryStream(third)
		if a.status == 200 {
			break
		}
		if a.status != 429 || time.Now().After(deadline) {
			t.Fatalf("after closing a stream: %d %q", a.status, a.message)
		}
		time.Sleep(10 * time.Millisecond) // polling, as eventually does
	}
	// The member is at the limit again.
	if a := e.tryStream(third); a.status != 429 {
		t.Fatalf("past the limit again: %d", a.status)
	}
}
