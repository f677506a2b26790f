// Package outbox stores the events that must reach Discord. A feature writes its event
// in the same transaction as its change; the bot's relay worker delivers them in order,
// and the Discord message id lands on the row so a delivery is never repeated.
package outbox

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"strings"
	"time"

	"gorm.io/gorm"

	"zocalo/core/db"
)

// Status of an event.
const (
	StatusPending   = "pending"
	StatusDelivered = "delivered"
	StatusFailed    = "failed"
	StatusSkipped   = "skipped" // its channel is not configured
	// StatusBlocked: Discord refused it for a reason an operator can fix (a missing
	// permission, a deleted channel). It holds back its channel and is tried again.
	StatusBlocked = "blocked"
	// StatusDiscarded: an operator gave up on it.
	StatusDiscarded = "discarded"
)

// Event is one thing to post, edit or delete in Discord.
type Event struct {
	ID               uint64     `gorm:"primaryKey;autoIncrement;index:idx_outbox_events_queued,priority:2;index:idx_outbox_events_queued_id,where:status IN ('pending'\\, 'blocked')"`
	Kind             string     `gorm:"size:64;not null"`
	ChannelID        string     `gorm:"size:32;not null;default:'';index:idx_outbox_events_queued,priority:1,where:status IN ('pending'\\, 'blocked')"`
	Payload          string     `gorm:"type:text;not null"`
	Nonce            string     `gorm:"size:25;not null;uniqueIndex:idx_outbox_events_nonce"`
	Status           string     `gorm:"size:16;not null;default:'pending';index:idx_outbox_events_pending,priority:1"`
	Attempts         int        `gorm:"not null;default:0"`
	NextAttemptAt    time.Time  `gorm:"not null;index:idx_outbox_events_pending,priority:2;index:idx_outbox_events_due,where:status IN ('pending'\\, 'blocked')"`
	LastError        string     `gorm:"type:text;not null;default:''"`
	DiscordMessageID string     `gorm:"size:32;not null;default:''"`
	CreatedAt        time.Time  `gorm:"not null"`
	DeliveredAt      *time.Time `gorm:""`
	// FirstAttemptAt is when delivery was first tried; nil until then.
	FirstAttemptAt *time.Time `gorm:""`
	// BlockedAttempts counts the attempts in a row Discord refused for a reason an operator
	// can fix: each waits longer than the one before (BlockedWait). An operator's retry
	// starts the count again.
	BlockedAttempts int `gorm:"not null;default:0"`
}

// TableName keeps the table's name explicit.
func (Event) TableName() string { return "outbox_events" }

// Store writes events.
type Store struct {
	db  *db.DB
	now func() time.Time
}

// NewStore builds the outbox store.
func NewStore(d *db.DB, now func() time.Time) *Store { return &Store{db: d, now: now} }

// Enqueue records an event in the transaction of ctx (if any). The payload is marshalled
// to JSON; the nonce is what Discord uses to refuse a duplicate post.
func (s *Store) Enqueue(ctx context.Context, kind, channelID string, payload any) (*Event, error) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return nil, err
	}
	now := s.now()
	ev := &Event{Kind: kind, ChannelID: channelID, Payload: string(raw), Nonce: newNonce(),
		Status: StatusPending, NextAttemptAt: now, CreatedAt: now}
	if err := s.db.Conn(ctx).Create(ev).Error; err != nil {
		return nil, err
	}
	s.afterEnqueue(ctx)
	return ev, nil
}

// newNonce makes a 25-character nonce, Discord's maximum.
func newNonce() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return "z" + hex.EncodeToString(b)
}

// queued are the statuses of events still to go out, in their channel's order: a
// blocked event stays its channel's head until it goes or an operator discards it.
var queued = []string{StatusPending, StatusBlocked}

// isQueued is the condition "still to go out" on the table named alias, spelled with the
// statuses themselves rather than parameters: it is the predicate of the partial indexes
// idx_outbox_events_due, _queued and _queued_id, and a database uses one only when the
// query says so in the same words (a generic plan cannot see a parameter's value).
func isQueued(alias string) string {
	return alias + ".status IN ('" + strings.Join(queued, "', '") + "')"
}

