package bot

import (
	"context"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// A dismissal removes the member's STAFF-group roles in Discord, once, and the role sync
// that follows agrees with the portal.
func TestDismissalRemovesRolesInDiscord(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		r.member("560000000000000001", "moderadora", authz.Moderador, authz.Diputado)
		r.member("560000000000000002", "rh", authz.RH)
		r.start(r.newBot(), true)
		r.eventually("the start reconcile", func() bool { return len(r.rolesOf("560000000000000001")) == 2 })
		director, _ := r.app.Members.MemberActor(ctx, "560000000000000002")
		if err := r.app.Staff.Dismiss(ctx, director, "560000000000000001", "Inactividad"); err != nil {
			t.Fatal(err)
		}
		r.eventually("the role is removed in Discord", func() bool {
			m, _ := r.fake.Member("560000000000000001")
			return len(m.Roles) == 1 && m.Roles[0] == testenv.Roles[authz.Diputado]
		})
		edits := r.fake.RoleEdits()
		if len(edits) != 1 || edits[0].Added || edits[0].RoleID != testenv.Roles[authz.Moderador] {
			t.Fatalf("role edits %+v", edits)
		}
		r.eventually("the sync agrees", func() bool {
			ids := r.rolesOf("560000000000000001")
			return len(ids) == 1 && ids[0] == testenv.Roles[authz.Diputado]
		})
		// Discord confirmed it: the role is no longer held back from the sync.
		r.eventually("the removal is no longer pending", func() bool {
			pending, err := r.app.Members.PendingRemovals(ctx, "560000000000000001")
			return err == nil && len(pending) == 0
		})
	})
}
