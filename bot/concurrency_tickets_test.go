package bot

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/outbox"
	"zocalo/core/tickets"
)

// The ticket commands used in a ticket's thread: one interaction Discord delivers twenty
// times writes once.

// stringOption is a command's string option.
func stringOption(name, value string) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: value}
}

// inThread is a command used in a channel (a ticket's thread), with its own id and token.
func (e *botRace) inThread(name, userID, channelID string, options ...*discordgo.ApplicationCommandInteractionDataOption) discordgo.Interaction {
	in := interaction(name, userID)
	in.ChannelID = channelID
	in.Data = discordgo.ApplicationCommandInteractionData{ID: "720000000000000009", Name: name, Options: options}
	in.ID, in.Token = e.id(), "aW50ZXJhY3Rpb24"+e.id()
	return in
}

// deliveredAtOnce sends one interaction and delivers it again botRaceN-1 times at once,
// and returns the one answer Discord got.
func (e *botRace) deliveredAtOnce(t *testing.T, in discordgo.Interaction) string {
	t.Helper()
	mark := e.logs.mark()
	var sent sync.WaitGroup
	sent.Add(1)
	e.atOnce(botRaceN, func(i int) {
		if i == 0 {
			e.fake.SendInteraction(in)
			sent.Done()
			return
		}
		sent.Wait()
		e.fake.Dispatch("INTERACTION_CREATE", in)
	})
	got := e.answer(t, in)
	e.eventually("every delivery is handled", func() bool {
		replays, _ := e.logs.since(mark, "interaction delivered again: its first delivery answers it", "")
		refused, _ := e.logs.since(mark, "command reply failed", "")
		return replays+refused == botRaceN-1
	})
	callbacks := 0
	for _, q := range e.fake.Requests() {
		if strings.Contains(q.Path, "/interactions/"+in.ID+"/") {
			callbacks++
		}
	}
	if callbacks != 1 {
		t.Errorf("%d answers sent to Discord, want 1", callbacks)
	}
	return got
}

var _ = addBotRaceRows(
	botRaceRow{
		name:   "nota: one interaction delivered 20 times writes one note",
		covers: []string{"command nota", "event INTERACTION_CREATE"},
		run: func(t *testing.T, e *botRace) {
			id, author, thread := e.ticketWithThread(t)
			support := e.member(t, authz.SoporteTecnico)
			text := "Revisar su historial " + author
			got := e.deliveredAtOnce(t, e.inThread("nota", support, thread, stringOption("texto", text)))
			if !strings.Contains(got, "Nota interna guardada") {
				t.Errorf("the answer %q", got)
			}
			expectCount(t, "notes", e.count(t, "ticket_notes", "ticket_id = ? AND content = ?", id, text), 1)
			expectCount(t, "note audits", e.audits(t, "note", id), 1)
			expectCount(t, "note posts", e.posts(t, tickets.KindPost, text), 1)
			expectCount(t, "DMs with the note", e.posts(t, outbox.KindDM, text), 0)
			// Outside a ticket's thread, the command says where to use it and writes nothing.
			if got := e.answer(t, e.fake.SendInteraction(e.inThread("nota", support, e.id(), stringOption("texto", text)))); !strings.Contains(got, "dentro del hilo de un ticket") {
				t.Errorf("outside a thread: %q", got)
			}
			// The player cannot write one.
			if got := e.answer(t, e.fake.SendInteraction(e.inThread("nota", author, thread, stringOption("texto", "yo")))); !strings.Contains(got, "Ticket no encontrado") && !strings.Contains(got, "Solo el staff") {
				t.Errorf("the player's note: %q", got)
			}
			expectCount(t, "notes", e.count(t, "ticket_notes", "ticket_id = ?", id), 1)
		},
	},
	botRaceRow{
		name:   "respuesta: one interaction delivered 20 times sends one reply",
		covers: []string{"command respuesta"},
		run: func(t *testing.T, e *botRace) {
			id, author, thread := e.ticketWithThread(t)
			support := e.member(t, authz.SoporteTecnico)
			name := "Reinicio " + author
			if _, err := e.app.Tickets.CreateCanned(context.Background(), e.actor(t, support),
				tickets.CannedInput{Name: name, Content: "Cierra el juego y vuelve a entrar, " + author}); err != nil {
				t.Fatal(err)
			}
			got := e.deliveredAtOnce(t, e.inThread("respuesta", support, thread, stringOption("nombre", strings.ToLower(name))))
			if !strings.Contains(got, "Respuesta enviada") {
				t.Errorf("the answer %q", got)
			}
			expectCount(t, "staff messages", e.count(t, "ticket_messages", "ticket_id = ? AND sender_type = ?", id, tickets.SenderStaff), 1)
			expectCount(t, "thread posts", e.posts(t, tickets.KindPost, "Cierra el juego y vuelve a entrar, "+author), 1)
			expectCount(t, "DMs to the player", e.count(t, "outbox_events", "kind = ? AND channel_id = ?", outbox.KindDM, "dm:"+author), 1)
			if got := e.answer(t, e.fake.SendInteraction(e.inThread("respuesta", support, thread, stringOption("nombre", "no existe")))); !strings.Contains(got, "No existe esa respuesta predefinida.") {
				t.Errorf("an unknown name: %q", got)
			}
		},
	},
)
