package bot

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/internal/discordfake"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// heldWaits holds the gateway client's waits of some kinds until the test fires them; the
// others run on the real clock. No test waits for time to pass: each fires the wait it
// means to end.
type heldWaits struct {
	held map[gatewayWait]bool

	mu      sync.Mutex
	pending map[gatewayWait][]heldWait
}

type heldWait struct {
	d    time.Duration
	fire chan time.Time
}

func holdWaits(b *Bot, kinds ...gatewayWait) *heldWaits {
	w := &heldWaits{held: map[gatewayWait]bool{}, pending: map[gatewayWait][]heldWait{}}
	for _, k := range kinds {
		w.held[k] = true
	}
	b.gatewayAfter = w.after
	return w
}

func (w *heldWaits) after(what gatewayWait, d time.Duration) <-chan time.Time {
	if !w.held[what] {
		return time.After(d)
	}
	c := make(chan time.Time, 1)
	w.mu.Lock()
	w.pending[what] = append(w.pending[what], heldWait{d: d, fire: c})
	w.mu.Unlock()
	return c
}

func (w *heldWaits) count(what gatewayWait) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.pending[what])
}

// fire waits until the client waits for what, then ends every such wait; it returns how
// long each was asked to last.
func (w *heldWaits) fire(r *rig, what gatewayWait) []time.Duration {
	r.t.Helper()
	r.eventually("the gateway client waits", func() bool { return w.count(what) > 0 })
	w.mu.Lock()
	waits := w.pending[what]
	w.pending[what] = nil
	w.mu.Unlock()
	var asked []time.Duration
	for _, h := range waits {
		asked = append(asked, h.d)
		h.fire <- time.Now()
	}
	return asked
}

// connectedBot starts a bot whose heartbeats (and the given waits) the test fires, and
// waits until it has read the guild.
func connectedBot(t *testing.T, r *rig, held ...gatewayWait) (*Bot, *heldWaits) {
	t.Helper()
	r.addConfiguredChannels()
	b := r.newBot()
	waits := holdWaits(b, append(held, waitHeartbeat)...)
	r.start(b, true)
	r.eventually("the guild is read", func() bool { return b.Health().ConfiguredIDsChecked })
	return b, waits
}

// resumedOnce waits for one resume of the first session, on a new socket at
// resume_gateway_url, with no second IDENTIFY, and for events to flow again.
func (r *rig) resumedOnce(b *Bot, memberID string) {
	r.t.Helper()
	r.eventually("the session resumed", func() bool {
		return r.fake.Resumes() == 1 && r.fake.Connected() == 1 && b.Health().Gateway == gatewayConnected
	})
	ids, resumes := r.fake.Identifies(), r.fake.ResumeLog()
	if len(ids) != 1 || len(resumes) != 1 {
		r.t.Fatalf("%d identifies and %d resumes, want 1 and 1", len(ids), len(resumes))
	}
	if res := resumes[0]; !res.Accepted || !res.AtResumeURL || res.Socket <= ids[0].Socket {
		r.t.Fatalf("resume %+v after identify %+v: want it accepted, at resume_gateway_url, on a later socket", res, ids[0])
	}
	r.fake.Dispatch("GUILD_MEMBER_ADD", discordgo.GuildMemberAdd{Member: &discordgo.Member{GuildID: testenv.GuildID,
		User: &discordgo.User{ID: memberID, Username: "vuelta"}, Roles: []string{}}})
	r.eventually("the event after the resume is applied", func() bool {
		m, err := r.app.Members.Get(context.Background(), memberID)
		return err == nil && m != nil && m.InGuild
	})
}

// closedWith checks the close codes the bot ended its sockets with, once the fake has
// read as many.
func (r *rig) closedWith(codes ...int) {
	r.t.Helper()
	r.eventually("the fake reads the closes", func() bool { return len(r.fake.ClientCloseCodes()) >= len(codes) })
	if got := r.fake.ClientCloseCodes(); !slices.Equal(got, codes) {
		r.t.Fatalf("the bot closed its sockets with %v, want %v", got, codes)
	}
}

