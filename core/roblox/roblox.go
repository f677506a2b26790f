// Package roblox links a member's Discord account to their Roblox account through Roblox's
// OAuth2 (authorization code with PKCE). One Roblox account links to one Discord account;
// a member may unlink it or switch to another (links.go).
package roblox

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
)

// Link is a verified Roblox account. Both sides are unique; RobloxUsername is the name
// Roblox gave at the last verification.
type Link struct {
	DiscordID      string    `gorm:"primaryKey;size:32"`
	RobloxUserID   string    `gorm:"size:32;not null;uniqueIndex:idx_roblox_links_roblox_user_id"`
	RobloxUsername string    `gorm:"size:50;not null"`
	RobloxKey      string    `gorm:"size:50;not null;index:idx_roblox_links_roblox_key"` // lower case
	DisplayName    string    `gorm:"size:50;not null;default:''"`
	Picture        string    `gorm:"size:500;not null;default:''"`
	VerifiedAt     time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Link) TableName() string { return "roblox_links" }

// Attempt is a verification under way: the state sent to Roblox, whose it is and the PKCE
// verifier that must come back with the code.
type Attempt struct {
	State     string    `gorm:"primaryKey;size:64"`
	DiscordID string    `gorm:"size:32;not null"`
	Verifier  string    `gorm:"size:128;not null"`
	ExpiresAt time.Time `gorm:"not null;index:idx_roblox_attempts_expires_at"`
}

// TableName keeps the table's name explicit.
func (Attempt) TableName() string { return "roblox_attempts" }

// Account is what Roblox's userinfo says of the person who consented.
type Account struct {
	UserID      string // sub
	Username    string // preferred_username
	DisplayName string // nickname
	Picture     string
}

// Provider is Roblox's OAuth2 seen from the core.
type Provider interface {
	// AuthorizeURL is Roblox's consent page for this state and PKCE verifier (sent as its
	// S256 challenge).
	AuthorizeURL(state, verifier string) string
	// Exchange trades the code (and the verifier) for the account that consented.
	Exchange(ctx context.Context, code, verifier string) (Account, error)
}

// Status is what the verification page shows.
type Status struct {
	Verified   bool       `json:"verified"`
	Username   string     `json:"username,omitempty"`
	UserID     string     `json:"userId,omitempty"`
	VerifiedAt *time.Time `json:"verifiedAt,omitempty"`
}

// Refusal is a verification that did not complete; Reason is a stable code the
// verification page explains.
type Refusal struct {
	Reason string
	Err    error
}

func (r *Refusal) Error() string {
	if r.Err != nil {
		return "roblox verification refused: " + r.Reason + ": " + r.Err.Error()
	}
	return "roblox verification refused: " + r.Reason
}

func (r *Refusal) Unwrap() error { return r.Err }

// Reasons a verification fails.
const (
	ReasonDenied      = "denied"      // the person cancelled on Roblox
	ReasonExpired     = "expired"     // unknown, expired or foreign state
	ReasonTaken       = "taken"       // the Roblox account is linked to another Discord account
	ReasonUnavailable = "unavailable" // Roblox did not answer as expected
)

// attemptTTL bounds how long the person may take on Roblox's consent page.
const attemptTTL = 10 * time.Minute

var (
	errSignIn        = errs.Unauthorized("Inicia sesión para verificar tu cuenta de Roblox.")
	errNotConfigured = errs.Unavailable("La verificación con Roblox no está configurada en este servidor.")
)

// Service verifies and reads links.
type Service struct {
	db       *db.DB
	provider Provider
	now      func() time.Time
	onLink   []func(ctx context.Context, c LinkChange) error
	onUnlink []func(ctx context.Context, discordID string) error
}

// NewService builds the service; a nil provider means verification is not configured.
func NewService(d *db.DB, p Provider, now func() time.Time) *Service {
	return &Service{db: d, provider: p, now: now}
}

