package bot

import (
	"context"
	"slices"
	"testing"

	"zocalo/core"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/tickets"
	"zocalo/internal/discordfake"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// Whom the bot's posts notify, as Discord decides it from allowed_mentions: a new
// ticket's card pings its category's role and nobody else, and no text a member wrote
// (a ticket's title, its messages, relayed to the thread) pings anyone, whatever it says.
func TestPostsPingExactlyWhomTheyMust(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		support := testenv.Roles[authz.SoporteTecnico]
		// The README asks operators to make the ticket roles mentionable; the admins' role
		// is too, so only allowed_mentions can keep it from being pinged.
		r.fake.SetRoleMentionable(support, true)
		r.fake.SetRoleMentionable(testenv.Roles[authz.Comite], true)
		r.cfg.Tickets.PingRoles.SoporteTecnico = support
		r.app = core.New(d, r.cfg.CoreSettings(r.cfg.JWTSecret, nil), core.Deps{Files: r.app.Files})
		ctx := context.Background()
		staffCh := r.cfg.Channels.StaffTickets
		const playerID, staffID = "530000000000000041", "530000000000000043"
		r.member(playerID, "jugador")
		r.member(staffID, "soporte", authz.SoporteTecnico)
		r.start(r.newBot(), true)
		r.eventually("the start reconcile", func() bool { return len(r.rolesOf(staffID)) == 1 })
		player, _ := r.app.Members.MemberActor(ctx, playerID)

		loud := "@everyone @here <@" + staffID + "> <@&" + testenv.Roles[authz.Comite] + "> <@&" + support + ">"
		v, err := r.app.Tickets.Create(ctx, player, tickets.CreateInput{Title: "Urgente " + loud, Category: tickets.CategorySupport,
			Message: "Miren " + loud}, nil)
		if err != nil {
			t.Fatal(err)
		}
		r.eventually("the thread opens", func() bool { return len(r.fake.Threads(staffCh)) == 1 })
		thread := r.fake.Threads(staffCh)[0]
		if _, err := r.app.Tickets.Reply(ctx, player, v.TicketID, "Sigo esperando "+loud, nil); err != nil {
			t.Fatal(err)
		}
		r.eventually("the reply is in the thread", func() bool { return len(r.fake.Messages(thread.ID)) == 1 })

		card := r.fake.Messages(staffCh)[0]
		var cardPing *discordfake.Ping
		for _, p := range r.fake.Pings() {
			switch {
			case p.MessageID == card.ID:
				cardPing = &p
			case !p.Nobody():
				t.Errorf("message %s in %s pinged %+v", p.MessageID, p.ChannelID, p)
			}
		}
		if cardPing == nil || !slices.Equal(cardPing.Roles, []string{support}) || len(cardPing.Users) != 0 || cardPing.Everyone {
			t.Errorf("the card pinged %+v, want the support role only", cardPing)
		}
		if n := len(r.fake.Pings()); n < 2 {
			t.Errorf("%d posts seen, want the card and the reply at least", n)
		}
	})
}
