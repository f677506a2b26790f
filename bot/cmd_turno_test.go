package bot

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/internal/testdb"
)

func turno(sub string, userID string, options ...*discordgo.ApplicationCommandInteractionDataOption) discordgo.Interaction {
	i := interaction("turno", userID)
	i.Data = discordgo.ApplicationCommandInteractionData{ID: "720000000000000002", Name: "turno",
		Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: options}}}
	return i
}

func TestTurnoClocksShifts(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
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
	if got := answer(turno("reanudar", "540000000000000001")); got != "No estás en pausa. Usa /turno pausa para tomar un descanso." {
		t.Fatalf("reanudar while working: %q", got)
	}
	if got := answer(turno("pausa", "540000000000000001")); !strings.Contains(got, "En pausa desde las") {
		t.Fatalf("pausa: %q", got)
	}
	if got := answer(turno("pausa", "540000000000000001")); !strings.Contains(got, "Ya estás en pausa desde las") {
		t.Fatalf("pausa twice: %q", got)
	}
	if got := answer(turno("estado", "540000000000000001")); !strings.Contains(got, "⏸️ En pausa desde las") || !strings.Contains(got, "trabajados") {
		t.Fatalf("estado during a break: %q", got)
	}
	if got := answer(turno("reanudar", "540000000000000001")); !strings.Contains(got, "Turno reanudado tras") {
		t.Fatalf("reanudar: %q", got)
	}
	if got := answer(turno("pausa", "540000000000000001")); !strings.Contains(got, "En pausa desde las") {
		t.Fatalf("a second break: %q", got)
	}
	// Clocking out during a break closes the break with the shift.
	if got := answer(turno("salir", "540000000000000001")); !strings.Contains(got, "Turno terminado") || !strings.Contains(got, "trabajados") {
		t.Fatalf("salir: %q", got)
	}
	if got := answer(turno("reanudar", "540000000000000001")); !strings.Contains(got, "No tienes un turno abierto") {
		t.Fatalf("reanudar after salir: %q", got)
	}
	if got := answer(ausencia("540000000000000001", "31/02/2026", "01/03/2026", "Viaje")); !strings.Contains(got, "Escribe las fechas como DD/MM/AAAA") {
		t.Fatalf("ausencia with a bad date: %q", got)
	}
	if got := answer(ausencia("540000000000000002", "31/02/2026", "01/03/2026", "Viaje")); !strings.Contains(got, "permiso") {
		t.Fatalf("ausencia by a player: %q", got)
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
