// Package auth signs people in with Discord, issues and checks session tokens, and builds
// the acting identity of each request from the roles the member holds now.
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"gorm.io/gorm/clause"

	"zocalo/core/access"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/live"
	"zocalo/core/members"
	"zocalo/core/recent"
)

// User is someone who has signed in to the portal at least once.
type User struct {
	DiscordID   string    `gorm:"primaryKey;size:32"`
	Username    string    `gorm:"size:100;not null;default:''"`
	Email       string    `gorm:"size:320;not null;default:''"`
	Avatar      string    `gorm:"size:100;not null;default:''"`
	CreatedAt   time.Time `gorm:"not null"`
	UpdatedAt   time.Time `gorm:"not null"`
	LastLoginAt time.Time `gorm:"not null"`
}

// Session is one issued token, named by its jti, so that logout can revoke it.
type Session struct {
	ID        string     `gorm:"primaryKey;size:64"`
	UserID    string     `gorm:"size:32;not null;index:idx_sessions_user_id"`
	User      User       `gorm:"foreignKey:UserID;references:DiscordID;constraint:OnDelete:CASCADE"`
	CreatedAt time.Time  `gorm:"not null"`
	ExpiresAt time.Time  `gorm:"not null;index:idx_sessions_expires_at"`
	RevokedAt *time.Time `gorm:""`
}

// SignInCode is the one-time code a finished sign-in ends with, bound to the sign-in's
// state: only the browser holding that state can trade it for a token, once, before it
// expires. Code and state are kept hashed.
type SignInCode struct {
	CodeHash  string    `gorm:"primaryKey;size:64"`
	StateHash string    `gorm:"size:64;not null"`
	UserID    string    `gorm:"size:32;not null"`
	ExpiresAt time.Time `gorm:"not null;index:idx_sign_in_codes_expires_at"`
}

// SignInCodeTTL is how long a sign-in's code may be exchanged.
const SignInCodeTTL = 60 * time.Second

// Identity is what Discord tells about the person signing in.
type Identity struct {
	DiscordID  string
	Username   string
	GlobalName string
	Email      string
	Avatar     string
	InGuild    bool
	JoinedAt   *time.Time
	RoleIDs    []string
}

// IdentityProvider is Discord's OAuth2 seen from the core.
type IdentityProvider interface {
	// AuthorizeURL is where the browser goes to consent.
	AuthorizeURL(state string) string
	// Exchange trades the code for the person's identity and guild membership.
	Exchange(ctx context.Context, code string) (Identity, error)
}

// Options configure the service.
type Options struct {
	Secret []byte
	TTL    time.Duration
	// IsArtistReviewer tells whether a user is on the artist-application allowlist.
	IsArtistReviewer func(discordID string) bool
	// DataHandlers are the roles that answer requests about personal data.
	DataHandlers []authz.Role
	Now          func() time.Time
}

// Service signs people in and checks their tokens.
type Service struct {
	db       *db.DB
	members  *members.Service
	provider IdentityProvider
	opts     Options
	recent   *recent.Cache[string, cachedPrincipal] // by token
	// logouts counts this process's revocations: an identity cached while a logout ran is
	// built at an older count and never used.
	logouts atomic.Uint64
	live    *live.Publisher
}

// PublishLive makes logouts end the session's live stream.
func (s *Service) PublishLive(p *live.Publisher) *Service {
	s.live = p
	return s
}

// Recheck is Authenticate without the moment's cache: a live stream asks it when it hears
// that the member's session or roles changed, and must see the change itself.
func (s *Service) Recheck(ctx context.Context, token string) (*Principal, error) {
	return s.authenticate(ctx, token, false)
}

// NewService builds the auth service.
func NewService(d *db.DB, m *members.Service, p IdentityProvider, opts Options) *Service {
	return &Service{db: d, members: m, provider: p, opts: opts,
		recent: recent.New[string, cachedPrincipal](PrincipalCacheTTL, principalCacheLimit)}
}

const issuer = "zocalo"

var (
	errBadState     = errs.Invalid("La solicitud de inicio de sesión no es válida o expiró. Inténtalo de nuevo.")
	errDiscordLogin = errs.Unavailable("No se pudo completar el inicio de sesión con Discord. Inténtalo de nuevo.")
	errDenied       = errs.Unauthorized("Se canceló el inicio de sesión con Discord.")
	errBadCode      = errs.Unauthorized("El código de inicio de sesión no es válido, ya se usó o expiró. Inicia sesión de nuevo.")
)

// BeginSignIn makes a fresh state and the URL of Discord's consent page.
func (s *Service) BeginSignIn() (authorizeURL, state string) {
	state = randomHex(16)
	return s.provider.AuthorizeURL(state), state
}

