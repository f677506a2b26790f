package staff_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/members"
	"zocalo/core/outbox"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// roster wires members and staff as the core does: every role change may hire.
type roster struct {
	d       *db.DB
	members *members.Service
	staff   *staff.Service
}

func newRoster(d *db.DB) *roster {
	now := func() time.Time { return time.Now().UTC() }
	m := members.NewService(d, authz.RoleIDs(testenv.Roles), now)
	s := staff.NewService(d, authz.RoleIDs(testenv.Roles), staff.NewShifts(d, []string{"Principal"}, 0, nil, now),
		outbox.NewStore(d, now), nil, staff.Settings{Members: m, ReportsChannel: "730000000000000001", Now: now})
	m.OnRoleChange(s.RecordHires)
	return &roster{d: d, members: m, staff: s}
}

func (r *roster) join(t *testing.T, id, name string, roles ...authz.Role) members.Snapshot {
	t.Helper()
	snap := members.Snapshot{DiscordID: id, Username: name, InGuild: true, RoleIDs: testenv.RoleIDs(roles...)}
	if _, err := r.members.Upsert(context.Background(), snap); err != nil {
		t.Fatal(err)
	}
	return snap
}

func (r *roster) record(t *testing.T, id string) staff.Record {
	t.Helper()
	var rec staff.Record
	if err := r.d.Conn(context.Background()).Where("member_id = ?", id).Take(&rec).Error; err != nil {
		t.Fatal(err)
	}
	return rec
}

func (r *roster) onRoster(t *testing.T, id string) bool {
	t.Helper()
	mods, err := r.staff.Moderators(context.Background(), &authz.Actor{Roles: authz.RoleSet{authz.RH: true}})
	if err != nil {
		t.Fatal(err)
	}
	return slices.ContainsFunc(mods, func(m staff.Moderator) bool { return m.UserID == id })
}

// A dismissal holds while Discord refuses to remove the role: member events and the full
// sync that still carry it change nothing. Once Discord removed it, the role given again
// is a re-hire, recorded once however often it is reported.
func TestDismissalSurvivesTheSyncAndARoleAddedLaterRehires(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRoster(d)
		const modID = "540000000000000001"
		carrying := r.join(t, modID, "moderadora", authz.Moderador, authz.Diputado)
		r.join(t, "540000000000000002", "rh", authz.RH)
		director, err := r.members.MemberActor(ctx, "540000000000000002")
		if err != nil {
			t.Fatal(err)
		}
		if err := r.staff.Dismiss(ctx, director, modID, "Inactividad"); err != nil {
			t.Fatal(err)
		}

		// Discord refused the removal: it still reports the role, by event and by sync.
		if _, err := r.members.Upsert(ctx, carrying); err != nil {
			t.Fatal(err)
		}
		if _, err := r.members.Reconcile(ctx, []members.Snapshot{carrying}, nil); err != nil {
			t.Fatal(err)
		}
		if got, _ := r.members.RoleIDs(ctx, modID); !slices.Equal(got, testenv.RoleIDs(authz.Diputado)) {
			t.Fatalf("roles after the syncs: %v", got)
		}
		if rec := r.record(t, modID); !rec.Inactive || rec.DismissReason != "Inactividad" {
			t.Fatalf("record after the syncs: %+v", rec)
		}
		if r.onRoster(t, modID) {
			t.Fatal("the dismissed member is back on the roster")
		}
		if err := r.staff.Dismiss(ctx, director, modID, "Otra vez"); errs.KindOf(err) != errs.KindConflict {
			t.Fatalf("a second dismissal: %v", err)
		}
		testenv.ExpectCount(t, "re-hires while pending", testenv.Audits(t, d, "rehire", modID), 0)

		// Discord removed it at last and says so; then a director gives it back.
		if err := r.members.ConfirmRemoval(ctx, modID, testenv.RoleIDs(authz.Moderador)); err != nil {
			t.Fatal(err)
		}
		if _, err := r.members.Upsert(ctx, members.Snapshot{DiscordID: modID, Username: "moderadora", InGuild: true,
			RoleIDs: testenv.RoleIDs(authz.Diputado)}); err != nil {
			t.Fatal(err)
		}
		testenv.Together(d, 20, func(int) {
			if _, err := r.members.Upsert(ctx, carrying); err != nil {
				t.Error(err)
			}
		})
		if _, err := r.members.Reconcile(ctx, []members.Snapshot{carrying}, nil); err != nil {
			t.Fatal(err)
		}
		rec := r.record(t, modID)
		if rec.Inactive || rec.DismissedAt != nil || rec.DismissedBy != "" || rec.DismissReason != "" {
			t.Fatalf("record after the re-hire: %+v", rec)
		}
		testenv.ExpectCount(t, "re-hire audit entries", testenv.Audits(t, d, "rehire", modID), 1)
		if !r.onRoster(t, modID) {
			t.Fatal("the re-hired member is not on the roster")
		}
		actor, err := r.members.MemberActor(ctx, modID)
		if err != nil {
			t.Fatal(err)
		}
		profile, err := r.staff.Profile(ctx, actor)
		if err != nil || profile.Inactividad != "No" {
			t.Fatalf("profile %+v %v", profile, err)
		}
		// And may be dismissed again.
		if err := r.staff.Dismiss(ctx, director, modID, ""); err != nil {
			t.Fatal(err)
		}
		if rec := r.record(t, modID); !rec.Inactive {
			t.Fatalf("record after the second dismissal: %+v", rec)
		}
	})
}

// A dismissal reason is at most 1,000 characters (not bytes); a longer one changes nothing.
func TestDismissalReasonLimit(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRoster(d)
		r.join(t, "550000000000000001", "moderadora", authz.Moderador)
		r.join(t, "550000000000000002", "rh", authz.RH)
		director, err := r.members.MemberActor(ctx, "550000000000000002")
		if err != nil {
			t.Fatal(err)
		}
		err = r.staff.Dismiss(ctx, director, "550000000000000001", strings.Repeat("ñ", 1001))
		if e, ok := errs.As(err); !ok || e.Kind != errs.KindInvalid || e.Message != "El motivo puede tener hasta 1000 caracteres." {
			t.Fatalf("a 1,001-character reason: %v", err)
		}
		if rec := r.record(t, "550000000000000001"); rec.Inactive {
			t.Fatalf("the refused dismissal changed the record: %+v", rec)
		}
		testenv.ExpectCount(t, "events", testenv.CountRows(t, d, "outbox_events", "1 = 1"), 0)
		testenv.ExpectCount(t, "audit entries", testenv.Audits(t, d, "dismiss", "550000000000000001"), 0)
		if got, _ := r.members.RoleIDs(ctx, "550000000000000001"); len(got) != 1 {
			t.Fatalf("the refused dismissal took roles: %v", got)
		}

		reason := strings.Repeat("ñ", 1000)
		if err := r.staff.Dismiss(ctx, director, "550000000000000001", reason); err != nil {
			t.Fatal(err)
		}
		if rec := r.record(t, "550000000000000001"); !rec.Inactive || rec.DismissReason != reason {
			t.Fatalf("record after a 1,000-character reason: inactive %v, %d characters", rec.Inactive, len([]rune(rec.DismissReason)))
		}
	})
}
