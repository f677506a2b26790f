package discordfake

import (
	"encoding/json"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

func (f *Fake) getChannel(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.channelFor(w, r.PathValue("channel"), 0); ok {
		writeJSON(w, http.StatusOK, f.wireChannel(c))
	}
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
	// The thread's owner may rename, archive and unarchive it; locking, and anything on a
	// thread of someone else's, needs Manage Threads.
	need := int64(discordgo.PermissionManageChannels)
	if c.IsThread() {
		need = discordgo.PermissionManageThreads
		if c.OwnerID == f.botUser.ID && body.Locked == nil {
			need = 0
		}
	}
	if _, ok := f.channelFor(w, c.ID, need); !ok {
		return
	}
	if c.IsThread() && body.Archived != nil && !*body.Archived && c.ThreadMetadata.Archived && f.activeThreadsFull(w) {
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
			md.ArchiveTimestamp = f.now().UTC()
		}
		if body.Locked != nil {
			md.Locked = *body.Locked
		}
		if body.AutoArchiveDuration > 0 {
			md.AutoArchiveDuration = body.AutoArchiveDuration
		}
	}
	f.broadcast(event, mustJSON(f.wireChannel(c)))
	writeJSON(w, http.StatusOK, f.wireChannel(c))
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
	need := int64(discordgo.PermissionCreatePrivateThreads)
	if r.PathValue("message") != "" || body.Type == discordgo.ChannelTypeGuildPublicThread {
		need = discordgo.PermissionCreatePublicThreads
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	parent, ok := f.channelFor(w, r.PathValue("channel"), need)
	if !ok {
		return
	}
	if parent.Type != discordgo.ChannelTypeGuildText && parent.Type != discordgo.ChannelTypeGuildNews {
		apiError(w, http.StatusBadRequest, 50024, "Cannot execute action on this channel type")
		return
	}
	id, typ := "", body.Type
	if mid := r.PathValue("message"); mid != "" {
		m, ok := f.channelMessage(w, r, false)
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
	if f.activeThreadsFull(w) {
		return
	}
	archive := body.AutoArchiveDuration
	if archive == 0 {
		archive = 1440
	}
	t := &discordgo.Channel{ID: id, GuildID: parent.GuildID, ParentID: parent.ID, Name: body.Name, Type: typ,
		OwnerID: f.botUser.ID, MemberCount: 1, RateLimitPerUser: body.RateLimitPerUser,
		ThreadMetadata:       &discordgo.ThreadMetadata{AutoArchiveDuration: archive, ArchiveTimestamp: f.now().UTC(), Invitable: body.Invitable},
		PermissionOverwrites: []*discordgo.PermissionOverwrite{}}
	f.channels[id] = t
	f.threads[parent.ID] = append(f.threads[parent.ID], id)
	if m, ok := f.messages[id]; ok {
		m.dg.Thread = copyChannel(t)
	}
	created := f.wireChannel(t).(wThread)
	created.NewlyCreated = true
	f.broadcast("THREAD_CREATE", mustJSON(created))
	writeJSON(w, http.StatusCreated, f.wireChannel(t))
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
	writeJSON(w, http.StatusOK, f.wireChannel(f.channels[id]))
}
