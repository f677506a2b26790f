package bot

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/records"
	"zocalo/core/staff"
)

// Slash commands: twenty members' clicks (or one member's twenty) at once, each its own
// interaction, answered each by the bot; and one interaction Discord delivers twenty times.

const noOpenShift = "No tienes un turno abierto. Usa /turno entrar para empezar uno."

func serverOption(name string) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: "servidor", Type: discordgo.ApplicationCommandOptionString, Value: name}
}

func userOption(id string) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: "usuario", Type: discordgo.ApplicationCommandOptionUser, Value: id}
}

func chargeOption(text string) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: "cargo", Type: discordgo.ApplicationCommandOptionString, Value: text}
}

// openShift starts a shift directly in the table, started ago.
func (e *botRace) openShift(t *testing.T, memberID string, ago time.Duration) staff.Shift {
	t.Helper()
	sh := staff.Shift{MemberID: memberID, Server: e.app.Shifts.Servers()[0], StartedAt: e.app.Now().Add(-ago).UTC()}
	if err := e.d.Conn(context.Background()).Create(&sh).Error; err != nil {
		t.Fatal(err)
	}
	return sh
}

// lastWeeksShift records a closed two-hour shift on last week's Tuesday, directly in the table.
func (e *botRace) lastWeeksShift(t *testing.T, memberID string) {
	t.Helper()
	start := e.app.Shifts.WeekStart(e.app.Now()).AddDate(0, 0, -7).Add(26 * time.Hour).UTC()
	end := start.Add(2 * time.Hour)
	if err := e.d.Conn(context.Background()).Create(&staff.Shift{MemberID: memberID, Server: e.app.Shifts.Servers()[0],
		StartedAt: start, EndedAt: &end}).Error; err != nil {
		t.Fatal(err)
	}
}

func (e *botRace) shift(t *testing.T, id uint64) staff.Shift {
	t.Helper()
	var sh staff.Shift
	if err := e.d.Conn(context.Background()).Where("id = ?", id).Take(&sh).Error; err != nil {
		t.Fatal(err)
	}
	return sh
}

