// Package identifies counts the bot's gateway identifies. Discord allows a token about a
// thousand a day and resets the token past that, so the count must survive restarts: a
// bot in a crash loop identifies at every start.
package identifies

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"zocalo/core/db"
)

// Window is the span Discord counts identifies over.
const Window = 24 * time.Hour

// Identify is one IDENTIFY the bot sent with a token.
type Identify struct {
	// TokenKey tells the tokens apart without keeping them: a new token has a new budget.
	TokenKey string    `gorm:"primaryKey;size:64"`
	SentAt   time.Time `gorm:"primaryKey"`
}

// TableName keeps the table's name explicit.
func (Identify) TableName() string { return "gateway_identifies" }

// KeyOf is the key a token's identifies are counted under.
func KeyOf(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:16])
}

// Store records identifies and counts them over the last Window.
type Store struct {
	db *db.DB
}

// NewStore builds the store.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Record counts an identify sent at at, and forgets those that left the window.
func (s *Store) Record(ctx context.Context, tokenKey string, at time.Time) error {
	at = at.UTC()
	err := s.db.Conn(ctx).Exec(`INSERT INTO gateway_identifies (token_key, sent_at) VALUES (?, ?) ON CONFLICT DO NOTHING`,
		tokenKey, at).Error
	if err != nil {
		return err
	}
	return s.db.Conn(ctx).Where("sent_at <= ?", at.Add(-Window)).Delete(&Identify{}).Error
}

// Usage is how much of a token's window is spent.
type Usage struct {
	Count int
	// Oldest is when the oldest identify in the window was sent: the count drops at
	// Oldest+Window. Zero when Count is 0.
	Oldest time.Time
}

// Since counts a token's identifies in the window that ends at now.
func (s *Store) Since(ctx context.Context, tokenKey string, now time.Time) (Usage, error) {
	var ats []time.Time
	err := s.db.Conn(ctx).Model(&Identify{}).Where("token_key = ? AND sent_at > ?", tokenKey, now.UTC().Add(-Window)).
		Order("sent_at").Pluck("sent_at", &ats).Error
	if err != nil || len(ats) == 0 {
		return Usage{}, err
	}
	return Usage{Count: len(ats), Oldest: ats[0].UTC()}, nil
}
