package staff_test

import (
	"context"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

func TestHoursByWeekAndServer(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		// Wednesday 2026-11-18 12:00 in Mexico City: this week starts Monday 2026-11-16.
		clock := testenv.NewClock(time.Date(2026, 11, 18, 12, 0, 0, 0, mexico))
		sh := staff.NewShifts(d, []string{"Principal", "Eventos"}, 12*time.Hour, mexico, clock.Now)
		s := staff.NewService(d, authz.RoleIDs(testenv.Roles), sh, nil, nil, staff.Settings{Now: clock.Now})
		at := func(day, hour int) time.Time { return time.Date(2026, 11, day, hour, 0, 0, 0, mexico) }
		closed := func(member, server string, from, to time.Time) {
			t.Helper()
			if err := d.Conn(ctx).Create(&staff.Shift{MemberID: member, Server: server, StartedAt: from.UTC(), EndedAt: &to}).Error; err != nil {
				t.Fatal(err)
			}
		}
		closed("1", "Principal", at(16, 10), at(16, 12)) // this week, 2 h
		closed("2", "Eventos", at(17, 20), at(17, 21))   // this week, 1 h
		// Sunday 23:00 → Monday 01:00 (community time; UTC would cut it elsewhere): 1 h each week.
		closed("1", "Principal", at(15, 23), at(16, 1))
		closed("1", "Retirado", at(10, 8), at(10, 9)) // a server no longer listed still counts
		closed("1", "Principal", at(1, 8), at(1, 9))  // before the two weeks asked for
		if err := d.Conn(ctx).Create(&staff.Shift{MemberID: "2", Server: "Principal", StartedAt: at(18, 9)}).Error; err != nil {
			t.Fatal(err) // open: not counted until it closes
		}

		team, err := s.TeamHours(ctx, moderator("1"), 2)
		if err != nil {
			t.Fatal(err)
		}
		want := []staff.WeekHours{
			{Week: "2026-11-09", Server: "Principal", Seconds: 3600},
			{Week: "2026-11-09", Server: "Eventos", Seconds: 0},
			{Week: "2026-11-09", Server: "Retirado", Seconds: 3600},
			{Week: "2026-11-16", Server: "Principal", Seconds: 3 * 3600},
			{Week: "2026-11-16", Server: "Eventos", Seconds: 3600},
			{Week: "2026-11-16", Server: "Retirado", Seconds: 0},
		}
		if len(team) != len(want) {
			t.Fatalf("team hours %+v", team)
		}
		for i := range want {
			if team[i] != want[i] {
				t.Fatalf("row %d: %+v, want %+v", i, team[i], want[i])
			}
		}
		mine, err := s.MyHours(ctx, moderator("2"), 1)
		if err != nil || len(mine) != 2 || mine[0] != (staff.WeekHours{Week: "2026-11-16", Server: "Principal"}) ||
			mine[1] != (staff.WeekHours{Week: "2026-11-16", Server: "Eventos", Seconds: 3600}) {
			t.Fatalf("my hours %+v %v", mine, err)
		}
		if all, _ := s.TeamHours(ctx, moderator("1"), 0); len(all) != staff.DefaultHourWeeks*3 {
			t.Fatalf("default span: %d rows", len(all))
		}
		player := &authz.Actor{DiscordID: "9", Roles: authz.RoleSet{}}
		if _, err := s.TeamHours(ctx, player, 2); errs.KindOf(err) != errs.KindForbidden {
			t.Fatalf("a player read the team's hours: %v", err)
		}
		if _, err := s.MyHours(ctx, player, 2); errs.KindOf(err) != errs.KindForbidden {
			t.Fatalf("a player read own hours: %v", err)
		}
	})
}