// headsSQL picks the due events that are their channel's head (the oldest event of their
// channel still to go out), oldest first. The due ones are chosen before the limit, so
// however many channels wait on a retry or are blocked, a channel with something due is
// found: a waiting channel costs its own retries and nothing else.
//
// Its shape keeps the work to what is due whatever the planner believes. The due events are
// read first, apart (MATERIALIZED), through idx_outbox_events_due: left to itself,
// PostgreSQL walked the primary key from the oldest delivered event. Each due event is then
// compared with its channel's first queued id, one probe of idx_outbox_events_queued: as
// NOT EXISTS, an anti-join, PostgreSQL sorted every queued event to merge them, since its
// statistics, drawn from a history of past attempts, take nearly every queued event for due.
var headsSQL = `WITH due AS MATERIALIZED (
  SELECT id, channel_id FROM outbox_events e WHERE ` + isQueued("e") + ` AND e.next_attempt_at <= ?)
SELECT e.* FROM outbox_events e WHERE e.id IN (
  SELECT due.id FROM due
  WHERE due.id = (SELECT MIN(o.id) FROM outbox_events o WHERE ` + isQueued("o") + ` AND o.channel_id = due.channel_id)
  ORDER BY due.id LIMIT ?)
ORDER BY e.id`

// Heads returns up to limit channels' heads that are due, the oldest first: delivering
// only heads keeps each channel in order, and a channel waiting on a retry (or blocked)
// does not hold up the others, nor take a place in the limit.
func (s *Store) Heads(ctx context.Context, limit int) ([]Event, error) {
	heads := []Event{}
	err := s.db.Conn(ctx).Raw(headsSQL, s.now(), limit).Scan(&heads).Error
	return heads, err
}

// Head returns a channel's oldest queued event if it is due, or nil.
func (s *Store) Head(ctx context.Context, channelID string) (*Event, error) {
	var ev Event
	err := s.db.Conn(ctx).Table("outbox_events AS e").Where(isQueued("e")+" AND e.channel_id = ?", channelID).
		Order("e.id").Take(&ev).Error
	if db.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if ev.NextAttemptAt.After(s.now()) {
		return nil, nil
	}
	return &ev, nil
}

// Waiting tells whether a channel has an event that is blocked, or pending and not tried
// yet: either will go out whole, later than anything seen so far.
func (s *Store) Waiting(ctx context.Context, channelID string) (bool, error) {
	var n int64
	err := s.db.Conn(ctx).Model(&Event{}).Where("channel_id = ? AND (status = ? OR (status = ? AND first_attempt_at IS NULL))",
		channelID, StatusBlocked, StatusPending).Limit(1).Count(&n).Error
	return n > 0, err
}

// The Mark* methods record an attempt's outcome only while the event is still in the
// status the relay read: an operator's retry or discard racing a delivery leaves one
// outcome. They report whether the update applied.

// MarkAttempting records, before the first attempt's request goes out, that the event
// has been tried: a post whose answer was lost is then known to exist, maybe.
func (s *Store) MarkAttempting(ctx context.Context, ev *Event) (bool, error) {
	if ev.FirstAttemptAt != nil {
		return true, nil
	}
	now := s.now()
	ok, err := s.markFrom(ctx, *ev, map[string]any{"first_attempt_at": now})
	if ok {
		ev.FirstAttemptAt = &now
	}
	return ok, err
}

// MarkDelivered records the Discord message the event became.
func (s *Store) MarkDelivered(ctx context.Context, ev Event, discordMessageID string) (bool, error) {
	return s.markFrom(ctx, ev, map[string]any{
		"status": StatusDelivered, "discord_message_id": discordMessageID, "delivered_at": s.now(),
		"attempts": gorm.Expr("attempts + 1"), "last_error": "",
	})
}

// MarkRetry counts a failed attempt and sets when to try again.
func (s *Store) MarkRetry(ctx context.Context, ev Event, next time.Time, cause string) (bool, error) {
	return s.markFrom(ctx, ev, map[string]any{
		"status": StatusPending, "attempts": gorm.Expr("attempts + 1"), "next_attempt_at": next,
		"last_error": truncate(cause, 2000),
	})
}

// MarkRateLimited sets when Discord allows the next try; it is not a failed attempt.
func (s *Store) MarkRateLimited(ctx context.Context, ev Event, next time.Time, cause string) (bool, error) {
	return s.markFrom(ctx, ev, map[string]any{
		"status": StatusPending, "next_attempt_at": next, "last_error": truncate(cause, 2000),
	})
}

