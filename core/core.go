// Package core wires the domain services together. It knows neither HTTP nor Discord's
// gateway: the web API and the bot are thin layers over what is built here.
package core

import (
	"time"

	"zocalo/core/auth"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/members"
	"zocalo/core/outbox"
)

// Models lists every table's model; the migrations must produce exactly their schema.
func Models() []any {
	return []any{&auth.User{}, &members.Member{}, &members.MemberRole{}, &auth.Session{}, &outbox.Event{}}
}

// Settings are the parts of the configuration the domain needs.
type Settings struct {
	Roles           authz.RoleIDs
	JWTSecret       []byte
	SessionTTL      time.Duration
	ArtistReviewers []string
	Now             func() time.Time
}

// App holds the services.
type App struct {
	DB      *db.DB
	Members *members.Service
	Auth    *auth.Service
	Outbox  *outbox.Store
	Roles   authz.RoleIDs
	Now     func() time.Time
}

// New builds the services over an open, migrated database.
func New(d *db.DB, s Settings, provider auth.IdentityProvider) *App {
	if s.Now == nil {
		s.Now = func() time.Time { return time.Now().UTC() }
	}
	m := members.NewService(d, s.Roles, s.Now)
	return &App{
		DB:      d,
		Members: m,
		Auth: auth.NewService(d, m, provider, auth.Options{
			Secret: s.JWTSecret, TTL: s.SessionTTL, ArtistReviewers: s.ArtistReviewers, Now: s.Now,
		}),
		Outbox: outbox.NewStore(d, s.Now),
		Roles:  s.Roles,
		Now:    s.Now,
	}
}
