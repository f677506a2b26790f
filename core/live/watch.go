package live

import (
	"context"
	"encoding/json"
	"time"

	"zocalo/core/authz"
	"zocalo/core/errs"
)

// Frame is one thing to send down a stream: a domain event (with its position as ID), a
// control message (ready, refetch, access, ended; no ID) or, with no Kind, a heartbeat.
type Frame struct {
	ID   string
	Kind string
	Data json.RawMessage
}

// Control frames.
const (
	FrameReady   = "ready"
	FrameRefetch = "refetch"
	FrameAccess  = "access"
	FrameEnded   = "ended"
)

// Viewer is the member a stream is for.
type Viewer struct {
	DiscordID string
	SessionID string
	Actor     *authz.Actor
}

// WatchOptions configure one stream.
type WatchOptions struct {
	// After is the position the client saw last (its Last-Event-ID), "" for a new stream.
	After  string
	Viewer Viewer
	// Check reads the session and the roles again, fresh asking to bypass any cache; an
	// unauthorized error ends the stream (the session ended), another one drops it.
	Check func(ctx context.Context, fresh bool) (*authz.Actor, error)
	// Send writes a frame to the client.
	Send func(Frame) error
	// Heartbeat is how often an idle stream says it is alive (15 s when zero).
	Heartbeat time.Duration
	// Recheck is how often, on average, the session is read again without a reason (30 s
	// when zero): an expiry announces itself to nobody.
	Recheck time.Duration
	// Pause waits before the re-check an access change asks for (see RecheckSpread); a
	// timer when nil. Tests record the waits instead of taking them.
	Pause func(ctx context.Context, d time.Duration) error
}

var emptyObject = json.RawMessage(`{}`)

// Watch streams to one member the events they may see, from after o.After, until ctx ends,
// the session ends (after an "ended" frame; nil is returned) or Send fails. A stream past
// the limits of its session or member (MaxStreamsPerSession, MaxStreamsPerMember) is
// refused with a rate-limited error before anything is sent.
func (h *Hub) Watch(ctx context.Context, o WatchOptions) error {
	if o.Heartbeat <= 0 {
		o.Heartbeat = 15 * time.Second
	}
	if o.Recheck <= 0 {
		o.Recheck = 30 * time.Second
	}
	if o.Pause == nil {
		o.Pause = sleep
	}
	release, err := h.admit(o.Viewer)
	if err != nil {
		return err
	}
	defer release()
	w := &watcher{hub: h, o: o, viewer: o.Viewer}
	position, refetch, err := h.resumeFrom(ctx, o.After)
	if err != nil {
		return err
	}
	w.position = position
	if refetch {
		if err := o.Send(Frame{Kind: FrameRefetch, Data: emptyObject}); err != nil {
			return err
		}
	}
	heartbeat := time.NewTicker(o.Heartbeat)
	defer heartbeat.Stop()
	recheck := time.NewTimer(periodic(o.Recheck))
	defer recheck.Stop()
	ready := false
	for {
		changed, err := w.catchUp(ctx)
		if err != nil || w.ended {
			return err
		}
		if !ready {
			ready = true
			data, _ := json.Marshal(map[string]string{"position": w.position.String()})
			if err := o.Send(Frame{Kind: FrameReady, Data: data}); err != nil {
				return err
			}
		}
		select {
		case <-ctx.Done():
			return nil
		case <-changed:
		case <-heartbeat.C:
			if err := o.Send(Frame{}); err != nil {
				return err
			}
		case <-recheck.C:
			if err := w.check(ctx, false); err != nil || w.ended {
				return err
			}
			recheck.Reset(periodic(o.Recheck))
		}
	}
}

type watcher struct {
	hub      *Hub
	o        WatchOptions
	viewer   Viewer
	position Position
	ended    bool
}

