package staff_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/members"
	"zocalo/core/outbox"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// shiftDesk wires members, shifts and the roster as the core does, counting closings.
type shiftDesk struct {
	d       *db.DB
	members *members.Service
	shifts  *staff.Shifts
	staff   *staff.Service
	ended   atomic.Int32
}

func newShiftDesk(t *testing.T, d *db.DB) *shiftDesk {
	t.Helper()
	now := func() time.Time { return time.Now().UTC() }
	m := members.NewService(d, authz.RoleIDs(testenv.Roles), now)
	sh := staff.NewShifts(d, []string{"Principal", "Eventos"}, 0, mexico, now)
	s := staff.NewService(d, authz.RoleIDs(testenv.Roles), sh, outbox.NewStore(d, now), nil,
		staff.Settings{Members: m, ReportsChannel: "730000000000000001", Now: now})
	m.OnRoleChange(s.RecordHires)
	m.OnRoleChange(s.CloseOnRoleLoss)
	desk := &shiftDesk{d: d, members: m, shifts: sh, staff: s}
	sh.OnEnded(func(context.Context, staff.Ended) error { desk.ended.Add(1); return nil })
	return desk
}

func (k *shiftDesk) join(t *testing.T, id, name string, roles ...authz.Role) {
	t.Helper()
	if _, err := k.members.Upsert(context.Background(), members.Snapshot{DiscordID: id, Username: name, Avatar: "a" + id,
		InGuild: true, RoleIDs: testenv.RoleIDs(roles...)}); err != nil {
		t.Fatal(err)
	}
}

func (k *shiftDesk) open(t *testing.T, id string) bool {
	t.Helper()
	sh, err := k.shifts.Open(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return sh != nil
}

func (k *shiftDesk) audits(t *testing.T, action, id string) []audit.Entry {
	t.Helper()
	var out []audit.Entry
	if err := k.d.Conn(context.Background()).Where("action = ? AND entity_id = ?", action, id).Find(&out).Error; err != nil {
		t.Fatal(err)
	}
	return out
}

var (
	rh     = &authz.Actor{DiscordID: "900", Username: "rh", Roles: authz.RoleSet{authz.RH: true}}
	player = &authz.Actor{DiscordID: "901", Username: "jugador", Roles: authz.RoleSet{}}
)

func TestOnShiftListsOpenShifts(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newShiftDesk(t, d)
		k.join(t, "1", "ana", authz.Moderador)
		k.join(t, "2", "beto", authz.SoporteTecnico)
		if _, err := k.shifts.ClockIn(ctx, moderator("1"), "Eventos"); err != nil {
			t.Fatal(err)
		}
		got, err := k.staff.OnShift(ctx, moderator("2"))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].DiscordID != "1" || got[0].Username != "ana" || got[0].Avatar != "a1" ||
			got[0].Server != "Eventos" || got[0].StartedAt == "" {
			t.Fatalf("on shift %+v", got)
		}
		if _, err := k.staff.OnShift(ctx, player); errs.KindOf(err) != errs.KindForbidden {
			t.Fatalf("a player reads who is on shift: %v", err)
		}
		if _, err := k.shifts.ClockOut(ctx, moderator("1")); err != nil {
			t.Fatal(err)
		}
		if got, err := k.staff.OnShift(ctx, rh); err != nil || len(got) != 0 {
			t.Fatalf("after clocking out: %+v %v", got, err)
		}
		if k.ended.Load() != 1 {
			t.Fatalf("a clock-out closed %d times", k.ended.Load())
		}
	})
}

func TestEndingAShiftTwiceAtOnceEndsItOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newShiftDesk(t, d)
		k.join(t, "1", "ana", authz.Moderador)
		if _, err := k.shifts.ClockIn(ctx, moderator("1"), "Principal"); err != nil {
			t.Fatal(err)
		}
		if _, err := k.staff.EndShift(ctx, moderator("2"), "1", ""); errs.KindOf(err) != errs.KindForbidden {
			t.Fatalf("a moderator ends another's shift: %v", err)
		}
		var wg sync.WaitGroup
		var ok, refused atomic.Int32
		for range 20 {
			wg.Go(func() {
				_, err := k.staff.EndShift(ctx, rh, "1", "Se olvidó de salir")
				switch {
				case err == nil:
					ok.Add(1)
				case errs.KindOf(err) == errs.KindConflict:
					refused.Add(1)
				default:
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if ok.Load() != 1 || refused.Load() != 19 || k.open(t, "1") || k.ended.Load() != 1 {
			t.Fatalf("ok %d, refused %d, closings %d", ok.Load(), refused.Load(), k.ended.Load())
		}
		entries := k.audits(t, staff.ActionShiftEndForced, "1")
		if len(entries) != 1 || entries[0].ActorID != "900" {
			t.Fatalf("audit entries %+v", entries)
		}
	})
}

func TestRemovingTheStaffRoleClosesTheShift(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newShiftDesk(t, d)
		k.join(t, "1", "ana", authz.Moderador, authz.SoporteTecnico)
		if _, err := k.shifts.ClockIn(ctx, moderator("1"), "Principal"); err != nil {
			t.Fatal(err)
		}
		// One STAFF-group role left: still staff, still on shift.
		k.join(t, "1", "ana", authz.SoporteTecnico)
		if !k.open(t, "1") {
			t.Fatal("the shift closed while a STAFF-group role remained")
		}
		// The last one goes; Discord repeats the event.
		k.join(t, "1", "ana")
		k.join(t, "1", "ana")
		if k.open(t, "1") || k.ended.Load() != 1 {
			t.Fatalf("open %v, closings %d", k.open(t, "1"), k.ended.Load())
		}
		entries := k.audits(t, staff.ActionShiftEndRoleRemoved, "1")
		if len(entries) != 1 || entries[0].ActorName != "sincronización de roles" {
			t.Fatalf("audit entries %+v", entries)
		}
	})
}
