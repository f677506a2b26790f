package bot

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"zocalo/core"
	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

const otherChannel = "710000000000000002"

// withClock gives the rig's core a clock the test moves; the relay's next attempts and
// blocked retries are on it.
func (r *rig) withClock() *testenv.Clock {
	// Whole microseconds, as PostgreSQL stores times.
	clock := testenv.NewClock(time.Now().UTC().Truncate(time.Microsecond))
	r.app = core.New(r.db, r.cfg.CoreSettings(r.cfg.JWTSecret, clock.Now), core.Deps{Files: r.app.Files})
	return clock
}

// post queues a message for a channel.
func (r *rig) post(channel, text string) outbox.Event {
	r.t.Helper()
	ev, err := r.app.Outbox.Enqueue(context.Background(), outbox.KindChannelMessage, channel, outbox.ChannelMessage{Content: text})
	if err != nil {
		r.t.Fatal(err)
	}
	return *ev
}

func (r *rig) event(id uint64) outbox.Event {
	r.t.Helper()
	ev, err := r.app.Outbox.Get(context.Background(), id)
	if err != nil {
		r.t.Fatal(err)
	}
	return *ev
}

// texts lists what a channel shows, oldest first: each message's first line (a post may
// carry a marker line after its text).
func (r *rig) texts(channel string) []string {
	out := []string{}
	for _, m := range r.fake.Messages(channel) {
		if !m.Deleted {
			first, _, _ := strings.Cut(m.Content, "\n")
			out = append(out, first)
		}
	}
	return out
}

// postsTo counts the message posts a channel received, refused ones included.
func (r *rig) postsTo(channel string) int {
	n := 0
	for _, req := range r.fake.Requests() {
		if req.Method == http.MethodPost && strings.HasSuffix(req.Path, "/channels/"+channel+"/messages") {
			n++
		}
	}
	return n
}

// gauge reads one of the bot's gauges; -1 when it is not registered.
func gauge(b *Bot, name string) float64 {
	families, err := b.deps.Metrics.(prometheus.Gatherer).Gather()
	if err != nil {
		return -1
	}
	for _, f := range families {
		if f.GetName() == name && len(f.GetMetric()) == 1 {
			return f.GetMetric()[0].GetGauge().GetValue()
		}
	}
	return -1
}

// untouched: the relay never tried the event.
func untouched(ev outbox.Event) bool {
	return ev.Status == outbox.StatusPending && ev.Attempts == 0 && ev.FirstAttemptAt == nil && ev.LastError == ""
}

// A token reset in the developer portal: the bot stops, nothing is lost or failed, and a
// bot started with the new token delivers every pending event once, in order.
func TestRevokedTokenLosesNothingAndANewTokenDeliversOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		r.fake.AddChannel(otherChannel, "otro")
		first := r.newBot()
		stopFirst := r.start(first, true)
		r.post(testChannel, "antes")
		r.eventually("the first post", func() bool { return len(r.texts(testChannel)) == 1 })

		before := map[string]int{testChannel: r.postsTo(testChannel), otherChannel: r.postsTo(otherChannel)}
		r.fake.SetBotToken("nuevo-token")
		var queued []outbox.Event
		for i := 1; i <= 3; i++ {
			queued = append(queued, r.post(testChannel, fmt.Sprintf("aviso %d", i)), r.post(otherChannel, fmt.Sprintf("otro %d", i)))
		}
		r.eventually("the bot sees its token refused", func() bool { return first.AuthRefused() != "" })

		// A later event and a wake-up: the relay looks (its gauge counts the new event)
		// and sends nothing.
		queued = append(queued, r.post(testChannel, "aviso 4"))
		first.Wake()
		r.eventually("the relay counts the backlog", func() bool { return gauge(first, "zocalo_outbox_pending") == 7 })
		// Each channel's worker may have had one post on its way when the first 401 came
		// back; nothing starts after it.
		for _, ch := range []string{testChannel, otherChannel} {
			if n := r.postsTo(ch) - before[ch]; n > 1 {
				t.Fatalf("%d posts tried in %s after the token was reset", n, ch)
			}
		}
		for _, ev := range queued {
			got := r.event(ev.ID)
			if got.Status != outbox.StatusPending || got.Attempts != 0 || got.LastError != "" {
				t.Fatalf("event %d after the refusal: %s, %d attempts, %q", ev.ID, got.Status, got.Attempts, got.LastError)
			}
		}
		stopFirst()

		second := r.newBot()
		second.deps.Token = "nuevo-token"
		r.start(second, true)
		r.eventually("every pending event is delivered", func() bool {
			for _, ev := range queued {
				if r.event(ev.ID).Status != outbox.StatusDelivered {
					return false
				}
			}
			return true
		})
		if got, want := r.texts(testChannel), []string{"antes", "aviso 1", "aviso 2", "aviso 3", "aviso 4"}; !slices.Equal(got, want) {
			t.Fatalf("channel shows %q, want %q", got, want)
		}
		if got, want := r.texts(otherChannel), []string{"otro 1", "otro 2", "otro 3"}; !slices.Equal(got, want) {
			t.Fatalf("other channel shows %q, want %q", got, want)
		}
		if second.AuthRefused() != "" {
			t.Fatalf("the new token is refused: %s", second.AuthRefused())
		}
	})
}

