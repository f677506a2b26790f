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
