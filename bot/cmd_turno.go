package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/staff"
)

// turnoCommand: /turno entrar|salir|pausa|reanudar|estado|ranking clocks staff shifts.
func turnoCommand(b *Bot) *Command {
	var choices []*discordgo.ApplicationCommandOptionChoice
	for _, name := range b.deps.App.Shifts.Servers() {
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: name, Value: name})
	}
	return &Command{
		Definition: &discordgo.ApplicationCommand{
			Name:        "turno",
			Description: "Registra tus turnos de staff.",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "entrar", Description: "Empieza un turno.",
					Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString,
						Name: "servidor", Description: "El servidor donde estarás.", Required: true, Choices: choices}}},
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "salir", Description: "Termina tu turno."},
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "pausa", Description: "Toma un descanso: el reloj de tu turno se detiene."},
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "reanudar", Description: "Vuelve de tu descanso: el reloj sigue."},
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "estado", Description: "Tu turno y tus horas de la semana."},
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "ranking", Description: "El staff con más horas esta semana."},
			},
		},
		Groups:    []authz.Group{authz.Staff},
		Staff:     true,
		Ephemeral: true,
		Handle: func(ctx context.Context, inv *Invocation) (Reply, error) {
			sub := inv.Interaction.ApplicationCommandData().Options
			if len(sub) == 0 {
				return Reply{Content: "Usa /turno entrar, salir, pausa, reanudar, estado o ranking."}, nil
			}
			shifts := b.deps.App.Shifts
			loc := b.deps.Config.Location()
			switch sub[0].Name {
			case "entrar":
				server := ""
				for _, o := range sub[0].Options {
					if o.Name == "servidor" {
						server = o.StringValue()
					}
				}
				sh, err := shifts.ClockIn(ctx, inv.Actor, server)
				if err != nil {
					return Reply{}, err
				}
				return Reply{Content: fmt.Sprintf("✅ Turno iniciado en **%s** a las %s. ¡Buen turno!",
					sh.Server, sh.StartedAt.In(loc).Format("15:04"))}, nil
			case "salir":
				sh, err := shifts.ClockOut(ctx, inv.Actor)
				if err != nil {
					return Reply{}, err
				}
				worked, err := shifts.WorkedSeconds(ctx, sh)
				if err != nil {
					return Reply{}, err
				}
				return Reply{Content: fmt.Sprintf("👋 Turno terminado en **%s**: %s trabajados.", sh.Server,
					staff.FormatDuration(worked))}, nil
			case "pausa":
				br, err := shifts.Pause(ctx, inv.Actor)
				if err != nil {
					return Reply{}, err
				}
				return Reply{Content: fmt.Sprintf("⏸️ En pausa desde las %s. Tu tiempo no corre; usa /turno reanudar al volver.",
					br.StartedAt.In(loc).Format("15:04"))}, nil
			case "reanudar":
				br, err := shifts.Resume(ctx, inv.Actor)
				if err != nil {
					return Reply{}, err
				}
				return Reply{Content: fmt.Sprintf("▶️ Turno reanudado tras %s de pausa.",
					staff.FormatDuration(int64(br.EndedAt.Sub(br.StartedAt).Seconds())))}, nil
			case "estado":
				return turnoEstado(ctx, b, inv)
			default:
				return turnoRanking(ctx, b, inv)
			}
		},
	}
}

func turnoEstado(ctx context.Context, b *Bot, inv *Invocation) (Reply, error) {
	shifts := b.deps.App.Shifts
	open, err := shifts.Running(ctx, inv.Actor.DiscordID)
	if err != nil {
		return Reply{}, err
	}
	totals, err := shifts.TotalsFor(ctx, []string{inv.Actor.DiscordID})
	if err != nil {
		return Reply{}, err
	}
	t := totals[inv.Actor.DiscordID]
	var week int64
	for _, s := range t.Week {
		week += s
	}
	var lines []string
	loc := b.deps.Config.Location()
	switch {
	case open != nil && open.PausedSince != nil:
		lines = append(lines, fmt.Sprintf("⏸️ En pausa desde las %s, en turno en **%s** desde las %s (%s trabajados).",
			open.PausedSince.In(loc).Format("15:04"), open.Shift.Server, open.Shift.StartedAt.In(loc).Format("15:04"),
			staff.FormatDuration(open.WorkedSeconds)))
	case open != nil:
		lines = append(lines, fmt.Sprintf("🟢 En turno en **%s** desde las %s (%s trabajados).", open.Shift.Server,
			open.Shift.StartedAt.In(loc).Format("15:04"), staff.FormatDuration(open.WorkedSeconds)))
	default:
		lines = append(lines, "⚪ No estás en turno.")
	}
	lines = append(lines, "Esta semana: "+staff.FormatDuration(week), "Total: "+staff.FormatDuration(t.TotalSeconds))
	return Reply{Content: strings.Join(lines, "\n")}, nil
}

func turnoRanking(ctx context.Context, b *Bot, inv *Invocation) (Reply, error) {
	leaders, err := b.deps.App.Staff.WeekLeaders(ctx, inv.Actor, 10)
	if err != nil {
		return Reply{}, err
	}
	if len(leaders) == 0 {
		return Reply{Content: "Todavía no hay horas registradas esta semana."}, nil
	}
	var lines []string
	medals := []string{"🥇", "🥈", "🥉"}
	for i, m := range leaders {
		mark := fmt.Sprintf("%d.", i+1)
		if i < len(medals) {
			mark = medals[i]
		}
		lines = append(lines, fmt.Sprintf("%s %s: %s", mark, m.Username, staff.FormatDuration(m.WeekSeconds)))
	}
	return Reply{Content: "**Ranking de horas del staff (esta semana)**\n" + strings.Join(lines, "\n")}, nil
}
