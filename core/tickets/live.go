package tickets

import (
	"context"

	"zocalo/core/authz"
	"zocalo/core/live"
)

// MayRead tells whether actor may read a ticket written by authorID: its author and the
// support staff. The REST reads and the live stream both ask it.
func MayRead(actor *authz.Actor, authorID string) bool {
	return actor != nil && (actor.DiscordID == authorID || IsStaff(actor))
}

// PublishLive makes the desk announce its changes on the live stream.
func (s *Service) PublishLive(p *live.Publisher) *Service {
	s.live = p
	return s
}

func (s *Service) publishCreated(ctx context.Context, t *Ticket) error {
	return s.live.Publish(ctx, live.KindTicketCreated, live.AudienceTicket, t.AuthorID,
		map[string]string{"ticketId": t.PublicID()})
}

func (s *Service) publishMessage(ctx context.Context, t *Ticket, m *Message) error {
	// A blocked sender's words reach no live page either.
	blocked, err := s.blocked(ctx)
	if err != nil {
		return err
	}
	if blocked[m.SenderID] {
		masked := *m
		maskMessage(&masked)
		m = &masked
	}
	view := MessageView{SenderType: m.SenderType, SenderName: m.SenderName, SenderAvatar: m.SenderAvatar,
		SenderID: m.SenderID, Content: m.Content, CreatedAt: m.CreatedAt, Attachments: fileViews(t.ID, m.Attachments)}
	return s.live.Publish(ctx, live.KindTicketMessage, live.AudienceTicket, t.AuthorID,
		map[string]any{"ticketId": t.PublicID(), "message": view})
}

// publishUpdated announces a change of the ticket's timeline (status, assignment,
// priority, rating); a status change names the new status.
func (s *Service) publishUpdated(ctx context.Context, t *Ticket, kind, after string) error {
	payload := map[string]string{"ticketId": t.PublicID()}
	if kind == EventStatus {
		payload["status"] = after
	}
	return s.live.Publish(ctx, live.KindTicketUpdated, live.AudienceTicket, t.AuthorID, payload)
}
