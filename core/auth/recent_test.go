package auth

import (
	"context"
	"errors"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/members"
	"zocalo/internal/testdb"
)

// Two instances over one database, as two replicas are: what one changes, the other sees
// within the cache's time, and at once where the change went through itself.
func TestRecentIdentitiesFollowChanges(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		roles := authz.RoleIDs{authz.Moderador: "800000000000000006", authz.Tesoreria: "800000000000000008"}
		instance := func() (*Service, *members.Service) {
			m := members.NewService(d, roles, time.Now)
			s := NewService(d, m, nil, Options{Secret: []byte("a-test-secret-that-is-long-enough-for-hs256"), TTL: time.Hour, Now: time.Now})
			return s, m
		}
		a, membersA := instance()
		b, _ := instance()
		const id = "560000000000000001"
		if err := d.Conn(ctx).Create(&User{DiscordID: id, Username: "ana", CreatedAt: time.Now(), UpdatedAt: time.Now(), LastLoginAt: time.Now()}).Error; err != nil {
			t.Fatal(err)
		}
		snapshot := func(r ...authz.Role) members.Snapshot {
			return members.Snapshot{DiscordID: id, Username: "ana", InGuild: true, RoleIDs: ids(roles, r...)}
		}
		if _, err := membersA.Upsert(ctx, snapshot(authz.Moderador)); err != nil {
			t.Fatal(err)
		}
		token, err := a.Issue(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		holds := func(s *Service, r authz.Role) bool {
			t.Helper()
			p, err := s.Authenticate(ctx, token)
			if err != nil {
				t.Fatal(err)
			}
			return p.Actor.HasRole(r)
		}
		if !holds(a, authz.Moderador) || !holds(b, authz.Moderador) {
			t.Fatal("the moderator role is missing")
		}
		// A change through A applies on A at once, and on B once its copy is too old.
		if _, err := membersA.Upsert(ctx, snapshot(authz.Tesoreria)); err != nil {
			t.Fatal(err)
		}
		if !holds(a, authz.Tesoreria) {
			t.Fatal("A still builds the old roles after its own change")
		}
		time.Sleep(PrincipalCacheTTL + 100*time.Millisecond)
		if !holds(b, authz.Tesoreria) || holds(b, authz.Moderador) {
			t.Fatal("B kept the old roles past the cache's time")
		}
		// A logout through B is refused by B at once and by A after the cache's time.
		p, _ := b.Authenticate(ctx, token)
		if err := b.Logout(ctx, p.SessionID); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Authenticate(ctx, token); !errors.Is(err, errs.ErrSessionEnded) {
			t.Fatalf("B after its own logout: %v", err)
		}
		time.Sleep(PrincipalCacheTTL + 100*time.Millisecond)
		if _, err := a.Authenticate(ctx, token); !errors.Is(err, errs.ErrSessionEnded) {
			t.Fatalf("A past the cache's time after B's logout: %v", err)
		}
	})
}

func ids(roles authz.RoleIDs, names ...authz.Role) []string {
	out := make([]string, 0, len(names))
	for _, n := range names {
		out = append(out, roles[n])
	}
	return out
}

// A request that read the session just before a logout caches what it read just after
// it: that copy must not let the token in again.
func TestAnIdentityReadBeforeALogoutIsNotReused(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		m := members.NewService(d, authz.RoleIDs{}, time.Now)
		s := NewService(d, m, nil, Options{Secret: []byte("a-test-secret-that-is-long-enough-for-hs256"), TTL: time.Hour, Now: time.Now})
		const id = "560000000000000002"
		if err := d.Conn(ctx).Create(&User{DiscordID: id, Username: "eva", CreatedAt: time.Now(), UpdatedAt: time.Now(), LastLoginAt: time.Now()}).Error; err != nil {
			t.Fatal(err)
		}
		token, err := s.Issue(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		p, err := s.Authenticate(ctx, token)
		if err != nil {
			t.Fatal(err)
		}
		// Authenticate's steps around a concurrent logout: the version, the session read
		// (still open), the logout, then the copy kept.
		version := s.cacheVersion()
		if err := s.Logout(ctx, p.SessionID); err != nil {
			t.Fatal(err)
		}
		s.recent.Put(token, cachedPrincipal{p: *p, actor: *p.Actor, expiresAt: time.Now().Add(time.Hour)}, version)
		if _, err := s.Authenticate(ctx, token); !errors.Is(err, errs.ErrSessionEnded) {
			t.Fatalf("the token after its logout: %v", err)
		}
	})
}
