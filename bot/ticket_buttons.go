package bot

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/errs"
	"zocalo/core/outbox"
	"zocalo/core/tickets"
)

// The buttons of a ticket's card in the staff channel: Reclamar (assign to me), Prioridad,
// Transferir (assign to another staff member) and Cerrar. Each calls the core function the
// web calls, with the member who pressed as the actor, so core checks them alike; the
// card itself is edited by the change's own outbox event. Prioridad first answers, to the
// member alone, with a button per priority; Transferir with a member picker.
func ticketCardButtons(b *Bot) *Component {
	return &Component{
		Prefix:    tickets.CardButtonPrefix,
		Ephemeral: true,
		Handle: func(ctx context.Context, inv *Invocation) (Reply, error) {
			if len(inv.Args) < 2 {
				return Reply{}, errs.Invalid("Ese botón ya no es válido.")
			}
			action, id := inv.Args[0], inv.Args[1]
			choice := ""
			if len(inv.Args) > 2 {
				choice = inv.Args[2]
			}
			desk := b.deps.App.Tickets
			switch action {
			case tickets.ActionClaim:
				if _, err := desk.Assign(ctx, inv.Actor, id, &inv.Actor.DiscordID); err != nil {
					return Reply{}, err
				}
				return Reply{Content: fmt.Sprintf("👤 Reclamaste el ticket #%s: ahora está asignado a ti.", id)}, nil
			case tickets.ActionClose:
				if _, err := desk.SetStatus(ctx, inv.Actor, id, tickets.StatusClosed); err != nil {
					return Reply{}, err
				}
				return Reply{Content: fmt.Sprintf("🔒 Ticket #%s cerrado. El jugador recibió el enlace para calificar la atención.", id)}, nil
			case tickets.ActionPriority:
				if choice == "" {
					return priorityChoices(id), nil
				}
				v, err := desk.SetPriority(ctx, inv.Actor, id, choice)
				if err != nil {
					return Reply{}, err
				}
				return Reply{Content: fmt.Sprintf("⚠️ Prioridad del ticket #%s: **%s**.", id, tickets.PriorityLabel(v.Priority))}, nil
			case tickets.ActionTransfer:
				if choice == "" {
					return transferChoices(inv, id)
				}
				if choice == pickedChoice {
					if choice = pickedUser(inv); choice == "" {
						return Reply{}, errs.Invalid("Elige a un miembro del staff.")
					}
				}
				var to *string
				if choice != unassignChoice {
					to = &choice
				}
				v, err := desk.Assign(ctx, inv.Actor, id, to)
				if err != nil {
					return Reply{}, err
				}
				if v.AssignedTo == nil {
					return Reply{Content: fmt.Sprintf("👤 El ticket #%s quedó sin asignar.", id)}, nil
				}
				return Reply{Content: fmt.Sprintf("👤 Ticket #%s transferido a **%s**.", id, v.AssignedTo.StaffUsername)}, nil
			}
			return Reply{}, errs.Invalid("Ese botón ya no es válido.")
		},
	}
}

// Transferir's choices: nobody, or the member picked in its user select.
const (
	unassignChoice = "-"
	pickedChoice   = "pick"
)

// pickedUser is the member chosen in a user select, or "".
func pickedUser(inv *Invocation) string {
	in := inv.Interaction
	if in.Type != discordgo.InteractionMessageComponent {
		return ""
	}
	data := in.MessageComponentData()
	if data.ComponentType != discordgo.UserSelectMenuComponent || len(data.Values) != 1 {
		return ""
	}
	return data.Values[0]
}

func choiceButton(label, customID string, style discordgo.ButtonStyle) discordgo.Button {
	label, _ = outbox.CapUnits(label, maxButtonLabel)
	return discordgo.Button{Label: label, CustomID: customID, Style: style}
}

// priorityChoices is a button per priority.
func priorityChoices(id string) Reply {
	row := discordgo.ActionsRow{}
	for _, p := range tickets.Priorities {
		row.Components = append(row.Components, choiceButton(p.Label,
			CustomID(tickets.CardButtonPrefix, tickets.ActionPriority, id, p.Value), discordgo.SecondaryButton))
	}
	return Reply{Content: fmt.Sprintf("Elige la prioridad del ticket #%s:", id), Components: []discordgo.MessageComponent{row}}
}

// transferChoices is a user select, in which Discord lets the member search the whole
// guild (a list of buttons held 24 staff members at most), and a button for nobody. Core
// decides whether the member picked may take the ticket.
func transferChoices(inv *Invocation, id string) (Reply, error) {
	if !tickets.CanHandle(inv.Actor) {
		return Reply{}, errs.Forbidden("Solo el staff puede hacer esto.")
	}
	picker := discordgo.SelectMenu{MenuType: discordgo.UserSelectMenu, MaxValues: 1,
		CustomID:    CustomID(tickets.CardButtonPrefix, tickets.ActionTransfer, id, pickedChoice),
		Placeholder: "Busca a un miembro del staff"}
	nobody := choiceButton("Sin asignar", CustomID(tickets.CardButtonPrefix, tickets.ActionTransfer, id, unassignChoice),
		discordgo.DangerButton)
	return Reply{Content: fmt.Sprintf("¿A quién transfieres el ticket #%s? Solo puede recibirlo el staff.", id),
		Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{picker}},
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{nobody}},
		}}, nil
}