var _ = addBotRaceRows(
	botRaceRow{
		name:   "turno entrar: one open shift, the rest told it is open",
		covers: []string{"command turno entrar", "event INTERACTION_CREATE"},
		run: func(t *testing.T, e *botRace) {
			mod := e.member(t, authz.Moderador)
			server := e.app.Shifts.Servers()[0]
			answers := e.commandsAtOnce(t, botRaceN, func(int) discordgo.Interaction { return turno("entrar", mod, serverOption(server)) })
			open, err := e.app.Shifts.Open(context.Background(), mod)
			if err != nil || open == nil {
				t.Fatalf("open shift %+v, %v", open, err)
			}
			expectOneAnswer(t, answers, "Turno iniciado en **"+server+"**",
				fmt.Sprintf("Ya tienes un turno abierto en %s desde las %s.", server, open.StartedAt.In(e.cfg.Location()).Format("15:04")))
			expectCount(t, "shifts", e.count(t, "staff_shifts", "member_id = ?", mod), 1)
		},
	},
	botRaceRow{
		name:   "turno salir: one shift closed, the rest told none is open",
		covers: []string{"command turno salir"},
		run: func(t *testing.T, e *botRace) {
			mod := e.member(t, authz.Moderador)
			sh := e.openShift(t, mod, time.Hour)
			answers := e.commandsAtOnce(t, botRaceN, func(int) discordgo.Interaction { return turno("salir", mod) })
			expectOneAnswer(t, answers, "Turno terminado en **"+sh.Server+"**", noOpenShift)
			closed := e.shift(t, sh.ID)
			if closed.EndedAt == nil || closed.Capped {
				t.Errorf("the shift after: %+v", closed)
			}
			expectCount(t, "open shifts", e.count(t, "staff_shifts", "member_id = ? AND ended_at IS NULL", mod), 0)
		},
	},
	botRaceRow{
		name:   "turno salir while the cap closes the same shift: closed once",
		covers: []string{"command turno salir", "job shift-cap"},
		run: func(t *testing.T, e *botRace) {
			mod := e.member(t, authz.Trial)
			shiftCap := e.cfg.Staff.ShiftCap.Duration
			sh := e.openShift(t, mod, shiftCap+time.Hour)
			mark := e.logs.mark()
			answers := make([]string, botRaceN)
			e.atOnce(botRaceN, func(i int) {
				if i%2 == 0 {
					answers[i] = e.answer(t, e.fake.SendInteraction(turno("salir", mod)))
					return
				}
				if err := e.jobs["shift-cap"].Run(context.Background()); err != nil {
					t.Errorf("shift-cap: %v", err)
				}
			})
			_, capped := e.logs.since(mark, "shifts left open past the cap were closed for review", "count")
			clockedOut := 0
			for i := 0; i < botRaceN; i += 2 {
				switch {
				case strings.Contains(answers[i], "Turno terminado"):
					clockedOut++
				case answers[i] != noOpenShift:
					t.Errorf("an answer %q", answers[i])
				}
			}
			if capped+int64(clockedOut) != 1 {
				t.Errorf("the shift was closed %d times by the cap and %d by /turno salir, want once", capped, clockedOut)
			}
			closed := e.shift(t, sh.ID)
			if closed.EndedAt == nil || !closed.Capped || closed.EndedAt.Sub(closed.StartedAt) != shiftCap {
				t.Errorf("the shift after: %+v", closed)
			}
		},
	},
	botRaceRow{
		name:   "turno estado and ranking write nothing",
		covers: []string{"command turno estado", "command turno ranking"},
		run: func(t *testing.T, e *botRace) {
			mod := e.member(t, authz.SoporteTecnico)
			e.openShift(t, mod, 30*time.Minute)
			e.settle(t)
			before := e.snapshot(t)
			answers := e.commandsAtOnce(t, botRaceN, func(i int) discordgo.Interaction {
				if i%2 == 0 {
					return turno("estado", mod)
				}
				return turno("ranking", mod)
			})
			for i, a := range answers {
				if i%2 == 0 && !strings.Contains(a, "En turno en **") {
					t.Errorf("estado said %q", a)
				}
				if i%2 == 1 && !strings.Contains(a, "Ranking de horas") && !strings.Contains(a, "Todavía no hay horas") {
					t.Errorf("ranking said %q", a)
				}
			}
			expectUnchanged(t, before, e.snapshot(t))
		},
	},
	botRaceRow{
		name:   "perfil writes nothing",
		covers: []string{"command perfil"},
		run: func(t *testing.T, e *botRace) {
			id := e.member(t, authz.Diputado)
			e.settle(t)
			before := e.snapshot(t)
			answers := e.commandsAtOnce(t, botRaceN, func(int) discordgo.Interaction { return interaction("perfil", id) })
			for _, a := range answers {
				if !strings.Contains(a, "Perfil de ") || !strings.Contains(a, "DIPUTADO") {
					t.Errorf("perfil said %q", a)
				}
			}
			expectUnchanged(t, before, e.snapshot(t))
		},
	},
	botRaceRow{
		name:   "antecedentes ver writes nothing",
		covers: []string{"command antecedentes ver"},
		run: func(t *testing.T, e *botRace) {
			asker, suspect := e.member(t), e.member(t)
			e.settle(t)
			before := e.snapshot(t)
			answers := e.commandsAtOnce(t, botRaceN, func(int) discordgo.Interaction {
				return antecedentes("ver", asker, userOption(suspect))
			})
			for _, a := range answers {
				if !strings.Contains(a, "No se encontraron registros criminales.") {
					t.Errorf("ver said %q", a)
				}
			}
			expectUnchanged(t, before, e.snapshot(t))
		},
	},
	botRaceRow{
		name:   "antecedentes agregar: one interaction delivered 20 times files one charge",
		covers: []string{"command antecedentes agregar", "event INTERACTION_CREATE"},
		run: func(t *testing.T, e *botRace) {
			mod, suspect := e.member(t, authz.Moderador), e.member(t)
			text := "Robo repetido " + suspect
			in := antecedentes("agregar", mod, userOption(suspect), chargeOption(text))
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
			if got := e.answer(t, in); !strings.Contains(got, "Cargo agregado.") || !strings.Contains(got, text) {
				t.Errorf("the answer %q", got)
			}
			e.eventually("every delivery is handled", func() bool {
				replays, _ := e.logs.since(mark, "interaction delivered again: its first delivery answers it", "")
				refused, _ := e.logs.since(mark, "command reply failed", "")
				return replays+refused == botRaceN-1
			})
			expectCount(t, "charges", e.count(t, "charges", "description = ?", text), 1)
			expectCount(t, "audit entries", e.count(t, "audit_entries", "action = ? AND after LIKE ?", "charge."+records.SourceDiscord, "%"+text+"%"), 1)
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
	botRaceRow{
		name:   "antecedentes agregar: twenty interactions file twenty charges",
		covers: []string{"command antecedentes agregar"},
		run: func(t *testing.T, e *botRace) {
			mod, suspect := e.member(t, authz.Moderador), e.member(t)
			text := "Cargo distinto " + suspect
			answers := e.commandsAtOnce(t, botRaceN, func(int) discordgo.Interaction {
				return antecedentes("agregar", mod, userOption(suspect), chargeOption(text))
			})
			for _, a := range answers {
				if !strings.Contains(a, "Cargo agregado.") {
					t.Errorf("agregar said %q", a)
				}
			}
			expectCount(t, "charges", e.count(t, "charges", "description = ?", text), botRaceN)
		},
	},
)
