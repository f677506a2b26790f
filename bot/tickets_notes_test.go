package bot

import (
	"context"
	"strings"
	"testing"

	"zocalo/core"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/storage"
	"zocalo/core/tickets"
	"zocalo/internal/testdb"
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
