package staff_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
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
		// Those under the quota first, as the channel shows them; then the most worked.
		want := []staff.WeeklyLine{
			{UserID: "2", Username: "beto", Seconds: 3 * 3600, QuotaSeconds: &quota, UnderQuota: true},
			{UserID: "3", Username: "caro", Seconds: 2 * 3600, QuotaSeconds: &quota, UnderQuota: true},
			{UserID: "1", Username: "ana", Seconds: 11 * 3600, QuotaSeconds: &quota},
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

// A report of hundreds of staff spreads over several messages of the reports channel, in
// order, and every member's line shows in their embeds: none is left to an attachment.
func TestWeeklyReportOfManyStaff(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := testenv.NewClock(time.Date(2026, 3, 9, 9, 0, 0, 0, mexico))
		m := members.NewService(d, authz.RoleIDs(testenv.Roles), clock.Now)
		const staffCount = 200
		names := map[string]string{}
		monday := time.Date(2026, 3, 2, 8, 0, 0, 0, mexico)
		for i := range staffCount {
			id := fmt.Sprint(9000 + i)
			names[id] = fmt.Sprintf("Ñandú Peñaloza-Álvarez 🦜 miembro nº%03d", i)
			if _, err := m.Upsert(ctx, members.Snapshot{DiscordID: id, Username: names[id], InGuild: true, RoleIDs: testenv.RoleIDs(authz.Moderador)}); err != nil {
				t.Fatal(err)
			}
			// One in three worked, from nothing to 16 h: some over the quota.
			if i%3 == 0 {
				ended := monday.Add(time.Duration(i) * 5 * time.Minute)
				if err := d.Conn(ctx).Create(&staff.Shift{MemberID: id, Server: "Principal", StartedAt: monday, EndedAt: &ended}).Error; err != nil {
					t.Fatal(err)
				}
			}
		}
		sh := staff.NewShifts(d, []string{"Principal"}, 0, mexico, clock.Now)
		o := outbox.NewStore(d, clock.Now)
		s := staff.NewService(d, authz.RoleIDs(testenv.Roles), sh, o, nil, staff.Settings{ReportsChannel: "reports", WeeklyQuota: 10 * time.Hour, Now: clock.Now})
		for run := range 2 {
			if posted, err := s.WriteWeeklyReport(ctx); err != nil || posted != (run == 0) {
				t.Fatalf("run %d: posted %v, %v", run, posted, err)
			}
		}
		w, err := s.LatestWeekly(ctx, moderator("9000"))
		if err != nil || w == nil || len(w.Lines) != staffCount {
			t.Fatalf("latest %+v %v", w, err)
		}
		over := 0
		for i, l := range w.Lines {
			if i > 0 && l.UnderQuota && !w.Lines[i-1].UnderQuota {
				t.Fatalf("line %d is under the quota after one that is not", i)
			}
			if !l.UnderQuota {
				over++
			}
		}
		if over == 0 || over == staffCount {
			t.Fatalf("%d of %d over the quota: the order goes untested", over, staffCount)
		}

		var posts []outbox.Event
		if err := d.Conn(ctx).Where("channel_id = ?", "reports").Order("id").Find(&posts).Error; err != nil {
			t.Fatal(err)
		}
		if len(posts) < 2 {
			t.Fatalf("%d posts for %d members", len(posts), staffCount)
		}
		var shown []string
		for i, p := range posts {
			var msg outbox.ChannelMessage
			if err := json.Unmarshal([]byte(p.Payload), &msg); err != nil {
				t.Fatal(err)
			}
			if p.Kind != outbox.KindChannelMessage || len(msg.Embeds) == 0 || msg.Embeds[len(msg.Embeds)-1].Footer == "" {
				t.Fatalf("post %d: %s %+v", i, p.Kind, msg)
			}
			for j, e := range msg.Embeds {
				first := i == 0 && j == 0
				if first != (e.Title == "Reporte semanal de horas: 02/03 al 08/03/2026") ||
					!first && !strings.Contains(e.Title, "(continuación, ") {
					t.Errorf("post %d, embed %d titled %q", i, j, e.Title)
				}
				shown = append(shown, strings.Split(e.Description, "\n")...)
			}
		}
		// Every line once, in the stored order.
		if len(shown) != staffCount {
			t.Fatalf("%d lines shown for %d members", len(shown), staffCount)
		}
		for i, l := range w.Lines {
			if !strings.HasPrefix(shown[i], "**"+names[l.UserID]+"**: ") || strings.Contains(shown[i], "bajo la cuota") != l.UnderQuota {
				t.Fatalf("line %d shows %q for %+v", i, shown[i], l)
			}
		}
	})
}