// A missing permission blocks its event with Discord's reason and holds back its channel
// only; once the permission is back, an operator's retry sends the channel in order.
func TestMissingPermissionBlocksItsChannelOnly(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		clock := r.withClock()
		r.fake.AddChannel(otherChannel, "otro")
		r.fake.DenyChannel(testChannel, discordgo.PermissionSendMessages)
		b := r.newBot()
		r.start(b, true)

		a1 := r.post(testChannel, "a1")
		a2 := r.post(testChannel, "a2")
		b1 := r.post(otherChannel, "b1")
		r.eventually("the refused event is blocked", func() bool { return r.event(a1.ID).Status == outbox.StatusBlocked })
		r.eventually("the other channel's event is delivered", func() bool { return r.event(b1.ID).Status == outbox.StatusDelivered })
		got := r.event(a1.ID)
		if got.LastError != "Discord: Missing Permissions (50013)" || got.Attempts != 1 ||
			!got.NextAttemptAt.Equal(clock.Now().Add(outbox.BlockedWait(b.deps.Timing.BlockedRetry, b.deps.Timing.BlockedRetryMax, 0, a1.ID))) {
			t.Fatalf("blocked event: %q after %d attempts, next at %v", got.LastError, got.Attempts, got.NextAttemptAt)
		}
		if got := r.event(a2.ID); !untouched(got) {
			t.Fatalf("the event behind the blocked one was tried: %+v", got)
		}
		r.eventually("the blocked gauge", func() bool { return gauge(b, "zocalo_outbox_blocked") == 1 })

		r.fake.AllowChannel(testChannel)
		if _, err := r.app.Outbox.Retry(context.Background(), outbox.CommandLine, a1.ID, outbox.StatusBlocked); err != nil {
			t.Fatal(err)
		}
		b.Wake()
		r.eventually("the channel is delivered", func() bool { return r.event(a2.ID).Status == outbox.StatusDelivered })
		if got, want := r.texts(testChannel), []string{"a1", "a2"}; !slices.Equal(got, want) {
			t.Fatalf("channel shows %q, want %q", got, want)
		}
		if got := r.event(a1.ID); got.Status != outbox.StatusDelivered || got.LastError != "" || got.Attempts != 2 {
			t.Fatalf("retried event: %+v", got)
		}
	})
}