// FinishSignIn checks the state the browser brought back against the one it was given,
// trades Discord's code for the identity, records the user and member, and answers a
// one-time sign-in code bound to the state (see ExchangeCode).
func (s *Service) FinishSignIn(ctx context.Context, wantState, gotState, code, providerError string) (string, error) {
	if wantState == "" || gotState == "" || subtle.ConstantTimeCompare([]byte(wantState), []byte(gotState)) != 1 {
		return "", errBadState
	}
	if providerError != "" {
		return "", errDenied
	}
	if code == "" {
		return "", errBadState
	}
	id, err := s.provider.Exchange(ctx, code)
	if err != nil {
		if _, ok := errs.As(err); ok {
			return "", err
		}
		return "", errDiscordLogin.Wrap(err)
	}
	var token string
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.members.Upsert(ctx, members.Snapshot{
			DiscordID: id.DiscordID, Username: id.Username, GlobalName: id.GlobalName,
			Avatar: id.Avatar, InGuild: id.InGuild, JoinedAt: id.JoinedAt, RoleIDs: id.RoleIDs,
		}); err != nil {
			return err
		}
		now := s.opts.Now()
		u := User{DiscordID: id.DiscordID, Username: id.Username, Email: id.Email, Avatar: id.Avatar,
			CreatedAt: now, UpdatedAt: now, LastLoginAt: now}
		if err := s.db.Conn(ctx).Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "discord_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"username", "email", "avatar", "updated_at", "last_login_at"}),
		}).Create(&u).Error; err != nil {
			return err
		}
		token = randomHex(32)
		return s.db.Conn(ctx).Create(&SignInCode{CodeHash: hashHex(token), StateHash: hashHex(gotState),
			UserID: id.DiscordID, ExpiresAt: now.Add(SignInCodeTTL)}).Error
	})
	return token, err
}

// ExchangeCode trades a sign-in's one-time code for a token, when state is the state of
// that sign-in. A code is good once: of exchanges at once, the one whose delete removes
// the row wins. Expired codes are swept on the way.
func (s *Service) ExchangeCode(ctx context.Context, code, state string) (string, error) {
	if code == "" || state == "" {
		return "", errBadCode
	}
	now := s.opts.Now()
	var token string
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		conn := s.db.Conn(ctx)
		if err := conn.Where("expires_at <= ?", now).Delete(&SignInCode{}).Error; err != nil {
			return err
		}
		var row SignInCode
		err := conn.Where("code_hash = ?", hashHex(code)).Take(&row).Error
		if db.IsNotFound(err) {
			return errBadCode
		}
		if err != nil {
			return err
		}
		if subtle.ConstantTimeCompare([]byte(row.StateHash), []byte(hashHex(state))) != 1 {
			return errBadCode
		}
		res := conn.Where("code_hash = ?", row.CodeHash).Delete(&SignInCode{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return errBadCode
		}
		token, err = s.issue(ctx, row.UserID)
		return err
	})
	if err != nil {
		return "", err
	}
	return token, nil
}

