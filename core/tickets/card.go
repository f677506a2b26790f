package tickets

import (
	"context"
	"fmt"

	"zocalo/core/outbox"
)

// The ticket's card in the staff channel: the post its thread starts on, with the staff's
// buttons (Reclamar, Prioridad, Transferir, Cerrar). Every change of its state edits it;
// the relay sends only the latest of the edits waiting, so the card shows the state that
// won within Discord's edit limits.

// Custom ids of the card's buttons: CardButtonPrefix:<action>:<ticket id>[:<choice>].
const (
	CardButtonPrefix = "tk"
	ActionClaim      = "claim"
	ActionPriority   = "prio"
	ActionTransfer   = "move"
	ActionClose      = "close"
)

// cardMessage is the card of a ticket in its current state; firstMessage is the text it
// was opened with.
func (s *Service) cardMessage(t *Ticket, firstMessage string) (string, outbox.Embed, []outbox.ButtonRow) {
	created := t.CreatedAt
	desc := firstMessage
	if desc == "" {
		desc = "(sin mensaje)"
	}
	assignee := t.AssigneeName
	if assignee == "" {
		assignee = "Sin asignar"
	}
	content := ""
	if role := s.s.PingRoles[t.Category]; role != "" {
		content = fmt.Sprintf("<@&%s> Nuevo ticket #%d", role, t.ID)
	}
	embed := outbox.Embed{
		Title: truncateRunes(fmt.Sprintf("Ticket #%d: %s", t.ID, t.Title), 256), Description: truncateRunes(desc, 3500),
		URL: StaffURL(s.s.PublicURL, t.ID), Color: cardColor(t), Timestamp: &created,
		Fields: []outbox.EmbedField{
			{Name: "Autor", Value: t.AuthorName, Inline: true},
			{Name: "Categoría", Value: CategoryLabel(t.Category), Inline: true},
			{Name: "Prioridad", Value: PriorityLabel(t.Priority), Inline: true},
			{Name: "Estado", Value: StatusLabel(t.Status), Inline: true},
			{Name: "Asignado a", Value: truncateRunes(assignee, 100), Inline: true},
		},
		Footer: "Responde en este hilo: tu mensaje llega al ticket en el portal.",
	}
	id := t.PublicID()
	closed := t.Status == StatusClosed
	button := func(label, action, style string) outbox.Button {
		return outbox.Button{Label: label, CustomID: CardButtonPrefix + ":" + action + ":" + id, Style: style, Disabled: closed}
	}
	buttons := []outbox.ButtonRow{{Buttons: []outbox.Button{
		button("Reclamar", ActionClaim, outbox.ButtonPrimary),
		button("Prioridad", ActionPriority, outbox.ButtonSecondary),
		button("Transferir", ActionTransfer, outbox.ButtonSecondary),
		button("Cerrar", ActionClose, outbox.ButtonDanger),
	}}}
	return content, embed, buttons
}

// cardColor shows the state at a glance: grey once closed, green resolved, red high priority.
func cardColor(t *Ticket) int {
	switch {
	case t.Status == StatusClosed:
		return 0x6b7280
	case t.Status == StatusResolved:
		return 0x16a34a
	case t.Priority == PriorityHigh:
		return 0xdc2626
	}
	return 0x4f46e5
}

// editCard queues the edit of the ticket's card to its state as the transaction sees it
// now. Only the change that won reaches here, so each change is one edit.
func (s *Service) editCard(ctx context.Context, t *Ticket) error {
	if t.ThreadEventID == nil {
		return nil
	}
	if err := s.db.Conn(ctx).Where("id = ?", t.ID).Take(t).Error; err != nil {
		return err
	}
	var first string
	if err := s.db.Conn(ctx).Model(&Message{}).Where("ticket_id = ? AND sender_type = ?", t.ID, SenderUser).
		Order("id").Limit(1).Pluck("content", &first).Error; err != nil {
		return err
	}
	content, embed, buttons := s.cardMessage(t, first)
	_, err := s.outbox.Enqueue(ctx, outbox.KindMessageEdit, s.s.Channel, outbox.MessageEdit{RefEventID: *t.ThreadEventID,
		Content: content, Embeds: []outbox.Embed{embed}, Buttons: buttons})
	return err
}

// RedrawCards edits the staff channel's cards of tickets to show them as they are now (after a
// suppression rewrote their title and author).
func (s *Service) RedrawCards(ctx context.Context, ids []uint64) error {
	for _, id := range ids {
		t := &Ticket{ID: id}
		if err := s.db.Conn(ctx).Select("id", "thread_event_id").Where("id = ?", id).Take(t).Error; err != nil {
			return err
		}
		if err := s.editCard(ctx, t); err != nil {
			return err
		}
	}
	return nil
}
