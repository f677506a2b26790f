package live

import (
	"context"
	"log/slog"
	"math"
	"sort"
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
	recent  []Event       // every event after floor up to cursor, in order
	floor   Position      // the position just before the first of recent
	cursor  Position      // the last position read
	changed chan struct{} // closed and replaced whenever recent grows

	streamsMu sync.Mutex
	streams   openStreams // the streams watching, for their limits and re-checks
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
	// Events held back behind a running transaction are read again soon, and less often
	// the longer it runs.
	var again <-chan time.Time
	wait := heldFirst
	for {
		held, err := h.read(ctx)
		if err != nil && ctx.Err() == nil {
			h.log.Warn("live: reading events", "error", err)
		}
		again = nil
		if held {
			again = time.After(wait)
			wait = min(2*wait, heldLast)
		} else {
			wait = heldFirst
		}
		select {
		case <-ctx.Done():
			return
		case <-h.wake:
		case <-poll.C:
		case <-again:
		case <-prune.C:
			if err := h.prune(ctx); err != nil && ctx.Err() == nil {
				h.log.Warn("live: pruning events", "error", err)
			}
		}
	}
}

// How soon events held back behind a running transaction are read again: first, and at most.
const (
	heldFirst = 10 * time.Millisecond
	heldLast  = time.Second
)

// read appends the events committed after the cursor, and tells whether some were held back.
func (h *Hub) read(ctx context.Context) (held bool, err error) {
	h.mu.Lock()
	first := !isClosed(h.ready)
	cursor := h.cursor
	h.mu.Unlock()
	if first {
		start, err := h.start(ctx)
		if err != nil {
			return false, err
		}
		h.mu.Lock()
		h.cursor, h.floor = start, start
		close(h.ready)
		h.mu.Unlock()
		return false, nil
	}
	for {
		batch, held, err := h.load(ctx, cursor, 1000)
		if err != nil {
			return false, err
		}
		if len(batch) > 0 {
			h.append(batch)
			cursor = batch[len(batch)-1].Position()
		}
		if held || len(batch) < 1000 {
			return held, nil
		}
	}
}

func (h *Hub) append(batch []Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, ev := range batch {
		if h.cursor.Before(ev.Position()) {
			h.recent = append(h.recent, ev)
			h.cursor = ev.Position()
		}
	}
	h.forgetOld()
	close(h.changed)
	h.changed = make(chan struct{})
}

// forgetOld drops from memory the events past Keep, and the oldest past ringLimit: always
// a run from the front, so memory still holds everything after floor.
func (h *Hub) forgetOld() {
	cutoff := h.now().Add(-Keep)
	drop := 0
	for drop < len(h.recent) && (len(h.recent)-drop > ringLimit || h.recent[drop].CreatedAt.Before(cutoff)) {
		drop++
	}
	if drop > 0 {
		h.floor = h.recent[drop-1].Position()
		h.recent = append([]Event(nil), h.recent[drop:]...)
	}
}

// horizon bounds what may be read: on PostgreSQL the oldest transaction still running in
// this database, whose events and those of every later one may still be to come; nothing
// bounds it on SQLite. Read before the events, in a statement of its own, it only grows
// more cautious: every transaction below it has ended by the time they are read.
func (h *Hub) horizon(ctx context.Context) (int64, error) {
	if h.db.Dialect() != db.Postgres {
		return math.MaxInt64, nil
	}
	var below int64
	err := h.db.Conn(ctx).Raw(horizonQuery).Scan(&below).Error
	return below, err
}

// horizonQuery is the oldest running transaction of the snapshot (its xip list) that is
// not known to belong to another database, else the first not yet started (its xmax).
// The server's transaction ids are shared by all its databases, and another database's
// transactions write no event here: on a server shared with other databases (or other
// deployments, or tests), their long transactions would otherwise hold every event back.
// A backend serves one database for life, so a running id seen in pg_stat_activity
// against another database is that database's; an id it cannot place (one whose backend
// is caught between transactions, a background worker) still bounds the read.
// pg_stat_activity shows a 32-bit id, the snapshot a 64-bit one.
const horizonQuery = `
SELECT coalesce(
	(SELECT min(x::text::bigint) FROM pg_snapshot_xip(s) AS x
	 WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity AS a
	                   WHERE a.datid <> here.oid
	                     AND a.backend_xid::text::bigint = x::text::bigint % 4294967296)),
	pg_snapshot_xmax(s)::text::bigint)
FROM pg_current_snapshot() AS s, (SELECT oid FROM pg_database WHERE datname = current_database()) AS here`

