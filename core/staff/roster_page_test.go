package staff_test

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
)

// The roster's pages come in the order of every member's whole history: pages of the
// staff list (most time first), of the quotas (under quota first, least worked first) and
// the week's leaders put together are the lists computed from every shift, adjustment
// and break, whether a member's time is folded, partly folded or not at all.
func TestRosterPagesFollowTheRunningTotals(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		// Wednesday 2026-03-11 12:00 in Mexico City; the week began Monday the 9th.
		k := newClockedDesk(t, d, time.Date(2026, 3, 11, 12, 0, 0, 0, mexico))
		at := func(day, hour int) time.Time { return time.Date(2026, 3, day, hour, 0, 0, 0, mexico) }
		shift := func(member string, from time.Time, hours int, breakMinutes int) {
			t.Helper()
			end := from.Add(time.Duration(hours) * time.Hour)
			s := staff.Shift{MemberID: member, Server: "Principal", StartedAt: from, EndedAt: &end}
			if err := d.Conn(ctx).Create(&s).Error; err != nil {
				t.Fatal(err)
			}
			if breakMinutes > 0 {
				bEnd := from.Add(time.Duration(breakMinutes) * time.Minute)
				if err := d.Conn(ctx).Create(&staff.Break{ShiftID: s.ID, MemberID: member, StartedAt: from, EndedAt: &bEnd}).Error; err != nil {
					t.Fatal(err)
				}
			}
		}
		var ids []string
		for i := 1; i <= 25; i++ {
			id := fmt.Sprint(100 + i)
			ids = append(ids, id)
			k.join(t, id, fmt.Sprintf("miembro-%02d", i), authz.Moderador)
			// Last week's and this Monday's shifts (folded below), many members alike.
			shift(id, at(3, 9), i%5, 0)
			shift(id, at(9, 1), i%4*3, i%3*20) // 0 to 9 h, some with a break
			if i%7 == 0 {
				if err := d.Conn(ctx).Create(&staff.Adjustment{MemberID: id, Seconds: -4 * 3600, ActorID: "900", CreatedAt: at(10, 12)}).Error; err != nil {
					t.Fatal(err)
				}
			}
		}
		// Member 25 is never folded: a shift of today ends within the fold's margin.
		shift(ids[24], at(11, 10), 1, 0)
		got(k.shifts.FoldHistory(ctx)).must(t)
		// After the fold, some members work again through the real clock.
		for i, id := range ids {
			if i%3 == 0 {
				got(k.shifts.ClockIn(ctx, moderator(id), "Principal")).must(t)
				k.clock.Advance(time.Duration(i) * 10 * time.Minute)
				got(k.shifts.ClockOut(ctx, moderator(id))).must(t)
			}
		}
		// One still on shift: an open shift counts in no total.
		got(k.shifts.ClockIn(ctx, moderator(ids[1]), "Principal")).must(t)

		truth := everyShift(t, d, k.shifts, ids, k.clock.Now())
		name := func(id string) string { n, _ := strconv.Atoi(id); return fmt.Sprintf("miembro-%02d", n-100) }
		week := func(id string) int64 {
			var w int64
			for _, s := range truth[id].Week {
				w += s
			}
			return w
		}

		byTotal := slices.Clone(ids)
		slices.SortFunc(byTotal, func(a, b string) int {
			return cmp.Or(cmp.Compare(truth[b].TotalSeconds, truth[a].TotalSeconds), cmp.Compare(name(a), name(b)))
		})
		var pages []staff.Moderator
		for page := 1; ; page++ {
			p := got(k.staff.ModeratorsPage(ctx, rh, staff.RosterQuery{Page: page, Limit: 7})).must(t)
			if p.Total != 25 {
				t.Fatalf("page %d total %d", page, p.Total)
			}
			if len(p.Members) == 0 {
				break
			}
			pages = append(pages, p.Members...)
		}
		if len(pages) != 25 {
			t.Fatalf("pages held %d members", len(pages))
		}
		for i, m := range pages {
			want := truth[byTotal[i]]
			if m.UserID != byTotal[i] || m.TiempoTotal != want.TotalSeconds || weekOf(m.Jornada) != week(m.UserID) {
				t.Fatalf("place %d: %s %d s (week %d), every shift says %s %d s (week %d)", i, m.Username, m.TiempoTotal, weekOf(m.Jornada),
					name(byTotal[i]), want.TotalSeconds, week(byTotal[i]))
			}
		}
		whole := got(k.staff.Moderators(ctx, rh)).must(t)
		if len(whole) != 25 || whole[0].UserID != byTotal[0] || whole[24].UserID != byTotal[24] {
			t.Fatalf("the whole roster differs from its pages")
		}
		found := got(k.staff.ModeratorsPage(ctx, rh, staff.RosterQuery{Search: "MIEMBRO-1", Limit: 5, Page: 2})).must(t)
		if found.Total != 10 || len(found.Members) != 5 {
			t.Fatalf("search: %d matched, %d shown", found.Total, len(found.Members))
		}

		byQuota := slices.Clone(ids)
		quota := int64(10 * 3600)
		slices.SortStableFunc(byQuota, func(a, b string) int {
			underA, underB := week(a) < quota, week(b) < quota
			if underA != underB {
				if underA {
					return -1
				}
				return 1
			}
			return cmp.Or(cmp.Compare(week(a), week(b)), cmp.Compare(name(a), name(b)))
		})
		under := 0
		for _, id := range ids {
			if week(id) < quota {
				under++
			}
		}
		var lines []staff.QuotaLine
		for page := 1; page <= 4; page++ {
			b := got(k.staff.QuotasPage(ctx, moderator(ids[0]), staff.RosterQuery{Page: page, Limit: 7})).must(t)
			if b.Total != 25 || b.UnderQuota != under {
				t.Fatalf("quota page %d: total %d, under %d (want %d)", page, b.Total, b.UnderQuota, under)
			}
			lines = append(lines, b.Members...)
		}
		for i, l := range lines {
			if l.UserID != byQuota[i] || l.WorkedSeconds != week(byQuota[i]) {
				t.Fatalf("quota place %d: %s %d s, every shift says %s %d s", i, l.Username, l.WorkedSeconds, name(byQuota[i]), week(byQuota[i]))
			}
		}

		leaders := got(k.staff.WeekLeaders(ctx, rh, 3)).must(t)
		byWeek := slices.Clone(ids)
		slices.SortStableFunc(byWeek, func(a, b string) int { return cmp.Or(cmp.Compare(week(b), week(a)), cmp.Compare(name(a), name(b))) })
		if len(leaders) != 3 {
			t.Fatalf("leaders %+v", leaders)
		}
		for i, l := range leaders {
			if l.UserID != byWeek[i] || l.WeekSeconds != week(byWeek[i]) {
				t.Fatalf("leader %d: %+v, every shift says %s %d s", i, l, byWeek[i], week(byWeek[i]))
			}
		}
		if _, err := k.staff.WeekLeaders(ctx, &authz.Actor{Roles: authz.RoleSet{authz.Diputado: true}}, 3); err == nil {
			t.Fatal("a legislator read the week's leaders")
		}
	})
}

func weekOf(j staff.Jornada) int64 {
	return j.Lunes + j.Martes + j.Miercoles + j.Jueves + j.Viernes + j.Sabado + j.Domingo
}
