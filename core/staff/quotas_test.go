package staff_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/outbox"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

func TestQuotasPerRoleTheHighestAndLeaveProRated(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		// Monday 2026-03-02 08:00 in Mexico City.
		k := newClockedDesk(t, d, time.Date(2026, 3, 2, 8, 0, 0, 0, mexico))
		k.join(t, "1", "ana", authz.Moderador, authz.Trial)
		k.join(t, "2", "beto", authz.Trial)
		k.join(t, "3", "caro", authz.SoporteTecnico)
		moderadorRole, trialRole := testenv.Roles[authz.Moderador], testenv.Roles[authz.Trial]

		if _, err := k.staff.SetQuota(ctx, moderator("1"), moderadorRole, 10, 0); errs.KindOf(err) != errs.KindForbidden {
			t.Fatalf("a moderator set a quota: %v", err)
		}
		for _, bad := range [][2]int{{-1, 0}, {1, 60}, {168, 1}, {0, -5}} {
			if _, err := k.staff.SetQuota(ctx, rh, moderadorRole, bad[0], bad[1]); errs.KindOf(err) != errs.KindInvalid {
				t.Errorf("quota %v: %v", bad, err)
			}
		}
		if _, err := k.staff.SetQuota(ctx, rh, testenv.Roles[authz.Comite], 5, 0); errs.KindOf(err) != errs.KindNotFound {
			t.Fatalf("a quota for a role outside the staff: %v", err)
		}
		// Twenty copies of one change at once: one change, one audit entry.
		var wg sync.WaitGroup
		for range 20 {
			wg.Go(func() {
				if _, err := k.staff.SetQuota(ctx, rh, moderadorRole, 14, 0); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		got(k.staff.SetQuota(ctx, rh, trialRole, 7, 30)).must(t)
		var entries []audit.Entry
		d.Conn(ctx).Where("action = ?", staff.ActionQuotaSet).Order("id").Find(&entries)
		if len(entries) != 2 || entries[0].EntityID != moderadorRole {
			t.Fatalf("audit entries %+v", entries)
		}

		// caro has an approved leave Thursday to Sunday: 4 of 7 days.
		got(k.staff.RequestLeave(ctx, moderator("3"), "05/03/2026", "08/03/2026", "Mudanza")).must(t)
		lv := got(k.staff.Leaves(ctx, rh, staff.LeavePending)).must(t)[0]
		got(k.staff.DecideLeave(ctx, rh, lv.ID, "approve")).must(t)
		// beto works 8 h, caro 5 h.
		for _, w := range []struct {
			id string
			d  time.Duration
		}{{"2", 8 * time.Hour}, {"3", 5 * time.Hour}} {
			got(k.shifts.ClockIn(ctx, moderator(w.id), "Principal")).must(t)
			k.clock.Advance(w.d)
			got(k.shifts.ClockOut(ctx, moderator(w.id))).must(t)
		}

		board := got(k.staff.Quotas(ctx, moderator("2"))).must(t)
		if board.WeekStart != "2026-03-02" || board.DefaultSeconds != 36000 || len(board.Roles) != 3 {
			t.Fatalf("board %+v", board)
		}
		// Roles read by their Spanish names, never their constants.
		if r := board.Roles[0]; r.Role != string(authz.Moderador) || r.Name != "Moderador" || board.Roles[2].Name != "Soporte Técnico" {
			t.Errorf("roles named %+v", board.Roles)
		}
		lines := map[string]staff.QuotaLine{}
		for _, l := range board.Members {
			lines[l.UserID] = l
		}
		// ana holds MODERADOR (14 h) and TRIAL (7 h 30): the higher counts. caro's role has the
		// default 10 h, less 4/7 for her leave.
		want := map[string]staff.QuotaLine{
			"1": {QuotaSeconds: 14 * 3600, WorkedSeconds: 0, UnderQuota: true},
			"2": {QuotaSeconds: 7*3600 + 1800, WorkedSeconds: 8 * 3600},
			"3": {QuotaSeconds: 36000 * 3 / 7 / 60 * 60, WorkedSeconds: 5 * 3600, LeaveDays: 4},
		}
		for id, w := range want {
			l := lines[id]
			if l.QuotaSeconds != w.QuotaSeconds || l.WorkedSeconds != w.WorkedSeconds || l.UnderQuota != w.UnderQuota || l.LeaveDays != w.LeaveDays {
				t.Errorf("%s: %+v, want %+v", id, l, w)
			}
		}
		if board.Members[0].UserID != "1" {
			t.Fatalf("those under the quota come first: %+v", board.Members)
		}
		if _, err := k.staff.Quotas(ctx, player); errs.KindOf(err) != errs.KindForbidden {
			t.Fatalf("a player read the quotas: %v", err)
		}

		// The weekly report, written next Monday, weighs each against their own quota.
		k.clock.Advance(time.Date(2026, 3, 9, 9, 0, 0, 0, mexico).Sub(k.clock.Now()))
		if posted := got(k.staff.WriteWeeklyReport(ctx)).must(t); !posted {
			t.Fatal("no report")
		}
		w := got(k.staff.LatestWeekly(ctx, moderator("2"))).must(t)
		for _, l := range w.Lines {
			want := want[l.UserID]
			if l.QuotaSeconds == nil || *l.QuotaSeconds != want.QuotaSeconds || l.UnderQuota != want.UnderQuota || l.LeaveDays != want.LeaveDays {
				t.Errorf("report line %+v", l)
			}
		}
		var post outbox.Event
		d.Conn(ctx).Where("channel_id = ?", "730000000000000001").Take(&post)
		var msg outbox.ChannelMessage
		if err := json.Unmarshal([]byte(post.Payload), &msg); err != nil {
			t.Fatal(err)
		}
		if desc := msg.Embeds[0].Description; !containsAll(desc, "**ana**: 0 s ⚠️ bajo la cuota (14 h)", "**caro**: 5 h · 4 días de ausencia") {
			t.Fatalf("report post %q", desc)
		}
	})
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