// MarkBlocked holds an event Discord refused for a reason an operator can fix (a missing
// permission, a deleted channel); it holds back its channel and is tried again at next.
func (s *Store) MarkBlocked(ctx context.Context, ev Event, next time.Time, reason string) (bool, error) {
	return s.markFrom(ctx, ev, map[string]any{
		"status": StatusBlocked, "attempts": gorm.Expr("attempts + 1"), "next_attempt_at": next,
		"blocked_attempts": gorm.Expr("blocked_attempts + 1"), "last_error": truncate(reason, 2000),
	})
}

// A blocked event is tried again by itself, each time later, until an operator fixes the
// cause and retries it: its first retry after BlockedRetryFirst, each further one after
// twice the wait before, up to BlockedRetryLongest. A thousand members' lanes blocked by
// one missing permission then cost Discord a thousand refused requests an hour at most,
// not one every few minutes each.
const (
	BlockedRetryFirst   = 10 * time.Minute
	BlockedRetryLongest = time.Hour
)

// BlockedWait is how long an event waits after a blocked attempt, when blockedBefore
// attempts in a row were blocked before it: first, doubled for each, up to longest, then
// shortened by up to a quarter by the event's id, so that lanes blocked together (one
// missing permission blocks every member's) come back spread out, not in one burst. The
// spread is the id's, not chance's, so the wait of an event is known.
func BlockedWait(first, longest time.Duration, blockedBefore int, id uint64) time.Duration {
	d := first
	for i := 0; i < blockedBefore && d < longest; i++ {
		d *= 2
	}
	d = min(d, longest)
	// Fibonacci hashing: consecutive ids land far apart in [0, 1024).
	spread := (id * 11400714819323198485) >> 54
	return d - time.Duration(uint64(d/4)*spread/1024)
}

// MarkFailed gives up on an event Discord will never accept (a malformed payload); it
// stays in the table for inspection.
func (s *Store) MarkFailed(ctx context.Context, ev Event, cause string) (bool, error) {
	return s.markFrom(ctx, ev, map[string]any{
		"status": StatusFailed, "attempts": gorm.Expr("attempts + 1"), "last_error": truncate(cause, 2000),
	})
}

// MarkSkipped records that the event has nowhere to go.
func (s *Store) MarkSkipped(ctx context.Context, ev Event) (bool, error) {
	return s.markFrom(ctx, ev, map[string]any{"status": StatusSkipped})
}

func (s *Store) markFrom(ctx context.Context, ev Event, set map[string]any) (bool, error) {
	res := s.db.Conn(ctx).Model(&Event{}).Where("id = ? AND status = ?", ev.ID, ev.Status).Updates(set)
	return res.RowsAffected == 1, res.Error
}

// Get returns one event.
func (s *Store) Get(ctx context.Context, id uint64) (*Event, error) {
	var ev Event
	if err := s.db.Conn(ctx).Where("id = ?", id).Take(&ev).Error; err != nil {
		return nil, err
	}
	return &ev, nil
}

// Backlog is what waits for Discord, for the relay's gauges.
type Backlog struct {
	Pending, Blocked, Failed int64
	// OldestQueued is the age of the oldest event still to go out (pending or blocked).
	OldestQueued time.Duration
}

// Backlog counts the events still to go out or set aside, and how old the oldest is.
func (s *Store) Backlog(ctx context.Context) (Backlog, error) {
	var rows []struct {
		Status string
		N      int64
	}
	err := s.db.Conn(ctx).Model(&Event{}).Select("status, COUNT(*) AS n").
		Where("status IN ?", []string{StatusPending, StatusBlocked, StatusFailed}).Group("status").Scan(&rows).Error
	if err != nil {
		return Backlog{}, err
	}
	var b Backlog
	for _, r := range rows {
		switch r.Status {
		case StatusPending:
			b.Pending = r.N
		case StatusBlocked:
			b.Blocked = r.N
		case StatusFailed:
			b.Failed = r.N
		}
	}
	if b.Pending+b.Blocked == 0 {
		return b, nil
	}
	var oldest []Event
	// The first entry of idx_outbox_events_queued_id, whose predicate the query must spell.
	if err := s.db.Conn(ctx).Table("outbox_events AS e").Where(isQueued("e")).Order("e.id").Select("e.created_at").
		Limit(1).Find(&oldest).Error; err != nil {
		return Backlog{}, err
	}
	if len(oldest) > 0 {
		b.OldestQueued = s.now().Sub(oldest[0].CreatedAt)
	}
	return b, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
