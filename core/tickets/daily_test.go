package tickets_test

import (
	"context"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/tickets"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

func TestDailyFigures(t *testing.T) {
	t.Parallel()
	mexico, err := time.LoadLocation("America/Mexico_City")
	if err != nil {
		t.Fatal(err)
	}
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		// Tuesday 2026-11-17 10:00 in Mexico City (16:00 UTC).
		clock := testenv.NewClock(time.Date(2026, 11, 17, 10, 0, 0, 0, mexico))
		svc := tickets.NewService(d, nil, nil, nil, tickets.Settings{Now: clock.Now, Location: mexico})
		at := func(day, hour, minute int) time.Time {
			return time.Date(2026, 11, day, hour, minute, 0, 0, mexico).UTC()
		}
		ticket := func(created time.Time, resolved *time.Time, staffReplies ...time.Time) {
			t.Helper()
			tk := tickets.Ticket{Title: "t", Category: tickets.CategoryOther, Status: tickets.StatusOpen, Priority: tickets.PriorityLow,
				AuthorID: "1", AuthorName: "jugador", CreatedAt: created, UpdatedAt: created, LastMessageAt: created, ResolvedAt: resolved}
			if len(staffReplies) > 0 {
				tk.FirstStaffAt = &staffReplies[0] // as a reply through the service keeps it
			}
			if err := d.Conn(ctx).Create(&tk).Error; err != nil {
				t.Fatal(err)
			}
			msgs := []tickets.Message{
				{TicketID: tk.ID, SenderType: tickets.SenderUser, Content: "hola", CreatedAt: created},
				// The automatic reply at once is not a staff reply.
				{TicketID: tk.ID, SenderType: tickets.SenderAI, Content: "te atendemos pronto", CreatedAt: created},
			}
			for _, r := range staffReplies {
				msgs = append(msgs, tickets.Message{TicketID: tk.ID, SenderType: tickets.SenderStaff, SenderID: "2", Content: "ok", CreatedAt: r})
			}
			if err := d.Conn(ctx).Create(&msgs).Error; err != nil {
				t.Fatal(err)
			}
		}
		ptr := func(t time.Time) *time.Time { return &t }
		// Monday 16th, community time: 23:30 is already Tuesday in UTC, and still counts on Monday.
		ticket(at(16, 9, 0), ptr(at(16, 11, 0)), at(16, 9, 10), at(16, 9, 50)) // first reply 10 min, resolved in 2 h
		ticket(at(16, 23, 30), ptr(at(17, 1, 30)), at(16, 23, 50))             // 20 min; resolved Tuesday, 2 h
		ticket(at(16, 12, 0), nil)                                             // never answered
		// Tuesday 17th.
		ticket(at(17, 8, 0), ptr(at(17, 9, 0)), at(17, 8, 30)) // 30 min; resolved in 1 h
		ticket(at(14, 8, 0), ptr(at(17, 8, 0)))                // opened before the span, resolved Tuesday in 72 h

		rows, err := svc.Daily(ctx, &authz.Actor{DiscordID: "2", Roles: authz.RoleSet{authz.SoporteTecnico: true}}, 2)
		if err != nil {
			t.Fatal(err)
		}
		sec := func(n int64) *int64 { return &n }
		want := []tickets.DayFigures{
			{Day: "2026-11-16", Opened: 3, Resolved: 1, MedianFirstResponseSeconds: sec(15 * 60), MedianResolutionSeconds: sec(2 * 3600)},
			// Resolutions of 2 h, 1 h and 72 h: the median is 2 h.
			{Day: "2026-11-17", Opened: 1, Resolved: 3, MedianFirstResponseSeconds: sec(30 * 60), MedianResolutionSeconds: sec(2 * 3600)},
		}
		if len(rows) != len(want) {
			t.Fatalf("rows %+v", rows)
		}
		for i, w := range want {
			g := rows[i]
			if g.Day != w.Day || g.Opened != w.Opened || g.Resolved != w.Resolved || *g.MedianFirstResponseSeconds != *w.MedianFirstResponseSeconds ||
				*g.MedianResolutionSeconds != *w.MedianResolutionSeconds {
				t.Fatalf("day %d: %+v (first %v, resolution %v), want %+v", i, g, *g.MedianFirstResponseSeconds, *g.MedianResolutionSeconds, w)
			}
		}
		month, err := svc.Daily(ctx, &authz.Actor{DiscordID: "2", Roles: authz.RoleSet{authz.SoporteTecnico: true}}, 0)
		if err != nil || len(month) != tickets.DefaultDailyDays || month[0].Day != "2026-10-19" || month[0].MedianFirstResponseSeconds != nil {
			t.Fatalf("default span: %d rows, first %+v, %v", len(month), month[0], err)
		}
		if _, err := svc.Daily(ctx, &authz.Actor{DiscordID: "1", Roles: authz.RoleSet{}}, 2); errs.KindOf(err) != errs.KindForbidden {
			t.Fatalf("a player read the daily figures: %v", err)
		}
	})
}

