package discordfake

import (
	"encoding/json"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// gatewayTest speaks to the fake's gateway frame by frame.
type gatewayTest struct {
	t   *testing.T
	f   *Fake
	srv *httptest.Server
}

func newGatewayTest(t *testing.T) *gatewayTest {
	t.Helper()
	f := New(Options{ClientID: testApp, GuildID: testGuild, BotToken: testToken})
	srv := httptest.NewServer(f.Handler())
	t.Cleanup(srv.Close)
	t.Cleanup(f.Close)
	f.SetGatewayURL("ws" + strings.TrimPrefix(srv.URL, "http") + "/gateway")
	return &gatewayTest{t: t, f: f, srv: srv}
}

// dial opens a socket at url and reads its HELLO.
func (g *gatewayTest) dial(url string) *websocket.Conn {
	g.t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial(url+"?v=10&encoding=json", nil)
	if err != nil {
		g.t.Fatal(err)
	}
	g.t.Cleanup(func() { _ = ws.Close() })
	_ = ws.SetReadDeadline(time.Now().Add(10 * time.Second))
	if e := g.next(ws); e.Operation != 10 {
		g.t.Fatalf("first frame op %d, want HELLO", e.Operation)
	}
	return ws
}

func (g *gatewayTest) next(ws *websocket.Conn) discordgo.Event {
	g.t.Helper()
	var e discordgo.Event
	if err := ws.ReadJSON(&e); err != nil {
		g.t.Fatalf("reading the next frame: %v", err)
	}
	return e
}

func (g *gatewayTest) send(ws *websocket.Conn, frame string) {
	g.t.Helper()
	if err := ws.WriteMessage(websocket.TextMessage, []byte(frame)); err != nil {
		g.t.Fatal(err)
	}
}

// identify starts a session and returns its READY.
func (g *gatewayTest) identify(ws *websocket.Conn) (sessionID, resumeURL string) {
	g.t.Helper()
	g.send(ws, `{"op":2,"d":{"token":"Bot `+testToken+`","intents":1}}`)
	e := g.next(ws)
	var ready struct {
		SessionID string `json:"session_id"`
		ResumeURL string `json:"resume_gateway_url"`
	}
	if e.Type != "READY" || json.Unmarshal(e.RawData, &ready) != nil {
		g.t.Fatalf("answer to IDENTIFY: op %d %s", e.Operation, e.Type)
	}
	return ready.SessionID, ready.ResumeURL
}

func (g *gatewayTest) resume(ws *websocket.Conn, sessionID string, seq int64) {
	g.t.Helper()
	g.send(ws, `{"op":6,"d":{"token":"Bot `+testToken+`","session_id":"`+sessionID+`","seq":`+strconv.FormatInt(seq, 10)+`}}`)
}

// nextAnswer skips replayed dispatches to the next other frame, or RESUMED.
func (g *gatewayTest) nextAnswer(ws *websocket.Conn) discordgo.Event {
	g.t.Helper()
	for {
		if e := g.next(ws); e.Operation != 0 || e.Type == "RESUMED" {
			return e
		}
	}
}

func (g *gatewayTest) eventually(what string, cond func() bool) {
	g.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			g.t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// READY names a resume_gateway_url apart from the connect URL; the fake serves both and
// records which one each RESUME came to.
func TestGatewayResumeURLIsItsOwn(t *testing.T) {
	t.Parallel()
	g := newGatewayTest(t)
	connect := "ws" + strings.TrimPrefix(g.srv.URL, "http") + "/gateway"
	first := g.dial(connect)
	session, resumeURL := g.identify(first)
	if resumeURL == connect || resumeURL != g.f.ResumeGatewayURL() || resumeURL != connect+"/resume" {
		t.Fatalf("resume_gateway_url %q for connect URL %q (fake says %q)", resumeURL, connect, g.f.ResumeGatewayURL())
	}
	_ = first.Close() // dropped, without a close frame: the session stays

	g.eventually("the drop is seen", func() bool { return g.f.Connected() == 0 })
	second := g.dial(resumeURL)
	g.resume(second, session, 1)
	if e := g.nextAnswer(second); e.Type != "RESUMED" {
		t.Fatalf("answer to RESUME at resume_gateway_url: op %d %s", e.Operation, e.Type)
	}
	// Closed with a code other than 1000 and 1001: the session stays too.
	_ = second.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4000, "resuming"))
	g.eventually("the close is read", func() bool { return len(g.f.ClientCloseCodes()) == 1 })

	third := g.dial(connect) // allowed, as on Discord, and recorded
	g.resume(third, session, 1)
	if e := g.nextAnswer(third); e.Type != "RESUMED" {
		t.Fatalf("answer to RESUME at the connect URL: op %d %s", e.Operation, e.Type)
	}
	log := g.f.ResumeLog()
	if len(log) != 2 || !log[0].AtResumeURL || log[1].AtResumeURL || log[0].Socket != 2 || log[1].Socket != 3 ||
		!log[0].Accepted || !log[1].Accepted || log[0].SessionID != session {
		t.Fatalf("resume log %+v", log)
	}
	// 1000 ends the session: a resume of it is refused.
	_ = third.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseNormalClosure, ""))
	g.eventually("the close is read", func() bool { return len(g.f.ClientCloseCodes()) == 2 })
	fourth := g.dial(resumeURL)
	g.resume(fourth, session, 1)
	if e := g.nextAnswer(fourth); e.Operation != 9 || string(e.RawData) != "false" {
		t.Fatalf("answer to RESUME of an ended session: op %d %s", e.Operation, e.RawData)
	}
	if codes := g.f.ClientCloseCodes(); !slices.Equal(codes, []int{4000, 1000}) {
		t.Fatalf("client close codes %v", codes)
	}
	if ids := g.f.Identifies(); len(ids) != 1 || ids[0].Socket != 1 || ids[0].AtResumeURL {
		t.Fatalf("identifies %+v", ids)
	}
}

