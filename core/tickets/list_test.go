package tickets_test

import (
	"context"
	"strings"
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
			most := int64(tickets.MaxCounted)
			if q.Search != "" {
				most = tickets.MaxCountedSearch
			}
			if len(got.Tickets) != 25 || got.Total != most || !got.TotalCapped {
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

// A search finds the same matches, counts them the same and pages them newest first
// whichever way its count is taken: a word on many of the newest tickets ("robo"), a word
// on many old ones only ("multa"), and a word on a few of the newest ("queja").
func TestSearchesCountTheSameWhereverTheirWordsStand(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		cols := "title, category, status, priority, author_id, author_name, created_at, updated_at, last_message_at"
		// Copies are newer than the ticket they copy: the list breaks equal times by id.
		copies := func(title string, n int) {
			t.Helper()
			id := k.open(t, title).TicketID
			if err := d.Conn(ctx).Exec(`WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < ?)
				INSERT INTO tickets (`+cols+`) SELECT `+cols+` FROM tickets CROSS JOIN n WHERE tickets.id = ?`, n, id).Error; err != nil {
				t.Fatal(err)
			}
		}
		copies("Multa injusta", 1050)
		copies("Robo de vehículo", 1099)
		copies("Queja del vecino", 39)
		list := func(q tickets.ListQuery) tickets.ListResult {
			t.Helper()
			got, err := k.List(ctx, k.support, q)
			if err != nil {
				t.Fatal(err)
			}
			return got
		}
		var newest []tickets.View // every ticket, newest activity first
		for p := 1; ; p++ {
			got := list(tickets.ListQuery{Page: p, Limit: 100})
			newest = append(newest, got.Tickets...)
			if len(got.Tickets) < 100 {
				break
			}
		}
		for _, c := range []struct {
			word    string
			matches int
		}{{"multa", 1051}, {"robo", 1100}, {"queja", 40}} {
			var want []string
			for _, v := range newest {
				if strings.Contains(strings.ToLower(v.Title), c.word) {
					want = append(want, v.TicketID)
				}
			}
			if len(want) != c.matches {
				t.Fatalf("%s: %d tickets hold it, want %d", c.word, len(want), c.matches)
			}
			last := (c.matches + 24) / 25
			for _, p := range []int{1, 2, last} {
				got := list(tickets.ListQuery{Page: p, Limit: 25, Search: c.word})
				total, capped := int64(c.matches), false
				if bound := max(tickets.MaxCountedSearch, p*25); c.matches > bound {
					total, capped = int64(bound), true
				}
				if got.Total != total || got.TotalCapped != capped {
					t.Fatalf("%s, page %d: total %d capped %v, want %d %v", c.word, p, got.Total, got.TotalCapped, total, capped)
				}
				page := want[(p-1)*25 : min(p*25, len(want))]
				if len(got.Tickets) != len(page) {
					t.Fatalf("%s, page %d: %d rows, want %d", c.word, p, len(got.Tickets), len(page))
				}
				for i, v := range got.Tickets {
					if v.TicketID != page[i] {
						t.Fatalf("%s, page %d: row %d is #%s, want #%s", c.word, p, i, v.TicketID, page[i])
					}
				}
			}
		}
	})
}
