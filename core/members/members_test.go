package members_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/members"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

func snapshots(n int, roles ...string) []members.Snapshot {
	out := make([]members.Snapshot, n)
	joined := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range out {
		out[i] = members.Snapshot{DiscordID: fmt.Sprintf("6%017d", i+1), Username: fmt.Sprintf("miembro%d", i+1),
			InGuild: true, JoinedAt: &joined, RoleIDs: roles}
	}
	return out
}

func newService(d *db.DB) *members.Service {
	return members.NewService(d, authz.RoleIDs(testenv.Roles), func() time.Time { return time.Now().UTC() })
}

func TestReconcile(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := newService(d)
		mod := testenv.Roles[authz.Moderador]
		first := snapshots(1200, mod)
		res, err := s.Reconcile(ctx, first, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Seen != 1200 || len(res.Changes) != 1200 || res.Left != 0 {
			t.Fatalf("first reconcile %+v changes", len(res.Changes))
		}
		// Nothing changed: nothing is rewritten, roles or rows.
		before := time.Now().UTC()
		time.Sleep(2 * time.Millisecond)
		res, err = s.Reconcile(ctx, first, nil)
		if err != nil || len(res.Changes) != 0 {
			t.Fatalf("second reconcile: %d changes, %v", len(res.Changes), err)
		}
		var rewritten int64
		if err := d.Conn(ctx).Model(&members.Member{}).Where("updated_at > ?", before).Count(&rewritten).Error; err != nil || rewritten != 0 {
			t.Fatalf("second reconcile rewrote %d members (%v)", rewritten, err)
		}
		// One member lost a role, one left, one changed their name, the rest stayed.
		next := slices.Clone(first[:1199])
		next[0].RoleIDs = nil
		next[1].Username = "renombrado"
		res, err = s.Reconcile(ctx, next, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Left != 1 || len(res.Changes) != 2 {
			t.Fatalf("third reconcile: left %d, changes %+v", res.Left, res.Changes)
		}
		if ids, _ := s.RoleIDs(ctx, first[0].DiscordID); len(ids) != 0 {
			t.Fatalf("roles of the demoted member: %v", ids)
		}
		if renamed, _ := s.Get(ctx, first[1].DiscordID); renamed == nil || renamed.Username != "renombrado" || !renamed.UpdatedAt.After(before) {
			t.Fatalf("renamed member: %+v", renamed)
		}
		gone, _ := s.Get(ctx, first[1199].DiscordID)
		if gone == nil || gone.InGuild || gone.LeftAt == nil {
			t.Fatalf("member who left: %+v", gone)
		}
		if ids, _ := s.RoleIDs(ctx, first[1199].DiscordID); len(ids) != 0 {
			t.Fatalf("a member who left keeps roles %v", ids)
		}
		if _, err := s.MemberActor(ctx, first[1199].DiscordID); err == nil {
			t.Fatal("a member who left still acts")
		}
	})
}

func TestUpsertReportsRoleChanges(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := newService(d)
		snap := members.Snapshot{DiscordID: "500000000000000001", Username: "a", InGuild: true,
			RoleIDs: testenv.RoleIDs(authz.Tesoreria, authz.Diputado)}
		c, err := s.Upsert(ctx, snap)
		if err != nil || !c.Changed() || len(c.Before) != 0 || len(c.After) != 2 {
			t.Fatalf("%+v %v", c, err)
		}
		if c, _ = s.Upsert(ctx, snap); c.Changed() {
			t.Fatalf("same roles reported as a change: %+v", c)
		}
		actor, err := s.MemberActor(ctx, snap.DiscordID)
		if err != nil || !actor.HasRole(authz.Tesoreria) || !actor.InGroup(authz.Legislative) || actor.InGroup(authz.Admin) {
			t.Fatalf("actor %+v %v", actor, err)
		}
		sum, err := s.Describe(ctx, snap.DiscordID)
		if err != nil || !slices.Equal(sum.Roles, []authz.Role{authz.Tesoreria, authz.Diputado}) {
			t.Fatalf("summary %+v %v", sum, err)
		}
	})
}

// BenchmarkReconcile10000 is the start-up role sync of a 10,000-member guild.
func BenchmarkReconcile10000(b *testing.B) {
	for _, dialect := range testdb.Dialects() {
		b.Run(string(dialect), func(b *testing.B) {
			d := testdb.Open(b, dialect, true)
			s := newService(d)
			snaps := snapshots(10_000, testenv.Roles[authz.Moderador])
			ctx := context.Background()
			b.ResetTimer()
			for i := range b.N {
				// Alternate the role so every run rewrites every member's roles.
				role := testenv.Roles[authz.Moderador]
				if i%2 == 1 {
					role = testenv.Roles[authz.Trial]
				}
				for j := range snaps {
					snaps[j].RoleIDs = []string{role}
				}
				if _, err := s.Reconcile(ctx, snaps, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
