package tickets_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/live"
	"zocalo/core/members"
	"zocalo/core/outbox"
	"zocalo/core/tickets"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

const secretNote = "El jugador ya tuvo dos avisos: revisar historial antes de responder"

// A staff note is stored and shown to staff only: the author's view, transcript, DMs and
// live events never carry it; the staff thread gets it.
func TestANoteIsNeverShownToTheAuthor(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		k.Service.PublishLive(live.NewPublisher(d, k.clock.Now))
		tk := threadTicket(t, k, "720000000000000101")
		id := tk.PublicID()

		if _, err := k.AddNote(ctx, k.author, id, "soy el autor"); errs.KindOf(err) != errs.KindForbidden {
			t.Fatalf("the author writing a note: %v, want forbidden", err)
		}
		staffView, err := k.AddNote(ctx, k.support, id, "  "+secretNote+"  ")
		if err != nil {
			t.Fatal(err)
		}
		if len(staffView.Notes) != 1 || staffView.Notes[0].Content != secretNote || staffView.Notes[0].AuthorName != "soporte" {
			t.Fatalf("staff's view of the notes: %+v", staffView.Notes)
		}
		if !staffView.CanAddNote {
			t.Error("staff's view does not offer notes")
		}
		// Staff may reply after it: the note is not a message of the conversation.
		if _, err := k.Reply(ctx, k.support, id, "Hola, ¿sigues con el problema?", nil); err != nil {
			t.Fatal(err)
		}

		authorView, err := k.Get(ctx, k.author, id)
		if err != nil {
			t.Fatal(err)
		}
		if authorView.Notes != nil || authorView.CanAddNote {
			t.Errorf("the author's view carries notes %+v (may add: %v)", authorView.Notes, authorView.CanAddNote)
		}
		for _, m := range authorView.Messages {
			if strings.Contains(m.Content, "avisos") {
				t.Errorf("the note is a message of the author's view: %+v", m)
			}
		}
		page, err := k.Transcript(ctx, k.author, id, nil)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(page), "avisos") || strings.Contains(string(page), "Nota interna") {
			t.Error("the author's transcript shows the note")
		}
		page, err = k.Transcript(ctx, k.support, id, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(page), "Nota interna") || !strings.Contains(string(page), "revisar historial") {
			t.Error("staff's transcript lacks the note")
		}

		var events []outbox.Event
		if err := d.Conn(ctx).Where("payload LIKE ?", "%avisos%").Find(&events).Error; err != nil {
			t.Fatal(err)
		}
		if len(events) != 1 || events[0].Kind != tickets.KindPost || !strings.Contains(events[0].Payload, `"kind":"note"`) ||
			events[0].ChannelID != "710000000000000004" {
			t.Errorf("outbox events carrying the note: %+v, want the one thread post in the staff channel", events)
		}
		var liveEvents []live.Event
		if err := d.Conn(ctx).Where("payload LIKE ?", "%avisos%").Find(&liveEvents).Error; err != nil {
			t.Fatal(err)
		}
		if len(liveEvents) != 1 || liveEvents[0].Audience != live.AudienceTicketStaff || liveEvents[0].Kind != live.KindTicketNote {
			t.Fatalf("live events carrying the note: %+v", liveEvents)
		}
		if tickets.MayReadNotes(k.author, liveEvents[0].Subject) || !tickets.MayReadNotes(k.support, liveEvents[0].Subject) {
			t.Error("the note's live audience admits the author or leaves staff out")
		}
		// A staff member's own ticket: its notes are not theirs to read either.
		if tickets.MayReadNotes(k.support, supportID) {
			t.Error("staff read the notes of their own ticket")
		}
	})
}

