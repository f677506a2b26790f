package bot

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
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

// relay delivers due events until ctx ends: each channel's events in order, the next
// only after the previous one landed.
func (b *Bot) relay(ctx context.Context, s *discordgo.Session) {
	t := time.NewTicker(b.deps.Timing.RelayInterval)
	defer t.Stop()
	for {
		b.relayOnce(ctx, s)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-b.wake:
		}
	}
}

func (b *Bot) relayOnce(ctx context.Context, s *discordgo.Session) {
	store := b.deps.App.Outbox
	heads, err := store.Heads(ctx, 1000)
	if err != nil {
		if ctx.Err() == nil {
			b.log.Error("outbox read failed", "error", err)
		}
		return
	}
	for _, head := range heads {
		ev := &head
		for ev != nil && ctx.Err() == nil {
			if !b.deliver(ctx, s, *ev) {
				break
			}
			if ev, err = store.Next(ctx, ev.ChannelID, ev.ID); err != nil {
				b.log.Error("outbox read failed", "error", err)
				break
			}
		}
	}
	if n, age, err := store.Backlog(ctx); err == nil {
		b.metrics.pending.Set(float64(n))
		b.metrics.oldest.Set(age.Seconds())
	}
}

// deliver makes one attempt and records its outcome; it tells whether the event landed.
func (b *Bot) deliver(ctx context.Context, s *discordgo.Session, ev outbox.Event) bool {
	store := b.deps.App.Outbox
	d, ok := b.kinds[ev.Kind]
	var msgID string
	var err error
	switch {
	case !ok:
		err = errPermanent{errors.New("no deliverer for kind " + ev.Kind)}
	case ev.ChannelID == "":
		// The channel is not configured: the event is kept, nothing is posted.
		if err := store.MarkSkipped(ctx, ev.ID); err != nil {
			b.log.Error("outbox update failed", "event", ev.ID, "error", err)
			return false
		}
		return true
	default:
		msgID, err = d(ctx, s, ev)
	}
	if err == nil {
		if err := store.MarkDelivered(ctx, ev.ID, msgID); err != nil {
			// Delivered but not recorded: the retry will get the same message back by nonce.
			b.log.Error("outbox update failed", "event", ev.ID, "error", err)
			return false
		}
		return true
	}
	b.metrics.relayFailures.WithLabelValues(ev.Kind).Inc()
	var perm errPermanent
	if errors.As(err, &perm) || isPermanent(err) {
		b.log.Error("outbox event refused by Discord, set aside", "event", ev.ID, "kind", ev.Kind, "error", err)
		if err := store.MarkFailed(ctx, ev.ID, err.Error()); err != nil {
			b.log.Error("outbox update failed", "event", ev.ID, "error", err)
		}
		return true // the channel's next events may go on
	}
	// The retry is due by the domain's clock, the one the outbox compares it with.
	next := b.deps.App.Now().Add(b.backoff(ev.Attempts))
	b.log.Warn("outbox delivery failed, will retry", "event", ev.ID, "kind", ev.Kind, "attempt", ev.Attempts+1,
		"retry_at", next, "error", err)
	if err := store.MarkRetry(ctx, ev.ID, next, err.Error()); err != nil {
		b.log.Error("outbox update failed", "event", ev.ID, "error", err)
	}
	return false
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

// isPermanent: a 4xx other than 429 will not change by retrying.
func isPermanent(err error) bool {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Response != nil {
		code := rest.Response.StatusCode
		return code >= 400 && code < 500 && code != http.StatusTooManyRequests
	}
	return false
}
