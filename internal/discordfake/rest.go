package discordfake

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Message is a message as the fake holds it.
type Message struct {
	ID          string
	ChannelID   string
	AuthorID    string
	Content     string
	Embeds      []*discordgo.MessageEmbed
	Nonce       string
	Attachments []Attachment
	// Components are the message's rows of buttons.
	Components []discordgo.MessageComponent
	Edited     bool
	Deleted    bool
}

// Attachment is a file attached to a message, with its bytes.
type Attachment struct {
	Name        string
	ContentType string
	Data        []byte
}

// RoleEdit is one role change the bot asked for over REST.
type RoleEdit struct {
	UserID string
	RoleID string
	Added  bool
}

type message struct {
	dg      discordgo.Message
	nonce   string
	created time.Time // on the fake's clock, for the nonce window
	files   []Attachment
	deleted bool
}

// wire is the message as the create answer and MESSAGE_CREATE carry it, with its nonce.
func (m *message) wire(withGuild bool) wMessage { return wireMessage(&m.dg, m.nonce, withGuild) }

// read is the message as every other answer and event carry it: Discord returns the
// nonce only where the message is created.
func (m *message) read(withGuild bool) wMessage { return wireMessage(&m.dg, "", withGuild) }

// plain is the stored message in discordgo's type, without its guild, as an interaction
// carries the message its button is on.
func (m *message) plain() discordgo.Message {
	dg := m.dg
	dg.GuildID, dg.Member = "", nil
	return dg
}

func (m *message) export() Message {
	return Message{ID: m.dg.ID, ChannelID: m.dg.ChannelID, AuthorID: m.dg.Author.ID, Content: m.dg.Content,
		Embeds: slices.Clone(m.dg.Embeds), Nonce: m.nonce, Attachments: slices.Clone(m.files),
		Components: slices.Clone(m.dg.Components), Edited: m.dg.EditedTimestamp != nil, Deleted: m.deleted}
}

// Messages lists a channel's messages (a thread is a channel), oldest first, deleted ones
// included and marked.
func (f *Fake) Messages(channelID string) []Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []Message{}
	for _, m := range f.byChannel[channelID] {
		out = append(out, m.export())
	}
	return out
}

// DMs lists the messages in a user's DM channel, oldest first.
func (f *Fake) DMs(userID string) []Message {
	f.mu.Lock()
	id, ok := f.dms[userID]
	f.mu.Unlock()
	if !ok {
		return []Message{}
	}
	return f.Messages(id)
}

// Threads lists the threads started in a channel, oldest first.
func (f *Fake) Threads(parentID string) []discordgo.Channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []discordgo.Channel{}
	for _, id := range f.threads[parentID] {
		out = append(out, *copyChannel(f.channels[id]))
	}
	return out
}

// RoleEdits lists the role changes the bot made over REST, oldest first.
func (f *Fake) RoleEdits() []RoleEdit {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.roleEdits)
}

// CloseDMs makes posting to the user's DM channel answer 403 (code 50007), as when a user
// does not accept direct messages.
func (f *Fake) CloseDMs(userID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closedDMs[userID] = true
}

// PostUserMessage stores a message by a user in a channel (or thread) and dispatches
// MESSAGE_CREATE, within each session's intents.
func (f *Fake) PostUserMessage(channelID, authorID, content string, attachments ...Attachment) discordgo.Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	author := &discordgo.User{ID: authorID}
	if u, ok := f.users[authorID]; ok {
		c := *u
		author = &c
	}
	guildID := f.opts.GuildID
	if c, ok := f.channels[channelID]; ok {
		guildID = c.GuildID
	}
	m := f.store(channelID, guildID, author, content, nil, "", attachments)
	if mem, ok := f.members[authorID]; ok && guildID != "" {
		pm := *mem
		pm.User, pm.GuildID = nil, ""
		m.dg.Member = &pm
	}
	f.broadcast("MESSAGE_CREATE", mustJSON(m.wire(true)))
	return m.dg
}

// store records a new message. f.mu is held.
func (f *Fake) store(channelID, guildID string, author *discordgo.User, content string, embeds []*discordgo.MessageEmbed, nonce string, files []Attachment) *message {
	now := f.now()
	m := &message{nonce: nonce, files: files, created: now}
	m.dg = discordgo.Message{ID: f.newID(), ChannelID: channelID, GuildID: guildID, Author: author, Content: content,
		Embeds: embeds, Timestamp: now.UTC().Truncate(time.Millisecond), Type: discordgo.MessageTypeDefault,
		Attachments: f.attachmentsOf(channelID, files), Mentions: []*discordgo.User{}, MentionRoles: []string{}}
	if m.dg.Embeds == nil {
		m.dg.Embeds = []*discordgo.MessageEmbed{}
	}
	f.messages[m.dg.ID] = m
	f.byChannel[channelID] = append(f.byChannel[channelID], m)
	if c, ok := f.channels[channelID]; ok {
		c.LastMessageID = m.dg.ID
		if c.IsThread() {
			c.MessageCount++
		}
	}
	return m
}

