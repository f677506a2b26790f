package discordfake

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strconv"
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
	Edited      bool
	Deleted     bool
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
	files   []Attachment
	deleted bool
}

// wireMessage is a message as Discord sends it: discordgo.Message has no nonce.
type wireMessage struct {
	*discordgo.Message
	Nonce string `json:"nonce,omitempty"`
}

func (m *message) wire(withGuild bool) wireMessage {
	dg := m.dg
	if !withGuild {
		dg.GuildID = ""
	}
	return wireMessage{Message: &dg, Nonce: m.nonce}
}

func (m *message) export() Message {
	return Message{ID: m.dg.ID, ChannelID: m.dg.ChannelID, AuthorID: m.dg.Author.ID, Content: m.dg.Content,
		Embeds: slices.Clone(m.dg.Embeds), Nonce: m.nonce, Attachments: slices.Clone(m.files),
		Edited: m.dg.EditedTimestamp != nil, Deleted: m.deleted}
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
	return *m.wire(true).Message
}

// store records a new message. f.mu is held.
func (f *Fake) store(channelID, guildID string, author *discordgo.User, content string, embeds []*discordgo.MessageEmbed, nonce string, files []Attachment) *message {
	m := &message{nonce: nonce, files: files}
	m.dg = discordgo.Message{ID: f.newID(), ChannelID: channelID, GuildID: guildID, Author: author, Content: content,
		Embeds: embeds, Timestamp: time.Now().UTC().Truncate(time.Millisecond), Type: discordgo.MessageTypeDefault,
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

// attachmentsOf describes files as Discord does, served by the fake's CDN. f.mu is held.
func (f *Fake) attachmentsOf(channelID string, files []Attachment) []*discordgo.MessageAttachment {
	out := []*discordgo.MessageAttachment{}
	for i := range files {
		a := &files[i]
		if a.ContentType == "" {
			a.ContentType = "application/octet-stream"
		}
		id := f.newID()
		f.files[id] = a
		u := "https://cdn.discordapp.com/attachments/" + channelID + "/" + id + "/" + url.PathEscape(a.Name)
		out = append(out, &discordgo.MessageAttachment{ID: id, Filename: a.Name, ContentType: a.ContentType,
			Size: len(a.Data), URL: u, ProxyURL: u})
	}
	return out
}

func (f *Fake) cdn(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	a, ok := f.files[r.PathValue("attachment")]
	f.mu.Unlock()
	if !ok || a.Name != r.PathValue("name") {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", a.ContentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(a.Data)))
	_, _ = w.Write(a.Data)
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

var errBadBody = errors.New("bad body")

// readBody reads a JSON body, or a multipart one (payload_json and files[n]) into dst.
func readBody(r *http.Request, dst any) ([]Attachment, error) {
	mt, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt != "multipart/form-data" {
		if err := json.NewDecoder(r.Body).Decode(dst); err != nil {
			return nil, errBadBody
		}
		return nil, nil
	}
	mr := multipart.NewReader(r.Body, params["boundary"])
	var files []Attachment
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, errBadBody
		}
		data, err := io.ReadAll(p)
		if err != nil {
			return nil, errBadBody
		}
		switch name := p.FormName(); {
		case name == "payload_json":
			if err := json.Unmarshal(data, dst); err != nil {
				return nil, errBadBody
			}
		case strings.HasPrefix(name, "files[") || name == "file":
			files = append(files, Attachment{Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
		}
	}
	return files, nil
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
	kept, answer, hook := f.keepPost(w, r.PathValue("channel"), body, content, embeds, nonce, files)
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
func (f *Fake) keepPost(w http.ResponseWriter, channelID string, body messageBody, content string,
	embeds []*discordgo.MessageEmbed, nonce string, files []Attachment) (*Message, []byte, func(Message)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.channels[channelID]
	if !ok {
		apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return nil, nil, nil
	}
	if c.Type == discordgo.ChannelTypeDM && len(c.Recipients) > 0 && f.closedDMs[c.Recipients[0].ID] {
		apiError(w, http.StatusForbidden, 50007, "Cannot send messages to this user")
		return nil, nil, nil
	}
	if body.EnforceNonce && nonce != "" {
		if m, ok := f.nonces[channelID+"\x00"+nonce]; ok {
			writeJSON(w, http.StatusOK, m.wire(false))
			return nil, nil, nil
		}
	}
	if c.IsThread() && c.ThreadMetadata.Archived {
		if c.ThreadMetadata.Locked {
			apiError(w, http.StatusBadRequest, 50083, "Thread is archived")
			return nil, nil, nil
		}
		c.ThreadMetadata.Archived = false
		c.ThreadMetadata.ArchiveTimestamp = time.Now().UTC()
		f.broadcast("THREAD_UPDATE", mustJSON(c))
	}
	author := f.botUser
	m := f.store(channelID, c.GuildID, &author, content, embeds, nonce, files)
	m.dg.Flags = discordgo.MessageFlags(body.Flags)
	m.dg.MessageReference = body.Reference
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

func (f *Fake) listMessages(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit := 50
	if n, err := strconv.Atoi(q.Get("limit")); err == nil && n >= 1 && n <= 100 {
		limit = n
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.channels[r.PathValue("channel")]; !ok {
		apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return
	}
	out := []wireMessage{}
	all := f.byChannel[r.PathValue("channel")]
	for i := len(all) - 1; i >= 0 && len(out) < limit; i-- {
		m := all[i]
		if m.deleted || (q.Get("before") != "" && compareIDs(m.dg.ID, q.Get("before")) >= 0) ||
			(q.Get("after") != "" && compareIDs(m.dg.ID, q.Get("after")) <= 0) {
			continue
		}
		out = append(out, m.wire(false))
	}
	writeJSON(w, http.StatusOK, out)
}

// channelMessage finds a live message of a channel, or answers 404. f.mu is held.
func (f *Fake) channelMessage(w http.ResponseWriter, r *http.Request) (*message, bool) {
	if _, ok := f.channels[r.PathValue("channel")]; !ok {
		apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return nil, false
	}
	m, ok := f.messages[r.PathValue("message")]
	if !ok || m.deleted || m.dg.ChannelID != r.PathValue("channel") {
		apiError(w, http.StatusNotFound, 10008, "Unknown Message")
		return nil, false
	}
	return m, true
}

func (f *Fake) getMessage(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if m, ok := f.channelMessage(w, r); ok {
		writeJSON(w, http.StatusOK, m.wire(false))
	}
}

func (f *Fake) editMessage(w http.ResponseWriter, r *http.Request) {
	var body messageBody
	files, err := readBody(r, &body)
	if err != nil {
		apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.channelMessage(w, r)
	if !ok {
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
	now := time.Now().UTC().Truncate(time.Millisecond)
	m.dg.EditedTimestamp = &now
	f.broadcast("MESSAGE_UPDATE", mustJSON(m.wire(true)))
	writeJSON(w, http.StatusOK, m.wire(false))
}

func (f *Fake) deleteMessage(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.channelMessage(w, r)
	if !ok {
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

func (f *Fake) getChannel(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.channels[r.PathValue("channel")]
	if !ok {
		apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return
	}
	writeJSON(w, http.StatusOK, c)
}

func (f *Fake) editChannel(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Name                *string `json:"name"`
		Topic               *string `json:"topic"`
		Archived            *bool   `json:"archived"`
		Locked              *bool   `json:"locked"`
		AutoArchiveDuration int     `json:"auto_archive_duration"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
		return
	}
	if body.Name != nil {
		if n := len([]rune(*body.Name)); n < 1 || n > 100 {
			formErrors{}.add("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.", "name").write(w)
			return
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.channels[r.PathValue("channel")]
	if !ok {
		apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return
	}
	if c.Type == discordgo.ChannelTypeDM {
		apiError(w, http.StatusForbidden, 50003, "Cannot execute action on a DM channel")
		return
	}
	if body.Name != nil {
		c.Name = *body.Name
	}
	if body.Topic != nil {
		c.Topic = *body.Topic
	}
	event := "CHANNEL_UPDATE"
	if c.IsThread() {
		event = "THREAD_UPDATE"
		md := c.ThreadMetadata
		if body.Archived != nil && *body.Archived != md.Archived {
			md.Archived = *body.Archived
			md.ArchiveTimestamp = time.Now().UTC()
		}
		if body.Locked != nil {
			md.Locked = *body.Locked
		}
		if body.AutoArchiveDuration > 0 {
			md.AutoArchiveDuration = body.AutoArchiveDuration
		}
	}
	f.broadcast(event, mustJSON(c))
	writeJSON(w, http.StatusOK, c)
}

// startThread serves both POST /channels/{id}/threads and the same from a message.
func (f *Fake) startThread(w http.ResponseWriter, r *http.Request) {
	var body discordgo.ThreadStart
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
		return
	}
	if n := len([]rune(body.Name)); n < 1 || n > 100 {
		formErrors{}.add("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.", "name").write(w)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	parent, ok := f.channels[r.PathValue("channel")]
	if !ok {
		apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return
	}
	if parent.Type != discordgo.ChannelTypeGuildText && parent.Type != discordgo.ChannelTypeGuildNews {
		apiError(w, http.StatusBadRequest, 50024, "Cannot execute action on this channel type")
		return
	}
	id, typ := "", body.Type
	if mid := r.PathValue("message"); mid != "" {
		m, ok := f.channelMessage(w, r)
		if !ok {
			return
		}
		if m.dg.Thread != nil {
			apiError(w, http.StatusBadRequest, 160004, "A thread has already been created for this message")
			return
		}
		// A thread started from a message takes the message's id, and is public.
		id, typ = mid, discordgo.ChannelTypeGuildPublicThread
		if parent.Type == discordgo.ChannelTypeGuildNews {
			typ = discordgo.ChannelTypeGuildNewsThread
		}
	} else {
		id = f.newID()
		if typ == 0 {
			typ = discordgo.ChannelTypeGuildPrivateThread // Discord's default when no type is given
		}
		if typ != discordgo.ChannelTypeGuildPublicThread && typ != discordgo.ChannelTypeGuildPrivateThread {
			formErrors{}.add("BASE_TYPE_CHOICES", "Value must be one of {11, 12}.", "type").write(w)
			return
		}
	}
	archive := body.AutoArchiveDuration
	if archive == 0 {
		archive = 1440
	}
	t := &discordgo.Channel{ID: id, GuildID: parent.GuildID, ParentID: parent.ID, Name: body.Name, Type: typ,
		OwnerID: f.botUser.ID, MemberCount: 1, RateLimitPerUser: body.RateLimitPerUser,
		ThreadMetadata:       &discordgo.ThreadMetadata{AutoArchiveDuration: archive, ArchiveTimestamp: time.Now().UTC(), Invitable: body.Invitable},
		PermissionOverwrites: []*discordgo.PermissionOverwrite{}}
	f.channels[id] = t
	f.threads[parent.ID] = append(f.threads[parent.ID], id)
	if m, ok := f.messages[id]; ok {
		m.dg.Thread = copyChannel(t)
	}
	f.broadcast("THREAD_CREATE", mustJSON(struct {
		*discordgo.Channel
		NewlyCreated bool `json:"newly_created"`
	}{t, true}))
	writeJSON(w, http.StatusCreated, t)
}

func (f *Fake) createDM(w http.ResponseWriter, r *http.Request) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	u, ok := f.users[body.RecipientID]
	if !ok {
		apiError(w, http.StatusNotFound, 10013, "Unknown User")
		return
	}
	id, ok := f.dms[u.ID]
	if !ok {
		id = f.newID()
		rec := *u
		f.channels[id] = &discordgo.Channel{ID: id, Type: discordgo.ChannelTypeDM, Recipients: []*discordgo.User{&rec}}
		f.dms[u.ID] = id
	}
	writeJSON(w, http.StatusOK, f.channels[id])
}

func (f *Fake) getUser(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := r.PathValue("user")
	if id == f.botUser.ID {
		writeJSON(w, http.StatusOK, f.botUser)
		return
	}
	u, ok := f.users[id]
	if !ok {
		apiError(w, http.StatusNotFound, 10013, "Unknown User")
		return
	}
	writeJSON(w, http.StatusOK, u)
}

// ourGuild answers 404 for any guild but the fake's. f.mu is not held.
func (f *Fake) ourGuild(w http.ResponseWriter, r *http.Request) bool {
	if r.PathValue("guild") != f.opts.GuildID {
		apiError(w, http.StatusNotFound, 10004, "Unknown Guild")
		return false
	}
	return true
}

func (f *Fake) getGuild(w http.ResponseWriter, r *http.Request) {
	if !f.ourGuild(w, r) {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	g := f.guild()
	g.Channels, g.Threads, g.Members = nil, nil, nil
	writeJSON(w, http.StatusOK, g)
}

func (f *Fake) getRoles(w http.ResponseWriter, r *http.Request) {
	if !f.ourGuild(w, r) {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	writeJSON(w, http.StatusOK, f.guildRoles())
}

func (f *Fake) getGuildChannels(w http.ResponseWriter, r *http.Request) {
	if !f.ourGuild(w, r) {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	writeJSON(w, http.StatusOK, f.guild().Channels)
}

func (f *Fake) listMembers(w http.ResponseWriter, r *http.Request) {
	if !f.ourGuild(w, r) {
		return
	}
	limit := 1
	if n, err := strconv.Atoi(r.URL.Query().Get("limit")); err == nil && n >= 1 && n <= 1000 {
		limit = n
	}
	after := r.URL.Query().Get("after")
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []*discordgo.Member{}
	for _, id := range f.memberIDs() {
		if len(out) == limit {
			break
		}
		if after == "" || compareIDs(id, after) > 0 {
			out = append(out, f.members[id])
		}
	}
	writeJSON(w, http.StatusOK, out)
}

func (f *Fake) getMember(w http.ResponseWriter, r *http.Request) {
	if !f.ourGuild(w, r) {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.members[r.PathValue("user")]
	if !ok {
		apiError(w, http.StatusNotFound, 10007, "Unknown Member")
		return
	}
	writeJSON(w, http.StatusOK, m)
}

// editRole adds or removes one role of a member; Discord tells the gateway when the roles
// change.
func (f *Fake) editRole(add bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !f.ourGuild(w, r) {
			return
		}
		f.mu.Lock()
		defer f.mu.Unlock()
		userID, roleID := r.PathValue("user"), r.PathValue("role")
		m, ok := f.members[userID]
		if !ok {
			apiError(w, http.StatusNotFound, 10007, "Unknown Member")
			return
		}
		if !slices.ContainsFunc(f.roles, func(x *discordgo.Role) bool { return x.ID == roleID }) {
			apiError(w, http.StatusNotFound, 10011, "Unknown Role")
			return
		}
		f.roleEdits = append(f.roleEdits, RoleEdit{UserID: userID, RoleID: roleID, Added: add})
		held := slices.Contains(m.Roles, roleID)
		switch {
		case add && !held:
			m.Roles = append(cloneIDs(m.Roles), roleID)
		case !add && held:
			m.Roles = slices.DeleteFunc(cloneIDs(m.Roles), func(id string) bool { return id == roleID })
		default:
			w.WriteHeader(http.StatusNoContent)
			return
		}
		f.broadcast("GUILD_MEMBER_UPDATE", mustJSON(m))
		w.WriteHeader(http.StatusNoContent)
	}
}

// Commands returns the last guild-scoped bulk overwrite, as the fake answered it (with ids).
func (f *Fake) Commands() []*discordgo.ApplicationCommand {
	f.mu.Lock()
	raw := f.commands
	f.mu.Unlock()
	out := []*discordgo.ApplicationCommand{}
	if raw != nil {
		_ = json.Unmarshal(raw, &out)
	}
	return out
}

func (f *Fake) ourApp(w http.ResponseWriter, r *http.Request, guild bool) bool {
	if r.PathValue("app") != f.opts.AppID {
		apiError(w, http.StatusForbidden, 50001, "Missing Access")
		return false
	}
	return !guild || f.ourGuild(w, r)
}

func (f *Fake) getCommands(guild bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !f.ourApp(w, r, guild) {
			return
		}
		f.mu.Lock()
		raw := f.global
		if guild {
			raw = f.commands
		}
		f.mu.Unlock()
		if raw == nil {
			raw = []byte("[]")
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(raw)
	}
}

func (f *Fake) putCommands(guild bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !f.ourApp(w, r, guild) {
			return
		}
		var cmds []*discordgo.ApplicationCommand
		if err := json.NewDecoder(r.Body).Decode(&cmds); err != nil {
			apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
			return
		}
		if errs := validateCommands(cmds); errs != nil {
			errs.write(w)
			return
		}
		f.mu.Lock()
		defer f.mu.Unlock()
		prev := f.global
		if guild {
			prev = f.commands
		}
		var old []*discordgo.ApplicationCommand
		if prev != nil {
			_ = json.Unmarshal(prev, &old)
		}
		for _, c := range cmds {
			if c.Type == 0 {
				c.Type = discordgo.ChatApplicationCommand
			}
			c.ID = ""
			for _, o := range old {
				if o.Name == c.Name && o.Type == c.Type {
					c.ID = o.ID // Discord keeps a command's id across overwrites
				}
			}
			if c.ID == "" {
				c.ID = f.newID()
			}
			c.ApplicationID, c.Version = f.opts.AppID, f.newID()
			if guild {
				c.GuildID = f.opts.GuildID
			}
		}
		raw := mustJSON(cmds)
		if bytes.Equal(raw, []byte("null")) {
			raw = []byte("[]")
		}
		if guild {
			f.commands = raw
		} else {
			f.global = raw
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(raw)
	}
}