// The troubles a test can script: heartbeats left unanswered, a READY that never comes,
// Reconnect (op 7), a heartbeat asked for (op 1) and Invalid Session (op 9) either way.
func TestGatewayScriptedTrouble(t *testing.T) {
	t.Parallel()
	g := newGatewayTest(t)
	connect := "ws" + strings.TrimPrefix(g.srv.URL, "http") + "/gateway"

	// A READY withheld: the socket answers the next frame, and nothing else.
	g.f.WithholdReady(1)
	silent := g.dial(connect)
	g.send(silent, `{"op":2,"d":{"token":"Bot `+testToken+`","intents":1}}`)
	g.send(silent, `{"op":1,"d":null}`)
	if e := g.next(silent); e.Operation != 11 {
		t.Fatalf("after a withheld READY: op %d %s, want the heartbeat's ACK", e.Operation, e.Type)
	}
	if len(g.f.Identifies()) != 1 || g.f.Connected() != 0 {
		t.Fatalf("identifies %d, connected %d", len(g.f.Identifies()), g.f.Connected())
	}

	ws := g.dial(connect)
	session, _ := g.identify(ws)
	g.next(ws) // GUILD_CREATE

	// Heartbeats withheld: the next frame is the heartbeat asked for afterwards.
	if n := g.f.WithholdHeartbeatAcks(); n != 2 {
		t.Fatalf("withheld on %d sockets, want 2", n)
	}
	g.send(ws, `{"op":1,"d":2}`)
	g.eventually("the heartbeat is read", func() bool { return g.f.WithheldHeartbeatAcks() == 1 })
	g.f.RequestHeartbeat()
	if e := g.next(ws); e.Operation != 1 {
		t.Fatalf("op %d, want a heartbeat request and no ACK", e.Operation)
	}
	if g.f.Heartbeats() != 2 {
		t.Fatalf("%d heartbeats, want 2", g.f.Heartbeats())
	}

	if n := g.f.RequestReconnect(); n != 1 {
		t.Fatalf("op 7 on %d sockets, want 1 (the silent one has no session)", n)
	}
	if e := g.next(ws); e.Operation != 7 {
		t.Fatalf("op %d, want Reconnect", e.Operation)
	}

	// op 9, resumable: the session outlives the socket.
	if n := g.f.InvalidateSessions(true); n != 1 {
		t.Fatalf("op 9 on %d sockets, want 1", n)
	}
	if e := g.next(ws); e.Operation != 9 || string(e.RawData) != "true" {
		t.Fatalf("op %d %s, want Invalid Session, resumable", e.Operation, e.RawData)
	}
	again := g.dial(g.f.ResumeGatewayURL())
	g.resume(again, session, 2)
	if e := g.nextAnswer(again); e.Type != "RESUMED" {
		t.Fatalf("resume after a resumable op 9: op %d %s", e.Operation, e.Type)
	}

	// op 9, not resumable: the session is over.
	if n := g.f.InvalidateSessions(false); n != 1 {
		t.Fatalf("op 9 on %d sockets, want 1", n)
	}
	if e := g.next(again); e.Operation != 9 || string(e.RawData) != "false" {
		t.Fatalf("op %d %s, want Invalid Session, not resumable", e.Operation, e.RawData)
	}
	last := g.dial(g.f.ResumeGatewayURL())
	g.resume(last, session, 2)
	if e := g.nextAnswer(last); e.Operation != 9 {
		t.Fatalf("resume after op 9 false: op %d %s", e.Operation, e.Type)
	}
	if log := g.f.ResumeLog(); len(log) != 2 || !log[0].Accepted || log[1].Accepted {
		t.Fatalf("resume log %+v", log)
	}
}
