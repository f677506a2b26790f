package tickets_test

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/members"
	"zocalo/core/outbox"
	"zocalo/core/storage"
	"zocalo/core/tickets"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// A 1×1 PNG.
var tinyPNG = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89" +
	"\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")

const (
	authorID  = "530000000000000001"
	supportID = "530000000000000002"
)

// desk is a support desk over d with a player and a support staff member, its storage
// in a temporary directory.
type desk struct {
	*tickets.Service
	d       *db.DB
	clock   *testenv.Clock
	dir     string
	author  *authz.Actor
	support *authz.Actor
}

// newDesk builds the desk; limits, when given, are the member's ticket limits (open at
// once, opened in an hour), else none.
func newDesk(t *testing.T, d *db.DB, limits ...int) *desk {
	t.Helper()
	ctx := context.Background()
	clock := testenv.NewClock(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC))
	m := members.NewService(d, authz.RoleIDs(testenv.Roles), clock.Now)
	for _, s := range []members.Snapshot{
		{DiscordID: authorID, Username: "jugador", InGuild: true},
		{DiscordID: supportID, Username: "soporte", InGuild: true, RoleIDs: testenv.RoleIDs(authz.SoporteTecnico)},
	} {
		if _, err := m.Upsert(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	files, err := storage.NewLocal(dir)
	if err != nil {
		t.Fatal(err)
	}
	settings := tickets.Settings{Channel: "710000000000000004", Now: clock.Now}
	if len(limits) == 2 {
		settings.MaxOpenPerMember, settings.MaxOpenedPerHour = limits[0], limits[1]
	}
	svc := tickets.NewService(d, outbox.NewStore(d, clock.Now), m, files, settings)
	author, err := m.MemberActor(ctx, authorID)
	if err != nil {
		t.Fatal(err)
	}
	support, err := m.MemberActor(ctx, supportID)
	if err != nil {
		t.Fatal(err)
	}
	return &desk{Service: svc, d: d, clock: clock, dir: dir, author: author, support: support}
}

func (k *desk) open(t *testing.T, title string) tickets.View {
	t.Helper()
	v, err := k.tryOpen(k.author, title)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func (k *desk) tryOpen(actor *authz.Actor, title string) (tickets.View, error) {
	return k.Create(context.Background(), actor, tickets.CreateInput{Title: title, Message: "hola"}, k.NewUploads())
}

func (k *desk) ticket(t *testing.T, id string) tickets.Ticket {
	t.Helper()
	var tk tickets.Ticket
	if err := k.d.Conn(context.Background()).Where("id = ?", id).Take(&tk).Error; err != nil {
		t.Fatal(err)
	}
	return tk
}

func (k *desk) count(t *testing.T, model any, where string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := k.d.Conn(context.Background()).Model(model).Where(where, args...).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func storedFiles(t *testing.T, root string) int {
	t.Helper()
	n := 0
	_ = filepath.Walk(root, func(_ string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			n++
		}
		return nil
	})
	return n
}

// One message from a ticket's thread, delivered 20 times at once (a gateway replay, a
// reconnect), is one staff message with one copy of its file.
func TestAThreadMessageIsRecordedOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		v := k.open(t, "No puedo entrar")
		tk := k.ticket(t, v.TicketID)
		if err := k.ThreadOpened(ctx, tk.ID, "720000000000000001"); err != nil {
			t.Fatal(err)
		}
		const n = 20
		var recorded, failed atomic.Int32
		testenv.Together(d, n, func(int) {
			got, err := k.ReplyFromDiscord(ctx, "720000000000000001", supportID, "730000000000000001", "Prueba reiniciar",
				[]tickets.DiscordFile{{Filename: "captura.png", Size: len(tinyPNG), Load: func() ([]byte, error) { return tinyPNG, nil }}})
			if err != nil {
				t.Logf("reply: %v", err)
				failed.Add(1)
			}
			if got.Recorded {
				recorded.Add(1)
			}
		})
		if recorded.Load() != 1 || failed.Load() != 0 {
			t.Errorf("%d recorded, %d failed; want 1 and 0", recorded.Load(), failed.Load())
		}
		if got := k.count(t, &tickets.Message{}, "discord_message_id = ?", "730000000000000001"); got != 1 {
			t.Errorf("%d messages recorded", got)
		}
		if got := k.count(t, &tickets.Attachment{}, "ticket_id = ?", tk.ID); got != 1 {
			t.Errorf("%d attachments", got)
		}
		if got := storedFiles(t, k.dir); got != 1 {
			t.Errorf("%d files in storage, want the one kept", got)
		}
		if got := k.count(t, &tickets.Event{}, "ticket_id = ? AND kind = ?", tk.ID, "status"); got != 1 {
			t.Errorf("%d status changes, want 1 (to waiting on the user)", got)
		}
		// Delivered again later: still one.
		again, err := k.ReplyFromDiscord(ctx, "720000000000000001", supportID, "730000000000000001", "Prueba reiniciar", nil)
		if again.Recorded || err != nil {
			t.Errorf("a late repeat: %+v, %v", again, err)
		}
	})
}