// Bad notes change nothing: empty, too long, on a closed ticket, on a ticket the writer
// cannot read, or with /nota outside a ticket's thread.
func TestBadNotesChangeNothing(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		tk := threadTicket(t, k, "720000000000000102")
		id := tk.PublicID()
		cases := []struct {
			name string
			run  func() error
			want errs.Kind
		}{
			{"empty", func() error { _, err := k.AddNote(ctx, k.support, id, "   "); return err }, errs.KindInvalid},
			{"too long", func() error {
				_, err := k.AddNote(ctx, k.support, id, strings.Repeat("a", tickets.MaxMessage+1))
				return err
			}, errs.KindInvalid},
			{"unknown ticket", func() error { _, err := k.AddNote(ctx, k.support, "999999", "x"); return err }, errs.KindNotFound},
			{"not a thread", func() error {
				_, _, err := k.AddNoteInThread(ctx, k.support, "720000000000009999", "x")
				return err
			}, errs.KindInvalid},
		}
		for _, c := range cases {
			if err := c.run(); errs.KindOf(err) != c.want {
				t.Errorf("%s: %v, want %v", c.name, err, c.want)
			}
		}
		if _, err := k.SetStatus(ctx, k.support, id, tickets.StatusClosed); err != nil {
			t.Fatal(err)
		}
		if _, err := k.AddNote(ctx, k.support, id, "tarde"); errs.KindOf(err) != errs.KindConflict {
			t.Errorf("a note on a closed ticket: %v, want a conflict", err)
		}
		if n := k.count(t, &tickets.Note{}, "ticket_id = ?", tk.ID); n != 0 {
			t.Errorf("%d notes stored", n)
		}
		// In the thread, /nota finds the ticket.
		open := threadTicket(t, k, "720000000000000103")
		v, inThread, err := k.AddNoteInThread(ctx, k.support, "720000000000000103", "desde el hilo")
		if err != nil || v.TicketID != open.PublicID() || len(v.Notes) != 1 || !inThread {
			t.Errorf("/nota in the thread: %+v, posted there: %v, %v", v, inThread, err)
		}
	})
}

// One note sent 20 times at once with one key (a double click, a Discord interaction
// delivered again) is one note, one audit entry and one thread post.
func TestANoteSentTwiceAtOnceIsOneNote(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		tk := threadTicket(t, k, "720000000000000104")
		const n = 20
		var ok, replayed atomic.Int32
		testenv.Together(d, n, func(int) {
			c := idempotency.With(ctx, &idempotency.Request{Scope: "discord.interaction", Key: "740000000000000001"})
			_, _, err := k.AddNoteInThread(c, k.support, "720000000000000104", "Revisar con el equipo técnico")
			switch {
			case err == nil:
				ok.Add(1)
			case errors.Is(err, idempotency.ErrReplay):
				replayed.Add(1)
			default:
				t.Errorf("note: %v", err)
			}
		})
		if ok.Load() != 1 || replayed.Load() != n-1 {
			t.Errorf("%d written, %d replayed; want 1 and %d", ok.Load(), replayed.Load(), n-1)
		}
		if got := k.count(t, &tickets.Note{}, "ticket_id = ?", tk.ID); got != 1 {
			t.Errorf("%d notes", got)
		}
		if got := k.count(t, &audit.Entry{}, "action = ? AND entity_id = ?", "note", tk.PublicID()); got != 1 {
			t.Errorf("%d audit entries", got)
		}
		if got := k.count(t, &outbox.Event{}, "kind = ? AND payload LIKE ?", tickets.KindPost, `%"kind":"note"%`); got != 1 {
			t.Errorf("%d thread posts", got)
		}
	})
}

// Closing a ticket tells its author by DM, with the link to rate the support; the close
// repeated at once sends one DM.
func TestClosingATicketTellsTheAuthorWithTheRatingLink(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		tk := threadTicket(t, k, "720000000000000105")
		testenv.Together(d, 20, func(int) {
			if _, err := k.SetStatus(ctx, k.support, tk.PublicID(), tickets.StatusClosed); err != nil {
				t.Errorf("close: %v", err)
			}
		})
		var dms []outbox.Event
		if err := d.Conn(ctx).Where("kind = ? AND channel_id = ?", outbox.KindDM, "dm:"+authorID).Find(&dms).Error; err != nil {
			t.Fatal(err)
		}
		if len(dms) != 1 {
			t.Fatalf("%d DMs to the author, want 1", len(dms))
		}
		want := tickets.RatingURL("", tk.ID)
		if !strings.Contains(dms[0].Payload, "fue cerrado") || !strings.Contains(dms[0].Payload, want) {
			t.Errorf("the DM %s lacks the close or the rating link %s", dms[0].Payload, want)
		}
	})
}