// resumeFrom finds where a stream starts: after the client's last position when every
// event since is still kept, else at this process's position with a refetch.
func (h *Hub) resumeFrom(ctx context.Context, after string) (position Position, refetch bool, err error) {
	current, err := h.Position(ctx)
	if err != nil {
		return Position{}, false, err
	}
	if after == "" {
		return current, false, nil
	}
	p, ok := ParsePosition(after)
	if !ok {
		return current, true, nil
	}
	if current.Before(p) {
		// Ahead of this process: seen on another replica. The hub will pass it if it is an
		// event's; any other position would hold the stream back for good.
		found, err := h.exists(ctx, p)
		if err != nil || !found {
			return current, err == nil, err
		}
		return p, false, nil
	}
	if _, covered, _ := h.since(p); covered {
		return p, false, nil
	}
	kept, err := h.kept(ctx, p)
	if err != nil || !kept {
		return current, err == nil, err // pruned: what followed is gone
	}
	return p, false, nil
}

// catchUp sends every event after the watcher's position, from memory or, for a stream
// behind what memory keeps, from the database; it answers a channel closed when more come.
func (w *watcher) catchUp(ctx context.Context) (<-chan struct{}, error) {
	for {
		evs, covered, changed := w.hub.since(w.position)
		if covered && len(evs) == 0 {
			return changed, nil
		}
		if !covered {
			var err error
			if evs, _, err = w.hub.load(ctx, w.position, 500); err != nil {
				return nil, err
			}
			// Checked after the read: if nothing up to the position was pruned by now,
			// nothing the read should have found was.
			kept, err := w.hub.kept(ctx, w.position)
			if err != nil {
				return nil, err
			}
			if !kept {
				// Pruned while the stream lagged: start again from what the client refetches.
				if err := w.o.Send(Frame{Kind: FrameRefetch, Data: emptyObject}); err != nil {
					return nil, err
				}
				current, err := w.hub.Position(ctx)
				if err != nil {
					return nil, err
				}
				w.position = current
				continue
			}
			if len(evs) == 0 {
				return changed, nil
			}
		}
		for _, ev := range evs {
			if err := w.deliver(ctx, ev); err != nil || w.ended {
				return nil, err
			}
		}
	}
}

func (w *watcher) deliver(ctx context.Context, ev Event) error {
	w.position = ev.Position()
	if ev.Audience == AudienceAccess {
		if ev.Subject != "*" && ev.Subject != w.viewer.DiscordID && ev.Subject != SessionSubject(w.viewer.SessionID) {
			return nil
		}
		// The streams this change touches check at spread moments, not all at once; this
		// one sends nothing meanwhile.
		if err := w.o.Pause(ctx, recheckDelay(w.hub.touched(ev.Subject))); err != nil {
			return err
		}
		if err := w.check(ctx, true); err != nil || w.ended {
			return err
		}
		return w.o.Send(Frame{Kind: FrameAccess, Data: emptyObject})
	}
	if !w.hub.allows(w.viewer.Actor, ev) {
		return nil
	}
	return w.o.Send(Frame{ID: ev.Position().String(), Kind: ev.Kind, Data: json.RawMessage(ev.Payload)})
}

// check reads the session and roles again; an ended session ends the stream.
func (w *watcher) check(ctx context.Context, fresh bool) error {
	actor, err := w.o.Check(ctx, fresh)
	if errs.KindOf(err) == errs.KindUnauthorized {
		w.ended = true
		return w.o.Send(Frame{Kind: FrameEnded, Data: emptyObject})
	}
	if err != nil {
		return err
	}
	w.viewer.Actor = actor
	return nil
}

// allows applies the audience's rule.
func (h *Hub) allows(viewer *authz.Actor, ev Event) bool {
	if viewer == nil {
		return false
	}
	if ev.Audience == AudienceEveryone {
		return true
	}
	rule, ok := h.rules[ev.Audience]
	return ok && rule(viewer, ev.Subject)
}
