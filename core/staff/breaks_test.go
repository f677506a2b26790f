package staff_test

import (
	"context"
	"sync"
	"sync/atomic"
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

// clockedDesk wires members, shifts and the roster on a fixed clock.
type clockedDesk struct {
	d       *db.DB
	clock   *testenv.Clock
	members *members.Service
	shifts  *staff.Shifts
	staff   *staff.Service
}

func newClockedDesk(t *testing.T, d *db.DB, at time.Time) *clockedDesk {
	t.Helper()
	clock := testenv.NewClock(at)
	m := members.NewService(d, authz.RoleIDs(testenv.Roles), clock.Now)
	sh := staff.NewShifts(d, []string{"Principal"}, 12*time.Hour, mexico, clock.Now)
	s := staff.NewService(d, authz.RoleIDs(testenv.Roles), sh, outbox.NewStore(d, clock.Now), nil,
		staff.Settings{Members: m, ReportsChannel: "730000000000000001", WeeklyQuota: 10 * time.Hour, Now: clock.Now})
	return &clockedDesk{d: d, clock: clock, members: m, shifts: sh, staff: s}
}

func (k *clockedDesk) join(t *testing.T, id, name string, roles ...authz.Role) {
	t.Helper()
	if _, err := k.members.Upsert(context.Background(), members.Snapshot{DiscordID: id, Username: name, Avatar: "a" + id,
		InGuild: true, RoleIDs: testenv.RoleIDs(roles...)}); err != nil {
		t.Fatal(err)
	}
}

// result carries a call's two results, so that a test reads `got(f()).must(t)`.
type result[T any] struct {
	v   T
	err error
}

func got[T any](v T, err error) result[T] { return result[T]{v, err} }

func (r result[T]) must(t *testing.T) T {
	t.Helper()
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.v
}

func TestBreaksPauseTheShiftClock(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		// Wednesday 2026-03-04 10:00 in Mexico City.
		k := newClockedDesk(t, d, time.Date(2026, 3, 4, 10, 0, 0, 0, mexico))
		k.join(t, "1", "ana", authz.Moderador)
		mod := moderator("1")

		if _, err := k.shifts.Pause(ctx, mod); errs.KindOf(err) != errs.KindConflict {
			t.Fatalf("a pause off shift: %v", err)
		}
		if _, err := k.shifts.Pause(ctx, player); errs.KindOf(err) != errs.KindForbidden {
			t.Fatalf("a player paused: %v", err)
		}
		got(k.shifts.ClockIn(ctx, mod, "Principal")).must(t)
		if _, err := k.shifts.Resume(ctx, mod); errs.KindOf(err) != errs.KindConflict {
			t.Fatalf("a resume while working: %v", err)
		}
		k.clock.Advance(time.Hour)
		got(k.shifts.Pause(ctx, mod)).must(t)
		if _, err := k.shifts.Pause(ctx, mod); errs.KindOf(err) != errs.KindConflict {
			t.Fatalf("a second pause: %v", err)
		}
		k.clock.Advance(30 * time.Minute)
		on := got(k.staff.OnShift(ctx, rh)).must(t)
		if len(on) != 1 || on[0].PausedAt == nil || on[0].BreakSeconds != 0 {
			t.Fatalf("on shift during the break: %+v", on)
		}
		run := got(k.shifts.Running(ctx, "1")).must(t)
		if run.WorkedSeconds != 3600 || run.PausedSince == nil {
			t.Fatalf("running during the break: %+v", run)
		}
		br := got(k.shifts.Resume(ctx, mod)).must(t)
		if br.EndedAt.Sub(br.StartedAt) != 30*time.Minute {
			t.Fatalf("break %+v", br)
		}
		k.clock.Advance(time.Hour)
		on = got(k.staff.OnShift(ctx, rh)).must(t)
		if on[0].PausedAt != nil || on[0].BreakSeconds != 1800 {
			t.Fatalf("on shift after the break: %+v", on)
		}
		// A second break, still running at the clock-out: ending the shift closes it.
		got(k.shifts.Pause(ctx, mod)).must(t)
		k.clock.Advance(20 * time.Minute)
		closed := got(k.shifts.ClockOut(ctx, mod)).must(t)
		if worked := got(k.shifts.WorkedSeconds(ctx, closed)).must(t); worked != 2*3600 {
			t.Fatalf("worked %d", worked)
		}
		var open int64
		d.Conn(ctx).Model(&staff.Break{}).Where("ended_at IS NULL").Count(&open)
		if open != 0 {
			t.Fatalf("%d breaks left open", open)
		}
		totals := got(k.shifts.TotalsFor(ctx, []string{"1"})).must(t)
		if totals["1"].TotalSeconds != 7200 || totals["1"].Week[2] != 7200 {
			t.Fatalf("totals %+v", totals["1"])
		}
		hours := got(k.shifts.HoursByWeek(ctx, "1", 1)).must(t)
		if len(hours) != 1 || hours[0].Seconds != 7200 {
			t.Fatalf("hours %+v", hours)
		}
		mods := got(k.staff.Moderators(ctx, rh)).must(t)
		if len(mods) != 1 || mods[0].TiempoTotal != 7200 {
			t.Fatalf("roster %+v", mods)
		}
	})
}

