package discordfake

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// fixedClock is a clock that moves only with Advance.
func fixedClock() func() time.Time {
	t0 := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	return func() time.Time { return t0 }
}

func TestNonceIsHonouredOnlyWithinTheWindow(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{Now: fixedClock()})
	s, _ := newSession(t, srv, allIntents)
	p := post{Content: "Nueva noticia", Nonce: "evt-1", EnforceNonce: true}
	first, err := postMessage(s, testChannel, p)
	if err != nil {
		t.Fatal(err)
	}
	f.Advance(5 * time.Minute)
	again, err := postMessage(s, testChannel, p)
	if err != nil || again.ID != first.ID {
		t.Fatalf("within the window: %v, %q then %q", err, first.ID, again.ID)
	}
	f.Advance(time.Second)
	late, err := postMessage(s, testChannel, p)
	if err != nil || late.ID == first.ID {
		t.Fatalf("past the window: %v, %q then %q", err, first.ID, late.ID)
	}
	repeat, err := postMessage(s, testChannel, p)
	if err != nil || repeat.ID != late.ID {
		t.Errorf("the new message's window: %v, %q then %q", err, late.ID, repeat.ID)
	}
	if msgs := f.Messages(testChannel); len(msgs) != 2 || msgs[0].ID != first.ID || msgs[1].ID != late.ID {
		t.Errorf("messages = %+v", msgs)
	}
	// The window is an option.
	g, srv2 := newStrictFake(t, Options{Now: fixedClock(), NonceWindow: time.Minute})
	s2, _ := newSession(t, srv2, allIntents)
	a, _ := postMessage(s2, testChannel, p)
	g.Advance(61 * time.Second)
	if b, err := postMessage(s2, testChannel, p); err != nil || b.ID == a.ID {
		t.Errorf("one-minute window: %v, %q then %q", err, a.ID, b.ID)
	}
}

func TestReadsCarryNoNonce(t *testing.T) {
	t.Parallel()
	_, srv := newStrictFake(t, Options{})
	s, rec := openSession(t, srv, allIntents)
	created := call(t, srv, http.MethodPost, messagesPath(testChannel), post{Content: "hola", Nonce: "evt-7", EnforceNonce: true})
	if created.status != 200 || created.body["nonce"] != "evt-7" {
		t.Fatalf("create answer: %d %s", created.status, created.raw)
	}
	id, _ := created.body["id"].(string)
	if ev := rec.waitFor(t, "MESSAGE_CREATE", 1); !strings.Contains(string(ev[0].RawData), `"nonce":"evt-7"`) {
		t.Errorf("MESSAGE_CREATE without its nonce: %s", ev[0].RawData)
	}
	if _, err := s.ChannelMessageEdit(testChannel, id, "editado"); err != nil {
		t.Fatal(err)
	}
	if ev := rec.waitFor(t, "MESSAGE_UPDATE", 1); strings.Contains(string(ev[0].RawData), "nonce") {
		t.Errorf("MESSAGE_UPDATE carries the nonce: %s", ev[0].RawData)
	}
	for _, path := range []string{messagesPath(testChannel) + "/" + id, messagesPath(testChannel), messagesPath(testChannel) + "?limit=100"} {
		a := call(t, srv, http.MethodGet, path, nil)
		if a.status != 200 || !strings.Contains(string(a.raw), id) || strings.Contains(string(a.raw), "nonce") {
			t.Errorf("GET %s: %d %s", path, a.status, a.raw)
		}
	}
}

func TestInteractionDeadlineIsOnTheFakeClock(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{Now: fixedClock(), InteractionTimeout: 3 * time.Second})
	send := func() discordgo.Interaction {
		return f.SendInteraction(discordgo.Interaction{Type: discordgo.InteractionApplicationCommand,
			Data: discordgo.ApplicationCommandInteractionData{ID: "1", Name: "turno"}, ChannelID: testChannel})
	}
	callback := func(i discordgo.Interaction) answer {
		return call(t, srv, http.MethodPost, "/api/v9/interactions/"+i.ID+"/"+i.Token+"/callback", map[string]any{"type": 5})
	}
	inTime := send()
	f.Advance(3 * time.Second)
	if a := callback(inTime); a.status != 204 {
		t.Errorf("at 3 s: %d %s", a.status, a.raw)
	}
	if res := f.InteractionResponses(inTime.ID); len(res) != 1 || res[0].Elapsed != 3*time.Second {
		t.Errorf("responses = %+v", res)
	}
	late := send()
	f.Advance(3*time.Second + time.Millisecond)
	wantError(t, "past 3 s", callback(late), 404, 10062, "Unknown interaction")
}

// A dropped session may be resumed for a while only, measured on the fake's clock.
func TestSessionLifeIsOnTheFakeClock(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{Now: fixedClock()})
	dial := func() *websocket.Conn {
		ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/gateway?v=9&encoding=json", nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = ws.Close() })
		_ = ws.SetReadDeadline(time.Now().Add(10 * time.Second))
		return ws
	}
	// next reads frames until one with op (and, for a dispatch, type t).
	next := func(ws *websocket.Conn, op int, typ string) discordgo.Event {
		t.Helper()
		for {
			var e discordgo.Event
			if err := ws.ReadJSON(&e); err != nil {
				t.Fatalf("waiting for op %d %s: %v", op, typ, err)
			}
			if e.Operation == op && (typ == "" || e.Type == typ) {
				return e
			}
		}
	}
	identify := func() string {
		ws := dial()
		_ = ws.WriteMessage(websocket.TextMessage, []byte(`{"op":2,"d":{"token":"Bot `+testToken+`","intents":513}}`))
		var ready discordgo.Ready
		if err := json.Unmarshal(next(ws, 0, "READY").RawData, &ready); err != nil {
			t.Fatal(err)
		}
		return ready.SessionID
	}
	resume := func(sessionID string) discordgo.Event {
		ws := dial()
		_ = ws.WriteMessage(websocket.TextMessage, []byte(`{"op":6,"d":{"token":"Bot `+testToken+`","session_id":"`+sessionID+`","seq":1}}`))
		for {
			var e discordgo.Event
			if err := ws.ReadJSON(&e); err != nil {
				t.Fatalf("resume: %v", err)
			}
			if e.Operation == 9 || e.Type == "RESUMED" {
				return e
			}
		}
	}

	first := identify()
	f.DropConnections()
	f.Advance(sessionTTL)
	if e := resume(first); e.Type != "RESUMED" {
		t.Errorf("resume within the session's life: op %d %s", e.Operation, e.Type)
	}
	second := identify()
	f.DropConnections()
	f.Advance(sessionTTL + time.Second)
	if e := resume(second); e.Operation != 9 {
		t.Errorf("resume past the session's life: op %d %s", e.Operation, e.Type)
	}
}
