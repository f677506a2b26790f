package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/staff"
)

const notPaused = "No estás en pausa. Usa /turno pausa para tomar un descanso."

// ausencia builds a /ausencia interaction with its three options.
func ausencia(userID, start, end, reason string) discordgo.Interaction {
	i := interaction("ausencia", userID)
	opt := func(name, value string) *discordgo.ApplicationCommandInteractionDataOption {
		return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: value}
	}
	i.Data = discordgo.ApplicationCommandInteractionData{ID: "720000000000000003", Name: "ausencia",
		Options: []*discordgo.ApplicationCommandInteractionDataOption{opt("inicio", start), opt("fin", end), opt("motivo", reason)}}
	return i
}

// countAnswers counts the answers holding win and those holding lose; any other is an error.
func countAnswers(t *testing.T, answers []string, win, lose string) (int, int) {
	t.Helper()
	wins, losses := 0, 0
	for _, a := range answers {
		switch {
		case strings.Contains(a, win):
			wins++
		case strings.Contains(a, lose):
			losses++
		default:
			t.Errorf("an answer %q, want %q or %q", a, win, lose)
		}
	}
	return wins, losses
}

var _ = addBotRaceRows(
	botRaceRow{
		name:   "turno pausa: one break, the rest told the member is paused",
		covers: []string{"command turno pausa"},
		run: func(t *testing.T, e *botRace) {
			mod := e.member(t, authz.Moderador)
			sh := e.openShift(t, mod, time.Hour)
			answers := e.commandsAtOnce(t, botRaceN, func(int) discordgo.Interaction { return turno("pausa", mod) })
			if wins, _ := countAnswers(t, answers, "En pausa desde las", "Ya estás en pausa"); wins != 1 {
				t.Errorf("%d pauses took, want 1", wins)
			}
			expectCount(t, "breaks", e.count(t, "staff_breaks", "shift_id = ?", sh.ID), 1)
		},
	},
	botRaceRow{
		name:   "turno reanudar: one break ended, the rest told the member is not paused",
		covers: []string{"command turno reanudar"},
		run: func(t *testing.T, e *botRace) {
			mod := e.member(t, authz.Trial)
			sh := e.openShift(t, mod, time.Hour)
			br := staff.Break{ShiftID: sh.ID, MemberID: mod, StartedAt: e.app.Now().Add(-10 * time.Minute).UTC()}
			if err := e.d.Conn(context.Background()).Create(&br).Error; err != nil {
				t.Fatal(err)
			}
			answers := e.commandsAtOnce(t, botRaceN, func(int) discordgo.Interaction { return turno("reanudar", mod) })
			expectOneAnswer(t, answers, "Turno reanudado tras", notPaused)
			expectCount(t, "open breaks", e.count(t, "staff_breaks", "shift_id = ? AND ended_at IS NULL", sh.ID), 0)
		},
	},
	botRaceRow{
		name:   "ausencia: the same dates asked twenty times at once make one leave",
		covers: []string{"command ausencia"},
		run: func(t *testing.T, e *botRace) {
			mod := e.member(t, authz.SoporteTecnico)
			start := e.app.Now().In(e.cfg.Location()).AddDate(0, 0, 2)
			answers := e.commandsAtOnce(t, botRaceN, func(int) discordgo.Interaction {
				return ausencia(mod, start.Format("02/01/2006"), start.AddDate(0, 0, 1).Format("02/01/2006"), "Examen final")
			})
			if wins, _ := countAnswers(t, answers, "Ausencia pedida del", "Ya tienes una ausencia pendiente"); wins != 1 {
				t.Errorf("%d requests took, want 1", wins)
			}
			var leave staff.Leave
			if err := e.d.Conn(context.Background()).Where("member_id = ?", mod).Take(&leave).Error; err != nil {
				t.Fatal(err)
			}
			expectCount(t, "leaves", e.count(t, "staff_leaves", "member_id = ?", mod), 1)
			expectCount(t, "request audits", e.audits(t, staff.ActionLeaveRequest, leave.ID), 1)
		},
	},
)
