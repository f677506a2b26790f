package bot

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/tickets"
)

// respuestaCommand: /respuesta nombre: sends a canned reply ("Respuestas predefinidas") to
// the player of the ticket whose thread it is used in, as a staff reply from the portal
// would: it is recorded in the ticket, posted in the thread and the player is told.
func respuestaCommand(b *Bot) *Command {
	return &Command{
		Definition: &discordgo.ApplicationCommand{
			Name:        "respuesta",
			Description: "Envía una respuesta predefinida al jugador de este ticket.",
			Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "nombre",
				Description: "El nombre de la respuesta predefinida, como aparece en el panel de soporte.", Required: true,
				MaxLength: tickets.MaxCannedName, Autocomplete: true}},
		},
		Staff:     true,
		Ephemeral: true,
		// The canned replies whose name holds what is typed (support staff only; core checks).
		Autocomplete: func(ctx context.Context, inv *Invocation) ([]*discordgo.ApplicationCommandOptionChoice, error) {
			typed := ""
			if f := inv.Focused(); f != nil {
				typed = f.StringValue()
			}
			list, err := b.deps.App.Tickets.CannedReplies(ctx, inv.Actor, typed)
			if err != nil {
				return nil, err
			}
			out := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(list))
			for _, c := range list {
				out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Name})
			}
			return out, nil
		},
		Handle: func(ctx context.Context, inv *Invocation) (Reply, error) {
			name := ""
			if o := inv.Option("nombre"); o != nil {
				name = o.StringValue()
			}
			v, err := b.deps.App.Tickets.SendCannedInThread(ctx, inv.Actor, inv.Interaction.ChannelID, name)
			if err != nil {
				return Reply{}, err
			}
			return Reply{Content: fmt.Sprintf("Respuesta enviada al jugador del ticket #%s.", v.TicketID)}, nil
		},
	}
}