// A heartbeat left unacknowledged when the next is due means a dead socket: the bot
// closes it with a code that keeps the session (not 1000 or 1001) and resumes, at
// resume_gateway_url, without identifying again.
func TestGatewayResumesAfterOneMissedHeartbeatAck(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	b, waits := connectedBot(t, r)
	if n := r.fake.WithholdHeartbeatAcks(); n != 1 {
		t.Fatalf("%d sockets withhold their ACKs, want 1", n)
	}
	waits.fire(r, waitHeartbeat)
	r.eventually("the heartbeat reaches the fake, unanswered", func() bool { return r.fake.WithheldHeartbeatAcks() == 1 })
	if r.fake.Resumes() != 0 {
		t.Fatal("the bot resumed before the next heartbeat was due")
	}
	waits.fire(r, waitHeartbeat)
	r.resumedOnce(b, "690000000000000051")
	r.closedWith(closeKeepSession)
	if got := gathered(t, b, "zocalo_bot_gateway_reconnects_total")["reason="+endAckMissed]; got != 1 {
		t.Fatalf("reconnects after a missed ACK: %v", got)
	}
	if r.fake.WithheldHeartbeatAcks() != 1 {
		t.Fatal("the bot beat again on the dead socket instead of leaving it")
	}
}

// Reconnect (op 7): the bot leaves the socket, keeping the session, and resumes.
func TestGatewayResumesWhenAskedToReconnect(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	b, _ := connectedBot(t, r)
	if n := r.fake.RequestReconnect(); n != 1 {
		t.Fatalf("op 7 sent on %d sockets, want 1", n)
	}
	r.resumedOnce(b, "690000000000000052")
	r.closedWith(closeKeepSession)
	if got := gathered(t, b, "zocalo_bot_gateway_reconnects_total")["reason="+endReconnect]; got != 1 {
		t.Fatalf("reconnects after op 7: %v", got)
	}
}

// Invalid Session (op 9) with d true: the session may be resumed, and it is.
func TestGatewayResumesAResumableInvalidSession(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	b, waits := connectedBot(t, r, waitInvalidSession)
	if n := r.fake.InvalidateSessions(true); n != 1 {
		t.Fatalf("op 9 sent on %d sockets, want 1", n)
	}
	r.resumedOnce(b, "690000000000000053")
	if n := waits.count(waitInvalidSession); n != 0 {
		t.Fatalf("the bot paused %d times before resuming; only a new session waits", n)
	}
}

// Invalid Session (op 9) with d false: the bot pauses 1 to 5 seconds, then identifies on
// a new socket at the connect URL, and never resumes the dead session.
func TestGatewayIdentifiesAfterAnInvalidSession(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	b, waits := connectedBot(t, r, waitInvalidSession)
	if n := r.fake.InvalidateSessions(false); n != 1 {
		t.Fatalf("op 9 sent on %d sockets, want 1", n)
	}
	r.eventually("the bot pauses", func() bool { return waits.count(waitInvalidSession) == 1 })
	if n := len(r.fake.Identifies()); n != 1 {
		t.Fatalf("%d identifies before the pause ended, want 1", n)
	}
	asked := waits.fire(r, waitInvalidSession)
	if len(asked) != 1 || asked[0] < time.Second || asked[0] > 5*time.Second {
		t.Fatalf("paused for %v, want one pause of 1 to 5 seconds", asked)
	}
	r.eventually("a new session", func() bool {
		return len(r.fake.Identifies()) == 2 && r.fake.Connected() == 1 && b.Health().Gateway == gatewayConnected
	})
	ids := r.fake.Identifies()
	if ids[1].Socket <= ids[0].Socket || ids[1].AtResumeURL {
		t.Fatalf("identifies %+v: want the second on a new socket at the connect URL", ids)
	}
	if res := r.fake.ResumeLog(); len(res) != 0 {
		t.Fatalf("the bot tried to resume a session Discord ended: %+v", res)
	}
	if got := gathered(t, b, "zocalo_bot_gateway_identifies_total")[""]; got != 2 {
		t.Fatalf("identifies counted against the budget: %v", got)
	}
}

// A gateway that never sends READY: the bot gives up on the socket at its deadline and
// connects again, rather than waiting forever.
func TestGatewayGivesUpWhenReadyNeverComes(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.fake.WithholdReady(1)
	b := r.newBot()
	waits := holdWaits(b, waitReady, waitHeartbeat)
	r.start(b, false)
	r.eventually("the first IDENTIFY", func() bool { return len(r.fake.Identifies()) == 1 })
	if h := b.Health(); h.Gateway != gatewayConnecting || b.currentSession() != nil {
		t.Fatalf("before the deadline: health %+v", h)
	}
	waits.fire(r, waitReady)
	r.eventually("the bot connects on a second socket", func() bool {
		return b.currentSession() != nil && r.fake.Connected() == 1 && b.Health().Gateway == gatewayConnected
	})
	ids := r.fake.Identifies()
	if len(ids) != 2 || ids[1].Socket <= ids[0].Socket {
		t.Fatalf("identifies %+v: want two, on two sockets", ids)
	}
	if got := gathered(t, b, "zocalo_bot_gateway_reconnects_total")["reason="+endReadyTimeout]; got != 1 {
		t.Fatalf("reconnects after the deadline: %v", got)
	}
}

