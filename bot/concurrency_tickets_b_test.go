package bot

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/outbox"
	"zocalo/core/tickets"
	"zocalo/internal/testenv"
)

// submitTicketForm submits the form the bot opened in answer to opened (/ticket or a panel
// button) with the title and description; it returns the submission.
func (e *botRace) submitTicketForm(t *testing.T, opened discordgo.Interaction, title, description string) discordgo.Interaction {
	t.Helper()
	e.eventually("the form opens", func() bool { _, ok := e.fake.Modal(opened.ID); return ok })
	sub, err := e.fake.SubmitModal(opened.ID, map[string]string{ticketTitleInput: title, ticketMessageInput: description})
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

// pressAtOnce presses a button of a message botRaceN times at once, as different clicks,
// and returns the answers.
func (e *botRace) pressAtOnce(t *testing.T, messageID, customID, userID string) []string {
	t.Helper()
	sent := make([]discordgo.Interaction, botRaceN)
	e.atOnce(botRaceN, func(i int) {
		in, err := e.fake.PressButton(messageID, customID, userID)
		if err != nil {
			t.Errorf("press %s: %v", customID, err)
		}
		sent[i] = in
	})
	answers := make([]string, botRaceN)
	for i, in := range sent {
		answers[i] = e.answer(t, in)
	}
	return answers
}

var _ = addBotRaceRows(
	botRaceRow{
		name:   "ticket: a form submitted once and delivered 20 times opens one ticket",
		covers: []string{"command ticket", "modal tknew"},
		run: func(t *testing.T, e *botRace) {
			player := e.member(t)
			title := "Me expulsa al entrar " + player
			opened := e.fake.SendInteraction(e.inThread("ticket", player, e.id(), stringOption("categoria", tickets.CategorySupport)))
			sub := e.submitTicketForm(t, opened, title, "Desde ayer, en el servidor principal")
			e.atOnce(botRaceN-1, func(int) { e.fake.Dispatch("INTERACTION_CREATE", sub) })
			if got := e.answer(t, sub); !strings.Contains(got, "Abriste el ticket #") || !strings.Contains(got, "Recibimos tu ticket") {
				t.Errorf("the answer %q", got)
			}
			expectCount(t, "tickets", e.count(t, "tickets", "author_id = ? AND title = ?", player, title), 1)
			expectCount(t, "threads opened", e.posts(t, tickets.KindOpen, title), 1)
			expectCount(t, "assistant answers", e.count(t, "ticket_messages", "sender_type = ? AND ticket_id IN (SELECT id FROM tickets WHERE author_id = ?)",
				tickets.SenderAI, player), 1)
			// A title left empty is the web's Spanish refusal, and nothing is opened.
			again := e.fake.SendInteraction(e.inThread("ticket", player, e.id(), stringOption("categoria", tickets.CategoryOther)))
			blank := e.submitTicketForm(t, again, " ", "")
			if got := e.answer(t, blank); got != "Por favor, ingresa un título para el ticket" {
				t.Errorf("an empty title: %q", got)
			}
			expectCount(t, "tickets", e.count(t, "tickets", "author_id = ?", player), 1)
			// Past the member's limit of open tickets, the web's refusal, word for word.
			for _, title := range []string{"Segundo " + player, "Tercero " + player} {
				if _, err := e.app.Tickets.Create(context.Background(), e.actor(t, player), tickets.CreateInput{Title: title}, nil); err != nil {
					t.Fatal(err)
				}
			}
			fourth := e.fake.SendInteraction(e.inThread("ticket", player, e.id(), stringOption("categoria", tickets.CategorySupport)))
			over := e.submitTicketForm(t, fourth, "Cuarto "+player, "")
			if got := e.answer(t, over); got != "Ya tienes 3 tickets abiertos. Espera a que se resuelvan antes de abrir otro." {
				t.Errorf("past the limit: %q", got)
			}
			expectCount(t, "tickets", e.count(t, "tickets", "author_id = ?", player), 3)
		},
	},
	botRaceRow{
		name:   "panel button: twenty presses open twenty forms and write nothing",
		covers: []string{"button tkopen"},
		run: func(t *testing.T, e *botRace) {
			player := e.member(t)
			panel := postWithButtons(t, e.bot, "Abre un ticket", discordgo.Button{Label: "Soporte Técnico", CustomID: CustomID(ticketOpenPrefix, "soporte"),
				Style: discordgo.PrimaryButton})
			e.settle(t)
			before := e.snapshot(t)
			sent := make([]discordgo.Interaction, botRaceN)
			e.atOnce(botRaceN, func(i int) {
				in, err := e.fake.PressButton(panel.ID, CustomID(ticketOpenPrefix, "soporte"), player)
				if err != nil {
					t.Errorf("press: %v", err)
				}
				sent[i] = in
			})
			for _, in := range sent {
				e.eventually("the form opens", func() bool { _, ok := e.fake.Modal(in.ID); return ok })
			}
			expectUnchanged(t, before, e.snapshot(t))
			// The form it opens opens the ticket like /ticket.
			sub := e.submitTicketForm(t, sent[0], "Desde el panel "+player, "")
			if got := e.answer(t, sub); !strings.Contains(got, "Abriste el ticket #") {
				t.Errorf("the answer %q", got)
			}
			expectCount(t, "tickets", e.count(t, "tickets", "author_id = ?", player), 1)
		},
	},
	botRaceRow{
		name:   "card buttons: Reclamar and Cerrar pressed 20 times each change the ticket once",
		covers: []string{"button tk"},
		run: func(t *testing.T, e *botRace) {
			id, author, thread := e.ticketWithThread(t)
			support := e.member(t, authz.SoporteTecnico)
			tid := tickets.PublicIDOf(id)
			// The card is the thread's first message: its id is the thread's.
			for _, a := range e.pressAtOnce(t, thread, CustomID(tickets.CardButtonPrefix, tickets.ActionClaim, tid), support) {
				if !strings.Contains(a, "Reclamaste el ticket #"+tid) {
					t.Errorf("Reclamar said %q", a)
				}
			}
			expectCount(t, "assign audits", e.audits(t, "assign", id), 1)
			expectCount(t, "assigned", e.count(t, "tickets", "id = ? AND assignee_id = ?", id, support), 1)
			for _, a := range e.pressAtOnce(t, thread, CustomID(tickets.CardButtonPrefix, tickets.ActionClose, tid), support) {
				if !strings.Contains(a, "Ticket #"+tid+" cerrado") {
					t.Errorf("Cerrar said %q", a)
				}
			}
			expectCount(t, "close audits", e.count(t, "audit_entries", "action = ? AND entity_id = ? AND after LIKE ?", "status", tid, "%closed%"), 1)
			expectCount(t, "close DMs", e.count(t, "outbox_events", "kind = ? AND channel_id = ? AND payload LIKE ?", outbox.KindDM, "dm:"+author, "%fue cerrado%"), 1)
			// One card edit per change; the last shows it closed, its buttons disabled.
			expectCount(t, "card edits", e.posts(t, outbox.KindMessageEdit, CustomID(tickets.CardButtonPrefix, tickets.ActionClaim, tid)), 2)
			e.eventually("the card shows the close", func() bool {
				for _, m := range e.fake.Messages(e.cfg.Channels.StaffTickets) {
					if m.ID == thread && len(m.Embeds) == 1 {
						for _, f := range m.Embeds[0].Fields {
							if f.Name == "Estado" && f.Value == "Cerrado" {
								return true
							}
						}
					}
				}
				return false
			})
			if _, err := e.fake.PressButton(thread, CustomID(tickets.CardButtonPrefix, tickets.ActionClaim, tid), support); err == nil {
				t.Error("a closed ticket's card still takes presses")
			}
			// A player cannot use the buttons: core refuses, in Spanish.
			open, _, thread2 := e.ticketWithThread(t)
			player := e.member(t)
			in, err := e.fake.PressButton(thread2, CustomID(tickets.CardButtonPrefix, tickets.ActionClaim, tickets.PublicIDOf(open)), player)
			if err != nil {
				t.Fatal(err)
			}
			if got := e.answer(t, in); got != "Ticket no encontrado." {
				t.Errorf("a player's press: %q", got)
			}
		},
	},
)

var _ = addBotRaceRows(
	botRaceRow{
		name:   "ticket-panel: 20 runs at once post the panel once, and once again after it is deleted",
		covers: []string{"job ticket-panel"},
		run: func(t *testing.T, e *botRace) {
			panelCh := e.cfg.Channels.TicketPanel
			e.fake.AddChannel(panelCh, "abre-un-ticket")
			e.runJob(t, "ticket-panel", botRaceN)
			expectCount(t, "panel posts", e.count(t, "outbox_events", "kind = ?", tickets.KindPanel), 1)
			var first string
			e.eventually("the panel is posted", func() bool {
				msgs := e.fake.Messages(panelCh)
				if len(msgs) == 1 {
					first = msgs[0].ID
				}
				return len(msgs) == 1
			})
			// The job looks for a panel the relay has recorded as delivered: Discord may
			// show the post before the relay has written down its message id.
			e.eventually("the panel's delivery is recorded", func() bool {
				return e.count(t, "outbox_events", "kind = ? AND status = ?", tickets.KindPanel, outbox.StatusDelivered) == 1
			})
			// Present: nothing more.
			e.runJob(t, "ticket-panel", botRaceN)
			expectCount(t, "panel posts", e.count(t, "outbox_events", "kind = ?", tickets.KindPanel), 1)
			// Deleted in Discord: posted again, once.
			if err := e.bot.currentSession().ChannelMessageDelete(panelCh, first); err != nil {
				t.Fatal(err)
			}
			e.runJob(t, "ticket-panel", botRaceN)
			expectCount(t, "panel posts", e.count(t, "outbox_events", "kind = ?", tickets.KindPanel), 2)
			e.eventually("the panel is back", func() bool {
				for _, m := range e.fake.Messages(panelCh) {
					if m.ID != first && !m.Deleted {
						return true
					}
				}
				return false
			})
		},
	},
)

// choicePress is the press of a button of an ephemeral answer (Prioridad's or Transferir's
// choices), which lives in no channel's history: sent as Discord would send it.
func (e *botRace) choicePress(userID, customID string) discordgo.Interaction {
	return e.fake.SendInteraction(discordgo.Interaction{Type: discordgo.InteractionMessageComponent, GuildID: testenv.GuildID,
		Member: &discordgo.Member{User: &discordgo.User{ID: userID, Username: "u" + userID}},
		Data:   discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}})
}

