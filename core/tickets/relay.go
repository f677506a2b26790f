package tickets

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"unicode/utf8"

	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/core/privacy"
	"zocalo/core/storage"
)

// Event kinds the bot delivers for tickets.
const (
	// KindOpen posts the ticket's card in the staff channel and opens its thread there.
	KindOpen = "ticket.open"
	// KindPost posts in the ticket's thread (a message, or a change of status,
	// assignment or priority); a close also archives the thread.
	KindPost = "ticket.post"
)

// What a KindPost says.
const (
	PostMessage  = "message"
	PostStatus   = "status"
	PostAssign   = "assign"
	PostPriority = "priority"
	PostClose    = "close"
	// PostNotice is the bot's own answer under a message of the thread (ReplyTo).
	PostNotice = "notice"
	// PostNote is a private staff note; the thread is staff's, so it is shown there,
	// unless the ticket's author reads the thread too (see NoteToThread).
	PostNote = "note"
	// PostForget posts nothing: it renames the thread (Content) and deletes the thread's
	// messages in Forget, when the author's data is suppressed.
	PostForget = "forget"
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
	// PingRoleID is the role of the ticket's category the card mentions ("" for none), and
	// Content the card's text that mentions it.
	PingRoleID string `json:"pingRoleId,omitempty"`
	Content    string `json:"content,omitempty"`
	// Buttons are the staff's buttons under the card.
	Buttons []outbox.ButtonRow `json:"buttons,omitempty"`
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
	ReplyTo    string    `json:"replyTo,omitempty"` // a PostNotice's Discord message
	Via        string    `json:"via,omitempty"`     // ViaDiscord: sent by a command, not from the portal
	// Forget are the Discord messages of the thread a PostForget deletes.
	Forget []string `json:"forget,omitempty"`
}

// ViaDiscord marks a thread post of a reply sent from Discord by a command.
const ViaDiscord = "discord"

func filesOf(m *Message) []FileRef {
	out := make([]FileRef, len(m.Attachments))
	for i, a := range m.Attachments {
		out[i] = FileRef{Key: a.StorageKey, Filename: a.Filename, ContentType: a.ContentType}
	}
	return out
}

func (s *Service) openPayload(t Ticket, first *Message) OpenPayload {
	content, card, buttons := s.cardMessage(&t, first.Content)
	return OpenPayload{
		TicketID:   t.ID,
		ThreadName: truncateRunes(fmt.Sprintf("#%d · %s", t.ID, t.Title), 100),
		Content:    content,
		Card:       card,
		Buttons:    buttons,
		Files:      filesOf(first),
		PingRoleID: s.s.PingRoles[t.Category],
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
	return s.outbox.EnqueueDM(ctx, t.AuthorID, privacy.UseTicketDMs, fmt.Sprintf("%s respondió a tu ticket #%d «%s». Léelo en %s",
		staffName, t.ID, truncateRunes(t.Title, 100), PortalURL(s.s.PublicURL, t.ID)))
}

// notifyClosed tells the author by DM that their ticket was closed, with the link to rate
// the support when they have not yet.
func (s *Service) notifyClosed(ctx context.Context, t *Ticket) error {
	text := fmt.Sprintf("Tu ticket #%d «%s» fue cerrado.", t.ID, truncateRunes(t.Title, 100))
	if t.Rating == nil {
		text += " ¿Cómo te atendimos? Califica la atención aquí: " + RatingURL(s.s.PublicURL, t.ID)
	} else {
		text += " Puedes leer la conversación en " + PortalURL(s.s.PublicURL, t.ID)
	}
	return s.outbox.EnqueueDM(ctx, t.AuthorID, privacy.UseTicketDMs, text)
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
	Size     int // bytes, as Discord declares them
	// Load fetches the file's bytes, at most MaxFileBytes+1 of them; it is called only for
	// a file the portal may keep.
	Load func() ([]byte, error)
}

// NotKept is a file of a thread message the portal did not keep, and why.
type NotKept struct {
	Filename string
	Reason   string
}

// DiscordReply is what became of a message from a ticket's thread.
type DiscordReply struct {
	// Recorded: the message is now a staff message of the ticket.
	Recorded bool
	TicketID uint64
	// Closed: the ticket is closed and takes no more messages; nothing was recorded.
	Closed bool
	// NotKept are the message's files the portal did not keep; the recorded message
	// names them.
	NotKept []NotKept
}

// Why a file of a thread message is not kept.
const (
	reasonTooMany     = "más de 5 archivos en un mensaje"
	reasonTooLarge    = "pesa más de 5 MB"
	reasonBadType     = "tipo no admitido: solo JPEG, PNG o GIF"
	reasonEmpty       = "está vacío"
	reasonDownload    = "no se pudo descargar de Discord"
	reasonNotStored   = "no se pudo guardar"
	notKeptLinePrefix = "Archivo no guardado: "
)

// IsTicketThread tells whether a Discord thread is a ticket's.
func (s *Service) IsTicketThread(ctx context.Context, threadID string) (bool, error) {
	if threadID == "" {
		return false, nil
	}
	var n int64
	err := s.db.Conn(ctx).Model(&Ticket{}).Where("discord_thread_id = ?", threadID).Limit(1).Count(&n).Error
	return n > 0, err
}

// ReplyFromDiscord records a staff member's message in a ticket's thread as a staff
// message of the ticket, with the files the portal may keep (the ones a portal reply may
// carry) copied into our storage. The text always goes in: a file that cannot be kept is
// named in the message with the reason instead, and reported back so the thread can be
// told. Messages from people who are not staff, in threads that are no ticket's, or
// already recorded are ignored. A message delivered twice at once is recorded once: the
// unique index on its Discord id refuses the second, whose files are discarded.
func (s *Service) ReplyFromDiscord(ctx context.Context, threadID, authorID, discordMessageID, content string,
	files []DiscordFile) (DiscordReply, error) {
	var t Ticket
	err := s.db.Conn(ctx).Where("discord_thread_id = ?", threadID).Take(&t).Error
	if db.IsNotFound(err) || threadID == "" {
		return DiscordReply{}, nil
	}
	if err != nil {
		return DiscordReply{}, err
	}
	actor, err := s.members.MemberActor(ctx, authorID)
	if err != nil || !IsStaff(actor) || actor.DiscordID == t.AuthorID {
		return DiscordReply{}, nil
	}
	// A message seen before is not downloaded again; one arriving twice at once is
	// settled by the index below.
	var seen int64
	if err := s.db.Conn(ctx).Model(&Message{}).Where("discord_message_id = ?", discordMessageID).Count(&seen).Error; err != nil || seen > 0 {
		return DiscordReply{}, err
	}
	uploads, notKept := s.keepFiles(ctx, files)
	text := withNotKept(strings.TrimSpace(content), notKept)
	origin := threadOrigin{messageID: discordMessageID, notice: NotKeptNotice(t.ID, notKept)}
	if _, err := s.reply(ctx, &t, actor, text, uploads, origin); err != nil {
		uploads.Discard(ctx)
		switch {
		case db.IsUniqueViolation(err):
			return DiscordReply{}, nil
		case errors.Is(err, errClosed):
			return DiscordReply{TicketID: t.ID, Closed: true, NotKept: notKept}, nil
		}
		return DiscordReply{}, err
	}
	return DiscordReply{Recorded: true, TicketID: t.ID, NotKept: notKept}, nil
}

// NotKeptNotice is what the bot answers in the thread under a message some of whose files
// the ticket did not keep: which, and why; "" when every file was kept.
func NotKeptNotice(ticketID uint64, notKept []NotKept) string {
	if len(notKept) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "⚠️ Tu mensaje llegó al ticket #%d, pero estos archivos no se guardaron:", ticketID)
	for _, n := range notKept {
		fmt.Fprintf(&b, "\n• %s: %s", n.Filename, n.Reason)
	}
	b.WriteString("\nEl portal guarda imágenes JPEG, PNG o GIF de hasta 5 MB, hasta 5 por mensaje.")
	return b.String()
}