// Recording a ticket's thread is bookkeeping: the ticket keeps its last activity, so
// the queue, ordered by it, does not reorder under staff paging through it.
func TestBookkeepingKeepsTheQueueOrder(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		older := k.open(t, "Primero")
		k.clock.Advance(time.Minute)
		newer := k.open(t, "Segundo")
		opened := k.ticket(t, older.TicketID).UpdatedAt
		if !opened.Equal(older.CreatedAt) {
			t.Fatalf("a new ticket's last activity %v, its creation %v", opened, older.CreatedAt)
		}
		k.clock.Advance(time.Hour)
		if err := k.ThreadOpened(ctx, k.ticket(t, older.TicketID).ID, "720000000000000002"); err != nil {
			t.Fatal(err)
		}
		tk := k.ticket(t, older.TicketID)
		if tk.DiscordThreadID != "720000000000000002" || !tk.UpdatedAt.Equal(opened) {
			t.Fatalf("thread %q, last activity %v → %v", tk.DiscordThreadID, opened, tk.UpdatedAt)
		}
		page, err := k.List(ctx, k.support, tickets.ListQuery{Page: 1, Limit: 1})
		if err != nil {
			t.Fatal(err)
		}
		if len(page.Tickets) != 1 || page.Tickets[0].TicketID != newer.TicketID {
			t.Fatalf("the first page shows %+v, want the newer ticket", page.Tickets)
		}
		page, _ = k.List(ctx, k.support, tickets.ListQuery{Page: 2, Limit: 1})
		if len(page.Tickets) != 1 || page.Tickets[0].TicketID != older.TicketID {
			t.Fatalf("the second page shows %+v, want the older ticket", page.Tickets)
		}
	})
}

// The auto-close job and staff closing one ticket at once close it once: one change in
// its timeline, one audit entry, one post in its thread.
func TestAutoCloseAndStaffCloseAtOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		v := k.open(t, "Resuelto hace tiempo")
		if _, err := k.SetStatus(ctx, k.support, v.TicketID, tickets.StatusResolved); err != nil {
			t.Fatal(err)
		}
		k.clock.Advance(73 * time.Hour)
		const n = 20
		testenv.Together(d, n, func(i int) {
			if i == 0 {
				if _, err := k.AutoClose(ctx); err != nil {
					t.Errorf("auto-close: %v", err)
				}
				return
			}
			if _, err := k.SetStatus(ctx, k.support, v.TicketID, tickets.StatusClosed); err != nil {
				t.Errorf("staff close: %v", err)
			}
		})
		if s := k.ticket(t, v.TicketID).Status; s != tickets.StatusClosed {
			t.Fatalf("status %s", s)
		}
		id := k.ticket(t, v.TicketID).ID
		if got := k.count(t, &tickets.Event{}, "ticket_id = ? AND kind = ? AND after = ?", id, "status", tickets.StatusClosed); got != 1 {
			t.Errorf("%d closes in the timeline", got)
		}
		if got := k.count(t, &audit.Entry{}, "action = ? AND entity_id = ? AND after LIKE ?", "status", v.TicketID, "%closed%"); got != 1 {
			t.Errorf("%d close audits", got)
		}
		if got := k.count(t, &outbox.Event{}, "kind = ? AND payload LIKE ?", tickets.KindPost, `%"kind":"close"%`); got != 1 {
			t.Errorf("%d close posts", got)
		}
	})
}

