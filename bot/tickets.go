package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/outbox"
	"zocalo/core/tickets"
)

// registerTickets adds what the support desk needs from Discord.
func (b *Bot) registerTickets() {
	b.AddDeliverer(tickets.KindOpen, b.deliverTicketOpen)
	b.AddDeliverer(tickets.KindPost, b.deliverTicketPost)
	b.AddCommand(notaCommand(b))
	b.AddCommand(respuestaCommand(b))
	b.AddCommand(ticketCommand(b))
	b.AddComponent(ticketCardButtons(b))
	b.AddComponent(ticketPanelButtons())
	b.AddModal(ticketModal(b))
	b.AddDeliverer(tickets.KindPanel, b.deliverChannelMessage)
	b.AddJob(Job{Name: "ticket-panel", Spec: "@every 1m", Run: b.keepTicketPanel})
	b.AddJob(Job{Name: "ticket-auto-close", Spec: "@every 15m", Run: func(ctx context.Context) error {
		n, err := b.deps.App.Tickets.AutoClose(ctx)
		if n > 0 {
			b.log.Info("resolved tickets closed for inactivity", "count", n)
		}
		return err
	}})
}

// deliverTicketOpen posts the ticket's card, starts its thread on the card, posts the
// first message's files there and records the thread on the ticket. The event's message
// is the card, whose id is also the thread's.
func (b *Bot) deliverTicketOpen(ctx context.Context, s *discordgo.Session, ev outbox.Event) (string, error) {
	var p tickets.OpenPayload
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		return "", errPermanent{err}
	}
	card := eventPost{channelID: ev.ChannelID, content: p.Content, embeds: Embeds([]outbox.Embed{p.Card}),
		components: Buttons(p.Buttons), pingRole: p.PingRoleID}
	cardMsg, err := b.post(ctx, s, ev, card)
	if err != nil {
		return "", err
	}
	// A retry after the thread was made finds it (a thread started on a message has the
	// message's id) instead of failing on a second start.
	if _, err := s.Channel(cardMsg.ID); err != nil {
		if _, err := s.MessageThreadStartComplex(ev.ChannelID, cardMsg.ID, &discordgo.ThreadStart{
			Name: p.ThreadName, AutoArchiveDuration: 10080, Type: discordgo.ChannelTypeGuildPublicThread,
		}); err != nil {
			return "", err
		}
	}
	if len(p.Files) > 0 {
		if _, err := b.post(ctx, s, ev, eventPost{channelID: cardMsg.ID, content: "Archivos adjuntos del ticket:",
			files: p.Files, label: "archivos"}); err != nil {
			return "", err
		}
	}
	if err := b.deps.App.Tickets.ThreadOpened(ctx, p.TicketID, cardMsg.ID); err != nil {
		return "", err
	}
	return cardMsg.ID, nil
}

var postPrefix = map[string]string{
	tickets.PostStatus:   "🔄 %s cambió el estado a **%s**.",
	tickets.PostAssign:   "👤 %s asignó el ticket a **%s**.",
	tickets.PostPriority: "⚠️ %s cambió la prioridad a **%s**.",
	tickets.PostClose:    "🔒 %s cerró el ticket (**%s**).",
}

// deliverTicketPost posts in the ticket's thread; a close also archives and locks it.
func (b *Bot) deliverTicketPost(ctx context.Context, s *discordgo.Session, ev outbox.Event) (string, error) {
	var p tickets.PostPayload
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		return "", errPermanent{err}
	}
	if p.Kind == tickets.PostNote {
		// The author may have become staff since the note was written: then they read
		// the thread, and the note stays on the portal.
		toThread, err := b.deps.App.Tickets.NoteToThreadOfTicket(ctx, p.TicketID)
		if err != nil || !toThread {
			return "", err
		}
	}
	threadID, err := b.referencedMessage(ctx, p.RefEventID)
	if err != nil || threadID == "" {
		return "", err
	}
	if p.Kind == tickets.PostForget {
		return "", b.forgetInThread(s, threadID, p)
	}
	var text string
	if p.Kind == tickets.PostAssign && (p.Content == "" || p.Content == "Sin asignar") {
		// Posts queued before un-assignments had their own wording carry "Sin asignar".
		text = fmt.Sprintf("👤 %s quitó la asignación del ticket.", p.Author)
	} else if format, ok := postPrefix[p.Kind]; ok {
		text = fmt.Sprintf(format, p.Author, p.Content)
	} else if p.Kind == tickets.PostNotice {
		text = p.Content
	} else if p.Kind == tickets.PostNote {
		text = fmt.Sprintf("📝 **Nota interna** de %s (solo staff; no llega al jugador):\n%s", p.Author, p.Content)
	} else {
		who, where := "Usuario", "desde el portal"
		if p.SenderType == tickets.SenderStaff {
			who = "Staff"
		}
		if p.Via == tickets.ViaDiscord {
			where = "desde Discord"
		}
		text = fmt.Sprintf("**%s** (%s, %s):\n%s", p.Author, who, where, p.Content)
	}
	if p.Kind != tickets.PostClose && p.Kind != tickets.PostNote {
		// A ticket reopened after a close: its thread is open again.
		b.reopenThread(s, threadID)
	}
	m, err := b.post(ctx, s, ev, eventPost{channelID: threadID, content: text, files: p.Files, replyTo: p.ReplyTo})
	if err != nil {
		return "", threadGone(err)
	}
	if p.Kind == tickets.PostClose {
		yes := true
		if _, err := s.ChannelEditComplex(threadID, &discordgo.ChannelEdit{Archived: &yes, Locked: &yes}); err != nil {
			return "", threadGone(err)
		}
	}
	return m.ID, nil
}

