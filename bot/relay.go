package bot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/outbox"
)

// Deliverer posts one outbox event to Discord and returns the message it became. It
// must be safe to repeat: posts carry the event's nonce with enforce_nonce, so Discord
// answers a repeat with the message it already made.
type Deliverer func(ctx context.Context, s *discordgo.Session, ev outbox.Event) (messageID string, err error)

// AddDeliverer registers how events of a kind reach Discord.
func (b *Bot) AddDeliverer(kind string, d Deliverer) { b.kinds[kind] = d }

// errPermanent marks a delivery Discord will never accept; the event is set aside.
type errPermanent struct{ error }

var errNotConnected = errors.New("not connected to Discord")

// relayWorkers bounds how many channels deliver at once. Each channel has at most one
// worker, which keeps its order; discordgo's wait for a route's rate limit then holds
// back that channel alone.
const relayWorkers = 8

// headsWindow is how many due heads a dispatch reads: enough to fill every worker even
// when each busy channel's head is among them. Only due heads are read, so channels
// waiting on a retry or blocked, however many, take no place in it.
const headsWindow = 2 * relayWorkers

// relayRun is one leadership term of the relay: the channels being delivered.
type relayRun struct {
	b     *Bot
	s     *discordgo.Session
	wg    sync.WaitGroup
	freed chan struct{} // a worker ended: its channel (or a slot) can be looked at again
	mu    sync.Mutex
	busy  map[string]bool
	// starved: due channels waited for a free worker at the last dispatch.
	starved bool
	// gaugesAt is when the backlog's gauges were last read (dispatch's goroutine only).
	gaugesAt time.Time
}

// relay delivers due events until ctx ends: each channel's events in order, the next
// only after the previous one landed, channels side by side.
func (b *Bot) relay(ctx context.Context, s *discordgo.Session) {
	r := &relayRun{b: b, s: s, freed: make(chan struct{}, 1), busy: map[string]bool{}}
	defer r.wg.Wait()
	t := time.NewTicker(b.deps.Timing.RelayInterval)
	defer t.Stop()
	for {
		r.dispatch(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-b.wake:
		case <-r.freed:
		}
	}
}

