package discordfake

import (
	"encoding/json"

	"github.com/bwmarrin/discordgo"
)

// dispatchTo sends one dispatch to a session, or keeps it for the session's resume while
// its socket is down. Kept dispatches are replayed on RESUME. f.mu is held.
func (f *Fake) dispatchTo(s *session, eventType string, payload []byte, keep bool) {
	s.seq++
	frame := mustJSON(discordgo.Event{Operation: 0, Sequence: s.seq, Type: eventType, RawData: payload})
	if keep {
		s.log = append(s.log, logged{seq: s.seq, frame: frame})
	}
	if s.conn != nil {
		s.conn.send(outFrame{data: frame})
	}
}

// Dispatch sends a gateway event to every identified session whose intents allow it; a
// session whose socket is down gets it when it resumes. data is marshalled as the event's d.
func (f *Fake) Dispatch(eventType string, data any) {
	payload := mustJSON(data)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.broadcast(eventType, payload)
}

// broadcast is Dispatch with f.mu held.
func (f *Fake) broadcast(eventType string, payload []byte) {
	for id, s := range f.sessions {
		if s.conn == nil && f.now().Sub(s.downSince) > sessionTTL {
			delete(f.sessions, id)
			continue
		}
		if p, ok := f.allowed(eventType, payload, s.intents); ok {
			f.dispatchTo(s, eventType, p, true)
		}
	}
}

// allowed applies a session's intents to an event: whether it is sent, and with which
// payload (message content is emptied without the message-content intent).
func (f *Fake) allowed(eventType string, payload []byte, intents int) ([]byte, bool) {
	has := func(bit int) bool { return intents&bit != 0 }
	switch eventType {
	case "GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE", "GUILD_ROLE_CREATE", "GUILD_ROLE_UPDATE", "GUILD_ROLE_DELETE",
		"CHANNEL_CREATE", "CHANNEL_UPDATE", "CHANNEL_DELETE", "CHANNEL_PINS_UPDATE",
		"THREAD_CREATE", "THREAD_UPDATE", "THREAD_DELETE", "THREAD_LIST_SYNC", "THREAD_MEMBER_UPDATE":
		return payload, has(intentGuilds)
	case "GUILD_MEMBER_ADD", "GUILD_MEMBER_UPDATE", "GUILD_MEMBER_REMOVE", "THREAD_MEMBERS_UPDATE":
		return payload, has(intentGuildMembers)
	}
	var head struct {
		GuildID string `json:"guild_id"`
		Author  *struct {
			ID string `json:"id"`
		} `json:"author"`
		Mentions []struct {
			ID string `json:"id"`
		} `json:"mentions"`
	}
	inGuild := func() bool {
		_ = json.Unmarshal(payload, &head)
		return head.GuildID != ""
	}
	switch eventType {
	case "MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE", "MESSAGE_DELETE_BULK":
		if !inGuild() {
			return payload, has(intentDirectMessages)
		}
		if !has(intentGuildMessages) {
			return nil, false
		}
		if eventType == "MESSAGE_DELETE" || eventType == "MESSAGE_DELETE_BULK" || has(intentMessageContent) {
			return payload, true
		}
		if head.Author != nil && head.Author.ID == f.botUser.ID {
			return payload, true
		}
		for _, m := range head.Mentions {
			if m.ID == f.botUser.ID {
				return payload, true
			}
		}
		return withoutContent(payload), true
	case "MESSAGE_REACTION_ADD", "MESSAGE_REACTION_REMOVE", "MESSAGE_REACTION_REMOVE_ALL", "MESSAGE_REACTION_REMOVE_EMOJI":
		if inGuild() {
			return payload, has(intentGuildMessageReactions)
		}
		return payload, has(intentDirectMessageReacts)
	case "TYPING_START":
		if inGuild() {
			return payload, has(intentGuildMessageTyping)
		}
		return payload, has(intentDirectMessageTyping)
	}
	return payload, true
}

// withoutContent empties what the message-content intent guards.
func withoutContent(payload []byte) []byte {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(payload, &m); err != nil {
		return payload
	}
	m["content"] = json.RawMessage(`""`)
	m["embeds"] = json.RawMessage(`[]`)
	m["attachments"] = json.RawMessage(`[]`)
	m["components"] = json.RawMessage(`[]`)
	delete(m, "poll")
	return mustJSON(m)
}
