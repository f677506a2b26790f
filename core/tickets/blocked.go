package tickets

import (
	"context"

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
