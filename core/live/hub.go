package live

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
)

// Rule tells whether viewer may receive an event of an audience about subject.
type Rule func(viewer *authz.Actor, subject string) bool

// Rules are the audiences' rules, each the owning feature's own.
type Rules map[string]Rule

// Hub reads the events once per process and keeps the recent ones in memory for every
// stream of this process to read: a thousand streams cost one reader, not a thousand.
type Hub struct {
	db    *db.DB
	rules Rules
	log   *slog.Logger
	now   func() time.Time

	wake chan struct{}

	mu      sync.Mutex
	started bool
	ready   chan struct{} // closed once the starting position is known
	recent  []Event       // consecutive positions ending at cursor
	cursor  int64         // the last position read
	changed chan struct{} // closed and replaced whenever recent grows
}

// ringLimit caps the events kept in memory; older ones are read from the database.
const ringLimit = 20_000

// NewHub builds the hub; Run starts it.
func NewHub(d *db.DB, rules Rules, log *slog.Logger, now func() time.Time) *Hub {
	if log == nil {
		log = slog.Default()
	}
	return &Hub{db: d, rules: rules, log: log, now: now, wake: make(chan struct{}, 1),
		ready: make(chan struct{}), changed: make(chan struct{})}
}

// Run reads new events whenever a commit announces some (this process's at once, other
// replicas' through the database), prunes those past Keep, and stops with ctx.
func (h *Hub) Run(ctx context.Context) {
	h.mu.Lock()
	if h.started {
		h.mu.Unlock()
		return
	}
	h.started = true
	h.mu.Unlock()

	go h.db.Listen(ctx, db.Listener{
		Channels: []string{NotifyChannel},
		Wake: func(string) {
			select {
			case h.wake <- struct{}{}:
			default:
			}
		},
		Lost: func(err error) { h.log.Warn("live: listening connection lost", "error", err) },
	})
	prune := time.NewTicker(time.Minute)
	defer prune.Stop()
	// A missed notice (a connection lost between commit and listen) costs at most this.
	poll := time.NewTicker(5 * time.Second)
	defer poll.Stop()
	for {
		if err := h.read(ctx); err != nil && ctx.Err() == nil {
			h.log.Warn("live: reading events", "error", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-h.wake:
		case <-poll.C:
		case <-prune.C:
			if err := h.prune(ctx); err != nil && ctx.Err() == nil {
				h.log.Warn("live: pruning events", "error", err)
			}
		}
	}
}

// read appends the events committed after the cursor.
func (h *Hub) read(ctx context.Context) error {
	h.mu.Lock()
	first := !isClosed(h.ready)
	cursor := h.cursor
	h.mu.Unlock()
	if first {
		latest, err := h.latest(ctx)
		if err != nil {
			return err
		}
		h.mu.Lock()
		h.cursor = latest
		close(h.ready)
		h.mu.Unlock()
		return nil
	}
	for {
		batch, err := h.load(ctx, cursor, 0, 1000)
		if err != nil || len(batch) == 0 {
			return err
		}
		h.append(batch)
		cursor = batch[len(batch)-1].Position
		if len(batch) < 1000 {
			return nil
		}
	}
}

func (h *Hub) append(batch []Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, ev := range batch {
		if ev.Position == h.cursor+1 {
			h.recent = append(h.recent, ev)
			h.cursor = ev.Position
		}
	}
	h.forgetOld()
	close(h.changed)
	h.changed = make(chan struct{})
}

// forgetOld drops from memory the events past Keep, and the oldest past ringLimit.
func (h *Hub) forgetOld() {
	cutoff := h.now().Add(-Keep)
	drop := 0
	for drop < len(h.recent) && (len(h.recent)-drop > ringLimit || h.recent[drop].CreatedAt.Before(cutoff)) {
		drop++
	}
	if drop > 0 {
		h.recent = append([]Event(nil), h.recent[drop:]...)
	}
}

// latest is the last position handed out.
func (h *Hub) latest(ctx context.Context) (int64, error) {
	var c Counter
	err := h.db.Conn(ctx).Where("id = 1").Take(&c).Error
	return c.Value, err
}

// load reads the events after position, up to through (0: no bound), in order.
func (h *Hub) load(ctx context.Context, after, through int64, limit int) ([]Event, error) {
	q := h.db.Conn(ctx).Where("position > ?", after)
	if through > 0 {
		q = q.Where("position <= ?", through)
	}
	var evs []Event
	err := q.Order("position").Limit(limit).Find(&evs).Error
	return evs, err
}

// prune deletes events past Keep. Every replica may do it; deleting twice is harmless.
func (h *Hub) prune(ctx context.Context) error {
	return h.db.Conn(ctx).Where("created_at < ?", h.now().UTC().Add(-Keep)).Delete(&Event{}).Error
}

// since answers the kept events after position, whether memory covers that position, and
// a channel closed when more arrive.
func (h *Hub) since(position int64) (evs []Event, covered bool, changed <-chan struct{}) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.forgetOld()
	changed = h.changed
	if position >= h.cursor {
		// A stream may be ahead of this process: it saw on another replica what this one
		// has not read yet. It waits for the hub to pass it.
		return nil, true, changed
	}
	floor := h.cursor - int64(len(h.recent)) // the position just before the first kept
	if position < floor {
		return nil, false, changed
	}
	return h.recent[position-floor:], true, changed
}

// Position is the last position this process has read, once it knows it.
func (h *Hub) Position(ctx context.Context) (int64, error) {
	select {
	case <-h.ready:
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.cursor, nil
}

func isClosed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}
