package bot

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/staff"
)

// ausenciaCommand: /ausencia inicio fin motivo asks the directors for a leave of absence.
// They approve or refuse it on the portal, and the member is told by DM.
func ausenciaCommand(b *Bot) *Command {
	date := func(name, what string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name,
			Description: what + " (DD/MM/AAAA)", Required: true, MaxLength: 10}
	}
	return &Command{
		Definition: &discordgo.ApplicationCommand{
			Name:        "ausencia",
			Description: "Pide una ausencia: los días aprobados no cuentan contra tu cuota semanal.",
			Options: []*discordgo.ApplicationCommandOption{
				date("inicio", "Primer día de la ausencia"),
				date("fin", "Último día de la ausencia"),
				{Type: discordgo.ApplicationCommandOptionString, Name: "motivo", Description: "Por qué te ausentarás.",
					Required: true, MaxLength: staff.MaxLeaveReason},
			},
		},
		Groups:    []authz.Group{authz.Staff},
		Staff:     true,
		Ephemeral: true,
		Handle: func(ctx context.Context, inv *Invocation) (Reply, error) {
			opts := map[string]string{}
			for _, o := range inv.Interaction.ApplicationCommandData().Options {
				if o.Type == discordgo.ApplicationCommandOptionString {
					opts[o.Name] = o.StringValue()
				}
			}
			lv, err := b.deps.App.Staff.RequestLeave(ctx, inv.Actor, opts["inicio"], opts["fin"], opts["motivo"])
			if err != nil {
				return Reply{}, err
			}
			days := "día"
			if lv.Days != 1 {
				days = "días"
			}
			return Reply{Content: fmt.Sprintf("📝 Ausencia pedida del %s al %s (%d %s). Dirección la revisará en el portal y te avisaremos por mensaje directo.",
				staff.DisplayDate(lv.StartsOn), staff.DisplayDate(lv.EndsOn), lv.Days, days)}, nil
		},
	}
}
