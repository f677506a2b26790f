// Package apikeys issues the keys the game servers use to read players' documents and
// records and to file charges. Only a hash of each key is stored; the key itself is shown
// once, when it is created.
package apikeys

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"strings"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/validate"
)

// Key is an issued key. Prefix is the public part that finds the row; Hash is the SHA-256
// of the whole key.
type Key struct {
	ID         uint64     `gorm:"primaryKey;autoIncrement"`
	Name       string     `gorm:"size:80;not null"`
	Prefix     string     `gorm:"size:16;not null;uniqueIndex:idx_api_keys_prefix"`
	Hash       string     `gorm:"size:64;not null"`
	CreatedBy  string     `gorm:"size:100;not null;default:''"`
	CreatedAt  time.Time  `gorm:"not null"`
	RevokedAt  *time.Time `gorm:""`
	LastUsedAt *time.Time `gorm:""`
}

// TableName keeps the table's name explicit.
func (Key) TableName() string { return "api_keys" }

// View is a key as the admin panel lists it (never the secret).
type View struct {
	ID         uint64     `json:"id"`
	Name       string     `json:"name"`
	Prefix     string     `json:"prefix"`
	CreatedBy  string     `json:"createdBy"`
	CreatedAt  time.Time  `json:"createdAt"`
	RevokedAt  *time.Time `json:"revokedAt"`
	LastUsedAt *time.Time `json:"lastUsedAt"`
}

// Created is a new key with its secret, shown once.
type Created struct {
	View
	Key string `json:"key"`
}

// keyPrefix marks Zócalo keys so that a leaked one is easy to recognise in logs and scans.
const keyPrefix = "zk_"

// lastUsedEvery bounds how often a key's last use is written: once a minute is precise
// enough and keeps busy game servers from writing on every call.
const lastUsedEvery = time.Minute

var (
	errAdmin    = errs.Forbidden("Solo la administración puede gestionar las claves de API.")
	errName     = errs.Invalid("Ponle un nombre a la clave (máximo 80 caracteres).")
	errNotFound = errs.NotFound("No existe esa clave de API.")
	errTaken    = errs.Conflict("Ya hay una clave activa con ese nombre. Elige otro nombre o revoca la anterior.")
	errInvalid  = errs.Unauthorized("Clave de API no válida o revocada.")
)

// Service issues, lists, revokes and checks keys.
type Service struct {
	db  *db.DB
	now func() time.Time
}

// NewService builds the service.
func NewService(d *db.DB, now func() time.Time) *Service { return &Service{db: d, now: now} }

// MayManage tells who may manage keys: the ADMIN group.
func MayManage(actor *authz.Actor) bool { return actor.InGroup(authz.Admin) }

// Create issues a key as an admin on the web.
func (s *Service) Create(ctx context.Context, actor *authz.Actor, name string) (Created, error) {
	if !MayManage(actor) {
		return Created{}, errAdmin
	}
	return s.issue(ctx, name, audit.Change{Actor: actor})
}

// Issue creates a key on behalf of createdBy (an admin's name, or "cli" for the command
// line, which has the server's own authority).
func (s *Service) Issue(ctx context.Context, name, createdBy string) (Created, error) {
	return s.issue(ctx, name, audit.Change{ActorName: createdBy})
}

func (s *Service) issue(ctx context.Context, name string, by audit.Change) (Created, error) {
	createdBy := by.ActorName
	if by.Actor != nil {
		createdBy = by.Actor.Username
	}
	name, ok := validate.Text(name, 80)
	if !ok {
		return Created{}, errName
	}
	prefix, secret := randomHex(6), randomHex(24)
	full := keyPrefix + prefix + "_" + secret
	k := Key{Name: name, Prefix: prefix, Hash: hash(full), CreatedBy: createdBy, CreatedAt: s.now()}
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, k.CreatedAt); err != nil {
			return err
		}
		// Names tell active keys apart: creations take turns to check them.
		if err := s.db.LockKey(ctx, "apikeys.names"); err != nil {
			return err
		}
		var active []string
		if err := s.db.Conn(ctx).Model(&Key{}).Where("revoked_at IS NULL").Pluck("name", &active).Error; err != nil {
			return err
		}
		for _, other := range active {
			if strings.EqualFold(other, name) {
				return errTaken
			}
		}
		if err := s.db.Conn(ctx).Create(&k).Error; err != nil {
			return err
		}
		by.Area, by.Action, by.EntityType, by.EntityID, by.After = audit.AreaAPIKeys, "create", "apikey", k.ID, view(k)
		return audit.Write(ctx, s.db, k.CreatedAt, by)
	})
	if err != nil {
		return Created{}, err
	}
	return Created{View: view(k), Key: full}, nil
}

