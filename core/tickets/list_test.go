package tickets_test

import (
	"context"
	"testing"

	"zocalo/core/db"
	"zocalo/core/tickets"
	"zocalo/internal/testdb"
)

// A filter or a search counts its matches up to a bound and says when there are more; its
// last page, and any page past the bound, still come back whole.
func TestListCountsMatchesUpToABound(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		first := k.ticket(t, k.open(t, "Multa injusta").TicketID)
		// 1,050 more, copied by the database: 1,051 say "multa", all of one priority.
		cols := "title, category, status, priority, author_id, author_name, created_at, updated_at, last_message_at"
		if err := d.Conn(ctx).Exec(`WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1050)
			INSERT INTO tickets (` + cols + `) SELECT ` + cols + ` FROM tickets CROSS JOIN n`).Error; err != nil {
			t.Fatal(err)
		}
		list := func(q tickets.ListQuery) tickets.ListResult {
			t.Helper()
			got, err := k.List(ctx, k.support, q)
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		var newest []string // every ticket, newest activity first
		for p := 1; ; p++ {
			got := list(tickets.ListQuery{Page: p, Limit: 100})
			for _, v := range got.Tickets {
				newest = append(newest, v.TicketID)
			}
			if len(got.Tickets) < 100 {
				break
			}
		}
		for _, q := range []tickets.ListQuery{{Search: "multa"}, {Priority: first.Priority}, {Category: first.Category}} {
			q.Page, q.Limit = 1, 25
			got := list(q)
			if len(got.Tickets) != 25 || got.Total != tickets.MaxCounted || !got.TotalCapped {
				t.Fatalf("%+v: %d rows, total %d, capped %v", q, len(got.Tickets), got.Total, got.TotalCapped)
			}
			// Whichever way the page is read, it is the newest of the matches.
			for i, v := range got.Tickets {
				if v.TicketID != newest[i] {
					t.Fatalf("%+v: row %d is #%s, want #%s", q, i, v.TicketID, newest[i])
				}
			}
			// Past the bound the count reaches the page asked for, and more are still said to be there.
			q.Page = 41
			got = list(q)
			if len(got.Tickets) != 25 || got.Total != 41*25 || !got.TotalCapped || got.Tickets[0].TicketID != newest[40*25] {
				t.Fatalf("%+v: %d rows, total %d, capped %v", q, len(got.Tickets), got.Total, got.TotalCapped)
			}
			// The last page knows the exact number.
			q.Page = 43
			if got := list(q); len(got.Tickets) != 1 || got.Total != 1051 || got.TotalCapped {
				t.Fatalf("%+v: %d rows, total %d, capped %v", q, len(got.Tickets), got.Total, got.TotalCapped)
			}
			// Past the last page: nothing, and the exact number.
			q.Page = 50
			if got := list(q); len(got.Tickets) != 0 || got.Total != 1051 || got.TotalCapped {
				t.Fatalf("%+v: %d rows, total %d, capped %v", q, len(got.Tickets), got.Total, got.TotalCapped)
			}
		}
		if got := list(tickets.ListQuery{Page: 1, Limit: 25, Priority: other(first.Priority)}); len(got.Tickets) != 0 || got.Total != 0 || got.TotalCapped {
			t.Fatalf("no match: %+v", got)
		}
		// Staff's usual view reads the tallies: exact, whatever the number.
		if got := list(tickets.ListQuery{Page: 1, Limit: 25}); got.Total != 1051 || got.TotalCapped {
			t.Fatalf("all tickets: total %d, capped %v", got.Total, got.TotalCapped)
		}
	})
}

func other(priority string) string {
	if priority == tickets.PriorityHigh {
		return tickets.PriorityLow
	}
	return tickets.PriorityHigh
}