// The chart groups in SQL: a span with more tickets than either engine takes as bound
// parameters (65,535 on PostgreSQL, 32,766 on SQLite) is counted, and its medians found.
func TestDailyFiguresPastTheParameterLimits(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 17, 18, 0, 0, 0, time.UTC)
		svc := tickets.NewService(d, nil, nil, nil, tickets.Settings{Now: func() time.Time { return now }, Location: time.UTC})
		// Seven tickets a day on two days, answered after 1 … 7 minutes and resolved after
		// 1 … 7 hours; copied 5,000 times by the database itself.
		var seed []tickets.Ticket
		for day := range 2 {
			for i := range 7 {
				created := time.Date(2026, 11, 16+day, 9, i, 0, 0, time.UTC)
				first, resolved := created.Add(time.Duration(i+1)*time.Minute), created.Add(time.Duration(i+1)*time.Hour)
				seed = append(seed, tickets.Ticket{Title: "t", Category: tickets.CategoryOther, Status: tickets.StatusResolved,
					Priority: tickets.PriorityLow, AuthorID: "1", AuthorName: "jugador", CreatedAt: created, UpdatedAt: created,
					LastMessageAt: created, FirstStaffAt: &first, ResolvedAt: &resolved})
			}
		}
		if err := d.Conn(ctx).Create(&seed).Error; err != nil {
			t.Fatal(err)
		}
		// Past each engine's own limit; without the tallies' triggers and the search index,
		// which this test does not read, so the copies take a fraction of a second.
		copies := 5000
		if d.Dialect() == db.SQLite {
			copies = 2400 // 33,614 tickets
			var triggers []string
			if err := d.Conn(ctx).Raw("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'tickets'").Scan(&triggers).Error; err != nil {
				t.Fatal(err)
			}
			for _, name := range triggers {
				if err := d.Conn(ctx).Exec("DROP TRIGGER " + name).Error; err != nil {
					t.Fatal(err)
				}
			}
		} else if err := d.Conn(ctx).Exec("ALTER TABLE tickets DISABLE TRIGGER USER; ALTER TABLE tickets DROP COLUMN search_words").Error; err != nil {
			t.Fatal(err)
		}
		cols := "title, category, status, priority, author_id, author_name, created_at, updated_at, last_message_at, first_staff_at, resolved_at"
		if err := d.Conn(ctx).Exec(`WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?)
			INSERT INTO tickets (`+cols+`) SELECT `+cols+` FROM tickets CROSS JOIN n`, copies).Error; err != nil {
			t.Fatal(err)
		}
		rows, err := svc.Daily(ctx, &authz.Actor{DiscordID: "2", Roles: authz.RoleSet{authz.SoporteTecnico: true}}, 2)
		if err != nil {
			t.Fatal(err)
		}
		perDay := int64(7 * (copies + 1))
		for i, r := range rows {
			// Resolved the same day (09:00 + up to 7 h); the middle of 1 … 7 is 4.
			if r.Opened != perDay || r.Resolved != perDay || r.MedianFirstResponseSeconds == nil || *r.MedianFirstResponseSeconds != 4*60 ||
				r.MedianResolutionSeconds == nil || *r.MedianResolutionSeconds != 4*3600 {
				t.Fatalf("day %d: %+v", i, r)
			}
		}
	})
}

