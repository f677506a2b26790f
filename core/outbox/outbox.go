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

	"zocalo/core/db"
)

// Status of an event.
const (
	StatusPending   = "pending"
	StatusDelivered = "delivered"
	StatusFailed    = "failed"
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
	return ev, nil
}

// Pending lists up to limit events due for delivery, oldest first.
func (s *Store) Pending(ctx context.Context, limit int) ([]Event, error) {
	var evs []Event
	err := s.db.Conn(ctx).Where("status = ? AND next_attempt_at <= ?", StatusPending, s.now()).
		Order("id").Limit(limit).Find(&evs).Error
	return evs, err
}

// newNonce makes a 25-character nonce, Discord's maximum.
func newNonce() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return "z" + hex.EncodeToString(b)
}
