package staff_test

import (
	"context"
	"testing"
	"time"

	"gorm.io/gorm"

	"zocalo/core/db"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// The team's weeks already over, and this week's days already over, are kept once computed
// and forgotten when a shift or a break in them comes, changes or goes; today is always
// computed; a kept span lasts an hour.
func TestTeamHoursKeepTheWeeksOver(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		// Wednesday 2026-03-11 12:00 in Mexico City.
		clock := testenv.NewClock(time.Date(2026, 3, 11, 12, 0, 0, 0, mexico))
		sh := staff.NewShifts(d, []string{"Principal", "Eventos"}, 12*time.Hour, mexico, clock.Now)
		at := func(day, hour int) time.Time { return time.Date(2026, 3, day, hour, 0, 0, 0, mexico) }
		add := func(member string, from, to time.Time) staff.Shift {
			t.Helper()
			s := staff.Shift{MemberID: member, Server: "Principal", StartedAt: from, EndedAt: &to}
			if err := d.Conn(ctx).Create(&s).Error; err != nil {
				t.Fatal(err)
			}
			return s
		}
		// Seconds on Principal in last week (2 March) and this week (9 March).
		weeks := func() (last, this int64) {
			t.Helper()
			rows, err := sh.HoursByWeek(ctx, "", 2)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rows {
				if r.Server != "Principal" {
					continue
				}
				switch r.Week {
				case "2026-03-02":
					last = r.Seconds
				case "2026-03-09":
					this = r.Seconds
				}
			}
			return last, this
		}
		add("1", at(3, 10), at(3, 12))
		add("2", at(10, 10), at(10, 11))
		if last, this := weeks(); last != 7200 || this != 3600 {
			t.Fatalf("weeks %d, %d", last, this)
		}
		// Kept: last week, and this week's Monday and Tuesday; not today.
		span := func(from, to time.Time) func(*gorm.DB) *gorm.DB {
			return func(q *gorm.DB) *gorm.DB { return q.Where("week_start = ? AND week_end = ?", from.UTC(), to.UTC()) }
		}
		lastWeek, monday, tuesday := span(at(2, 0), at(9, 0)), span(at(9, 0), at(10, 0)), span(at(10, 0), at(11, 0))
		keptOf := func(scope func(*gorm.DB) *gorm.DB) (rows []staff.WeekHoursKept) {
			d.Conn(ctx).Scopes(scope).Order("server").Find(&rows)
			return rows
		}
		if kept := keptOf(lastWeek); len(kept) != 2 || kept[0].Server != "" || kept[1].Server != "Principal" || kept[1].Seconds != 7200 {
			t.Fatalf("last week kept as %+v", kept)
		}
		if kept := keptOf(monday); len(kept) != 1 || kept[0].Server != "" {
			t.Fatalf("Monday, nobody worked, kept as %+v", kept)
		}
		if kept := keptOf(tuesday); len(kept) != 2 || kept[1].Seconds != 3600 {
			t.Fatalf("Tuesday kept as %+v", kept)
		}
		var all int64
		if d.Conn(ctx).Model(&staff.WeekHoursKept{}).Count(&all); all != 5 {
			t.Fatalf("%d rows kept, want last week's, Monday's and Tuesday's (today is not over)", all)
		}
		// Read from what was kept.
		d.Conn(ctx).Model(&staff.WeekHoursKept{}).Scopes(lastWeek).Where("server = ?", "Principal").Update("seconds", 1)
		d.Conn(ctx).Model(&staff.WeekHoursKept{}).Scopes(tuesday).Where("server = ?", "Principal").Update("seconds", 5)
		if last, this := weeks(); last != 1 || this != 5 {
			t.Fatalf("the kept week and day were not read: %d, %d", last, this)
		}
		// A shift added on Tuesday forgets Tuesday, not last week.
		add("3", at(10, 20), at(10, 21))
		if last, this := weeks(); last != 1 || this != 7200 {
			t.Fatalf("after a shift on Tuesday: %d, %d", last, this)
		}
		// A shift added into last week forgets it.
		late := add("2", at(4, 8), at(4, 9))
		if last, _ := weeks(); last != 3*3600 {
			t.Fatalf("after a shift: %d", last)
		}
		// A break in it, too.
		end := at(4, 8).Add(30 * time.Minute)
		if err := d.Conn(ctx).Create(&staff.Break{ShiftID: late.ID, MemberID: "2", StartedAt: at(4, 8), EndedAt: &end}).Error; err != nil {
			t.Fatal(err)
		}
		if last, _ := weeks(); last != 3*3600-1800 {
			t.Fatalf("after a break: %d", last)
		}
		// And its removal.
		d.Conn(ctx).Where("shift_id = ?", late.ID).Delete(&staff.Break{})
		d.Conn(ctx).Delete(&late)
		if last, _ := weeks(); last != 7200 {
			t.Fatalf("after a removal: %d", last)
		}
		// Today is never kept: a shift today counts at once.
		add("1", at(11, 8), at(11, 9))
		if _, this := weeks(); this != 3*3600 {
			t.Fatalf("this week %d", this)
		}
		// A kept week is trusted for an hour.
		d.Conn(ctx).Model(&staff.WeekHoursKept{}).Where("server = ?", "Principal").Update("seconds", 1)
		clock.Advance(61 * time.Minute)
		if last, this := weeks(); last != 7200 || this != 3*3600 {
			t.Fatalf("a week and a day kept past their hour: %d, %d", last, this)
		}
	})
}
