package tickets

import (
	"context"
	"errors"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/live"
	"zocalo/core/members"
	"zocalo/core/validate"
)

// Note is a private note of support staff on a ticket. It is shown to staff and never to
// the ticket's author: not in their view, their transcript, their DMs or their live events,
// nor in the ticket's Discord thread when the author reads that thread (see NoteToThread).
type Note struct {
	ID         uint64    `gorm:"primaryKey;autoIncrement"`
	TicketID   uint64    `gorm:"not null;index:idx_ticket_notes_ticket_id"`
	Ticket     Ticket    `gorm:"foreignKey:TicketID;constraint:OnDelete:CASCADE"`
	AuthorID   string    `gorm:"size:32;not null"`
	AuthorName string    `gorm:"size:100;not null"`
	Content    string    `gorm:"type:text;not null"`
	CreatedAt  time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Note) TableName() string { return "ticket_notes" }

// NoteView is a note as the API shows it.
type NoteView struct {
	AuthorID   string    `json:"authorId"`
	AuthorName string    `json:"authorName"`
	Content    string    `json:"content"`
	CreatedAt  time.Time `json:"createdAt"`
}

var (
	errNoteStaffOnly = errs.Forbidden("Solo el staff de soporte puede escribir notas internas.")
	errEmptyNote     = errs.Invalid("Escribe el texto de la nota interna (hasta 4000 caracteres).")
	errNoteClosed    = errs.Conflict("El ticket está cerrado y ya no admite notas internas.")
)

// MayReadNotes tells whether actor may read the private notes of a ticket written by
// authorID: support staff, unless the ticket is their own.
func MayReadNotes(actor *authz.Actor, authorID string) bool {
	return actor != nil && IsStaff(actor) && actor.DiscordID != authorID
}

// ReadsStaffThreads tells whether a member reads the tickets' threads in Discord, which
// live in the staff's channel: support staff (the support panel's read right) and anyone
// holding a role of the STAFF or ADMIN groups, whatever the matrix gives them, since
// Discord's channel permissions follow the roles, not the portal's matrix.
func ReadsStaffThreads(a *authz.Actor) bool {
	return a != nil && (IsStaff(a) || a.InGroup(authz.Staff, authz.Admin))
}

// NoteToThread tells whether a private note on the ticket written by authorID goes to the
// ticket's Discord thread: not when the author reads that thread, as staff do, since the
// note is about them and the portal already hides it from them. A member not in the guild
// reads none of its channels. The bot asks again when it delivers, as the author's roles
// may have changed since the note was written.
func (s *Service) NoteToThread(ctx context.Context, authorID string) (bool, error) {
	author, err := s.members.MemberActor(ctx, authorID)
	if errors.Is(err, members.ErrNotAMember) {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	return !ReadsStaffThreads(author), nil
}

// NoteToThreadOfTicket is NoteToThread for a ticket by its id, for the bot's delivery.
func (s *Service) NoteToThreadOfTicket(ctx context.Context, ticketID uint64) (bool, error) {
	var authorID string
	if err := s.db.Conn(ctx).Model(&Ticket{}).Where("id = ?", ticketID).Limit(1).Pluck("author_id", &authorID).Error; err != nil {
		return false, err
	}
	if authorID == "" {
		return false, nil // the ticket is gone: nothing to post
	}
	return s.NoteToThread(ctx, authorID)
}

// AddNote writes a private note on a ticket. It goes to staff watching the ticket and,
// unless its author reads the ticket's thread (NoteToThread), to that thread; never to its
// author. With an idempotency key (the web's, or the Discord interaction's id) a note sent
// twice is one note.
func (s *Service) AddNote(ctx context.Context, actor *authz.Actor, id, content string) (View, error) {
	t, err := s.load(ctx, actor, id)
	if err != nil {
		return View{}, err
	}
	v, _, err := s.addNote(ctx, actor, t, content)
	return v, err
}

// addNote writes the note and tells whether it was queued for the ticket's thread.
func (s *Service) addNote(ctx context.Context, actor *authz.Actor, t *Ticket, content string) (View, bool, error) {
	if !MayReadNotes(actor, t.AuthorID) {
		return View{}, false, errNoteStaffOnly
	}
	content, ok := validate.Text(content, MaxMessage)
	if !ok {
		return View{}, false, errEmptyNote
	}
	toThread := false
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		now := s.s.Now()
		if err := idempotency.Claim(ctx, s.db, now); err != nil {
			return err
		}
		if err := s.lock(ctx, t); err != nil {
			return err
		}
		if t.Status == StatusClosed {
			return errNoteClosed
		}
		n := Note{TicketID: t.ID, AuthorID: actor.DiscordID, AuthorName: actor.Username, Content: content, CreatedAt: now}
		if err := s.db.Conn(ctx).Omit("Ticket").Create(&n).Error; err != nil {
			return err
		}
		if err := audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaTickets, Action: "note",
			EntityType: "ticket", EntityID: t.ID, After: map[string]any{"note": n.ID}}); err != nil {
			return err
		}
		if err := s.live.Publish(ctx, live.KindTicketNote, live.AudienceTicketStaff, t.AuthorID,
			map[string]any{"ticketId": t.PublicID(), "note": noteView(n)}); err != nil {
			return err
		}
		var err error
		if toThread, err = s.NoteToThread(ctx, t.AuthorID); err != nil || !toThread {
			return err
		}
		return s.post(ctx, t, PostPayload{Kind: PostNote, Author: actor.Username, Content: content})
	})
	if err != nil {
		return View{}, false, err
	}
	v, err := s.view(ctx, actor, t, true)
	return v, toThread, err
}

// AddNoteInThread writes a note on the ticket whose Discord thread is threadID (/nota),
// and tells whether it is posted in that thread (see NoteToThread).
func (s *Service) AddNoteInThread(ctx context.Context, actor *authz.Actor, threadID, content string) (View, bool, error) {
	t, err := s.ticketOfThread(ctx, actor, threadID)
	if err != nil {
		return View{}, false, err
	}
	return s.addNote(ctx, actor, t, content)
}

var errNotAThread = errs.Invalid("Usa este comando dentro del hilo de un ticket, en el canal de tickets del staff.")

// ticketOfThread finds the ticket of a Discord thread, for a command used in it.
func (s *Service) ticketOfThread(ctx context.Context, actor *authz.Actor, threadID string) (*Ticket, error) {
	if threadID == "" {
		return nil, errNotAThread
	}
	var id uint64
	if err := s.db.Conn(ctx).Model(&Ticket{}).Where("discord_thread_id = ?", threadID).Limit(1).Pluck("id", &id).Error; err != nil {
		return nil, err
	}
	if id == 0 {
		return nil, errNotAThread
	}
	return s.load(ctx, actor, PublicIDOf(id))
}

func noteView(n Note) NoteView {
	return NoteView{AuthorID: n.AuthorID, AuthorName: n.AuthorName, Content: n.Content, CreatedAt: n.CreatedAt}
}

// notesOf lists a ticket's notes, oldest first.
func (s *Service) notesOf(ctx context.Context, ticketID uint64) ([]Note, error) {
	var notes []Note
	err := s.db.Conn(ctx).Where("ticket_id = ?", ticketID).Order("created_at, id").Find(&notes).Error
	return notes, err
}