// The chart keeps the days it computed and forgets a day when one of its tickets opens,
// is first answered, is resolved or reopened, or goes; a day kept is trusted for an hour.
func TestDailyFiguresKeepUpWithChanges(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := testenv.NewClock(time.Date(2026, 11, 17, 18, 0, 0, 0, time.UTC))
		svc := tickets.NewService(d, nil, nil, nil, tickets.Settings{Now: clock.Now, Location: time.UTC})
		staffer := &authz.Actor{DiscordID: "2", Roles: authz.RoleSet{authz.SoporteTecnico: true}}
		monday := func() tickets.DayFigures {
			t.Helper()
			rows, err := svc.Daily(ctx, staffer, 2)
			if err != nil || len(rows) != 2 || rows[0].Day != "2026-11-16" {
				t.Fatalf("rows %+v, %v", rows, err)
			}
			return rows[0]
		}
		at := func(hour int) time.Time { return time.Date(2026, 11, 16, hour, 0, 0, 0, time.UTC) }
		add := func(created time.Time, first, resolved *time.Time) tickets.Ticket {
			t.Helper()
			tk := tickets.Ticket{Title: "t", Category: tickets.CategoryOther, Status: tickets.StatusOpen, Priority: tickets.PriorityLow,
				AuthorID: "1", AuthorName: "jugador", CreatedAt: created, UpdatedAt: created, LastMessageAt: created, FirstStaffAt: first, ResolvedAt: resolved}
			if err := d.Conn(ctx).Create(&tk).Error; err != nil {
				t.Fatal(err)
			}
			return tk
		}
		ptr := func(t time.Time) *time.Time { return &t }
		first := add(at(9), ptr(at(10)), ptr(at(12)))
		if got := monday(); got.Opened != 1 || got.Resolved != 1 || *got.MedianFirstResponseSeconds != 3600 {
			t.Fatalf("monday %+v", got)
		}
		var kept int64
		d.Conn(ctx).Model(&tickets.DayCache{}).Count(&kept)
		if kept != 2 {
			t.Fatalf("%d days kept, want 2", kept)
		}
		// Read from what was kept: a figure changed there shows.
		d.Conn(ctx).Model(&tickets.DayCache{}).Where("opened = 1").Update("opened", 99)
		if got := monday(); got.Opened != 99 {
			t.Fatalf("the kept day was not read: %+v", got)
		}
		// A new ticket that day forgets it.
		second := add(at(11), nil, nil)
		if got := monday(); got.Opened != 2 || *got.MedianFirstResponseSeconds != 3600 {
			t.Fatalf("after a new ticket %+v", got)
		}
		// Its first staff reply, days later, too.
		clock.Advance(time.Minute)
		d.Conn(ctx).Model(&second).Update("first_staff_at", at(14))
		if got := monday(); *got.MedianFirstResponseSeconds != (3600+3*3600)/2 {
			t.Fatalf("after a late first reply %+v", got)
		}
		// Reopened: no longer resolved that day.
		d.Conn(ctx).Model(&first).Update("resolved_at", nil)
		if got := monday(); got.Resolved != 0 || got.MedianResolutionSeconds != nil {
			t.Fatalf("after reopening %+v", got)
		}
		// Gone.
		d.Conn(ctx).Delete(&second)
		if got := monday(); got.Opened != 1 || *got.MedianFirstResponseSeconds != 3600 {
			t.Fatalf("after a deletion %+v", got)
		}
		// A day kept is trusted for an hour, then computed again.
		d.Conn(ctx).Model(&tickets.DayCache{}).Where("opened = 1").Update("opened", 99)
		clock.Advance(61 * time.Minute)
		if got := monday(); got.Opened != 1 {
			t.Fatalf("a day kept past its hour %+v", got)
		}
	})
}