// keepFiles stores the files a portal reply could carry and names the others. It checks
// each file by the rules the batch applies, so the batch never refuses the message.
func (s *Service) keepFiles(ctx context.Context, files []DiscordFile) (*Uploads, []NotKept) {
	uploads := s.NewUploads()
	var notKept []NotKept
	for _, f := range files {
		name := storage.CleanFilename(f.Filename)
		reason := ""
		switch {
		case uploads.Len() >= MaxFiles:
			reason = reasonTooMany
		case f.Size > MaxFileBytes:
			reason = reasonTooLarge
		}
		var data []byte
		if reason == "" {
			var err error
			if data, err = f.Load(); err != nil {
				reason = reasonDownload
			}
		}
		switch {
		case reason != "":
		case len(data) == 0:
			reason = reasonEmpty
		case len(data) > MaxFileBytes:
			reason = reasonTooLarge
		case !slices.Contains(AttachmentRules.Limits.Types, sniffType(data)):
			reason = reasonBadType
		default:
			before := uploads.Len()
			if err := uploads.Add(ctx, f.Filename, bytes.NewReader(data)); err != nil || uploads.Len() == before {
				reason = reasonNotStored
			}
		}
		if reason != "" {
			notKept = append(notKept, NotKept{Filename: name, Reason: reason})
		}
	}
	if uploads.Check() != nil {
		// Storage judged a file otherwise than the checks above: keep none rather than
		// lose the message.
		for _, st := range uploads.Files() {
			notKept = append(notKept, NotKept{Filename: st.Filename, Reason: reasonNotStored})
		}
		uploads.Discard(ctx)
		return nil, notKept
	}
	return uploads, notKept
}

// sniffType is a file's type as storage decides it, from its first bytes.
func sniffType(data []byte) string {
	ctype := http.DetectContentType(data[:min(len(data), 512)])
	if i := strings.IndexByte(ctype, ';'); i >= 0 {
		ctype = ctype[:i]
	}
	return ctype
}

// withNotKept is a thread message's text followed by a line for each file not kept,
// within a message's length; past it the lines shrink to the names, and past that they
// are left to the bot's answer in the thread.
func withNotKept(content string, notKept []NotKept) string {
	if len(notKept) == 0 {
		return content
	}
	lines := make([]string, len(notKept))
	names := make([]string, len(notKept))
	for i, n := range notKept {
		lines[i] = fmt.Sprintf("%s%s (%s)", notKeptLinePrefix, n.Filename, n.Reason)
		names[i] = n.Filename
	}
	for _, notes := range []string{strings.Join(lines, "\n"), "Archivos no guardados: " + strings.Join(names, ", ")} {
		text := strings.TrimSpace(content + "\n\n" + notes)
		if utf8.RuneCountInString(text) <= MaxMessage {
			return text
		}
	}
	return content
}

func truncateRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
