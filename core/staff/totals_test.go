package staff_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// Folding history changes no total: before and after FoldHistory (run 20 times at once,
// each member folded once), and again a week later, every member's total, this week's days
// and last server are those of every shift ever recorded.
func TestFoldingHistoryKeepsEveryTotal(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		// Wednesday 2026-03-11 12:00 in Mexico City; the week began Monday the 9th.
		clock := testenv.NewClock(time.Date(2026, 3, 11, 12, 0, 0, 0, mexico))
		sh := staff.NewShifts(d, []string{"Principal", "Eventos"}, 12*time.Hour, mexico, clock.Now)
		at := func(day, hour, minute int) time.Time { return time.Date(2026, 3, day, hour, minute, 0, 0, mexico) }
		shift := func(member, server string, from time.Time, to *time.Time, breaks ...[2]time.Time) {
			t.Helper()
			s := staff.Shift{MemberID: member, Server: server, StartedAt: from, EndedAt: to}
			if err := d.Conn(ctx).Create(&s).Error; err != nil {
				t.Fatal(err)
			}
			for _, b := range breaks {
				end := b[1]
				if err := d.Conn(ctx).Create(&staff.Break{ShiftID: s.ID, MemberID: member, StartedAt: b[0], EndedAt: &end}).Error; err != nil {
					t.Fatal(err)
				}
			}
		}
		ptr := func(t time.Time) *time.Time { return &t }
		// Member 1: two weeks ago, last week with a break, and a shift from Sunday night into Monday.
		shift("1", "Eventos", at(1, 10, 0), ptr(at(1, 14, 0)))
		shift("1", "Principal", at(4, 18, 0), ptr(at(4, 22, 30)), [2]time.Time{at(4, 19, 0), at(4, 19, 20)})
		shift("1", "Eventos", at(8, 23, 0), ptr(at(9, 2, 15)), [2]time.Time{at(9, 0, 30), at(9, 0, 45)})
		shift("1", "Principal", at(10, 9, 0), ptr(at(10, 11, 0)))
		if err := d.Conn(ctx).Create(&staff.Adjustment{MemberID: "1", Seconds: -600, ActorID: "9", CreatedAt: at(10, 12, 0)}).Error; err != nil {
			t.Fatal(err)
		}
		// Member 2: an old shift, and one still open since Sunday evening.
		shift("2", "Principal", at(2, 8, 0), ptr(at(2, 9, 0)))
		shift("2", "Eventos", at(8, 20, 0), nil)
		// Member 3: only this week. Member 4: never.
		shift("3", "Principal", at(9, 8, 0), ptr(at(9, 8, 45)))
		members := []string{"1", "2", "3", "4"}

		check := func(when string) {
			t.Helper()
			got, err := sh.TotalsFor(ctx, members)
			if err != nil {
				t.Fatal(err)
			}
			want := everyShift(t, d, sh, members, clock.Now())
			standings, err := sh.Standings(ctx, staff.Members{IDs: members})
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range members {
				if *got[id] != *want[id] {
					t.Fatalf("%s, member %s: %+v, every shift says %+v", when, id, *got[id], *want[id])
				}
				var week int64
				for _, d := range want[id].Week {
					week += d
				}
				if st := standings[id]; st.TotalSeconds != want[id].TotalSeconds || st.WeekSeconds != week {
					t.Fatalf("%s, member %s: standing %+v, every shift says total %d, week %d", when, id, st, want[id].TotalSeconds, week)
				}
			}
		}
		check("before folding")
		if got := foldAtOnce(t, sh); got != 3 {
			t.Fatalf("members folded %d, want 3 (member 4 has no shift)", got)
		}
		// Folded up to an hour ago, member 2 up to their open shift; this week's part of
		// member 1's Sunday night shift and Tuesday's, and member 3's Monday, kept apart.
		var folds []staff.Fold
		d.Conn(ctx).Order("member_id").Find(&folds)
		foldOK := func(f staff.Fold, before time.Time, week int64) bool {
			return f.FoldedBefore.Equal(before) && f.WeekStart != nil && f.WeekStart.Equal(at(9, 0, 0)) && f.WeekSeconds == week
		}
		if len(folds) != 3 || !foldOK(folds[0], at(11, 11, 0), 4*3600) || !foldOK(folds[1], at(8, 20, 0), 0) || !foldOK(folds[2], at(11, 11, 0), 45*60) {
			t.Fatalf("folds %+v", folds)
		}
		check("after folding")

		// A week later: member 2 clocks out, member 1 worked again; folding moves every line.
		clock.Advance(at(18, 12, 0).Sub(clock.Now()))
		if _, err := sh.ClockOut(ctx, &authz.Actor{DiscordID: "2", Roles: authz.RoleSet{authz.Moderador: true}}); err != nil {
			t.Fatal(err)
		}
		shift("1", "Eventos", at(16, 7, 0), ptr(at(16, 9, 0)))
		check("a week later")
		if got := foldAtOnce(t, sh); got != 2 {
			t.Fatalf("members folded a week later %d, want 2 (member 3 did not work)", got)
		}
		check("folded a week later")
		if got := foldAtOnce(t, sh); got != 0 {
			t.Fatalf("folded again: %d", got)
		}
	})
}

// foldAtOnce runs FoldHistory 20 times at once and adds up the members they folded.
func foldAtOnce(t *testing.T, sh *staff.Shifts) int {
	t.Helper()
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for range 20 {
		wg.Go(func() {
			n, err := sh.FoldHistory(context.Background())
			if err != nil {
				t.Error(err)
			}
			mu.Lock()
			total += n
			mu.Unlock()
		})
	}
	wg.Wait()
	return total
}

// everyShift is the members' totals from every shift and break ever recorded, as they were
// computed before running totals.
func everyShift(t *testing.T, d *db.DB, sh *staff.Shifts, memberIDs []string, now time.Time) map[string]*staff.Totals {
	t.Helper()
	ctx := context.Background()
	out := map[string]*staff.Totals{}
	week := sh.WeekStart(now)
	for _, id := range memberIDs {
		tot := &staff.Totals{}
		out[id] = tot
		var shifts []staff.Shift
		if err := d.Conn(ctx).Where("member_id = ?", id).Order("started_at").Find(&shifts).Error; err != nil {
			t.Fatal(err)
		}
		for _, s := range shifts {
			tot.LastServer = s.Server
			if s.EndedAt == nil {
				continue
			}
			var breaks []staff.Break
			d.Conn(ctx).Where("shift_id = ?", s.ID).Find(&breaks)
			tot.TotalSeconds += staff.Worked(s, *s.EndedAt, breaks)
			for day := range 7 {
				tot.Week[day] += staff.WorkedIn(s, *s.EndedAt, breaks, week.AddDate(0, 0, day), week.AddDate(0, 0, day+1))
			}
		}
		var adj int64
		d.Conn(ctx).Model(&staff.Adjustment{}).Where("member_id = ?", id).Select("COALESCE(SUM(seconds), 0)").Scan(&adj)
		tot.TotalSeconds = max(tot.TotalSeconds+adj, 0)
	}
	return out
}
