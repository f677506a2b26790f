package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"
)

// verificarCommand: /verificar answers, to the member alone, the portal's page that links
// their Roblox account (or tells them which one is linked).
func verificarCommand(b *Bot) *Command {
	return &Command{
		Definition: &discordgo.ApplicationCommand{
			Name:        "verificar",
			Description: "Vincula tu cuenta de Roblox para verificarte en el servidor.",
		},
		Ephemeral: true,
		Handle: func(ctx context.Context, inv *Invocation) (Reply, error) {
			page := b.deps.Config.PublicURL + "/verify"
			st, err := b.deps.App.Roblox.Status(ctx, inv.Actor)
			if err != nil {
				return Reply{}, err
			}
			if st.Verified {
				return Reply{Content: "Tu cuenta de Roblox **" + escapeMarkdown(st.Username) + "** ya está vinculada. " +
					"Para cambiarla o desvincularla, entra a " + page}, nil
			}
			return Reply{Content: "Vincula tu cuenta de Roblox para verificarte en el servidor: " + page}, nil
		},
	}
}
