package tickets

import (
	"context"
	"slices"

	"gorm.io/gorm"

	"zocalo/core/authz"
	"zocalo/core/errs"
)

// UnreadTickets are the actor's tickets with staff messages they have not seen: how many,
// and which (the newest staff message first), so the badge can say which they are.
type UnreadTickets struct {
	Count     int64    `json:"count"`
	TicketIDs []string `json:"ticketIds"`
}

// unreadByAuthor keeps the actor's own tickets whose last staff message came after they
// last read them (or that they never read).
func unreadByAuthor(q *gorm.DB, authorID string) *gorm.DB {
	return q.Joins("LEFT JOIN ticket_reads r ON r.ticket_id = tickets.id AND r.user_id = ?", authorID).
		Where("tickets.author_id = ? AND tickets.last_staff_at IS NOT NULL AND (r.seen_at IS NULL OR r.seen_at < tickets.last_staff_at)", authorID)
}

// Unread lists the actor's tickets with staff messages they have not seen.
func (s *Service) Unread(ctx context.Context, actor *authz.Actor) (UnreadTickets, error) {
	if actor == nil {
		return UnreadTickets{}, errs.ErrNotSignedIn
	}
	var ids []uint64
	err := unreadByAuthor(s.db.Conn(ctx).Model(&Ticket{}), actor.DiscordID).
		Order("tickets.last_staff_at DESC, tickets.id DESC").Pluck("tickets.id", &ids).Error
	out := UnreadTickets{Count: int64(len(ids)), TicketIDs: make([]string, len(ids))}
	for i, id := range ids {
		out.TicketIDs[i] = PublicIDOf(id)
	}
	return out, err
}

// markUnread sets Unread on the views of a page of tickets that are the actor's own and
// have staff messages they have not seen, in one read.
func (s *Service) markUnread(ctx context.Context, actor *authz.Actor, rows []Ticket, views []View) error {
	var candidates []uint64
	for _, t := range rows {
		if t.AuthorID == actor.DiscordID && t.LastStaffAt != nil {
			candidates = append(candidates, t.ID)
		}
	}
	if len(candidates) == 0 {
		return nil
	}
	var unread []uint64
	if err := unreadByAuthor(s.db.Conn(ctx).Model(&Ticket{}), actor.DiscordID).
		Where("tickets.id IN ?", candidates).Pluck("tickets.id", &unread).Error; err != nil {
		return err
	}
	for i, t := range rows {
		views[i].Unread = slices.Contains(unread, t.ID)
	}
	return nil
}