// A deleted channel blocks its event, which is tried again by the clock, each time after
// a longer wait, up to an hour; other channels go on and its own next events wait.
func TestUnknownChannelBlocksAndIsRetriedLessAndLessOften(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		clock := r.withClock()
		r.fake.AddChannel(otherChannel, "otro")
		r.fake.DeleteChannel(testChannel)
		b := r.newBot()
		r.start(b, true)

		a1 := r.post(testChannel, "a1")
		a2 := r.post(testChannel, "a2")
		b1 := r.post(otherChannel, "b1")
		r.eventually("the event is blocked", func() bool { return r.event(a1.ID).Status == outbox.StatusBlocked })
		r.eventually("the other channel goes on", func() bool { return r.event(b1.ID).Status == outbox.StatusDelivered })
		if got := r.event(a1.ID); got.LastError != "Discord: Unknown Channel (10003)" || got.Attempts != 1 {
			t.Fatalf("blocked event: %q after %d attempts", got.LastError, got.Attempts)
		}

		timing := b.deps.Timing
		var waits []time.Duration
		for attempt := 2; attempt <= 6; attempt++ {
			got := r.event(a1.ID)
			clock.Advance(got.NextAttemptAt.Sub(clock.Now()))
			r.eventually(fmt.Sprintf("attempt %d", attempt), func() bool { return r.event(a1.ID).Attempts == attempt })
			got = r.event(a1.ID)
			want := outbox.BlockedWait(timing.BlockedRetry, timing.BlockedRetryMax, attempt-1, a1.ID)
			if got.Status != outbox.StatusBlocked || got.BlockedAttempts != attempt || !got.NextAttemptAt.Equal(clock.Now().Add(want)) {
				t.Fatalf("after attempt %d: %s, %d blocked, next in %v, want %v", attempt, got.Status, got.BlockedAttempts,
					got.NextAttemptAt.Sub(clock.Now()), want)
			}
			waits = append(waits, want)
		}
		for i := 1; i < len(waits); i++ {
			if waits[i] < waits[i-1] {
				t.Fatalf("the waits shrank: %v", waits)
			}
		}
		if last := waits[len(waits)-1]; last > timing.BlockedRetryMax || last < timing.BlockedRetryMax*3/4 {
			t.Fatalf("the waits end at %v, want about %v: %v", last, timing.BlockedRetryMax, waits)
		}
		if got := r.event(a2.ID); !untouched(got) {
			t.Fatalf("the event behind the blocked one was tried: %+v", got)
		}
		// Each attempt is one request: the first a post, the later ones (past the nonce's
		// window) a look for the post's marker, refused the same way.
		requests := 0
		for _, req := range r.fake.Requests() {
			if strings.Contains(req.Path, "/channels/"+testChannel+"/") {
				requests++
			}
		}
		if requests != 6 {
			t.Fatalf("%d requests to the deleted channel, want 6", requests)
		}
	})
}

// A 429 on one channel's route reschedules its event by retry_after (not counted as a
// failed attempt) and does not hold back another channel.
func TestRateLimitedChannelDoesNotHoldBackAnother(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		clock := r.withClock()
		r.fake.AddChannel(otherChannel, "otro")
		r.fake.RateLimitChannel(testChannel, 1, time.Minute, "user")
		b := r.newBot()
		r.start(b, true)

		a1 := r.post(testChannel, "a1")
		r.eventually("the rate-limited post is rescheduled", func() bool { return r.event(a1.ID).LastError != "" })
		b1 := r.post(otherChannel, "b1")
		r.eventually("the other channel's post is delivered", func() bool { return r.event(b1.ID).Status == outbox.StatusDelivered })

		got := r.event(a1.ID)
		if got.Status != outbox.StatusPending || got.Attempts != 0 || got.FirstAttemptAt == nil ||
			!got.NextAttemptAt.Equal(clock.Now().Add(time.Minute)) {
			t.Fatalf("rate-limited event: %s, %d attempts, first %v, next %v (now %v)",
				got.Status, got.Attempts, got.FirstAttemptAt, got.NextAttemptAt, clock.Now())
		}
		if got := r.texts(testChannel); len(got) != 0 {
			t.Fatalf("posted despite the rate limit: %q", got)
		}
		if got := r.texts(otherChannel); !slices.Equal(got, []string{"b1"}) {
			t.Fatalf("other channel shows %q", got)
		}
	})
}

// A request Discord refuses as malformed sets the event aside; its channel goes on.
func TestBadRequestFailsTheEventAndTheChannelGoesOn(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		b := r.newBot()
		// A post with nothing in it, which Discord refuses with 400.
		b.AddDeliverer("test.empty", func(_ context.Context, s *discordgo.Session, ev outbox.Event) (string, error) {
			m, err := PostMessage(s, ev.ChannelID, ev.Nonce, "", nil)
			if err != nil {
				return "", err
			}
			return m.ID, nil
		})
		bad, err := r.app.Outbox.Enqueue(context.Background(), "test.empty", testChannel, struct{}{})
		if err != nil {
			t.Fatal(err)
		}
		good := r.post(testChannel, "a2")
		r.start(b, true)
		r.eventually("the next event is delivered", func() bool { return r.event(good.ID).Status == outbox.StatusDelivered })
		if got := r.event(bad.ID); got.Status != outbox.StatusFailed || got.Attempts != 1 ||
			got.LastError != "Discord: Cannot send an empty message (50006)" {
			t.Fatalf("refused event: %s, %q after %d attempts", got.Status, got.LastError, got.Attempts)
		}
		if got := r.texts(testChannel); !slices.Equal(got, []string{"a2"}) {
			t.Fatalf("channel shows %q", got)
		}
		r.eventually("the failed gauge", func() bool { return gauge(b, "zocalo_outbox_failed") == 1 })
	})
}

