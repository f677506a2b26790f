package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/records"
	"zocalo/internal/testdb"
)

func antecedentes(sub, userID string, options ...*discordgo.ApplicationCommandInteractionDataOption) discordgo.Interaction {
	i := interaction("antecedentes", userID)
	i.Data = discordgo.ApplicationCommandInteractionData{ID: "720000000000000003", Name: "antecedentes",
		Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: options}}}
	return i
}

func TestAntecedentesLooksUpAndAddsCharges(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.member("540000000000000011", "moderadora", authz.Moderador)
	r.member("540000000000000012", "jugador")
	r.member("540000000000000013", "sospechoso")
	r.start(r.newBot(), true)
	r.eventually("the start reconcile", func() bool { return len(r.rolesOf("540000000000000011")) == 1 })

	// answer is the reply's text: its content and its embeds' titles, descriptions and fields.
	answer := func(i discordgo.Interaction) string {
		t.Helper()
		sent := r.fake.SendInteraction(i)
		var text string
		r.eventually("the command is answered", func() bool {
			var data *discordgo.InteractionResponseData
			if res := r.fake.InteractionResponses(sent.ID); len(res) == 1 && res[0].Type == int(discordgo.InteractionResponseChannelMessageWithSource) {
				data = res[0].Data
			} else if orig, ok := r.fake.Original(sent.Token); ok && (orig.Content != "" || len(orig.Embeds) > 0) {
				data = &discordgo.InteractionResponseData{Content: orig.Content, Embeds: orig.Embeds}
			}
			if data == nil {
				return false
			}
			parts := []string{data.Content}
			for _, e := range data.Embeds {
				parts = append(parts, e.Title, e.Description)
				for _, f := range e.Fields {
					parts = append(parts, f.Name+": "+f.Value)
				}
			}
			text = strings.Join(parts, "\n")
			return true
		})
		return text
	}
	user := func(id string) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: "usuario", Type: discordgo.ApplicationCommandOptionUser, Value: id}
	}
	cargo := func(text string) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: "cargo", Type: discordgo.ApplicationCommandOptionString, Value: text}
	}

	if got := answer(antecedentes("ver", "540000000000000012", user("540000000000000013"))); !strings.Contains(got, "No se encontraron registros criminales.") {
		t.Fatalf("a clean record: %q", got)
	}
	if got := answer(antecedentes("agregar", "540000000000000012", user("540000000000000013"), cargo("Robo"))); !strings.Contains(got, "Solo los moderadores") {
		t.Fatalf("a player adds a charge: %q", got)
	}
	if got := answer(antecedentes("agregar", "540000000000000011", user("540000000000000013"), cargo("Robo a mano armada"))); !strings.Contains(got, "Cargo agregado.") ||
		!strings.Contains(got, "Robo a mano armada") {
		t.Fatalf("a moderator adds a charge: %q", got)
	}
	if got := answer(antecedentes("ver", "540000000000000012", user("540000000000000013"))); !strings.Contains(got, "Expediente de sospechoso") || !strings.Contains(got, "Robo a mano armada") {
		t.Fatalf("the record after: %q", got)
	}
	moderator, err := r.app.Members.MemberActor(t.Context(), "540000000000000011")
	if err != nil {
		t.Fatal(err)
	}
	list, err := r.app.Records.Search(t.Context(), moderator, records.Query{DiscordID: "540000000000000013"})
	if err != nil || len(list) != 1 || len(list[0].Charges) != 1 || list[0].Charges[0].AddedBy != "moderadora" {
		t.Fatalf("stored record %+v %v", list, err)
	}
	id := list[0].Charges[0].ID

	// Voiding: for whoever may add charges, with a reason; the record then shows it marked.
	if got := answer(antecedentes("anular", "540000000000000012", chargeID(id), motivo("Error"))); got != "Solo los moderadores y la administración pueden anular cargos." {
		t.Fatalf("a player voids a charge: %q", got)
	}
	if got := answer(antecedentes("anular", "540000000000000011", chargeID(id+100), motivo("Error"))); got != "No existe ese cargo." {
		t.Fatalf("an unknown charge: %q", got)
	}
	if got := answer(antecedentes("anular", "540000000000000011", chargeID(id), motivo("Se confundió a la persona"))); !strings.Contains(got, fmt.Sprintf("Cargo #%d anulado.", id)) ||
		!strings.Contains(got, "Motivo: Se confundió a la persona") {
		t.Fatalf("a moderator voids a charge: %q", got)
	}
	if got := answer(antecedentes("anular", "540000000000000011", chargeID(id), motivo("Otra vez"))); got != "Ese cargo ya estaba anulado." {
		t.Fatalf("a second void: %q", got)
	}
	if got := answer(antecedentes("ver", "540000000000000012", user("540000000000000013"))); !strings.Contains(got, fmt.Sprintf("#%d · ", id)) ||
		!strings.Contains(got, "· Anulado: ~~Robo a mano armada~~") || !strings.Contains(got, "Motivo: Se confundió a la persona") {
		t.Fatalf("the record after the void: %q", got)
	}
}

func chargeID(id uint64) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: "id", Type: discordgo.ApplicationCommandOptionInteger, Value: float64(id)}
}

func motivo(text string) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: "motivo", Type: discordgo.ApplicationCommandOptionString, Value: text}
}