// A note on a ticket whose author reads the staff's threads (support staff, or any STAFF
// or ADMIN role) stays on the portal: other staff read it there and in their live events,
// and nothing of it is queued for Discord, where the author would read it. When the author
// becomes staff after a note was queued, the bot is told not to post it.
func TestANoteOnAStaffMembersTicketStaysOffDiscord(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		k.Service.PublishLive(live.NewPublisher(d, k.clock.Now))
		m := members.NewService(d, authz.RoleIDs(testenv.Roles), k.clock.Now)
		const moderatorID = "530000000000000003"
		if _, err := m.Upsert(ctx, members.Snapshot{DiscordID: moderatorID, Username: "moderador", InGuild: true,
			RoleIDs: testenv.RoleIDs(authz.Moderador)}); err != nil {
			t.Fatal(err)
		}
		moderator, err := m.MemberActor(ctx, moderatorID)
		if err != nil {
			t.Fatal(err)
		}
		v, err := k.Create(ctx, moderator, tickets.CreateInput{Title: "Mi propio problema", Message: "No me carga"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		tk := k.ticket(t, v.TicketID)
		if err := k.ThreadOpened(ctx, tk.ID, "720000000000000106"); err != nil {
			t.Fatal(err)
		}

		staffView, inThread, err := k.AddNoteInThread(ctx, k.support, "720000000000000106", secretNote)
		if err != nil {
			t.Fatal(err)
		}
		if inThread || len(staffView.Notes) != 1 || staffView.Notes[0].Content != secretNote {
			t.Fatalf("the note: posted in the thread %v, staff's view %+v", inThread, staffView.Notes)
		}
		if n := k.count(t, &outbox.Event{}, "payload LIKE ?", "%avisos%"); n != 0 {
			t.Errorf("%d outbox events carry the note of a staff member's ticket", n)
		}
		var liveEvents []live.Event
		if err := d.Conn(ctx).Where("payload LIKE ?", "%avisos%").Find(&liveEvents).Error; err != nil {
			t.Fatal(err)
		}
		if len(liveEvents) != 1 || liveEvents[0].Audience != live.AudienceTicketStaff || tickets.MayReadNotes(moderator, liveEvents[0].Subject) {
			t.Errorf("live events carrying the note: %+v", liveEvents)
		}
		if own, err := k.Get(ctx, moderator, v.TicketID); err != nil || own.Notes != nil {
			t.Errorf("the author's view: %+v, %v", own.Notes, err)
		}
		if n := k.count(t, &audit.Entry{}, "action = ? AND entity_id = ?", "note", tk.PublicID()); n != 1 {
			t.Errorf("%d audit entries for the note", n)
		}

		// A player's ticket: the note goes to the thread, until the player becomes staff.
		player := threadTicket(t, k, "720000000000000107")
		if _, inThread, err := k.AddNoteInThread(ctx, k.support, "720000000000000107", "Nota para el hilo"); err != nil || !inThread {
			t.Fatalf("a note on a player's ticket: posted in the thread %v, %v", inThread, err)
		}
		if n := k.count(t, &outbox.Event{}, "kind = ? AND payload LIKE ?", tickets.KindPost, "%Nota para el hilo%"); n != 1 {
			t.Fatalf("%d thread posts of the note on a player's ticket", n)
		}
		if ok, err := k.NoteToThreadOfTicket(ctx, player.ID); err != nil || !ok {
			t.Fatalf("before the player is staff: %v, %v", ok, err)
		}
		if _, err := m.Upsert(ctx, members.Snapshot{DiscordID: authorID, Username: "jugador", InGuild: true,
			RoleIDs: testenv.RoleIDs(authz.Trial)}); err != nil {
			t.Fatal(err)
		}
		if ok, err := k.NoteToThreadOfTicket(ctx, player.ID); err != nil || ok {
			t.Fatalf("once the author is staff, a queued note would still be posted: %v, %v", ok, err)
		}
	})
}

// Who reads the staff's ticket threads: support staff and anyone with a STAFF or ADMIN
// role, even one the matrix gives no support right; not players, treasurers or legislators.
func TestWhoReadsTheStaffsThreads(t *testing.T) {
	t.Parallel()
	noSupport := map[authz.Panel]authz.Flags{}
	for _, c := range []struct {
		name  string
		actor *authz.Actor
		want  bool
	}{
		{"a player", &authz.Actor{DiscordID: "1"}, false},
		{"a treasurer", &authz.Actor{DiscordID: "2", Roles: authz.RoleSet{authz.Tesoreria: true}}, false},
		{"a deputy", &authz.Actor{DiscordID: "3", Roles: authz.RoleSet{authz.Diputado: true}}, false},
		{"a trial moderator", &authz.Actor{DiscordID: "4", Roles: authz.RoleSet{authz.Trial: true}}, true},
		{"support", &authz.Actor{DiscordID: "5", Roles: authz.RoleSet{authz.SoporteTecnico: true}}, true},
		{"RH without the support panel", &authz.Actor{DiscordID: "6", Roles: authz.RoleSet{authz.RH: true}, Panels: noSupport}, true},
		{"nobody", nil, false},
	} {
		if got := tickets.ReadsStaffThreads(c.actor); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