// messageBody is what the bot sends to create or edit a message.
type messageBody struct {
	Content      *string                     `json:"content"`
	Embeds       *[]*discordgo.MessageEmbed  `json:"embeds"`
	Nonce        json.RawMessage             `json:"nonce"`
	EnforceNonce bool                        `json:"enforce_nonce"`
	Attachments  *[]json.RawMessage          `json:"attachments"`
	Components   []json.RawMessage           `json:"components"`
	StickerIDs   []string                    `json:"sticker_ids"`
	Flags        int                         `json:"flags"`
	Reference    *discordgo.MessageReference `json:"message_reference"`
	Mentions     json.RawMessage             `json:"allowed_mentions"`
}

// allowed is the body's allowed_mentions, or why Discord refuses it.
func (b messageBody) allowed() (*allowedMentions, formErrors) {
	a, err := parseAllowedMentions(b.Mentions)
	if err != nil {
		return nil, formErrors{}.add("DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType", "allowed_mentions")
	}
	return a, a.check()
}

func (b messageBody) nonce() string {
	var s string
	if json.Unmarshal(b.Nonce, &s) == nil {
		return s
	}
	var n json.Number
	if json.Unmarshal(b.Nonce, &n) == nil {
		return n.String()
	}
	return ""
}

func (f *Fake) createMessage(w http.ResponseWriter, r *http.Request) {
	var body messageBody
	files, err := readBody(r, &body)
	if err != nil {
		apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
		return
	}
	content := ""
	if body.Content != nil {
		content = *body.Content
	}
	var embeds []*discordgo.MessageEmbed
	if body.Embeds != nil {
		embeds = *body.Embeds
	}
	nonce := body.nonce()
	if content == "" && len(embeds) == 0 && len(files) == 0 && len(body.Components) == 0 && len(body.StickerIDs) == 0 {
		apiError(w, http.StatusBadRequest, 50006, "Cannot send an empty message")
		return
	}
	if errs := validateMessage(content, embeds, nonce); errs != nil {
		errs.write(w)
		return
	}
	allowed, errs := body.allowed()
	if errs != nil {
		errs.write(w)
		return
	}
	if _, ok := messageComponents(w, body.Components); !ok {
		return
	}
	if f.tooLarge(w, files) {
		return
	}
	kept, answer, hook := f.keepPost(w, r.PathValue("channel"), body, allowed, content, embeds, nonce, files)
	if kept == nil {
		return
	}
	if hook != nil {
		hook(*kept)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(answer)
}

// keepPost stores a post, or answers why it is refused or which message its nonce already
// made. It returns the new message, the answer to send and the post hook, if any.
func (f *Fake) keepPost(w http.ResponseWriter, channelID string, body messageBody, allowed *allowedMentions, content string,
	embeds []*discordgo.MessageEmbed, nonce string, files []Attachment) (*Message, []byte, func(Message)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.channels[channelID]
	if !ok {
		apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return nil, nil, nil
	}
	need := sendPermission(c)
	if len(files) > 0 {
		need |= discordgo.PermissionAttachFiles
	}
	if len(embeds) > 0 {
		need |= discordgo.PermissionEmbedLinks
	}
	if body.Reference != nil {
		need |= discordgo.PermissionReadMessageHistory
	}
	if _, ok := f.channelFor(w, channelID, need); !ok {
		return nil, nil, nil
	}
	if c.Type == discordgo.ChannelTypeDM && len(c.Recipients) > 0 && f.closedDMs[c.Recipients[0].ID] {
		apiError(w, http.StatusForbidden, 50007, "Cannot send messages to this user")
		return nil, nil, nil
	}
	if body.EnforceNonce && nonce != "" {
		// Discord remembers a nonce for a few minutes only: past the window the same nonce
		// makes a new message.
		if m, ok := f.nonces[channelID+"\x00"+nonce]; ok && f.now().Sub(m.created) <= f.opts.NonceWindow {
			writeJSON(w, http.StatusOK, m.wire(false))
			return nil, nil, nil
		}
	}
	if c.IsThread() && c.ThreadMetadata.Archived {
		if c.ThreadMetadata.Locked {
			apiError(w, http.StatusBadRequest, 50083, "Thread is archived")
			return nil, nil, nil
		}
		if f.activeThreadsFull(w) {
			return nil, nil, nil
		}
		c.ThreadMetadata.Archived = false
		c.ThreadMetadata.ArchiveTimestamp = f.now().UTC()
		f.broadcast("THREAD_UPDATE", mustJSON(f.wireChannel(c)))
	}
	author := f.botUser
	m := f.store(channelID, c.GuildID, &author, content, embeds, nonce, files)
	m.dg.Flags = discordgo.MessageFlags(body.Flags)
	m.dg.MessageReference = body.Reference
	m.dg.Components, _ = parseComponents(body.Components)
	replied := ""
	if body.Reference != nil {
		if to, ok := f.messages[body.Reference.MessageID]; ok && to.dg.Author != nil {
			replied = to.dg.Author.ID
		}
	}
	f.pings = append(f.pings, f.resolveMentions(&m.dg, c, allowed, postDefaults, replied))
	if nonce != "" {
		f.nonces[channelID+"\x00"+nonce] = m
	}
	f.broadcast("MESSAGE_CREATE", mustJSON(m.wire(true)))
	kept := m.export()
	return &kept, append(mustJSON(m.wire(false)), '\n'), f.postHook
}

// OnPost sets a function called with each new message the bot posts, after the fake has
// kept it and before it answers; nil removes it. A hook that sleeps makes Discord slow, and
// one that blocks holds the answer, so a test can stop a client between Discord keeping a
// post and the client learning of it. A post whose nonce is already known answers at once.
func (f *Fake) OnPost(hook func(Message)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.postHook = hook
}

func (f *Fake) editMessage(w http.ResponseWriter, r *http.Request) {
	var body messageBody
	files, err := readBody(r, &body)
	if err != nil {
		apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
		return
	}
	if f.tooLarge(w, files) {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.channelMessage(w, r, true)
	if !ok {
		return
	}
	if (len(files) > 0 && !f.botMay(f.channels[m.dg.ChannelID], discordgo.PermissionAttachFiles)) ||
		(body.Embeds != nil && len(*body.Embeds) > 0 && !f.botMay(f.channels[m.dg.ChannelID], discordgo.PermissionEmbedLinks)) {
		apiError(w, http.StatusForbidden, 50013, "Missing Permissions")
		return
	}
	if m.dg.Author.ID != f.botUser.ID {
		apiError(w, http.StatusForbidden, 50005, "Cannot edit a message authored by another user")
		return
	}
	content, embeds := m.dg.Content, m.dg.Embeds
	if body.Content != nil {
		content = *body.Content
	}
	if body.Embeds != nil {
		embeds = *body.Embeds
	}
	if errs := validateMessage(content, embeds, ""); errs != nil {
		errs.write(w)
		return
	}
	allowed, errs := body.allowed()
	if errs != nil {
		errs.write(w)
		return
	}
	if body.Components != nil {
		comps, ok := messageComponents(w, body.Components)
		if !ok {
			return
		}
		m.dg.Components = comps
	}
	if body.Content != nil {
		// A new text's mentions are read again, with the edit's allowed_mentions or the
		// defaults; an edit notifies nobody.
		m.dg.Content = content
		f.resolveMentions(&m.dg, f.channels[m.dg.ChannelID], allowed, postDefaults, "")
	}
	m.dg.Content, m.dg.Embeds = content, embeds
	if m.dg.Embeds == nil {
		m.dg.Embeds = []*discordgo.MessageEmbed{}
	}
	if body.Attachments != nil {
		// Attachments listed by id are kept; the others are removed.
		keep := map[string]bool{}
		for _, raw := range *body.Attachments {
			var a struct {
				ID json.RawMessage `json:"id"`
			}
			_ = json.Unmarshal(raw, &a)
			keep[strings.Trim(string(a.ID), `"`)] = true
		}
		var metas []*discordgo.MessageAttachment
		var kept []Attachment
		for i, a := range m.dg.Attachments {
			if keep[a.ID] {
				metas = append(metas, a)
				kept = append(kept, m.files[i])
			}
		}
		m.dg.Attachments, m.files = metas, kept
	}
	if len(files) > 0 {
		m.dg.Attachments = append(m.dg.Attachments, f.attachmentsOf(m.dg.ChannelID, files)...)
		m.files = append(m.files, files...)
	}
	if m.dg.Attachments == nil {
		m.dg.Attachments = []*discordgo.MessageAttachment{}
	}
	now := f.now().UTC().Truncate(time.Millisecond)
	m.dg.EditedTimestamp = &now
	f.broadcast("MESSAGE_UPDATE", mustJSON(m.read(true)))
	writeJSON(w, http.StatusOK, m.read(false))
}

func (f *Fake) deleteMessage(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.channelMessage(w, r, true)
	if !ok {
		return
	}
	if m.dg.Author.ID != f.botUser.ID && !f.botMay(f.channels[m.dg.ChannelID], discordgo.PermissionManageMessages) {
		apiError(w, http.StatusForbidden, 50013, "Missing Permissions")
		return
	}
	m.deleted = true
	f.broadcast("MESSAGE_DELETE", mustJSON(struct {
		ID        string `json:"id"`
		ChannelID string `json:"channel_id"`
		GuildID   string `json:"guild_id,omitempty"`
	}{m.dg.ID, m.dg.ChannelID, m.dg.GuildID}))
	w.WriteHeader(http.StatusNoContent)
}
