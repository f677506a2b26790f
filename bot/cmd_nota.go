package bot

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/tickets"
)

// notaCommand: /nota texto: writes a private staff note on the ticket whose thread it is
// used in. The note is shown in the thread (by the relay) and on the portal to staff, and
// never reaches the player; core checks who may write it.
func notaCommand(b *Bot) *Command {
	return &Command{
		Definition: &discordgo.ApplicationCommand{
			Name:        "nota",
			Description: "Escribe una nota interna en este ticket: solo la ve el staff.",
			Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "texto",
				Description: "La nota; el jugador nunca la ve.", Required: true, MaxLength: tickets.MaxMessage}},
		},
		Staff:     true,
		Ephemeral: true,
		Handle: func(ctx context.Context, inv *Invocation) (Reply, error) {
			text := ""
			if o := inv.Option("texto"); o != nil {
				text = o.StringValue()
			}
			v, err := b.deps.App.Tickets.AddNoteInThread(ctx, inv.Actor, inv.Interaction.ChannelID, text)
			if err != nil {
				return Reply{}, err
			}
			return Reply{Content: fmt.Sprintf("📝 Nota interna guardada en el ticket #%s. El jugador no la verá.", v.TicketID)}, nil
		},
	}
}