// pick is the choice of a member in a user select of an ephemeral answer (Transferir's),
// sent as Discord would send it.
func (e *botRace) pick(userID, customID, picked string) discordgo.Interaction {
	return e.fake.SendInteraction(pickInteraction(userID, customID, picked))
}

func pickInteraction(userID, customID, picked string) discordgo.Interaction {
	return discordgo.Interaction{Type: discordgo.InteractionMessageComponent, GuildID: testenv.GuildID,
		Member: &discordgo.Member{User: &discordgo.User{ID: userID, Username: "u" + userID}},
		Data: discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.UserSelectMenuComponent,
			Values: []string{picked}}}
}

// choicesOffered are the custom ids of the buttons and selects an answer offers.
func (e *botRace) choicesOffered(t *testing.T, sent discordgo.Interaction) []string {
	t.Helper()
	e.answer(t, sent)
	var out []string
	for _, r := range e.fake.InteractionResponses(sent.ID) {
		if r.Data == nil {
			continue
		}
		for _, row := range r.Data.Components {
			if ar, ok := row.(*discordgo.ActionsRow); ok {
				for _, c := range ar.Components {
					switch v := c.(type) {
					case *discordgo.Button:
						out = append(out, v.CustomID)
					case *discordgo.SelectMenu:
						out = append(out, v.CustomID)
					}
				}
			}
		}
	}
	return out
}