// List shows every key, newest first.
func (s *Service) List(ctx context.Context, actor *authz.Actor) ([]View, error) {
	if !MayManage(actor) {
		return nil, errAdmin
	}
	return s.All(ctx)
}

// All lists every key, newest first, with the server's own authority (the command line).
func (s *Service) All(ctx context.Context) ([]View, error) {
	var keys []Key
	if err := s.db.Conn(ctx).Order("id DESC").Find(&keys).Error; err != nil {
		return nil, err
	}
	out := make([]View, len(keys))
	for i, k := range keys {
		out[i] = view(k)
	}
	return out, nil
}

// Revoke stops a key from working, as an admin on the web.
func (s *Service) Revoke(ctx context.Context, actor *authz.Actor, id uint64) error {
	if !MayManage(actor) {
		return errAdmin
	}
	return s.revoke(ctx, id, audit.Change{Actor: actor})
}

// RevokeID stops a key from working, from the command line; revoking twice is harmless.
func (s *Service) RevokeID(ctx context.Context, id uint64) error {
	return s.revoke(ctx, id, audit.Change{ActorName: "cli"})
}

// revoke is a one-time transition: the update only touches a key not yet revoked, so of
// concurrent revocations one changes the key and audits; the others change nothing and
// succeed, as revoking a revoked key does.
func (s *Service) revoke(ctx context.Context, id uint64, by audit.Change) error {
	return s.db.InTx(ctx, func(ctx context.Context) error {
		var k Key
		if err := s.db.Conn(ctx).Where("id = ?", id).Take(&k).Error; err != nil {
			if db.IsNotFound(err) {
				return errNotFound
			}
			return err
		}
		now := s.now()
		res := s.db.Conn(ctx).Model(&Key{}).Where("id = ? AND revoked_at IS NULL", id).Update("revoked_at", now)
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		before := view(k)
		k.RevokedAt = &now
		by.Area, by.Action, by.EntityType, by.EntityID, by.Before, by.After = audit.AreaAPIKeys, "revoke", "apikey", k.ID, before, view(k)
		return audit.Write(ctx, s.db, now, by)
	})
}

// Authenticate checks a presented key and returns it when it is valid and not revoked.
func (s *Service) Authenticate(ctx context.Context, presented string) (*Key, error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(presented), keyPrefix)
	prefix, _, found := strings.Cut(rest, "_")
	if !ok || !found || len(prefix) != 12 {
		return nil, errInvalid
	}
	var k Key
	err := s.db.Conn(ctx).Where("prefix = ?", prefix).Take(&k).Error
	if db.IsNotFound(err) {
		return nil, errInvalid
	}
	if err != nil {
		return nil, err
	}
	if subtle.ConstantTimeCompare([]byte(k.Hash), []byte(hash(strings.TrimSpace(presented)))) != 1 || k.RevokedAt != nil {
		return nil, errInvalid
	}
	now := s.now()
	if k.LastUsedAt == nil || now.Sub(*k.LastUsedAt) >= lastUsedEvery {
		if err := s.db.Conn(ctx).Model(&Key{}).Where("id = ?", k.ID).Update("last_used_at", now).Error; err != nil {
			return nil, err
		}
		k.LastUsedAt = &now
	}
	return &k, nil
}

func view(k Key) View {
	return View{ID: k.ID, Name: k.Name, Prefix: keyPrefix + k.Prefix, CreatedBy: k.CreatedBy, CreatedAt: k.CreatedAt,
		RevokedAt: k.RevokedAt, LastUsedAt: k.LastUsedAt}
}

func hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
