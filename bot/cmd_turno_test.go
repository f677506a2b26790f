package bot

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/internal/testdb"
)

func turno(sub string, userID string, options ...*discordgo.ApplicationCommandInteractionDataOption) discordgo.Interaction {
	i := interaction("turno", userID)
	i.Data = discordgo.ApplicationCommandInteractionData{ID: "720000000000000002", Name: "turno",
		Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: options}}}
	return i
}

func TestTurnoClocksShifts(t *testing.T) {
	r := newRig(t, testdb.Open(t, db.SQLite, true))
	r.member("540000000000000001", "moderadora", authz.Moderador)
	r.member("540000000000000002", "jugador")
	r.start(r.newBot(), true)
	r.eventually("the start reconcile", func() bool { return len(r.rolesOf("540000000000000001")) == 1 })

	answer := func(i discordgo.Interaction) string {
		t.Helper()
		sent := r.fake.SendInteraction(i)
		r.eventually("the command is answered", func() bool { return len(r.fake.InteractionResponses(sent.ID)) == 1 })
		data := r.fake.InteractionResponses(sent.ID)[0].Data
		if data.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Fatalf("reply not ephemeral: %+v", data)
		}
		return data.Content
	}
	server := &discordgo.ApplicationCommandInteractionDataOption{Name: "servidor", Type: discordgo.ApplicationCommandOptionString, Value: "Principal"}
	if got := answer(turno("entrar", "540000000000000001", server)); !strings.Contains(got, "Turno iniciado en **Principal**") {
		t.Fatalf("entrar: %q", got)
	}
	if got := answer(turno("entrar", "540000000000000001", server)); !strings.Contains(got, "Ya tienes un turno abierto") {
		t.Fatalf("entrar twice: %q", got)
	}
	if got := answer(turno("estado", "540000000000000001")); !strings.Contains(got, "En turno en **Principal**") {
		t.Fatalf("estado: %q", got)
	}
	if got := answer(turno("salir", "540000000000000001")); !strings.Contains(got, "Turno terminado") {
		t.Fatalf("salir: %q", got)
	}
	if got := answer(turno("salir", "540000000000000001")); !strings.Contains(got, "No tienes un turno abierto") {
		t.Fatalf("salir twice: %q", got)
	}
	if got := answer(turno("entrar", "540000000000000002", server)); !strings.Contains(got, "permiso") {
		t.Fatalf("a player: %q", got)
	}
	var names []string
	for _, c := range r.fake.Commands() {
		names = append(names, c.Name)
	}
	if !strings.Contains(strings.Join(names, ","), "turno") {
		t.Fatalf("commands %v", names)
	}
}