// start is the position of the last event that can be read now, where a process starts.
func (h *Hub) start(ctx context.Context) (Position, error) {
	below, err := h.horizon(ctx)
	if err != nil {
		return Position{}, err
	}
	var evs []Event
	err = h.db.Conn(ctx).Select("txn", "id").Where("txn < ?", below).
		Order("txn DESC").Order("id DESC").Limit(1).Find(&evs).Error
	if err != nil || len(evs) == 0 {
		return Position{}, err
	}
	return evs[0].Position(), nil
}

// load reads, in order, the events after position that can be read now, and tells whether
// committed ones were held back behind a transaction still running: no commit of theirs
// will announce them again if that transaction publishes nothing.
func (h *Hub) load(ctx context.Context, after Position, limit int) (evs []Event, held bool, err error) {
	below, err := h.horizon(ctx)
	if err != nil {
		return nil, false, err
	}
	err = h.db.Conn(ctx).Where("(txn, id) > (?, ?)", after.Txn, after.ID).
		Order("txn").Order("id").Limit(limit).Find(&evs).Error
	for i, ev := range evs {
		if ev.Txn >= below {
			return evs[:i], true, err
		}
	}
	return evs, false, err
}

// kept tells whether nothing after position was pruned: pruning deletes a run of the
// oldest events, so an event still kept at or before position proves it.
func (h *Hub) kept(ctx context.Context, position Position) (bool, error) {
	var evs []Event
	err := h.db.Conn(ctx).Select("id").
		Where("(txn, id) <= (?, ?)", position.Txn, position.ID).
		Limit(1).Find(&evs).Error
	return len(evs) > 0, err
}

// exists tells whether an event is stored at exactly position.
func (h *Hub) exists(ctx context.Context, position Position) (bool, error) {
	var evs []Event
	err := h.db.Conn(ctx).Select("id").Where("txn = ? AND id = ?", position.Txn, position.ID).
		Limit(1).Find(&evs).Error
	return len(evs) > 0, err
}

// prune deletes the events past Keep, always a run of the oldest (see kept): everything up
// to the last of them in order, among those every reader can already see. Every replica
// may do it; deleting twice is harmless.
func (h *Hub) prune(ctx context.Context) error {
	below, err := h.horizon(ctx)
	if err != nil {
		return err
	}
	var last []Event
	err = h.db.Conn(ctx).Select("txn", "id").Where("created_at < ? AND txn < ?", h.now().UTC().Add(-Keep), below).
		Order("txn DESC").Order("id DESC").Limit(1).Find(&last).Error
	if err != nil || len(last) == 0 {
		return err
	}
	p := last[0].Position()
	return h.db.Conn(ctx).Where("(txn, id) <= (?, ?)", p.Txn, p.ID).Delete(&Event{}).Error
}

// since answers the kept events after position, whether memory covers that position, and
// a channel closed when more arrive.
func (h *Hub) since(position Position) (evs []Event, covered bool, changed <-chan struct{}) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.forgetOld()
	changed = h.changed
	if !position.Before(h.cursor) {
		// A stream may be ahead of this process: it saw on another replica what this one
		// has not read yet. It waits for the hub to pass it.
		return nil, true, changed
	}
	if position.Before(h.floor) {
		return nil, false, changed
	}
	first := sort.Search(len(h.recent), func(i int) bool { return position.Before(h.recent[i].Position()) })
	return h.recent[first:], true, changed
}

// Position is the last position this process has read, once it knows it.
func (h *Hub) Position(ctx context.Context) (Position, error) {
	select {
	case <-h.ready:
	case <-ctx.Done():
		return Position{}, ctx.Err()
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