// dispatch starts a worker for each channel whose head is due and that has none yet.
func (r *relayRun) dispatch(ctx context.Context) {
	defer r.updateGauges(ctx)
	if r.b.AuthRefused() != "" {
		return
	}
	if wait := r.b.global.pausedFor(); wait > 0 {
		// A global 429: nothing starts until Discord's pause ends (the ticker looks again).
		return
	}
	store := r.b.deps.App.Outbox
	heads, err := store.Heads(ctx, headsWindow)
	if err != nil {
		if ctx.Err() == nil {
			r.b.log.Error("outbox read failed", "error", err)
		}
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.starved = false
	for _, head := range heads {
		if len(r.busy) >= relayWorkers {
			r.starved = true // a worker that ends signals freed, and the rest go then
			return
		}
		if r.busy[head.ChannelID] {
			continue
		}
		r.busy[head.ChannelID] = true
		r.wg.Add(1)
		go r.work(ctx, head.ChannelID)
	}
}

// work delivers a channel's due events in order until one does not land. It reads each
// head afresh: the list dispatch read may be older than this worker's channel.
func (r *relayRun) work(ctx context.Context, channelID string) {
	drained := false
	defer r.wg.Done()
	defer func() {
		r.mu.Lock()
		delete(r.busy, channelID)
		// A drained channel may have had an event queued while it was busy, which dispatch
		// passed over. A channel held back waits for its next attempt, not for this.
		again := drained || r.starved
		r.mu.Unlock()
		if again {
			select {
			case r.freed <- struct{}{}:
			default:
			}
		}
	}()
	for ctx.Err() == nil && r.b.AuthRefused() == "" && r.b.global.pausedFor() == 0 {
		ev, err := r.b.deps.App.Outbox.Head(ctx, channelID)
		if err != nil {
			if ctx.Err() == nil {
				r.b.log.Error("outbox read failed", "error", err)
			}
			return
		}
		if ev == nil {
			drained = true
			return
		}
		if !r.deliver(ctx, *ev) {
			return
		}
	}
}

// deliver makes one attempt and records its outcome; it tells whether the channel may
// go on to its next event.
func (r *relayRun) deliver(ctx context.Context, ev outbox.Event) bool {
	b := r.b
	store := b.deps.App.Outbox
	if ev.ChannelID == "" {
		// The channel is not configured: the event is kept, nothing is posted.
		return r.recorded(ev, "skipped")(store.MarkSkipped(ctx, ev))
	}
	d, ok := b.kinds[ev.Kind]
	if !ok {
		return r.fail(ctx, ev, errPermanent{errors.New("no deliverer for kind " + ev.Kind)})
	}
	// Recorded before the request goes out: a post whose answer is lost is known to
	// have been tried.
	if ok, err := store.MarkAttempting(ctx, &ev); err != nil || !ok {
		r.recorded(ev, "attempting")(ok, err)
		return false
	}
	msgID, err := d(ctx, r.s, ev)
	if err == nil {
		// Not recorded on a database error: the retry gets the same message back by nonce.
		return r.recorded(ev, "delivered")(store.MarkDelivered(ctx, ev, msgID))
	}
	return r.fail(ctx, ev, err)
}

// fail records a refused or failed attempt by its class.
func (r *relayRun) fail(ctx context.Context, ev outbox.Event, err error) bool {
	b := r.b
	store := b.deps.App.Outbox
	now := b.deps.App.Now() // the outbox compares next attempts with the domain's clock
	f := classify(err)
	if f.class != classAuth {
		b.metrics.relayFailures.WithLabelValues(ev.Kind).Inc()
	}
	log := b.log.With("event", ev.ID, "kind", ev.Kind, "channel", ev.ChannelID, "error", err)
	switch f.class {
	case classAuth:
		// Not the event's fault: it stays as it was, and nothing more goes until a
		// restart with a valid token.
		b.authRefused(err)
		return false
	case classRateLimited:
		// A global one also pauses every channel (globalLimit saw its header).
		next := now.Add(f.retryAfter)
		log.Info("Discord rate limits this route: the channel waits", "retry_at", next)
		r.recorded(ev, "rate limited")(store.MarkRateLimited(ctx, ev, next, err.Error()))
		return false
	case classBlocked:
		// Each refusal in a row waits longer, so lanes an operator has yet to fix cost
		// Discord fewer and fewer requests.
		next := now.Add(outbox.BlockedWait(b.deps.Timing.BlockedRetry, b.deps.Timing.BlockedRetryMax, ev.BlockedAttempts, ev.ID))
		log.Error("Discord refused the event for a reason an operator can fix: its channel waits",
			"reason", f.reason, "retry_at", next)
		r.recorded(ev, "blocked")(store.MarkBlocked(ctx, ev, next, f.reason))
		return false
	case classFailed:
		log.Error("outbox event refused by Discord, set aside", "reason", f.reason)
		// The channel's next events may go on, unless the failure was not recorded.
		return r.recorded(ev, "failed")(store.MarkFailed(ctx, ev, f.reason))
	default:
		next := now.Add(b.backoff(ev.Attempts))
		log.Warn("outbox delivery failed, will retry", "attempt", ev.Attempts+1, "retry_at", next)
		r.recorded(ev, "retry")(store.MarkRetry(ctx, ev, next, err.Error()))
		return false
	}
}

// recorded logs an outcome the database did not take and tells whether it did.
func (r *relayRun) recorded(ev outbox.Event, outcome string) func(bool, error) bool {
	return func(ok bool, err error) bool {
		switch {
		case err != nil:
			r.b.log.Error("outbox update failed", "event", ev.ID, "outcome", outcome, "error", err)
		case !ok:
			// An operator retried or discarded it meanwhile: theirs is the outcome.
			r.b.log.Info("outbox event changed during delivery; its new state stands", "event", ev.ID, "outcome", outcome)
		}
		return ok && err == nil
	}
}

// backoff doubles from RetryBase up to RetryMax, with jitter so retries spread out.
func (b *Bot) backoff(attempts int) time.Duration {
	d := b.deps.Timing.RetryBase
	for i := 0; i < attempts && d < b.deps.Timing.RetryMax; i++ {
		d *= 2
	}
	d = min(d, b.deps.Timing.RetryMax)
	return d/2 + rand.N(d/2+1)
}

// updateGauges reads the backlog for the gauges at most once per RelayInterval: counting
// what waits costs as much as there are blocked lanes, and a dispatch runs on every commit.
func (r *relayRun) updateGauges(ctx context.Context) {
	if time.Since(r.gaugesAt) < r.b.deps.Timing.RelayInterval {
		return
	}
	r.gaugesAt = time.Now()
	backlog, err := r.b.deps.App.Outbox.Backlog(ctx)
	if err != nil {
		return
	}
	r.b.metrics.pending.Set(float64(backlog.Pending))
	r.b.metrics.oldest.Set(backlog.OldestQueued.Seconds())
	r.b.metrics.blocked.Set(float64(backlog.Blocked))
	r.b.metrics.failed.Set(float64(backlog.Failed))
}

// failureClass is what a refused or failed attempt means for its event.
type failureClass int

const (
	classTransient   failureClass = iota // 5xx, network: back off and retry
	classRateLimited                     // 429: retry when Discord says, not a failed attempt
	classAuth                            // 401: the token is refused; nothing can go
	classBlocked                         // a permission or a deleted channel: an operator can fix it
	classFailed                          // Discord will never accept it as it is
)

type failure struct {
	class      failureClass
	reason     string // Discord's words, for operators
	retryAfter time.Duration
}

// Discord's JSON error codes the relay acts on.
const (
	codeUnknownChannel   = 10003
	codeCannotMessageDMs = 50007
)

func classify(err error) failure {
	var perm errPermanent
	if errors.As(err, &perm) {
		return failure{class: classFailed, reason: err.Error()}
	}
	var limited *discordgo.RateLimitError
	if errors.As(err, &limited) && limited.RateLimit != nil && limited.TooManyRequests != nil {
		return failure{class: classRateLimited, reason: err.Error(), retryAfter: limited.RetryAfter}
	}
	var rest *discordgo.RESTError
	if !errors.As(err, &rest) || rest.Response == nil {
		return failure{class: classTransient, reason: err.Error()}
	}
	status, code := rest.Response.StatusCode, 0
	reason := fmt.Sprintf("Discord: HTTP %d", status)
	if rest.Message != nil && rest.Message.Message != "" {
		code = rest.Message.Code
		reason = fmt.Sprintf("Discord: %s (%d)", rest.Message.Message, code)
	}
	switch {
	case status == http.StatusUnauthorized:
		return failure{class: classAuth, reason: reason}
	case status == http.StatusTooManyRequests:
		// discordgo answers 429 with RateLimitError; this is a body it could not read.
		return failure{class: classRateLimited, reason: reason, retryAfter: time.Second}
	case status == http.StatusForbidden && code == codeCannotMessageDMs:
		// The member closed their DMs: no operator can change that, so it is set aside.
		return failure{class: classFailed, reason: reason}
	case status == http.StatusForbidden, status == http.StatusNotFound && code == codeUnknownChannel:
		return failure{class: classBlocked, reason: reason}
	case status >= 400 && status < 500:
		return failure{class: classFailed, reason: reason}
	}
	return failure{class: classTransient, reason: reason}
}
