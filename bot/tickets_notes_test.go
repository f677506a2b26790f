package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"zocalo/core"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/members"
	"zocalo/core/outbox"
	"zocalo/core/storage"
	"zocalo/core/tickets"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// A new ticket's card mentions its category's role and allows that mention only; a staff
// note shows in the thread and never in the player's DMs; closing sends the player the
// link to rate the support.
func TestTicketPingNoteAndCloseDM(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		const pingRole = "790000000000000001"
		r := newRig(t, d)
		r.cfg.Tickets.PingRoles.SoporteTecnico = pingRole
		files, err := storage.NewLocal(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		r.app = core.New(d, r.cfg.CoreSettings(r.cfg.JWTSecret, nil), core.Deps{Files: files})
		ctx := context.Background()
		staffCh := r.cfg.Channels.StaffTickets
		r.fake.AddChannel(staffCh, "tickets-staff")
		r.member("530000000000000011", "jugador")
		r.member("530000000000000013", "soporte", authz.SoporteTecnico)
		r.start(r.newBot(), true)
		r.eventually("the start reconcile", func() bool { return len(r.rolesOf("530000000000000013")) == 1 })
		player, _ := r.app.Members.MemberActor(ctx, "530000000000000011")
		support, _ := r.app.Members.MemberActor(ctx, "530000000000000013")

		v, err := r.app.Tickets.Create(ctx, player, tickets.CreateInput{Title: "No carga el mapa", Category: tickets.CategorySupport,
			Message: "Se queda en negro"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		other, err := r.app.Tickets.Create(ctx, player, tickets.CreateInput{Title: "Una duda", Category: tickets.CategoryOther,
			Message: "¿Cómo entro?"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		r.eventually("both threads open", func() bool { return len(r.fake.Threads(staffCh)) == 2 })
		cards := r.fake.Messages(staffCh)
		if !strings.HasPrefix(cards[0].Content, "<@&"+pingRole+"> Nuevo ticket #"+v.TicketID) {
			t.Errorf("the support card says %q", cards[0].Content)
		}
		if strings.Contains(cards[1].Content, "<@&") {
			t.Errorf("the card of %s (no role configured) says %q", other.TicketID, cards[1].Content)
		}
		var bodies []string
		for _, q := range r.fake.Requests() {
			if q.Method == "POST" && strings.HasSuffix(q.Path, "/channels/"+staffCh+"/messages") {
				bodies = append(bodies, q.Body)
			}
		}
		if len(bodies) != 2 || !strings.Contains(bodies[0], `"allowed_mentions":{"parse":[],"roles":["`+pingRole+`"],`) ||
			!strings.Contains(bodies[1], `"allowed_mentions":{"parse":[],"replied_user"`) {
			t.Errorf("the cards' allowed mentions: %q", bodies)
		}

		// A note goes to the thread, marked, and to no DM.
		if _, err := r.app.Tickets.AddNote(ctx, support, v.TicketID, "Pedirle los logs del cliente"); err != nil {
			t.Fatal(err)
		}
		thread := r.fake.Threads(staffCh)[0]
		r.eventually("the note is in the thread", func() bool {
			for _, m := range r.fake.Messages(thread.ID) {
				if strings.Contains(m.Content, "Nota interna") && strings.Contains(m.Content, "Pedirle los logs del cliente") {
					return true
				}
			}
			return false
		})

		// Closing tells the player, with the link to rate.
		if _, err := r.app.Tickets.SetStatus(ctx, support, v.TicketID, tickets.StatusClosed); err != nil {
			t.Fatal(err)
		}
		r.eventually("the player is told of the close", func() bool { return len(r.fake.DMs("530000000000000011")) == 1 })
		dm := r.fake.DMs("530000000000000011")[0].Content
		if !strings.Contains(dm, "fue cerrado") || !strings.Contains(dm, "http://portal.test/support/tickets/"+v.TicketID+"#calificar") {
			t.Errorf("the DM says %q", dm)
		}
		if strings.Contains(dm, "logs del cliente") {
			t.Error("the DM carries the note")
		}
	})
}

// /respuesta suggests the canned replies whose name holds what staff type, and nothing to
// a player.
func TestRespuestaAutocompletesCannedReplyNames(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		r.member("530000000000000021", "soporte", authz.SoporteTecnico)
		r.member("530000000000000022", "jugador")
		r.start(r.newBot(), true)
		r.eventually("the start reconcile", func() bool { return len(r.rolesOf("530000000000000021")) == 1 })
		support, _ := r.app.Members.MemberActor(ctx, "530000000000000021")
		for _, name := range []string{"Reinicio del cliente", "Reembolso", "Saludo"} {
			if _, err := r.app.Tickets.CreateCanned(ctx, support, tickets.CannedInput{Name: name, Content: "Texto de " + name}); err != nil {
				t.Fatal(err)
			}
		}
		suggest := func(userID, typed string) []string {
			sent, err := r.fake.Autocomplete("respuesta", "", "nombre", typed, userID)
			if err != nil {
				t.Fatal(err)
			}
			r.eventually("choices are answered", func() bool { _, ok := r.fake.Choices(sent.ID); return ok })
			choices, _ := r.fake.Choices(sent.ID)
			var names []string
			for _, c := range choices {
				names = append(names, c.Name)
			}
			return names
		}
		if got := suggest("530000000000000021", "RE"); len(got) != 2 || got[0] != "Reembolso" || got[1] != "Reinicio del cliente" {
			t.Errorf("staff typing RE: %v", got)
		}
		if got := suggest("530000000000000022", ""); len(got) != 0 {
			t.Errorf("a player is offered %v", got)
		}
	})
}

// A note on a staff member's own ticket is not posted in its thread, which they read, and
// /nota there says the note stays on the portal. A note queued while a ticket's author
// was a player, who is staff by the time the bot delivers it, is not posted either; the
// posts after it are.
func TestANoteOnAStaffMembersTicketIsNotPostedInItsThread(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		staffCh := r.cfg.Channels.StaffTickets
		r.fake.AddChannel(staffCh, "tickets-staff")
		const moderatorID, supportID, newcomerID = "530000000000000041", "530000000000000042", "530000000000000043"
		r.member(moderatorID, "moderador", authz.Moderador)
		r.member(supportID, "soporte", authz.SoporteTecnico)
		r.member(newcomerID, "nuevo", authz.Trial) // already staff in Discord when the bot starts
		// What the portal knew when the notes were written: the newcomer was a player.
		snapshot := func(id, name string, roles ...authz.Role) {
			t.Helper()
			if _, err := r.app.Members.Upsert(ctx, members.Snapshot{DiscordID: id, Username: name, InGuild: true,
				RoleIDs: testenv.RoleIDs(roles...)}); err != nil {
				t.Fatal(err)
			}
		}
		snapshot(moderatorID, "moderador", authz.Moderador)
		snapshot(supportID, "soporte", authz.SoporteTecnico)
		snapshot(newcomerID, "nuevo")
		actor := func(id string) *authz.Actor {
			t.Helper()
			a, err := r.app.Members.MemberActor(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		support := actor(supportID)
		own, err := r.app.Tickets.Create(ctx, actor(moderatorID), tickets.CreateInput{Title: "Mi propio problema", Message: "No me carga"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := r.app.Tickets.Create(ctx, actor(newcomerID), tickets.CreateInput{Title: "Duda de jugador", Message: "¿Cómo entro?"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{own.TicketID, theirs.TicketID} {
			if _, err := r.app.Tickets.AddNote(ctx, support, id, "Nota sobre quien lo abrió"); err != nil {
				t.Fatal(err)
			}
		}
		snapshot(newcomerID, "nuevo", authz.Trial) // joined the staff before the bot delivered
		for _, id := range []string{own.TicketID, theirs.TicketID} {
			if _, err := r.app.Tickets.Reply(ctx, support, id, "Respuesta después de la nota", nil); err != nil {
				t.Fatal(err)
			}
		}
		r.start(r.newBot(), true)

		threadOf := func(ticketID string) string {
			var tk tickets.Ticket
			r.eventually("the thread of #"+ticketID+" opens", func() bool {
				return d.Conn(ctx).Where("id = ?", ticketID).Take(&tk).Error == nil && tk.DiscordThreadID != ""
			})
			return tk.DiscordThreadID
		}
		says := func(threadID, text string) bool {
			for _, m := range r.fake.Messages(threadID) {
				if strings.Contains(m.Content, text) {
					return true
				}
			}
			return false
		}
		threads := []string{threadOf(own.TicketID), threadOf(theirs.TicketID)}
		for _, thread := range threads {
			r.eventually("the reply after the note is posted", func() bool { return says(thread, "Respuesta después de la nota") })
			if says(thread, "Nota sobre quien lo abrió") || says(thread, "Nota interna") {
				t.Errorf("the thread %s shows the note its author reads", thread)
			}
		}
		var queued []outbox.Event
		if err := d.Conn(ctx).Where("payload LIKE ?", "%Nota sobre quien lo abrió%").Find(&queued).Error; err != nil {
			t.Fatal(err)
		}
		if len(queued) != 1 || queued[0].Status != outbox.StatusDelivered || queued[0].DiscordMessageID != "" {
			t.Errorf("the note queued while its author was a player: %+v, want one, delivered as nothing", queued)
		}

		// /nota in the staff member's own thread: kept on the portal, and said so.
		sent := r.fake.SendInteraction(discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, ChannelID: threads[0],
			Data: discordgo.ApplicationCommandInteractionData{ID: "720000000000000009", Name: "nota",
				Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "texto", Type: discordgo.ApplicationCommandOptionString,
					Value: "Otra nota desde Discord"}}},
			Member: &discordgo.Member{User: &discordgo.User{ID: supportID, Username: "soporte"}}})
		var answer string
		r.eventually("/nota is answered", func() bool {
			if res := r.fake.InteractionResponses(sent.ID); len(res) > 0 && res[0].Data != nil && res[0].Data.Content != "" {
				answer = res[0].Data.Content
			} else if orig, ok := r.fake.Original(sent.Token); ok {
				answer = orig.Content
			}
			return answer != ""
		})
		if !strings.Contains(answer, "solo en el portal") {
			t.Errorf("/nota on a staff member's ticket answered %q", answer)
		}
		if n := testenv.CountRows(t, d, "ticket_notes", "content = ?", "Otra nota desde Discord"); n != 1 {
			t.Errorf("%d notes stored from /nota", n)
		}
		if _, err := r.app.Tickets.SetPriority(ctx, support, own.TicketID, tickets.PriorityHigh); err != nil {
			t.Fatal(err)
		}
		r.eventually("the priority change after /nota is posted", func() bool { return says(threads[0], "cambió la prioridad") })
		if says(threads[0], "Otra nota desde Discord") {
			t.Error("the note from /nota is in the thread its author reads")
		}
	})
}
