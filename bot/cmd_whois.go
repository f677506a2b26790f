package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/players"
)

// whoisCommand: /whois (staff) resolves a Discord member to their Roblox account, or a
// Roblox username to the member who verified it, with the document and the record.
func whoisCommand(b *Bot) *Command {
	return &Command{
		Definition: &discordgo.ApplicationCommand{
			Name:        "whois",
			Description: "Busca a una persona por su cuenta de Discord o de Roblox (staff).",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionUser, Name: "usuario", Description: "Un miembro del servidor."},
				{Type: discordgo.ApplicationCommandOptionString, Name: "roblox", Description: "Un usuario de Roblox.", MaxLength: 20},
			},
		},
		Groups:    []authz.Group{authz.Staff},
		Staff:     true,
		Ephemeral: true,
		Handle: func(ctx context.Context, inv *Invocation) (Reply, error) {
			var q players.WhoisQuery
			if o := inv.Option("usuario"); o != nil {
				q.DiscordID = fmt.Sprint(o.Value)
			}
			if o := inv.Option("roblox"); o != nil {
				q.RobloxUsername = fmt.Sprint(o.Value)
			}
			w, err := b.deps.App.Players.Whois(ctx, inv.Actor, q)
			if err != nil {
				return Reply{}, err
			}
			return Reply{Embeds: []*discordgo.MessageEmbed{b.whoisEmbed(w)}}, nil
		},
	}
}

// whoisEmbed shows both sides of a person, the document and a summary of the record.
func (b *Bot) whoisEmbed(w players.Whois) *discordgo.MessageEmbed {
	name := w.Username
	if name == "" {
		name = w.DiscordID
	}
	discord := "<@" + w.DiscordID + ">"
	if !w.InGuild {
		discord += " (no está en el servidor)"
	}
	robloxAccount := "Sin cuenta de Roblox vinculada"
	if w.Link != nil {
		robloxAccount = fmt.Sprintf("%s (ID %s), verificada el %s", escapeMarkdown(w.Link.RobloxUsername), w.Link.RobloxUserID,
			w.Link.VerifiedAt.In(b.deps.Config.Location()).Format("02/01/2006"))
	}
	doc := "Sin documento"
	if d := w.Document; d != nil {
		doc = fmt.Sprintf("%s %s: %s %s", d.Type, d.Number, escapeMarkdown(d.Nombre), escapeMarkdown(d.Apellido))
	}
	record := "Sin antecedentes"
	if r := w.Record; r != nil && len(r.Charges) > 0 {
		inForce := r.InForce()
		record = fmt.Sprintf("%d cargos vigentes de %d", len(inForce), len(r.Charges))
		if len(inForce) > 0 {
			last := inForce[0]
			record += fmt.Sprintf("\nÚltimo: #%d · %s · %s", last.ID, displayDate(last.Date), truncate(last.Description, 300))
		}
	}
	fields := []*discordgo.MessageEmbedField{
		{Name: "Discord", Value: discord, Inline: true},
		{Name: "Roblox", Value: truncate(robloxAccount, 1024), Inline: true},
		{Name: "Documento", Value: truncate(doc, 1024)},
		{Name: "Antecedentes", Value: truncate(record, 1024)},
	}
	// The member said they are under 18: staff see that mark, never an age or a birth date.
	if w.Record != nil && w.Record.Minor {
		fields = append(fields, &discordgo.MessageEmbedField{Name: "Menor de edad", Value: "Lo declaró en el portal", Inline: true})
	}
	return &discordgo.MessageEmbed{
		Title: "¿Quién es " + truncate(name, 200) + "?", Color: 0x4f46e5, URL: b.deps.Config.PublicURL + "/records",
		Fields: fields,
	}
}

// escapeMarkdown keeps a name's underscores and asterisks from turning into formatting.
func escapeMarkdown(s string) string {
	return strings.NewReplacer(`\`, `\\`, "_", `\_`, "*", `\*`, "~", `\~`, "`", "\\`", "|", `\|`, ">", `\>`).Replace(s)
}