// Status tells whether the signed-in member has linked a Roblox account.
func (s *Service) Status(ctx context.Context, actor *authz.Actor) (Status, error) {
	if actor == nil || actor.DiscordID == "" {
		return Status{}, errSignIn
	}
	l, err := s.LinkOf(ctx, actor.DiscordID)
	if err != nil || l == nil {
		return Status{}, err
	}
	at := l.VerifiedAt
	return Status{Verified: true, Username: l.RobloxUsername, UserID: l.RobloxUserID, VerifiedAt: &at}, nil
}

// Initiate starts a verification for the signed-in member: it returns Roblox's consent URL
// and the state, which the caller binds to the browser (a cookie) so that only the browser
// that started may finish. A member has one verification under way: a new start replaces
// the earlier ones (the browser's cookie holds the newest state anyway), so of many starts
// at once only the last one committed can finish.
func (s *Service) Initiate(ctx context.Context, actor *authz.Actor) (authorizeURL, state string, err error) {
	if actor == nil || actor.DiscordID == "" {
		return "", "", errSignIn
	}
	if s.provider == nil {
		return "", "", errNotConfigured
	}
	a := Attempt{State: randomToken(32), DiscordID: actor.DiscordID, Verifier: randomToken(48),
		ExpiresAt: s.now().Add(attemptTTL)}
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		// Concurrent starts of one member take turns, so each sees (and replaces) the
		// attempt the previous one stored.
		if err := s.db.LockKey(ctx, "roblox.attempt:"+actor.DiscordID); err != nil {
			return err
		}
		// Expired attempts are of no use to anyone; clearing them here keeps the table small.
		if err := s.db.Conn(ctx).Where("expires_at < ? OR discord_id = ?", s.now(), actor.DiscordID).Delete(&Attempt{}).Error; err != nil {
			return err
		}
		return s.db.Conn(ctx).Create(&a).Error
	})
	if err != nil {
		return "", "", err
	}
	return s.provider.AuthorizeURL(a.State, a.Verifier), a.State, nil
}

// Complete finishes a verification when Roblox sends the browser back. boundState is the
// state the browser carried (its cookie); providerError is Roblox's error parameter, if any.
func (s *Service) Complete(ctx context.Context, state, boundState, code, providerError string) (*Link, error) {
	if s.provider == nil {
		return nil, errNotConfigured
	}
	if state == "" || state != boundState {
		return nil, &Refusal{Reason: ReasonExpired}
	}
	a, err := s.consume(ctx, state)
	if err != nil {
		return nil, err
	}
	if !s.now().Before(a.ExpiresAt) {
		return nil, &Refusal{Reason: ReasonExpired}
	}
	if providerError != "" || code == "" {
		return nil, &Refusal{Reason: ReasonDenied}
	}
	acct, err := s.provider.Exchange(ctx, code, a.Verifier)
	if err != nil {
		return nil, &Refusal{Reason: ReasonUnavailable, Err: err}
	}
	if acct.UserID == "" || acct.Username == "" {
		return nil, &Refusal{Reason: ReasonUnavailable, Err: errors.New("userinfo without sub or preferred_username")}
	}
	return s.Link(ctx, a.DiscordID, acct)
}

// consume takes the attempt of a state and deletes it: an attempt is used once, whatever
// happens next. Of concurrent callbacks with one state, only the one whose delete removed
// the row goes on; the others are told the attempt expired.
func (s *Service) consume(ctx context.Context, state string) (Attempt, error) {
	var a Attempt
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.db.Conn(ctx).Where("state = ?", state).Take(&a).Error; err != nil {
			if db.IsNotFound(err) {
				return &Refusal{Reason: ReasonExpired}
			}
			return err
		}
		res := s.db.Conn(ctx).Where("state = ?", state).Delete(&Attempt{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return &Refusal{Reason: ReasonExpired}
		}
		return nil
	})
	return a, err
}

// LinkOf is a member's link, or nil.
func (s *Service) LinkOf(ctx context.Context, discordID string) (*Link, error) {
	var l Link
	err := s.db.Conn(ctx).Where("discord_id = ?", discordID).Take(&l).Error
	if db.IsNotFound(err) {
		return nil, nil
	}
	return &l, err
}

func randomToken(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}
