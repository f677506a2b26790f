package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/legislative"
	"zocalo/internal/discordfake"
	"zocalo/internal/testdb"
)

// A ballot's buttons vote as the web does (seat, once, open), the member alone sees the
// answer, the tally is edited in, and the buttons are disabled when the vote closes.
func TestBallotButtonsVoteAndDisableAtTheClose(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		channel := r.cfg.Channels.Legislative
		r.fake.AddChannel(channel, "legislativo")
		r.member("500000000000000001", "oficina", authz.CongresoAdmin)
		r.member("500000000000000002", "diputada", authz.Diputado)
		r.member("500000000000000003", "jugador")
		r.member("500000000000000004", "ministra", authz.Ministro)
		r.start(r.newBot(), true)
		r.eventually("the start reconcile", func() bool { return len(r.rolesOf("500000000000000004")) == 1 })
		ctx := context.Background()
		admin, err := r.app.Members.MemberActor(ctx, "500000000000000001")
		if err != nil {
			t.Fatal(err)
		}
		v, err := r.app.Legislative.Create(ctx, admin, "Ley de Aguas", "Artículo 1. El agua es de todos.", legislative.BodyCongreso)
		if err != nil {
			t.Fatal(err)
		}
		end := r.app.Now().Add(4 * time.Second)
		if _, err := r.app.Legislative.ConfigureVoting(ctx, admin, v.ID, true, &end); err != nil {
			t.Fatal(err)
		}
		ballot := func() discordfake.Message {
			for _, m := range r.fake.Messages(channel) {
				if len(m.Components) > 0 {
					return m
				}
			}
			return discordfake.Message{}
		}
		r.eventually("the ballot is posted", func() bool { return ballot().ID != "" })
		if b := ballot(); b.Embeds[0].Title != "Votación abierta: Ley de Aguas" || buttonLabels(b.Components) != "A favor|En contra|Abstención" {
			t.Fatalf("ballot %+v", b)
		}
		press := func(user, choice string) *discordgo.InteractionResponseData {
			t.Helper()
			sent, err := r.fake.PressButton(ballot().ID, ballotButton(v.ID, choice), user)
			if err != nil {
				t.Fatal(err)
			}
			r.eventually("the press is answered", func() bool { return len(r.fake.InteractionResponses(sent.ID)) == 1 })
			data := r.fake.InteractionResponses(sent.ID)[0].Data
			if data.Flags&discordgo.MessageFlagsEphemeral == 0 {
				t.Fatalf("an answer everyone sees: %q", data.Content)
			}
			return data
		}
		if got := press("500000000000000002", legislative.VoteInFavor).Content; got != "Voto registrado exitosamente. Tu voto: A favor." {
			t.Fatalf("the vote answered %q", got)
		}
		if got := press("500000000000000002", legislative.VoteAgainst).Content; got != "Ya votaste en esta iniciativa." {
			t.Fatalf("a second vote answered %q", got)
		}
		for user, want := range map[string]string{"500000000000000003": "No tienes voto en este órgano.", "500000000000000004": "No tienes voto en este órgano."} {
			if got := press(user, legislative.VoteAbstention).Content; got != want {
				t.Fatalf("%s answered %q", user, got)
			}
		}
		r.eventually("the tally is edited in", func() bool {
			b := ballot()
			return b.Edited && embedHas(discordEmbed(b), "A favor", "1") && embedHas(discordEmbed(b), "En contra", "0")
		})
		r.eventually("the vote closes at its end", func() bool {
			n, err := r.app.Legislative.CloseDue(ctx)
			return err == nil && n == 1
		})
		r.eventually("the ballot shows the result, its buttons disabled", func() bool {
			b := ballot()
			return strings.HasPrefix(b.Embeds[0].Title, "Aprobada: ") && allDisabled(b.Components)
		})
		if _, err := r.fake.PressButton(ballot().ID, ballotButton(v.ID, legislative.VoteInFavor), "500000000000000001"); err == nil {
			t.Fatal("a disabled button was pressed")
		}
		r.eventually("the result is announced", func() bool {
			msgs := r.fake.Messages(channel)
			return len(msgs) == 2 && strings.HasPrefix(msgs[1].Embeds[0].Title, "Aprobada: ")
		})
	})
}

func discordEmbed(m discordfake.Message) *discordgo.MessageEmbed { return m.Embeds[0] }

func buttonLabels(comps []discordgo.MessageComponent) string {
	var labels []string
	for _, c := range comps {
		if row, ok := c.(*discordgo.ActionsRow); ok {
			for _, in := range row.Components {
				if b, ok := in.(*discordgo.Button); ok {
					labels = append(labels, b.Label)
				}
			}
		}
	}
	return strings.Join(labels, "|")
}

func allDisabled(comps []discordgo.MessageComponent) bool {
	n := 0
	for _, c := range comps {
		if row, ok := c.(*discordgo.ActionsRow); ok {
			for _, in := range row.Components {
				if b, ok := in.(*discordgo.Button); ok {
					if !b.Disabled {
						return false
					}
					n++
				}
			}
		}
	}
	return n > 0
}
