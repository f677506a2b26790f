package bot

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/records"
)

// antecedentesCommand: /antecedentes ver|agregar looks up and adds to criminal records.
// Anyone may look a record up, as on the portal; adding is for moderators and the ADMIN
// group, which the core checks.
func antecedentesCommand(b *Bot) *Command {
	user := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "usuario",
		Description: "La persona del servidor.", Required: true}
	return &Command{
		Definition: &discordgo.ApplicationCommand{
			Name:        "antecedentes",
			Description: "Consulta o agrega antecedentes penales.",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "ver", Description: "Muestra el expediente de una persona.",
					Options: []*discordgo.ApplicationCommandOption{user}},
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "agregar", Description: "Agrega un cargo al expediente de una persona.",
					Options: []*discordgo.ApplicationCommandOption{user, {Type: discordgo.ApplicationCommandOptionString, Name: "cargo",
						Description: "El cargo, como quedará en el expediente.", Required: true, MaxLength: 500}}},
			},
		},
		Ephemeral: true,
		Handle: func(ctx context.Context, inv *Invocation) (Reply, error) {
			sub := inv.Interaction.ApplicationCommandData().Options
			if len(sub) == 0 {
				return Reply{Content: "Usa /antecedentes ver o /antecedentes agregar."}, nil
			}
			opts := map[string]string{}
			for _, o := range sub[0].Options {
				opts[o.Name] = fmt.Sprint(o.Value)
			}
			target := records.Query{DiscordID: opts["usuario"]}
			switch sub[0].Name {
			case "agregar":
				rec, err := b.deps.App.Records.AddCharge(ctx, inv.Actor, target, opts["cargo"], records.SourceDiscord)
				if err != nil {
					return Reply{}, err
				}
				return Reply{Content: "Cargo agregado.", Embeds: []*discordgo.MessageEmbed{b.recordEmbed(&rec)}}, nil
			default:
				rec, err := b.deps.App.Records.Find(ctx, target)
				if err != nil {
					return Reply{}, err
				}
				if rec == nil {
					return Reply{Content: "No se encontraron expedientes."}, nil
				}
				return Reply{Embeds: []*discordgo.MessageEmbed{b.recordEmbed(rec)}}, nil
			}
		},
	}
}

// recordEmbed shows a record: who, then the latest charges.
func (b *Bot) recordEmbed(r *records.Record) *discordgo.MessageEmbed {
	who := r.Username
	if r.RobloxUsername != "" {
		who = strings.TrimSpace(who + " (Roblox: " + r.RobloxUsername + ")")
	}
	e := &discordgo.MessageEmbed{Title: "Expediente de " + who, Color: 0xb91c1c,
		URL: b.deps.Config.PublicURL + "/records"}
	if len(r.Charges) == 0 {
		e.Description = "No se encontraron registros criminales."
		return e
	}
	// An embed holds at most 25 fields; the portal has the whole record.
	const shown = 10
	for i, c := range r.Charges {
		if i == shown {
			e.Footer = &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Y %d cargos más en el portal.", len(r.Charges)-shown)}
			break
		}
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: displayDate(c.Date), Value: truncate(c.Description, 1024)})
	}
	return e
}

// displayDate shows YYYY-MM-DD as dd/mm/yyyy.
func displayDate(d string) string {
	if t, err := time.Parse(time.DateOnly, d); err == nil {
		return t.Format("02/01/2006")
	}
	return d
}
