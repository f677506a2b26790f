// Package ratelimit counts requests per key and minute in the database, so that every
// replica of the portal sees the same counts: a client spreading its requests over two
// servers behind the proxy gets no more than it would from one.
package ratelimit

import (
	"context"
	"sync"
	"time"

	"gorm.io/gorm"

	"zocalo/core/db"
)

// Hit is one key's count in one minute of one limit.
type Hit struct {
	Bucket      string    `gorm:"primaryKey;size:32"`
	Key         string    `gorm:"primaryKey;size:100"`
	WindowStart time.Time `gorm:"primaryKey;index:idx_rate_limit_hits_window_start"`
	Hits        int64     `gorm:"not null"`
}

// TableName keeps the table's name plural and explicit.
func (Hit) TableName() string { return "rate_limit_hits" }

// Store counts hits; Now is the clock (tests move it).
type Store struct {
	db  *db.DB
	now func() time.Time

	mu     sync.Mutex
	pruned time.Time
}

// NewStore builds the store.
func NewStore(d *db.DB, now func() time.Time) *Store {
	return &Store{db: d, now: now}
}

// Allow counts a hit of key against the limit named bucket and tells whether it is within
// perMinute. Minutes are fixed windows: at a window's edge a client may get up to twice the
// rate for a moment, which these limits (sign-ins, public forms, game servers) tolerate.
func (s *Store) Allow(ctx context.Context, bucket, key string, perMinute int) (bool, error) {
	ok, _, err := s.Take(ctx, bucket, key, perMinute)
	return ok, err
}

// Ticket is one counted hit, which GiveBack can return to its window.
type Ticket struct {
	bucket, key string
	window      time.Time
}

// GiveBack uncounts a hit Take admitted, for a request that turned out not to count (a
// public form refused as malformed). The hit leaves the window it was counted in.
func (s *Store) GiveBack(ctx context.Context, t Ticket) error {
	return s.db.Conn(ctx).Model(&Hit{}).Where("bucket = ? AND key = ? AND window_start = ? AND hits > 0", t.bucket, t.key, t.window).
		Update("hits", gorm.Expr("hits - 1")).Error
}

// Take is Allow, also returning the hit's ticket.
func (s *Store) Take(ctx context.Context, bucket, key string, perMinute int) (bool, Ticket, error) {
	now := s.now().UTC()
	window := now.Truncate(time.Minute)
	ticket := Ticket{bucket: bucket, key: key, window: window}
	var hits int64
	err := s.db.Conn(ctx).Raw(
		`INSERT INTO rate_limit_hits (bucket, key, window_start, hits) VALUES (?, ?, ?, 1)
		 ON CONFLICT (bucket, key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
		 RETURNING hits`, bucket, key, window).Scan(&hits).Error
	if err != nil {
		return false, Ticket{}, err
	}
	s.prune(ctx, now)
	return hits <= int64(perMinute), ticket, nil
}

// prune drops finished windows, at most once a minute per process.
func (s *Store) prune(ctx context.Context, now time.Time) {
	s.mu.Lock()
	due := now.Sub(s.pruned) >= time.Minute
	if due {
		s.pruned = now
	}
	s.mu.Unlock()
	if due {
		// A failed prune is retried next minute; the hit itself was counted.
		_ = s.db.Conn(ctx).Where("window_start < ?", now.Truncate(time.Minute).Add(-time.Minute)).Delete(&Hit{}).Error
	}
}
