package bot

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/tickets"
)

// notaCommand: /nota texto: writes a private staff note on the ticket whose thread it is
// used in. The note is shown on the portal to staff and in the thread (by the relay),
// unless the ticket's author reads the thread (a staff member's own ticket); it never
// reaches the author. Core checks who may write it and where it goes.
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
			v, inThread, err := b.deps.App.Tickets.AddNoteInThread(ctx, inv.Actor, inv.Interaction.ChannelID, text)
			if err != nil {
				return Reply{}, err
			}
			if !inThread {
				return Reply{Content: fmt.Sprintf("📝 Nota interna guardada en el ticket #%s, solo en el portal: quien abrió el ticket es del staff y lee este hilo, así que no se publica aquí.", v.TicketID)}, nil
			}
			return Reply{Content: fmt.Sprintf("📝 Nota interna guardada en el ticket #%s. El jugador no la verá.", v.TicketID)}, nil
		},
	}
}