// A member holds a few tickets at once and opens a few an hour; staff are not limited.
func TestTicketLimits(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d, 2, 3)
		refusal := func(want errs.Kind, msg string) {
			t.Helper()
			_, err := k.tryOpen(k.author, "Uno más")
			if e, ok := errs.As(err); !ok || e.Kind != want || e.Message != msg {
				t.Fatalf("past a limit: %v, want %q", err, msg)
			}
		}
		first := k.open(t, "Uno")
		k.open(t, "Dos")
		refusal(errs.KindConflict, "Ya tienes 2 tickets abiertos. Espera a que se resuelvan antes de abrir otro.")
		if _, err := k.SetStatus(ctx, k.support, first.TicketID, tickets.StatusResolved); err != nil {
			t.Fatal(err)
		}
		third := k.open(t, "Tres")
		if _, err := k.SetStatus(ctx, k.support, third.TicketID, tickets.StatusClosed); err != nil {
			t.Fatal(err)
		}
		refusal(errs.KindRateLimited, "Has abierto 3 tickets en la última hora. Inténtalo más tarde.")
		// Staff open as many as they need.
		for range 5 {
			if _, err := k.tryOpen(k.support, "Por un jugador"); err != nil {
				t.Fatalf("staff: %v", err)
			}
		}
		k.clock.Advance(time.Hour)
		k.open(t, "Cuatro")
		if n := k.count(t, &tickets.Ticket{}, "author_id = ?", authorID); n != 4 {
			t.Fatalf("%d tickets", n)
		}
	})
}

// The first staff reply is kept on the ticket, for the daily chart: a player's message is
// not one, and later staff replies do not move it.
func TestTheFirstStaffReplyIsKept(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		v := k.open(t, "Ayuda")
		k.clock.Advance(time.Minute)
		if _, err := k.Reply(ctx, k.author, v.TicketID, "¿Alguien?", nil); err != nil {
			t.Fatal(err)
		}
		if tk := k.ticket(t, v.TicketID); tk.FirstStaffAt != nil {
			t.Fatalf("the player's own message counted as the first staff reply: %v", tk.FirstStaffAt)
		}
		k.clock.Advance(9 * time.Minute)
		first := k.clock.Now()
		for range 2 {
			if _, err := k.Reply(ctx, k.support, v.TicketID, "Ya lo vemos.", nil); err != nil {
				t.Fatal(err)
			}
			k.clock.Advance(time.Hour)
		}
		if tk := k.ticket(t, v.TicketID); tk.FirstStaffAt == nil || !tk.FirstStaffAt.Equal(first) {
			t.Fatalf("first staff reply %v, want %v", tk.FirstStaffAt, first)
		}
	})
}

// A member's figures count the tickets they answered and the people they served, each once
// however many replies, even twenty at once; recounting from the replies agrees.
func TestStaffFiguresCountFirstReplies(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		a, b, c := k.open(t, "Uno"), k.open(t, "Dos"), k.open(t, "Tres")
		if err := d.Conn(ctx).Model(&tickets.Ticket{}).Where("id = ?", c.TicketID).Update("author_id", "900000000000000009").Error; err != nil {
			t.Fatal(err)
		}
		reply := func(id string) {
			if _, err := k.Reply(ctx, k.support, id, "Te ayudamos.", nil); err != nil {
				t.Error(err)
			}
		}
		var wg sync.WaitGroup
		for range 20 {
			wg.Go(func() { reply(a.TicketID) })
		}
		wg.Wait()
		reply(b.TicketID)
		reply(c.TicketID)
		reply(c.TicketID)
		check := func(when string) {
			t.Helper()
			answered, people, _, err := k.StaffFigures(ctx, supportID)
			if err != nil || answered != 3 || people != 2 {
				t.Fatalf("%s: %d tickets, %d people, %v; want 3 and 2", when, answered, people, err)
			}
		}
		check("as replied")
		if err := tickets.RecountServed(ctx, d); err != nil {
			t.Fatal(err)
		}
		check("recounted")
	})
}
