package staff_test

import (
	"context"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/members"
	"zocalo/core/outbox"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

func TestWeeklyReport(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		// Monday 2026-03-09 00:00 in Mexico City: the report covers 2–8 March.
		clock := testenv.NewClock(time.Date(2026, 3, 2, 8, 0, 0, 0, mexico))
		m := members.NewService(d, authz.RoleIDs(testenv.Roles), clock.Now)
		for _, p := range []struct{ id, name string }{{"1", "ana"}, {"2", "beto"}, {"3", "caro"}} {
			if _, err := m.Upsert(ctx, members.Snapshot{DiscordID: p.id, Username: p.name, InGuild: true, RoleIDs: testenv.RoleIDs(authz.Moderador)}); err != nil {
				t.Fatal(err)
			}
		}
		sh := staff.NewShifts(d, []string{"Principal"}, 0, mexico, clock.Now)
		work := func(id string, d time.Duration) {
			if _, err := sh.ClockIn(ctx, moderator(id), "Principal"); err != nil {
				t.Fatal(err)
			}
			clock.Advance(d)
			if _, err := sh.ClockOut(ctx, moderator(id)); err != nil {
				t.Fatal(err)
			}
		}
		// Monday 08:00–20:00 with an hour's break: 11 h worked.
		if _, err := sh.ClockIn(ctx, moderator("1"), "Principal"); err != nil {
			t.Fatal(err)
		}
		clock.Advance(5 * time.Hour)
		if _, err := sh.Pause(ctx, moderator("1")); err != nil {
			t.Fatal(err)
		}
		clock.Advance(time.Hour)
		if _, err := sh.Resume(ctx, moderator("1")); err != nil {
			t.Fatal(err)
		}
		clock.Advance(6 * time.Hour)
		if _, err := sh.ClockOut(ctx, moderator("1")); err != nil {
			t.Fatal(err)
		}
		work("2", 3*time.Hour)
		// Sunday 22:00 → Monday 02:00: only the two hours before midnight count for the week.
		clock.Advance(time.Date(2026, 3, 8, 22, 0, 0, 0, mexico).Sub(clock.Now()))
		work("3", 4*time.Hour)

		o := outbox.NewStore(d, clock.Now)
		s := staff.NewService(d, authz.RoleIDs(testenv.Roles), sh, o, nil, staff.Settings{ReportsChannel: "reports", WeeklyQuota: 10 * time.Hour, Now: clock.Now})
		for run := range 2 {
			posted, err := s.WriteWeeklyReport(ctx)
			if err != nil || posted != (run == 0) {
				t.Fatalf("run %d: posted %v, %v", run, posted, err)
			}
		}
		var posts int64
		d.Conn(ctx).Model(&outbox.Event{}).Where("channel_id = ?", "reports").Count(&posts)
		if posts != 1 {
			t.Fatalf("%d posts", posts)
		}
		w, err := s.LatestWeekly(ctx, moderator("1"))
		if err != nil || w == nil {
			t.Fatalf("latest %v %v", w, err)
		}
		quota := int64(10 * 3600)
		want := []staff.WeeklyLine{
			{UserID: "1", Username: "ana", Seconds: 11 * 3600, QuotaSeconds: &quota},
			{UserID: "2", Username: "beto", Seconds: 3 * 3600, QuotaSeconds: &quota, UnderQuota: true},
			{UserID: "3", Username: "caro", Seconds: 2 * 3600, QuotaSeconds: &quota, UnderQuota: true},
		}
		if w.WeekStart != "2026-03-02" || len(w.Lines) != 3 {
			t.Fatalf("report %+v", w)
		}
		for i := range want {
			got := w.Lines[i]
			if got.UserID != want[i].UserID || got.Seconds != want[i].Seconds || got.UnderQuota != want[i].UnderQuota ||
				got.QuotaSeconds == nil || *got.QuotaSeconds != *want[i].QuotaSeconds || got.LeaveDays != 0 {
				t.Fatalf("line %d: %+v, want %+v", i, w.Lines[i], want[i])
			}
		}
	})
}
