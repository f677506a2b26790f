package bot

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// perfilCommand: /perfil shows the member what the portal knows of them.
func perfilCommand(b *Bot) *Command {
	return &Command{
		Definition: &discordgo.ApplicationCommand{
			Name:        "perfil",
			Description: "Muestra tu perfil del portal: roles y enlace al portal.",
		},
		Ephemeral: true,
		Handle: func(ctx context.Context, inv *Invocation) (Reply, error) {
			sum, err := b.deps.App.Members.Describe(ctx, inv.Actor.DiscordID)
			if err != nil {
				return Reply{}, err
			}
			roles := "Sin roles"
			if len(sum.Roles) > 0 {
				names := make([]string, len(sum.Roles))
				for i, r := range sum.Roles {
					names[i] = string(r)
				}
				roles = strings.Join(names, ", ")
			}
			name := sum.Member.GlobalName
			if name == "" {
				name = sum.Member.Username
			}
			fields := []*discordgo.MessageEmbedField{
				{Name: "Usuario", Value: sum.Member.Username, Inline: true},
				{Name: "Roles", Value: roles, Inline: true},
			}
			if sum.Member.JoinedAt != nil {
				fields = append(fields, &discordgo.MessageEmbedField{Name: "Miembro desde",
					Value: sum.Member.JoinedAt.In(b.deps.Config.Location()).Format("02/01/2006"), Inline: true})
			}
			fields = append(fields, &discordgo.MessageEmbedField{Name: "Portal", Value: b.deps.Config.PublicURL})
			return Reply{Embeds: []*discordgo.MessageEmbed{{
				Title:  "Perfil de " + name,
				URL:    b.deps.Config.PublicURL,
				Color:  0x4f46e5,
				Fields: fields,
			}}}, nil
		},
	}
}