// forgetInThread renames a suppressed author's thread and deletes the messages their words were
// posted as. An archived thread is opened for the change and archived again as it was.
func (b *Bot) forgetInThread(s *discordgo.Session, threadID string, p tickets.PostPayload) error {
	thread, err := s.Channel(threadID)
	if err != nil {
		return threadGone(err)
	}
	archived := thread.ThreadMetadata != nil && thread.ThreadMetadata.Archived
	open := false
	if _, err := s.ChannelEditComplex(threadID, &discordgo.ChannelEdit{Name: p.Content, Archived: &open}); err != nil {
		return threadGone(err)
	}
	for _, id := range p.Forget {
		if err := s.ChannelMessageDelete(threadID, id); err != nil && !isUnknownMessage(err) {
			return err
		}
	}
	if archived {
		yes := true
		if _, err := s.ChannelEditComplex(threadID, &discordgo.ChannelEdit{Archived: &yes, Locked: &yes}); err != nil {
			return threadGone(err)
		}
	}
	return nil
}

// threadGone sets a post aside when its ticket's thread was deleted in Discord: every
// ticket's posts share one queue, and one lost thread must not hold back the others (the
// ticket itself keeps the message on the portal).
func threadGone(err error) error {
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == discordgo.ErrCodeUnknownChannel {
		return errPermanent{fmt.Errorf("el hilo del ticket ya no existe en Discord: %w", err)}
	}
	return err
}

func (b *Bot) reopenThread(s *discordgo.Session, threadID string) {
	ch, err := s.Channel(threadID)
	if err != nil || ch.ThreadMetadata == nil || !ch.ThreadMetadata.Locked {
		return
	}
	no := false
	if _, err := s.ChannelEditComplex(threadID, &discordgo.ChannelEdit{Archived: &no, Locked: &no}); err != nil {
		b.log.Warn("could not reopen a ticket thread", "thread", threadID, "error", err)
	}
}

// maxDiscordFile bounds what is downloaded of one Discord attachment: one byte past the
// portal's limit tells a file too large.
const maxDiscordFile = tickets.MaxFileBytes + 1

// replyFromThread records a staff message of a ticket's thread in the ticket. The answer
// naming the files the ticket did not keep is a thread post the recording queued; a
// message in a closed ticket's thread, which records nothing, is answered here.
func (b *Bot) replyFromThread(ctx context.Context, s *discordgo.Session, m *discordgo.Message) {
	files := make([]tickets.DiscordFile, 0, len(m.Attachments))
	for _, a := range m.Attachments {
		files = append(files, tickets.DiscordFile{Filename: a.Filename, Size: a.Size,
			Load: func() ([]byte, error) { return download(ctx, s.Client, a.URL) }})
	}
	got, err := b.deps.App.Tickets.ReplyFromDiscord(ctx, m.ChannelID, m.Author.ID, m.ID, m.Content, files)
	if err != nil {
		b.log.Warn("staff reply from Discord not recorded", "thread", m.ChannelID, "message", m.ID, "error", err)
		return
	}
	if got.Recorded {
		b.log.Info("staff reply from Discord recorded", "thread", m.ChannelID, "author", m.Author.ID,
			"files_not_kept", len(got.NotKept))
	}
	if !got.Closed {
		return
	}
	answer := fmt.Sprintf("🔒 El ticket #%d está cerrado: este mensaje no se registró en el portal.", got.TicketID)
	f := fitMessage(answer, nil, "")
	// One answer per message, even when the message comes twice: the nonce is the message's.
	body := messageCreate{Content: f.content, Nonce: "r" + m.ID, EnforceNonce: true, AllowedMentions: noMentions(),
		Reference: &discordgo.MessageReference{MessageID: m.ID, ChannelID: m.ChannelID, FailIfNotExists: new(false)}}
	if _, err := sendMessage(s, m.ChannelID, body, f.files()); err != nil {
		b.log.Warn("could not answer in a ticket thread", "thread", m.ChannelID, "message", m.ID, "error", err)
	}
}

func download(ctx context.Context, client *http.Client, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	res, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, errors.New("status " + res.Status)
	}
	return io.ReadAll(io.LimitReader(res.Body, maxDiscordFile))
}

// keepTicketPanel posts the panel that opens tickets when there is none, and again when
// its message was deleted in Discord. Core posts only in place of the panel it was told
// of, so two runs at once post once.
func (b *Bot) keepTicketPanel(ctx context.Context) error {
	desk := b.deps.App.Tickets
	ev, err := desk.Panel(ctx)
	if err != nil {
		return err
	}
	if ev == nil {
		_, err := desk.PostPanel(ctx, 0)
		return err
	}
	s := b.currentSession()
	if ev.Status != outbox.StatusDelivered || ev.DiscordMessageID == "" || s == nil {
		return nil
	}
	if _, err := s.ChannelMessage(ev.ChannelID, ev.DiscordMessageID); !isUnknownMessage(err) {
		return err
	}
	posted, err := desk.PostPanel(ctx, ev.ID)
	if posted {
		b.log.Info("the ticket panel was deleted in Discord: posted again", "channel", ev.ChannelID)
	}
	return err
}
