package bot

import (
	"context"
	"fmt"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/errs"
	"zocalo/core/outbox"
	"zocalo/core/tickets"
)

// Opening a ticket from Discord: /ticket categoria: (or a button of the panel message)
// opens a form for the title and the description, and the form's submission opens the
// ticket through the same core function as the web: the same checks and limits, the same
// assistant answer, the same thread. The submission's interaction id is the create's
// idempotency key, so a submission Discord delivers twice is one ticket.

// Prefixes of the panel's buttons and of the form.
const (
	ticketOpenPrefix  = tickets.PanelButtonPrefix
	ticketModalPrefix = "tknew"
)

// categoryKeys name the categories in custom ids (a category's value holds a space).
var categoryKeys = tickets.PanelCategoryKeys

func categoryKey(category string) string {
	for k, v := range categoryKeys {
		if v == category {
			return k
		}
	}
	return ""
}

// Text inputs of the form.
const (
	ticketTitleInput   = "titulo"
	ticketMessageInput = "descripcion"
)

// ticketForm is the modal that asks for the title and the description.
func ticketForm(category string) *discordgo.InteractionResponseData {
	return TextInputModal(CustomID(ticketModalPrefix, categoryKey(category)), "Nuevo Ticket de Soporte",
		discordgo.TextInput{CustomID: ticketTitleInput, Label: "Título", Style: discordgo.TextInputShort,
			Placeholder: "Resume tu problema en pocas palabras", Required: true, MaxLength: 200},
		discordgo.TextInput{CustomID: ticketMessageInput, Label: "Descripción", Style: discordgo.TextInputParagraph,
			Placeholder: "Cuéntanos qué pasó, cuándo y en qué servidor", Required: false, MaxLength: 4000})
}

func ticketCommand(b *Bot) *Command {
	choices := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(tickets.Categories))
	for _, c := range tickets.Categories {
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: c.Label, Value: c.Value})
	}
	return &Command{
		Definition: &discordgo.ApplicationCommand{
			Name:        "ticket",
			Description: "Abre un ticket de soporte: el staff te atiende aquí y en el portal.",
			Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "categoria",
				Description: "De qué trata tu ticket.", Required: true, Choices: choices}},
		},
		Ephemeral: true,
		Handle: func(_ context.Context, inv *Invocation) (Reply, error) {
			category := ""
			if o := inv.Option("categoria"); o != nil {
				category = o.StringValue()
			}
			if categoryKey(category) == "" {
				return Reply{}, errs.Invalid("La categoría debe ser " + tickets.Categories.Choices() + ".")
			}
			return Reply{Modal: ticketForm(category)}, nil
		},
	}
}

// ticketPanelButtons open the form from the panel message, one button per category.
func ticketPanelButtons() *Component {
	return &Component{
		Prefix:    ticketOpenPrefix,
		Ephemeral: true,
		Handle: func(_ context.Context, inv *Invocation) (Reply, error) {
			if len(inv.Args) == 0 || categoryKeys[inv.Args[0]] == "" {
				return Reply{}, errs.Invalid("Ese botón ya no es válido.")
			}
			return Reply{Modal: ticketForm(categoryKeys[inv.Args[0]])}, nil
		},
	}
}

// ticketModal opens the ticket the form describes.
func ticketModal(b *Bot) *Component {
	return &Component{
		Prefix:    ticketModalPrefix,
		Ephemeral: true,
		Handle: func(ctx context.Context, inv *Invocation) (Reply, error) {
			category := ""
			if len(inv.Args) > 0 {
				category = categoryKeys[inv.Args[0]]
			}
			v, err := b.deps.App.Tickets.Create(ctx, inv.Actor, tickets.CreateInput{Title: inv.ModalValue(ticketTitleInput),
				Category: category, Message: inv.ModalValue(ticketMessageInput)}, nil)
			if err != nil {
				return Reply{}, err
			}
			text := fmt.Sprintf("🎫 Abriste el ticket #%s «%s». Síguelo y responde en %s", v.TicketID, v.Title,
				tickets.PortalURL(b.deps.Config.PublicURL, parseTicketID(v.TicketID)))
			for _, m := range v.Messages {
				if m.SenderType == tickets.SenderAI {
					text += "\n\n" + m.Content
				}
			}
			// An interaction's answer holds 2,000 characters; the portal has the whole answer.
			text, _ = outbox.CapUnits(text, maxInteractionContent)
			return Reply{Content: text}, nil
		},
	}
}

// maxInteractionContent is Discord's limit on a message's text.
const maxInteractionContent = 2000

func parseTicketID(id string) uint64 {
	n, _ := strconv.ParseUint(id, 10, 64)
	return n
}
