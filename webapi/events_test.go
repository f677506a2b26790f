package webapi

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/core/members"
	"zocalo/internal/ssetest"
	"zocalo/internal/testdb"
)

// stream is an open GET /api/events.
type stream struct {
	t      testing.TB
	frames chan ssetest.Frame
	closed chan struct{}
	cancel context.CancelFunc
}

// openStream opens the member's stream, resuming after lastID when it is set, and waits
// for its "ready" frame (after a "refetch" when wantRefetch).
func (e *env) openStream(token, lastID string) *stream {
	e.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", e.http.URL+"/api/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		e.t.Fatal(err)
	}
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		cancel()
		e.t.Fatalf("events: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	s := &stream{t: e.t, frames: make(chan ssetest.Frame, 100), closed: make(chan struct{}), cancel: cancel}
	go func() {
		defer close(s.closed)
		defer res.Body.Close()
		ssetest.Read(res.Body, func(f ssetest.Frame) bool { s.frames <- f; return true })
	}()
	e.t.Cleanup(s.close)
	return s
}

func (s *stream) close() { s.cancel(); <-s.closed }

// next is the next frame, failing after a generous wait: a frame that is due arrives in
// milliseconds, and a busy machine must not fail the test.
func (s *stream) next() ssetest.Frame {
	s.t.Helper()
	select {
	case f := <-s.frames:
		return f
	case <-time.After(20 * time.Second):
		s.t.Fatal("no frame arrived")
		return ssetest.Frame{}
	}
}

// until reads frames up to the first of kind, and returns it with the ones before.
func (s *stream) until(kind string) (ssetest.Frame, []ssetest.Frame) {
	s.t.Helper()
	var before []ssetest.Frame
	for {
		f := s.next()
		if f.Event == kind {
			return f, before
		}
		before = append(before, f)
	}
}

// ended waits for the server to close the stream.
func (s *stream) ended() {
	s.t.Helper()
	select {
	case <-s.closed:
	case <-time.After(20 * time.Second):
		s.t.Fatal("the stream stayed open")
	}
}

func TestLiveStreamCarriesWhatEachMemberMaySee(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := ticketPersonas(e)
		player, other, support := e.openStream(tok["jugador"], ""), e.openStream(tok["otro"], ""), e.openStream(tok["soporte"], "")
		for _, s := range []*stream{player, other, support} {
			s.until("ready")
		}

		var created ticketEnvelope
		if code := e.form("POST", "/api/tickets", tok["jugador"], map[string]string{"title": "Sin acceso", "message": "No puedo entrar"}, nil, &created); code != 201 {
			t.Fatalf("create: %d", code)
		}
		id := created.Ticket.TicketID
		if f, _ := support.until("ticket.created"); !strings.Contains(f.Data, `"ticketId":"`+id+`"`) || f.ID == "" {
			t.Fatalf("the queue heard %+v", f)
		}
		if code := e.form("POST", "/api/tickets/"+id+"/messages", tok["soporte"], map[string]string{"message": "Ya lo revisamos"}, nil, nil); code != 201 {
			t.Fatalf("reply: %d", code)
		}
		var reply struct {
			TicketID string `json:"ticketId"`
			Message  struct {
				SenderType, Content string
			} `json:"message"`
		}
		for {
			f, _ := player.until("ticket.message")
			if err := json.Unmarshal([]byte(f.Data), &reply); err != nil {
				t.Fatal(err)
			}
			if reply.Message.SenderType == "staff" {
				break
			}
		}
		if reply.TicketID != id || reply.Message.Content != "Ya lo revisamos" {
			t.Fatalf("the author heard %+v", reply)
		}

		// Someone else's ticket never reaches another player: the next thing they hear is
		// the news everybody hears.
		if code := e.call("POST", "/api/news/news-cards", tok["comite"], strings.NewReader(
			`{"title":"Evento","content":"Sábado","type":"update"}`), nil); code != 201 {
			t.Fatalf("news: %d", code)
		}
		if _, before := other.until("news.published"); len(before) != 0 {
			t.Fatalf("another player heard %+v", before)
		}
	})
}