func TestTheCapCountsWorkedTime(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		start := time.Date(2026, 3, 4, 6, 0, 0, 0, mexico)
		k := newClockedDesk(t, d, start)
		k.join(t, "1", "ana", authz.Moderador)
		k.join(t, "2", "beto", authz.Moderador)
		got(k.shifts.ClockIn(ctx, moderator("1"), "Principal")).must(t)
		got(k.shifts.ClockIn(ctx, moderator("2"), "Principal")).must(t)
		k.clock.Advance(11 * time.Hour)
		got(k.shifts.Pause(ctx, moderator("1"))).must(t)
		got(k.shifts.Pause(ctx, moderator("2"))).must(t)
		k.clock.Advance(3 * time.Hour)
		got(k.shifts.Resume(ctx, moderator("1"))).must(t)
		// 14 h since the start, 11 h worked: neither is due; beto is still on his break.
		if n := got(k.shifts.CapOverdue(ctx)).must(t); n != 0 {
			t.Fatalf("capped %d with 11 h worked", n)
		}
		k.clock.Advance(2 * time.Hour)
		// ana: 13 h worked, capped at 12 h worked, that is 15 h after her start. beto's clock
		// stopped at 11 h: his break keeps his shift open.
		if n := got(k.shifts.CapOverdue(ctx)).must(t); n != 1 {
			t.Fatalf("capped %d", n)
		}
		var capped staff.Shift
		d.Conn(ctx).Where("member_id = ?", "1").Take(&capped)
		if !capped.Capped || capped.EndedAt == nil || !capped.EndedAt.Equal(start.Add(15*time.Hour)) {
			t.Fatalf("capped shift %+v", capped)
		}
		if worked := got(k.shifts.WorkedSeconds(ctx, capped)).must(t); worked != 12*3600 {
			t.Fatalf("worked %d", worked)
		}
		if open, _ := k.shifts.Open(ctx, "2"); open == nil {
			t.Fatal("a shift on its break was capped")
		}
		// beto comes back and clocks out well past the cap's moment: it ends at 12 h worked.
		got(k.shifts.Resume(ctx, moderator("2"))).must(t)
		k.clock.Advance(3 * time.Hour)
		closed := got(k.shifts.ClockOut(ctx, moderator("2"))).must(t)
		if !closed.Capped || !closed.EndedAt.Equal(start.Add(11*time.Hour+5*time.Hour+time.Hour)) {
			t.Fatalf("beto's shift %+v", closed)
		}
	})
}

func TestPausingTwiceAtOnceMakesOneBreak(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newClockedDesk(t, d, time.Date(2026, 3, 4, 10, 0, 0, 0, mexico))
		k.join(t, "1", "ana", authz.Moderador)
		got(k.shifts.ClockIn(ctx, moderator("1"), "Principal")).must(t)
		k.clock.Advance(time.Hour)
		race := func(fn func() error) (int32, int32) {
			var wg sync.WaitGroup
			var ok, refused atomic.Int32
			for range 20 {
				wg.Go(func() {
					switch err := fn(); {
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
			return ok.Load(), refused.Load()
		}
		if ok, refused := race(func() error { _, err := k.shifts.Pause(ctx, moderator("1")); return err }); ok != 1 || refused != 19 {
			t.Fatalf("pauses: ok %d, refused %d", ok, refused)
		}
		var n int64
		d.Conn(ctx).Model(&staff.Break{}).Count(&n)
		if n != 1 {
			t.Fatalf("%d breaks", n)
		}
		k.clock.Advance(10 * time.Minute)
		if ok, refused := race(func() error { _, err := k.shifts.Resume(ctx, moderator("1")); return err }); ok != 1 || refused != 19 {
			t.Fatalf("resumes: ok %d, refused %d", ok, refused)
		}
		d.Conn(ctx).Model(&staff.Break{}).Where("ended_at IS NULL").Count(&n)
		if n != 0 {
			t.Fatalf("%d open breaks", n)
		}
		var events int64
		d.Conn(ctx).Table("live_events").Where("kind IN ?", []string{"shift.paused", "shift.resumed"}).Count(&events)
		if events != 0 {
			t.Fatalf("a desk without the stream published %d events", events)
		}
	})
}