// Discord may ask for a heartbeat (op 1): the bot beats at once.
func TestGatewayBeatsWhenAsked(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	connectedBot(t, r)
	if n := r.fake.Heartbeats(); n != 0 {
		t.Fatalf("%d heartbeats before any was due", n)
	}
	r.fake.RequestHeartbeat()
	r.eventually("the bot beats", func() bool { return r.fake.Heartbeats() == 1 })
}

// The socket is read while a handler is busy: heartbeat ACKs and later events are taken
// in, so a slow handler never looks like a dead connection, and the events are handled in
// the order they came once it is free.
func TestGatewayReadsWhileAHandlerIsBusy(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	rest, err := discordgo.New("Bot " + testenv.BotToken)
	if err != nil {
		t.Fatal(err)
	}
	rest.Client = &http.Client{Timeout: 10 * time.Second, Transport: discordfake.RewriteTransport(r.srv.URL)}
	entered, release := make(chan struct{}, 10), make(chan struct{})
	var mu sync.Mutex
	var handled []string
	events, err := newGatewayEvents(rest, []any{func(_ *discordgo.Session, m *discordgo.GuildMemberAdd) {
		entered <- struct{}{}
		<-release
		mu.Lock()
		handled = append(handled, m.User.ID)
		mu.Unlock()
	}})
	if err != nil {
		t.Fatal(err)
	}
	waits := &heldWaits{held: map[gatewayWait]bool{waitHeartbeat: true}, pending: map[gatewayWait][]heldWait{}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	gw := newGatewayClient(ctx, rest, "Bot "+testenv.BotToken, Intents, nil, events, waits.after, 10*time.Second, func() {})
	go events.run(ctx)
	live := make(chan struct{})
	ended := make(chan socketEnd, 1)
	go func() { ended <- gw.connect(ctx, make(chan struct{}), func(bool) { close(live) }) }()
	<-live
	r.eventually("the guild arrives", func() bool { return gw.seq.Load() >= 2 })

	before := gw.seq.Load()
	ids := []string{"690000000000000061", "690000000000000062", "690000000000000063"}
	for _, id := range ids {
		r.fake.Dispatch("GUILD_MEMBER_ADD", discordgo.GuildMemberAdd{Member: &discordgo.Member{GuildID: testenv.GuildID,
			User: &discordgo.User{ID: id, Username: "m" + id[len(id)-2:]}, Roles: []string{}}})
	}
	<-entered
	r.eventually("every event is read while the first is handled", func() bool { return gw.seq.Load() == before+3 })
	for beat := 1; beat <= 3; beat++ {
		waits.fire(r, waitHeartbeat)
		r.eventually("the heartbeat is acknowledged and the ACK read", func() bool {
			gw.mu.Lock()
			sock := gw.current
			gw.mu.Unlock()
			return r.fake.Heartbeats() == beat && sock != nil && sock.acked.Load()
		})
	}
	close(release)
	r.eventually("the events are handled", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(handled) == len(ids)
	})
	mu.Lock()
	if !slices.Equal(handled, ids) {
		t.Errorf("handled %v, want %v", handled, ids)
	}
	mu.Unlock()
	cancel()
	if end := <-ended; end.reason != endStopped || !end.live {
		t.Fatalf("the socket ended with %+v, want stopped", end)
	}
	r.closedWith(1000) // a bot that stops ends its session
}

// A handler for an event the client does not decode is refused when the bot starts.
func TestGatewayRefusesAHandlerItCannotCall(t *testing.T) {
	t.Parallel()
	_, err := newGatewayEvents(nil, []any{func(*discordgo.Session, *discordgo.PresenceUpdate) {}})
	if err == nil || !strings.Contains(err.Error(), "PresenceUpdate") {
		t.Fatalf("err = %v", err)
	}
}

// A close that ends the session (4009, session timed out) is followed by a new session,
// not by a resume Discord would refuse.
func TestGatewayIdentifiesAfterASessionTimeout(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	b, _ := connectedBot(t, r)
	r.fake.CloseConnections(4009, "Session timed out.")
	r.eventually("a new session", func() bool {
		return len(r.fake.Identifies()) == 2 && r.fake.Connected() == 1 && b.Health().Gateway == gatewayConnected
	})
	if res := r.fake.ResumeLog(); len(res) != 0 {
		t.Fatalf("the bot tried to resume a session that timed out: %+v", res)
	}
	if h := b.Health(); h.LastCloseCode != 4009 || h.Status != "ok" {
		t.Fatalf("health %+v", h)
	}
}