func TestLiveStreamFollowsTheSession(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := ticketPersonas(e)

		// Logout ends the stream.
		s := e.openStream(tok["jugador"], "")
		s.until("ready")
		if code := e.call("POST", "/api/auth/logout", tok["jugador"], nil, nil); code != 200 && code != 204 {
			t.Fatalf("logout: %d", code)
		}
		s.until("ended")
		s.ended()

		// Losing the support role narrows the stream at once: told to re-read the profile,
		// it no longer carries other people's tickets.
		support := e.openStream(tok["soporte"], "")
		support.until("ready")
		if _, err := e.app.Members.Upsert(context.Background(), members.Snapshot{DiscordID: "520000000000000004",
			Username: "soporte", InGuild: true}); err != nil {
			t.Fatal(err)
		}
		support.until("access")
		if code := e.form("POST", "/api/tickets", tok["otro"], map[string]string{"title": "Otra cosa", "message": "Hola"}, nil, nil); code != 201 {
			t.Fatalf("create: %d", code)
		}
		if code := e.call("POST", "/api/news/news-cards", tok["comite"], strings.NewReader(
			`{"title":"Aviso","content":"Hoy","type":"update"}`), nil); code != 201 {
			t.Fatalf("news: %d", code)
		}
		if _, before := support.until("news.published"); len(before) != 0 {
			t.Fatalf("a member without the role heard %+v", before)
		}
	})
}

func TestLiveStreamResumes(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := ticketPersonas(e)
		first := e.openStream(tok["soporte"], "")
		first.until("ready")
		var ids []string
		for _, title := range []string{"Uno", "Dos", "Tres"} {
			if code := e.form("POST", "/api/tickets", tok["jugador"], map[string]string{"title": title, "message": "x"}, nil, nil); code != 201 {
				t.Fatalf("create: %d", code)
			}
			f, _ := first.until("ticket.created")
			ids = append(ids, f.ID)
		}
		first.close()

		// From the first ticket's position: the two after it, then ready.
		resumed := e.openStream(tok["soporte"], ids[0])
		ready, before := resumed.until("ready")
		var got []string
		for _, f := range before {
			if f.Event == "refetch" {
				t.Fatalf("a kept position asked for a refetch")
			}
			if f.Event == "ticket.created" {
				got = append(got, f.ID)
			}
		}
		if strings.Join(got, ",") != strings.Join(ids[1:], ",") {
			t.Fatalf("resumed with %v, want %v", got, ids[1:])
		}
		if !strings.Contains(ready.Data, `"position"`) {
			t.Fatalf("ready: %+v", ready)
		}

		// A position that is not one, one never handed out, and one whose events are gone,
		// ask for a refetch.
		for _, unknown := range []string{"999999999", "999999999-1"} {
			if f := e.openStream(tok["soporte"], unknown).next(); f.Event != "refetch" {
				t.Fatalf("the unknown position %s: %+v", unknown, f)
			}
		}
		e.clock.Advance(11 * time.Minute)
		if err := d.Conn(context.Background()).Exec("DELETE FROM live_events").Error; err != nil {
			t.Fatal(err)
		}
		if f := e.openStream(tok["soporte"], ids[0]).next(); f.Event != "refetch" {
			t.Fatalf("a pruned position: %+v", f)
		}
	})
}

// The server's timeouts do not end a stream: each write has a deadline of its own, and the
// read deadline goes once the request is read. Past both, a stream still carries what happens.
func TestLiveStreamOutlivesTheServerTimeouts(t *testing.T) {
	t.Parallel()
	d := testdb.Default(t)
	e := newEnv(t, d)
	tok := ticketPersonas(e)
	timed := httptest.NewUnstartedServer(e.server.Handler())
	timed.Config.ReadTimeout = 300 * time.Millisecond
	timed.Config.WriteTimeout = 300 * time.Millisecond
	timed.Start()
	t.Cleanup(timed.Close)
	t.Cleanup(e.server.Close) // before timed.Close, which waits for the stream
	saved := e.http
	e.http = timed
	s := e.openStream(tok["soporte"], "")
	e.http = saved
	s.until("ready")
	// Both deadlines were set before "ready" came: once this wait is over they have passed
	// (a timer never fires early), and a stream that obeyed them would fail its next write.
	time.Sleep(400 * time.Millisecond)
	if code := e.form("POST", "/api/tickets", tok["jugador"], map[string]string{"title": "Tarde", "message": "x"}, nil, nil); code != 201 {
		t.Fatalf("create: %d", code)
	}
	s.until("ticket.created")
}