func hashHex(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// Claims are the token's claims: who (sub) and which session (jti).
type Claims = jwt.RegisteredClaims

// Issue opens a session for someone who has signed in before (a user row exists) without
// going through Discord: for operators' tools, such as the benchmark, that act as many
// members at once. It needs the database, so it opens nothing a stranger could reach.
func (s *Service) Issue(ctx context.Context, discordID string) (string, error) {
	return s.issue(ctx, discordID)
}

func (s *Service) issue(ctx context.Context, discordID string) (string, error) {
	now := s.opts.Now()
	sess := Session{ID: randomHex(16), UserID: discordID, CreatedAt: now, ExpiresAt: now.Add(s.opts.TTL)}
	if err := s.db.Conn(ctx).Omit("User").Create(&sess).Error; err != nil {
		return "", err
	}
	claims := Claims{
		Issuer: issuer, Subject: discordID, ID: sess.ID,
		IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(sess.ExpiresAt),
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(s.opts.Secret)
}

// Principal is who a valid token speaks for.
type Principal struct {
	Actor     *authz.Actor
	SessionID string
	User      User
	// ExpiresAt is when the session ends, whatever is done with it before.
	ExpiresAt time.Time
}

// Authenticate checks a token (signature, algorithm, expiry, session not revoked) and
// builds the actor with the roles the member holds now.
func (s *Service) Authenticate(ctx context.Context, token string) (*Principal, error) {
	return s.authenticate(ctx, token, true)
}

func (s *Service) authenticate(ctx context.Context, token string, cached bool) (*Principal, error) {
	if token == "" {
		return nil, errs.ErrNotSignedIn
	}
	var claims Claims
	_, err := jwt.ParseWithClaims(token, &claims, func(*jwt.Token) (any, error) { return s.opts.Secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(issuer),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(s.opts.Now),
	)
	if err != nil || claims.ID == "" || claims.Subject == "" {
		return nil, errs.ErrSessionEnded.Wrap(err)
	}
	// Read before the database, so a role change or a logout in between makes the entry
	// stale. Both counters only grow, so their sum changes whenever either does.
	version := s.cacheVersion()
	if p, ok := s.recent.Get(token, version); ok && cached {
		if !p.expiresAt.After(s.opts.Now()) {
			return nil, errs.ErrSessionEnded
		}
		return p.principal(), nil
	}
	var sess Session
	err = s.db.Conn(ctx).Joins("User").Where("sessions.id = ? AND sessions.user_id = ?", claims.ID, claims.Subject).Take(&sess).Error
	if db.IsNotFound(err) {
		return nil, errs.ErrSessionEnded
	}
	if err != nil {
		return nil, err
	}
	if sess.RevokedAt != nil || !sess.ExpiresAt.After(s.opts.Now()) {
		return nil, errs.ErrSessionEnded
	}
	actor, err := s.members.Actor(ctx, sess.UserID, sess.User.Username)
	if err != nil {
		return nil, err
	}
	p := &Principal{Actor: actor, SessionID: sess.ID, User: sess.User, ExpiresAt: sess.ExpiresAt}
	s.recent.Put(token, cachedPrincipal{p: *p, actor: *actor, expiresAt: sess.ExpiresAt}, version)
	return p, nil
}

func (s *Service) cacheVersion() uint64 { return s.members.Version() + s.logouts.Load() }

// Logout revokes the session; its token is refused from then on. The update is the check:
// of logouts at once the first sets the time, the others change nothing and succeed too.
func (s *Service) Logout(ctx context.Context, sessionID string) error {
	now := s.opts.Now()
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		res := s.db.Conn(ctx).Model(&Session{}).Where("id = ? AND revoked_at IS NULL", sessionID).
			Update("revoked_at", now)
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		// The session's stream ends too, on whichever replica holds it.
		return s.live.SessionEnded(ctx, sessionID)
	})
	// After the update: a request that read the session before it cached at an older count.
	s.logouts.Add(1)
	s.recent.Forget(func(c cachedPrincipal) bool { return c.p.SessionID == sessionID })
	return err
}

// PruneSessions deletes sessions that expired or were revoked more than a day ago.
func (s *Service) PruneSessions(ctx context.Context) (int64, error) {
	cutoff := s.opts.Now().Add(-24 * time.Hour)
	res := s.db.Conn(ctx).Where("expires_at < ? OR revoked_at < ?", cutoff, cutoff).Delete(&Session{})
	return res.RowsAffected, res.Error
}

// Profile is what the portal shows of the signed-in person.
type Profile struct {
	DiscordID    string   `json:"discordId"`
	Username     string   `json:"username"`
	Email        string   `json:"email"`
	Avatar       string   `json:"avatar"`
	DiscordRoles []string `json:"discordRoles"`
	// Panels are the caller's rights on each panel, as the permission matrix grants them now,
	// and Abilities the rules outside it, so that the portal offers only what the server
	// would accept.
	Panels    map[authz.Panel]authz.Flags `json:"panels"`
	Abilities access.Abilities            `json:"abilities"`
}

// Profile of the principal, with their current roles.
func (s *Service) Profile(p *Principal) Profile {
	roles := p.Actor.RoleIDs
	if roles == nil {
		roles = []string{}
	}
	return Profile{
		DiscordID: p.User.DiscordID, Username: p.User.Username, Email: p.User.Email, Avatar: p.User.Avatar,
		DiscordRoles: roles, Panels: panelRights(p.Actor),
		Abilities: access.Of(p.Actor, access.Configured{
			ArtistReviewer: s.opts.IsArtistReviewer != nil && s.opts.IsArtistReviewer(p.User.DiscordID),
			DataHandlers:   s.opts.DataHandlers,
		}),
	}
}

func panelRights(a *authz.Actor) map[authz.Panel]authz.Flags {
	out := make(map[authz.Panel]authz.Flags, len(authz.Panels))
	for _, panel := range authz.Panels {
		out[panel] = authz.Flags{Read: a.Can(panel, authz.Read), Modify: a.Can(panel, authz.Modify), Manage: a.Can(panel, authz.Manage)}
	}
	return out
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err))
	}
	return hex.EncodeToString(b)
}
