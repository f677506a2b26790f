// Package outbox stores the events that must reach Discord. A feature writes its event
// in the same transaction as its change; the bot's relay worker delivers them in order,
// and the Discord message id lands on the row so a delivery is never repeated.
package outbox

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
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
	ID               uint64     `gorm:"primaryKey;autoIncrement"`
	Kind             string     `gorm:"size:64;not null"`
	ChannelID        string     `gorm:"size:32;not null;default:''"`
	Payload          string     `gorm:"type:text;not null"`
	Nonce            string     `gorm:"size:25;not null;uniqueIndex:idx_outbox_events_nonce"`
	Status           string     `gorm:"size:16;not null;default:'pending';index:idx_outbox_events_pending,priority:1"`
	Attempts         int        `gorm:"not null;default:0"`
	NextAttemptAt    time.Time  `gorm:"not null;index:idx_outbox_events_pending,priority:2"`
	LastError        string     `gorm:"type:text;not null;default:''"`
	DiscordMessageID string     `gorm:"size:32;not null;default:''"`
	CreatedAt        time.Time  `gorm:"not null"`
	DeliveredAt      *time.Time `gorm:""`
	// FirstAttemptAt is when delivery was first tried; nil until then.
	FirstAttemptAt *time.Time `gorm:""`
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

// Heads returns, for each channel with pending events, its oldest pending event when it
// is due: delivering only heads keeps each channel in order, and a channel waiting on a
// retry does not hold up the others.
func (s *Store) Heads(ctx context.Context, limit int) ([]Event, error) {
	var pending []Event
	if err := s.db.Conn(ctx).Where("status = ?", StatusPending).Order("id").Limit(limit).Find(&pending).Error; err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	now := s.now()
	var heads []Event
	for _, ev := range pending {
		if seen[ev.ChannelID] {
			continue
		}
		seen[ev.ChannelID] = true
		if !ev.NextAttemptAt.After(now) {
			heads = append(heads, ev)
		}
	}
	return heads, nil
}

// Next returns the oldest pending event of a channel after id, if it is due.
func (s *Store) Next(ctx context.Context, channelID string, afterID uint64) (*Event, error) {
	var ev Event
	err := s.db.Conn(ctx).Where("status = ? AND channel_id = ? AND id > ?", StatusPending, channelID, afterID).
		Order("id").Take(&ev).Error
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

// MarkDelivered records the Discord message the event became.
func (s *Store) MarkDelivered(ctx context.Context, id uint64, discordMessageID string) error {
	now := s.now()
	return s.db.Conn(ctx).Model(&Event{}).Where("id = ?", id).Updates(map[string]any{
		"status": StatusDelivered, "discord_message_id": discordMessageID, "delivered_at": now,
		"attempts": gorm.Expr("attempts + 1"), "last_error": "",
	}).Error
}

// MarkRetry counts a failed attempt and sets when to try again.
func (s *Store) MarkRetry(ctx context.Context, id uint64, next time.Time, cause string) error {
	return s.db.Conn(ctx).Model(&Event{}).Where("id = ?", id).Updates(map[string]any{
		"attempts": gorm.Expr("attempts + 1"), "next_attempt_at": next, "last_error": truncate(cause, 2000),
	}).Error
}

// MarkFailed gives up on an event Discord will never accept (a deleted channel, a
// malformed payload); it stays in the table for inspection.
func (s *Store) MarkFailed(ctx context.Context, id uint64, cause string) error {
	return s.db.Conn(ctx).Model(&Event{}).Where("id = ?", id).Updates(map[string]any{
		"status": StatusFailed, "attempts": gorm.Expr("attempts + 1"), "last_error": truncate(cause, 2000),
	}).Error
}

// MarkSkipped records that the event has nowhere to go.
func (s *Store) MarkSkipped(ctx context.Context, id uint64) error {
	return s.db.Conn(ctx).Model(&Event{}).Where("id = ?", id).Update("status", StatusSkipped).Error
}

// Get returns one event.
func (s *Store) Get(ctx context.Context, id uint64) (*Event, error) {
	var ev Event
	if err := s.db.Conn(ctx).Where("id = ?", id).Take(&ev).Error; err != nil {
		return nil, err
	}
	return &ev, nil
}

// Backlog is the number of pending events and the age of the oldest.
func (s *Store) Backlog(ctx context.Context) (int64, time.Duration, error) {
	var n int64
	if err := s.db.Conn(ctx).Model(&Event{}).Where("status = ?", StatusPending).Count(&n).Error; err != nil {
		return 0, 0, err
	}
	if n == 0 {
		return 0, 0, nil
	}
	var oldest Event
	if err := s.db.Conn(ctx).Where("status = ?", StatusPending).Order("id").Select("created_at").Take(&oldest).Error; err != nil {
		return 0, 0, err
	}
	return n, s.now().Sub(oldest.CreatedAt), nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
