package bot

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/records"
)

// antecedentesCommand: /antecedentes ver|agregar|anular looks up, adds to and corrects
// criminal records. Anyone may look a record up, as on the portal; adding and voiding are
// for moderators and the ADMIN group, which the core checks.
func antecedentesCommand(b *Bot) *Command {
	user := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "usuario",
		Description: "La persona del servidor.", Required: true}
	return &Command{
		Definition: &discordgo.ApplicationCommand{
			Name:        "antecedentes",
			Description: "Consulta, agrega o anula antecedentes penales.",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "ver", Description: "Muestra el expediente de una persona.",
					Options: []*discordgo.ApplicationCommandOption{user}},
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "agregar", Description: "Agrega un cargo al expediente de una persona.",
					Options: []*discordgo.ApplicationCommandOption{user, {Type: discordgo.ApplicationCommandOptionString, Name: "cargo",
						Description: "El cargo, como quedará en el expediente.", Required: true, MaxLength: 500}}},
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "anular", Description: "Anula un cargo registrado por error.",
					Options: []*discordgo.ApplicationCommandOption{
						{Type: discordgo.ApplicationCommandOptionInteger, Name: "id", Description: "El número del cargo (#) en el portal.",
							Required: true, MinValue: &minChargeID},
						{Type: discordgo.ApplicationCommandOptionString, Name: "motivo", Description: "Por qué se anula; queda en el expediente.",
							Required: true, MaxLength: records.MaxReason}}},
			},
		},
		Ephemeral: true,
		Handle: func(ctx context.Context, inv *Invocation) (Reply, error) {
			sub := inv.Interaction.ApplicationCommandData().Options
			if len(sub) == 0 {
				return Reply{Content: "Usa /antecedentes ver, /antecedentes agregar o /antecedentes anular."}, nil
			}
			opts := map[string]string{}
			for _, o := range sub[0].Options {
				opts[o.Name] = fmt.Sprint(o.Value)
				if o.Type == discordgo.ApplicationCommandOptionInteger {
					// Discord sends integers as JSON numbers; Sprint would write large ones as 1e+07.
					opts[o.Name] = strconv.FormatInt(o.IntValue(), 10)
				}
			}
			target := records.Query{DiscordID: opts["usuario"]}
			switch sub[0].Name {
			case "agregar":
				rec, err := b.deps.App.Records.AddCharge(ctx, inv.Actor, target, opts["cargo"], records.SourceDiscord)
				if err != nil {
					return Reply{}, err
				}
				return Reply{Content: "Cargo agregado.", Embeds: []*discordgo.MessageEmbed{b.recordEmbed(&rec)}}, nil
			case "anular":
				// An id that is not a number names no charge: the core answers it as not found.
				id, _ := strconv.ParseUint(opts["id"], 10, 64)
				c, err := b.deps.App.Records.Void(ctx, inv.Actor, id, opts["motivo"])
				if err != nil {
					return Reply{}, err
				}
				return Reply{Content: fmt.Sprintf("Cargo #%d anulado.", c.ID), Embeds: []*discordgo.MessageEmbed{{
					Title: "Cargo anulado", Color: 0x6b7280, Description: truncate(c.Description, 1024),
					Fields: []*discordgo.MessageEmbedField{{Name: "Motivo", Value: truncate(c.VoidReason, 1024)}},
				}}}, nil
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
		e.Fields = append(e.Fields, chargeField(c))
	}
	return e
}

// minChargeID is the smallest charge id /antecedentes anular accepts.
var minChargeID = 1.0

// chargeField is one charge of a record: its number and date, its text, and for a voided
// charge the mark and the reason.
func chargeField(c records.ChargeView) *discordgo.MessageEmbedField {
	name := fmt.Sprintf("#%d · %s", c.ID, displayDate(c.Date))
	if !c.Voided {
		return &discordgo.MessageEmbedField{Name: name, Value: truncate(c.Description, 1024)}
	}
	return &discordgo.MessageEmbedField{Name: name + " · Anulado",
		Value: "~~" + truncate(c.Description, 480) + "~~\nMotivo: " + truncate(c.VoidReason, 480)}
}

// displayDate shows YYYY-MM-DD as dd/mm/yyyy.
func displayDate(d string) string {
	if t, err := time.Parse(time.DateOnly, d); err == nil {
		return t.Format("02/01/2006")
	}
	return d
}