var _ = addBotRaceRows(
	botRaceRow{
		name:   "card buttons: a priority and a transfer chosen 20 times each change the ticket once",
		covers: []string{"button tk"},
		run: func(t *testing.T, e *botRace) {
			id, _, thread := e.ticketWithThread(t)
			mod, support := e.member(t, authz.Moderador), e.member(t, authz.SoporteTecnico)
			tid := tickets.PublicIDOf(id)
			// Prioridad offers the three priorities, to the member alone.
			in, err := e.fake.PressButton(thread, CustomID(tickets.CardButtonPrefix, tickets.ActionPriority, tid), mod)
			if err != nil {
				t.Fatal(err)
			}
			high := CustomID(tickets.CardButtonPrefix, tickets.ActionPriority, tid, tickets.PriorityHigh)
			if got := e.choicesOffered(t, in); len(got) != 3 || !slices.Contains(got, high) {
				t.Fatalf("Prioridad offers %v", got)
			}
			sent := make([]discordgo.Interaction, botRaceN)
			e.atOnce(botRaceN, func(i int) { sent[i] = e.choicePress(mod, high) })
			for _, s := range sent {
				if got := e.answer(t, s); !strings.Contains(got, "Prioridad del ticket #"+tid+": **Alta**") {
					t.Errorf("a priority press said %q", got)
				}
			}
			expectCount(t, "priority audits", e.audits(t, "priority", id), 1)
			// Transferir offers a member picker and nobody; picking one assigns once.
			in, err = e.fake.PressButton(thread, CustomID(tickets.CardButtonPrefix, tickets.ActionTransfer, tid), mod)
			if err != nil {
				t.Fatal(err)
			}
			picker := CustomID(tickets.CardButtonPrefix, tickets.ActionTransfer, tid, pickedChoice)
			nobody := CustomID(tickets.CardButtonPrefix, tickets.ActionTransfer, tid, unassignChoice)
			if got := e.choicesOffered(t, in); !slices.Equal(got, []string{picker, nobody}) {
				t.Fatalf("Transferir offers %v", got)
			}
			e.atOnce(botRaceN, func(i int) { sent[i] = e.pick(mod, picker, support) })
			for _, s := range sent {
				if got := e.answer(t, s); !strings.Contains(got, "transferido a") {
					t.Errorf("a transfer said %q", got)
				}
			}
			expectCount(t, "assign audits", e.audits(t, "assign", id), 1)
			expectCount(t, "assigned", e.count(t, "tickets", "id = ? AND assignee_id = ?", id, support), 1)
			if got := e.answer(t, e.choicePress(mod, nobody)); !strings.Contains(got, "quedó sin asignar") {
				t.Errorf("unassigning said %q", got)
			}
			// A value the web would refuse is refused alike, in Spanish.
			if got := e.answer(t, e.choicePress(mod, CustomID(tickets.CardButtonPrefix, tickets.ActionPriority, tid, "Urgente"))); !strings.HasPrefix(got, "La prioridad debe ser") {
				t.Errorf("an unknown priority said %q", got)
			}
		},
	},
)
