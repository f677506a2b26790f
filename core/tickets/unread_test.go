package tickets_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/core/tickets"
	"zocalo/internal/testdb"
)

// The badge's count names its tickets, and the author's list marks the same ones: those
// with a staff message after the author last read them. Reading one clears its mark.
func TestUnreadTicketsAreNamedAndMarkedOnTheList(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		answered := k.open(t, "No puedo entrar")
		k.clock.Advance(time.Minute)
		quiet := k.open(t, "Duda de la tienda")
		k.clock.Advance(time.Minute)
		if _, err := k.Reply(ctx, k.support, answered.TicketID, "¿Qué error ves?", k.NewUploads()); err != nil {
			t.Fatal(err)
		}
		marks := func() map[string]bool {
			t.Helper()
			list, err := k.List(ctx, k.author, tickets.ListQuery{Page: 1, Limit: 10})
			if err != nil {
				t.Fatal(err)
			}
			out := map[string]bool{}
			for _, v := range list.Tickets {
				out[v.TicketID] = v.Unread
			}
			return out
		}
		unread, err := k.Unread(ctx, k.author)
		if err != nil || unread.Count != 1 || !slices.Equal(unread.TicketIDs, []string{answered.TicketID}) {
			t.Fatalf("unread = %+v, %v; want only #%s", unread, err, answered.TicketID)
		}
		if m := marks(); !m[answered.TicketID] || m[quiet.TicketID] {
			t.Fatalf("list marks %v; want #%s alone", m, answered.TicketID)
		}
		// Staff see every ticket; none is unread for them, whoever answered.
		staffList, err := k.List(ctx, k.support, tickets.ListQuery{Page: 1, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range staffList.Tickets {
			if v.Unread {
				t.Errorf("staff's list marks #%s unread", v.TicketID)
			}
		}

		k.clock.Advance(time.Minute)
		if _, err := k.Get(ctx, k.author, answered.TicketID); err != nil {
			t.Fatal(err)
		}
		if m := marks(); m[answered.TicketID] {
			t.Fatalf("a ticket just read is still marked: %v", m)
		}
		if unread, _ := k.Unread(ctx, k.author); unread.Count != 0 || len(unread.TicketIDs) != 0 {
			t.Fatalf("unread after reading = %+v", unread)
		}
	})
}
