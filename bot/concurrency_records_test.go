package bot

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/outbox"
	"zocalo/core/records"
)

// fileCharge adds a charge against suspect as mod, directly through the core.
func (e *botRace) fileCharge(t *testing.T, mod, suspect, text string) uint64 {
	t.Helper()
	rec, err := e.app.Records.AddCharge(context.Background(), e.actor(t, mod), records.Query{DiscordID: suspect}, text, records.SourceWeb)
	if err != nil || len(rec.Charges) == 0 {
		t.Fatalf("filing %q: %+v %v", text, rec, err)
	}
	return rec.Charges[0].ID
}

var _ = addBotRaceRows(
	botRaceRow{
		name:   "antecedentes anular: twenty moderators void one charge once",
		covers: []string{"command antecedentes anular"},
		run: func(t *testing.T, e *botRace) {
			mods := []string{e.member(t, authz.Moderador), e.member(t, authz.RH), e.member(t, authz.Comite)}
			suspect := e.member(t)
			id := e.fileCharge(t, mods[0], suspect, "Robo anulado "+suspect)
			answers := e.commandsAtOnce(t, botRaceN, func(i int) discordgo.Interaction {
				return antecedentes("anular", mods[i%len(mods)], chargeID(id), motivo("Registrado por error"))
			})
			expectOneAnswer(t, answers, fmt.Sprintf("Cargo #%d anulado.", id), "Ese cargo ya estaba anulado.")
			expectCount(t, "voided", e.count(t, "charges", "id = ? AND voided_at IS NOT NULL", id), 1)
			expectCount(t, "void audits", e.audits(t, "charge.void", id), 1)
			expectCount(t, "void posts", e.posts(t, outbox.KindChannelMessage, fmt.Sprintf(`Cargo anulado #%d"`, id)), 1)
		},
	},
	botRaceRow{
		name:   "antecedentes anular: one interaction delivered 20 times voids once, answered once",
		covers: []string{"command antecedentes anular", "event INTERACTION_CREATE"},
		run: func(t *testing.T, e *botRace) {
			mod, suspect := e.member(t, authz.Moderador), e.member(t)
			id := e.fileCharge(t, mod, suspect, "Robo repetido "+suspect)
			in := antecedentes("anular", mod, chargeID(id), motivo("Duplicado"))
			in.ID, in.Token = e.id(), "aW50ZXJhY3Rpb24"+e.id()
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
			if got := e.answer(t, in); !strings.Contains(got, fmt.Sprintf("Cargo #%d anulado.", id)) {
				t.Errorf("the answer %q", got)
			}
			e.eventually("every delivery is handled", func() bool {
				replays, _ := e.logs.since(mark, "interaction delivered again: its first delivery answers it", "")
				refused, _ := e.logs.since(mark, "command reply failed", "")
				return replays+refused == botRaceN-1
			})
			expectCount(t, "void audits", e.audits(t, "charge.void", id), 1)
			expectCount(t, "void posts", e.posts(t, outbox.KindChannelMessage, fmt.Sprintf(`Cargo anulado #%d"`, id)), 1)
			callbacks := 0
			for _, q := range e.fake.Requests() {
				if strings.Contains(q.Path, "/interactions/"+in.ID+"/") {
					callbacks++
				}
			}
			if callbacks != 1 {
				t.Errorf("%d answers sent to Discord, want 1", callbacks)
			}
		},
	},
)
