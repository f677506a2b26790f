package tickets

import (
	"context"
	"fmt"
	"io"

	"zocalo/core/db"
	"zocalo/core/outbox"
)

// Event kinds the bot delivers for tickets.
const (
	// KindOpen posts the ticket's card in the staff channel and opens its thread there.
	KindOpen = "ticket.open"
	// KindPost posts in the ticket's thread (a message, or a change of status,
	// assignment or priority); a close also archives the thread.
	KindPost = "ticket.post"
	// KindDM sends a direct message to a member; closed DMs are not retried.
	KindDM = "member.dm"
)

// What a KindPost says.
const (
	PostMessage  = "message"
	PostStatus   = "status"
	PostAssign   = "assign"
	PostPriority = "priority"
	PostClose    = "close"
)

// FileRef points the bot at a stored attachment.
type FileRef struct {
	Key         string `json:"key"`
	Filename    string `json:"filename"`
	ContentType string `json:"contentType"`
}

// OpenPayload is the payload of KindOpen.
type OpenPayload struct {
	TicketID   uint64       `json:"ticketId"`
	ThreadName string       `json:"threadName"`
	Card       outbox.Embed `json:"card"`
	Files      []FileRef    `json:"files,omitempty"`
}

// PostPayload is the payload of KindPost.
type PostPayload struct {
	RefEventID uint64    `json:"refEventId"` // the KindOpen event, whose message started the thread
	TicketID   uint64    `json:"ticketId"`
	Kind       string    `json:"kind"`
	SenderType string    `json:"senderType,omitempty"`
	Author     string    `json:"author"`
	Content    string    `json:"content"`
	Files      []FileRef `json:"files,omitempty"`
}

// DMPayload is the payload of KindDM.
type DMPayload struct {
	UserID  string `json:"userId"`
	Content string `json:"content"`
}

func filesOf(m *Message) []FileRef {
	out := make([]FileRef, len(m.Attachments))
	for i, a := range m.Attachments {
		out[i] = FileRef{Key: a.StorageKey, Filename: a.Filename, ContentType: a.ContentType}
	}
	return out
}

func (s *Service) openPayload(t Ticket, first *Message) OpenPayload {
	created := t.CreatedAt
	desc := first.Content
	if desc == "" {
		desc = "(sin mensaje)"
	}
	return OpenPayload{
		TicketID:   t.ID,
		ThreadName: truncateRunes(fmt.Sprintf("#%d · %s", t.ID, t.Title), 100),
		Card: outbox.Embed{
			Title: truncateRunes(fmt.Sprintf("Ticket #%d: %s", t.ID, t.Title), 256), Description: truncateRunes(desc, 3500),
			URL: s.s.PublicURL + "/admin/support", Color: 0x4f46e5, Timestamp: &created,
			Fields: []outbox.EmbedField{
				{Name: "Autor", Value: t.AuthorName, Inline: true},
				{Name: "Categoría", Value: t.Category, Inline: true},
				{Name: "Prioridad", Value: PriorityLabel(t.Priority), Inline: true},
			},
			Footer: "Responde en este hilo: tu mensaje llega al ticket en el portal.",
		},
		Files: filesOf(first),
	}
}

// post queues a post in the ticket's thread.
func (s *Service) post(ctx context.Context, t *Ticket, p PostPayload) error {
	if t.ThreadEventID == nil {
		return nil
	}
	p.RefEventID, p.TicketID = *t.ThreadEventID, t.ID
	_, err := s.outbox.Enqueue(ctx, KindPost, s.s.Channel, p)
	return err
}

// notifyAuthor tells the author by DM that staff answered.
func (s *Service) notifyAuthor(ctx context.Context, t *Ticket, staffName string) error {
	_, err := s.outbox.Enqueue(ctx, KindDM, "dm:"+t.AuthorID, DMPayload{UserID: t.AuthorID,
		Content: fmt.Sprintf("%s respondió a tu ticket #%d «%s». Léelo en %s/support",
			staffName, t.ID, truncateRunes(t.Title, 100), s.s.PublicURL)})
	return err
}

// ThreadOpened records the Discord thread of a ticket, so replies there find it. It is
// bookkeeping, not activity: the ticket keeps its place in the queue, which is ordered
// by last activity, so staff paging through it skip nothing.
func (s *Service) ThreadOpened(ctx context.Context, ticketID uint64, threadID string) error {
	return s.db.Conn(ctx).Model(&Ticket{}).Where("id = ?", ticketID).UpdateColumn("discord_thread_id", threadID).Error
}

// DiscordFile is a file attached to a message in Discord.
type DiscordFile struct {
	Filename string
	Content  io.Reader
}

// ReplyFromDiscord records a staff member's message in a ticket's thread as a staff
// message of the ticket, with its files (fetched by loadFiles, only once the message
// qualifies) copied into our storage. Messages from people who are not staff, in
// threads that are no ticket's, or already recorded are ignored; it reports whether it
// recorded one. A message delivered twice at once is recorded once: the unique index on
// its Discord id refuses the second, whose files are discarded.
func (s *Service) ReplyFromDiscord(ctx context.Context, threadID, authorID, discordMessageID, content string,
	loadFiles func() ([]DiscordFile, error)) (bool, error) {
	var t Ticket
	err := s.db.Conn(ctx).Where("discord_thread_id = ?", threadID).Take(&t).Error
	if db.IsNotFound(err) || threadID == "" {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	actor, err := s.members.MemberActor(ctx, authorID)
	if err != nil || !IsStaff(actor) || actor.DiscordID == t.AuthorID {
		return false, nil
	}
	// A message seen before is not downloaded again; one arriving twice at once is
	// settled by the index below.
	var seen int64
	if err := s.db.Conn(ctx).Model(&Message{}).Where("discord_message_id = ?", discordMessageID).Count(&seen).Error; err != nil || seen > 0 {
		return false, err
	}
	files, err := loadFiles()
	if err != nil {
		return false, err
	}
	uploads := s.NewUploads()
	for _, f := range files {
		if err := uploads.Add(ctx, f.Filename, f.Content); err != nil {
			uploads.Discard(ctx)
			return false, err
		}
	}
	if _, err := s.reply(ctx, &t, actor, content, uploads, discordMessageID); err != nil {
		uploads.Discard(ctx)
		if db.IsUniqueViolation(err) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
