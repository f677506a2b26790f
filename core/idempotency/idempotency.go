// Package idempotency makes a create safe to retry. A client names each submission with
// a key; the service that creates claims the key in the same transaction as the row it
// creates, so the key exists exactly when the effect does. A second request with the same
// key fails its claim (on PostgreSQL it first waits for the winner's commit) and is
// answered with the result the winner stored.
package idempotency

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"gorm.io/gorm"

	"zocalo/core/db"
	"zocalo/core/errs"
)

// Record is a claimed key and, once the winner answered, its answer.
type Record struct {
	Scope       string     `gorm:"primaryKey;size:200"`
	Key         string     `gorm:"primaryKey;size:100"`
	RequestHash string     `gorm:"size:64;not null;default:''"`
	Status      int        `gorm:"not null;default:0"`
	Body        []byte     `gorm:""`
	ContentType string     `gorm:"size:100;not null;default:''"`
	CreatedAt   time.Time  `gorm:"not null;index:idx_idempotency_keys_created_at"`
	CompletedAt *time.Time `gorm:""`
}

// TableName keeps the table's name explicit.
func (Record) TableName() string { return "idempotency_keys" }

// TTL is how long a key is remembered: a client retries within minutes, a person who
// reloads the next day submits anew.
const TTL = 24 * time.Hour

// ErrReplay is what a claim returns when the key was already used: the caller's
// transaction must roll back, and the transport answers with the stored result.
var ErrReplay = errors.New("idempotency: key already used")

var errKeyReused = errs.Invalid("Esa clave de idempotencia ya se usó con otra solicitud.")

// Request is the key a request carries, put in its context by the transport.
type Request struct {
	Scope string
	Key   string
	// RequestHash fingerprints what the request asks, so that the same key with another
	// request is refused instead of answered with the first one's result.
	RequestHash string
	// BodyPending: the fingerprint is taken while the body streams (a multipart upload),
	// and is not known until SetHash. A claim before that is refused: a key stored without
	// its request's fingerprint would answer any later request with its result.
	BodyPending bool
	// claimedIn is the transaction that inserted the key: a later claim in the same
	// transaction is a no-op, one in another transaction (after a rollback) claims anew.
	claimedIn atomic.Pointer[gorm.DB]
}

// SetHash records the fingerprint of a body read as it streamed.
func (c *Request) SetHash(hash string) {
	c.RequestHash, c.BodyPending = hash, false
}

// ErrFingerprintPending is a claim made before the request's body was fingerprinted: a
// route that streams its body must read all of it before it creates anything.
var ErrFingerprintPending = errors.New("idempotency: claimed before the request's body was fingerprinted")

type claimKey struct{}

// With carries a claim in the context.
func With(ctx context.Context, c *Request) context.Context {
	return context.WithValue(ctx, claimKey{}, c)
}

// From is the claim of ctx, if any.
func From(ctx context.Context) *Request {
	c, _ := ctx.Value(claimKey{}).(*Request)
	return c
}

// Claimed tells whether a transaction of this request inserted the key (and committed,
// when the request succeeded).
func (c *Request) Claimed() bool { return c != nil && c.claimedIn.Load() != nil }

// Store keeps the keys.
type Store struct {
	db  *db.DB
	now func() time.Time
}

// NewStore builds the store.
func NewStore(d *db.DB, now func() time.Time) *Store { return &Store{db: d, now: now} }

// Claim inserts the key of ctx's claim (or takes over one past its TTL) in ctx's transaction; with no claim it does
// nothing. A create calls it first in its transaction, so a repeat changes nothing: it
// returns ErrReplay, and the caller's transaction rolls back. On PostgreSQL the insert of a
// key another transaction holds waits for that transaction: if it rolls back, this one
// proceeds as the first.
func Claim(ctx context.Context, d *db.DB, now time.Time) error {
	c := From(ctx)
	if c == nil {
		return nil
	}
	if c.BodyPending {
		return ErrFingerprintPending
	}
	tx := d.Conn(ctx)
	if c.claimedIn.Load() == tx {
		return nil
	}
	res := tx.Exec(
		`INSERT INTO idempotency_keys (scope, key, request_hash, status, content_type, created_at)
		 VALUES (?, ?, ?, 0, '', ?)
		 ON CONFLICT (scope, key) DO UPDATE SET request_hash = excluded.request_hash, status = 0, body = NULL,
		   content_type = '', created_at = excluded.created_at, completed_at = NULL
		 WHERE idempotency_keys.created_at < ?`,
		c.Scope, c.Key, c.RequestHash, now, now.Add(-TTL))
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrReplay
	}
	c.claimedIn.Store(tx)
	return nil
}

// Find returns the record of a key, or nil when it was never claimed (or was pruned).
func (s *Store) Find(ctx context.Context, scope, key string) (*Record, error) {
	var r Record
	err := s.db.Conn(ctx).Where("scope = ? AND key = ?", scope, key).Take(&r).Error
	if db.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if s.now().Sub(r.CreatedAt) > TTL {
		return nil, nil
	}
	return &r, nil
}

// CheckHash refuses a key reused for a different request.
func CheckHash(r *Record, hash string) error {
	if r != nil && r.RequestHash != hash {
		return errKeyReused
	}
	return nil
}

// Complete stores the answer the winner gave.
func (s *Store) Complete(ctx context.Context, c *Request, status int, contentType string, body []byte) error {
	now := s.now()
	return s.db.Conn(ctx).Model(&Record{}).Where("scope = ? AND key = ?", c.Scope, c.Key).
		Updates(map[string]any{"status": status, "content_type": contentType, "body": body, "completed_at": now}).Error
}

// Prune forgets keys older than the TTL and returns how many.
func (s *Store) Prune(ctx context.Context) (int64, error) {
	res := s.db.Conn(ctx).Where("created_at < ?", s.now().Add(-TTL)).Delete(&Record{})
	return res.RowsAffected, res.Error
}
