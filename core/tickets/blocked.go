package tickets

import (
	"context"
	"fmt"

	"zocalo/core/outbox"
	"zocalo/core/privacy"
)

// Blocked people (an approved cancellation, in its blocking term) leave every view of a ticket:
// their name, their title and what they wrote read "[bloqueado]", their files are not offered;
// the ticket itself stays for the support figures and the staff's side of the conversation.

// maskTicket hides a blocked author or assignee on t.
func maskTicket(t *Ticket, blocked map[string]bool) {
	if blocked[t.AuthorID] {
		t.AuthorName, t.Title = privacy.Blocked, privacy.Blocked
	}
	if t.AssigneeID != "" && blocked[t.AssigneeID] {
		t.AssigneeName = privacy.Blocked
	}
}

// maskMessages hides what blocked senders wrote.
func maskMessages(msgs []Message, blocked map[string]bool) {
	for i := range msgs {
		if blocked[msgs[i].SenderID] {
			maskMessage(&msgs[i])
		}
	}
}

func maskMessage(m *Message) {
	m.SenderName, m.SenderAvatar, m.Content, m.Attachments = privacy.Blocked, "", privacy.Blocked, nil
}

func (s *Service) blocked(ctx context.Context) (map[string]bool, error) {
	return privacy.BlockedNow(ctx, s.db)
}

// ForgetThreads queues, for each ticket whose author's data is being suppressed, the removal
// of what the staff channel's thread holds of them: the thread takes the suppressed title, and
// the messages their words were posted as are deleted. Read before the suppression rewrites
// the rows; only delivered posts have a message to delete. It returns the tickets, whose cards
// RedrawCards draws again once the rows are suppressed.
func (s *Service) ForgetThreads(ctx context.Context, authorID string) ([]uint64, error) {
	var ts []Ticket
	if err := s.db.Conn(ctx).Where("author_id = ? AND thread_event_id IS NOT NULL", authorID).Find(&ts).Error; err != nil {
		return nil, err
	}
	ids := make([]uint64, len(ts))
	for i := range ts {
		t := &ts[i]
		ids[i] = t.ID
		var posts []outbox.Event
		// The author's words went as the ticket's user posts (the first one is in the card).
		if err := s.db.Conn(ctx).Where("kind = ? AND status = ? AND discord_message_id <> '' AND payload LIKE ? AND payload LIKE ?",
			KindPost, outbox.StatusDelivered, fmt.Sprintf(`%%"ticketId":%d,%%`, t.ID), `%"senderType":"`+SenderUser+`"%`).
			Find(&posts).Error; err != nil {
			return nil, err
		}
		forget := make([]string, 0, len(posts))
		for _, p := range posts {
			forget = append(forget, p.DiscordMessageID)
		}
		name := truncateRunes(fmt.Sprintf("#%d · %s", t.ID, privacy.Suppressed), 100)
		if err := s.post(ctx, t, PostPayload{Kind: PostForget, Content: name, Forget: forget}); err != nil {
			return nil, err
		}
	}
	return ids, nil
}