// The first attempt is on the row before its request goes out.
func TestFirstAttemptIsRecordedBeforeTheRequest(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		b := r.newBot()
		seen := make(chan *time.Time, 1)
		b.AddDeliverer(outbox.KindChannelMessage, func(ctx context.Context, s *discordgo.Session, ev outbox.Event) (string, error) {
			stored, err := b.deps.App.Outbox.Get(ctx, ev.ID)
			if err != nil {
				return "", err
			}
			select {
			case seen <- stored.FirstAttemptAt:
			default:
			}
			return b.deliverChannelMessage(ctx, s, ev)
		})
		ev := r.post(testChannel, "a1")
		r.start(b, true)
		if first := <-seen; first == nil {
			t.Fatal("the request went out before its first attempt was recorded")
		}
		r.eventually("delivered", func() bool { return r.event(ev.ID).Status == outbox.StatusDelivered })
		if got := r.event(ev.ID); got.FirstAttemptAt == nil || got.Attempts != 1 {
			t.Fatalf("delivered event: %+v", got)
		}
	})
}

// Many channels at once, more than the relay's workers: each arrives whole and in order.
func TestManyChannelsEachInOrder(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		var channels []string
		for i := range 2 * relayWorkers {
			id := fmt.Sprintf("7100000000000001%02d", i)
			r.fake.AddChannel(id, fmt.Sprintf("canal-%d", i))
			channels = append(channels, id)
		}
		r.fake.FailNext(3, http.StatusInternalServerError, 0)
		for n := 1; n <= 4; n++ {
			for _, ch := range channels {
				r.post(ch, fmt.Sprintf("aviso %d", n))
			}
		}
		r.start(r.newBot(), true)
		want := []string{"aviso 1", "aviso 2", "aviso 3", "aviso 4"}
		for _, ch := range channels {
			r.eventually("channel "+ch+" is delivered", func() bool { return len(r.texts(ch)) == len(want) })
			if got := r.texts(ch); !slices.Equal(got, want) {
				t.Fatalf("channel %s shows %q", ch, got)
			}
		}
	})
}

// A global 429 pauses every channel for Discord's retry_after, not only the route that met
// it; when the pause ends both channels go on.
func TestGlobalRateLimitPausesEveryChannel(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		clock := r.withClock()
		r.fake.AddChannel(otherChannel, "otro")
		b := r.newBot()
		r.start(b, true)
		// The bot is idle (commands registered, a first post made) before the limit comes.
		r.eventually("the commands are registered", func() bool { return len(r.fake.Commands()) > 0 })
		a0 := r.post(testChannel, "a0")
		r.eventually("the first post", func() bool { return r.event(a0.ID).Status == outbox.StatusDelivered })
		r.fake.RateLimitGlobal(1, time.Minute)

		a1 := r.post(testChannel, "a1")
		r.eventually("the post meets the global limit", func() bool { return r.event(a1.ID).LastError != "" })
		if got := b.global.pausedFor(); got != time.Minute {
			t.Fatalf("paused for %v, want Discord's retry_after of 1m", got)
		}
		b1 := r.post(otherChannel, "b1")
		// A dispatch during the pause starts no channel (the running relay uses the same gate).
		run := &relayRun{b: b, s: b.currentSession(), freed: make(chan struct{}, 1), busy: map[string]bool{}}
		run.dispatch(context.Background())
		if len(run.busy) != 0 || !untouched(r.event(b1.ID)) {
			t.Fatalf("a channel started during the global pause: busy %v, b1 %+v", run.busy, r.event(b1.ID))
		}

		clock.Advance(time.Minute)
		r.eventually("both channels are delivered after the pause", func() bool {
			return r.event(a1.ID).Status == outbox.StatusDelivered && r.event(b1.ID).Status == outbox.StatusDelivered
		})
		if got := r.texts(testChannel); !slices.Equal(got, []string{"a0", "a1"}) {
			t.Fatalf("channel shows %q", got)
		}
	})
}
