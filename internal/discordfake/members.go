package discordfake

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// defaultOwnerID owns the fake guild unless SetOwner names another member.
const defaultOwnerID = "100000000000000001"

// SetOwner makes a member the guild's owner: nobody else may change their nickname.
func (f *Fake) SetOwner(userID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ownerID = userID
}

// owner is the guild owner's id. f.mu is held.
func (f *Fake) owner() string {
	if f.ownerID == "" {
		return defaultOwnerID
	}
	return f.ownerID
}

// SetNick changes a member's nickname by hand ("" clears it) and dispatches
// GUILD_MEMBER_UPDATE, as Discord does when a moderator edits it.
func (f *Fake) SetNick(userID, nick string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.members[userID]
	if !ok {
		return fmt.Errorf("user %s is not in the guild", userID)
	}
	m.Nick = nick
	f.broadcast("GUILD_MEMBER_UPDATE", mustJSON(f.memberEvent(m)))
	return nil
}

// editMember is PATCH /guilds/{guild}/members/{user}: the nickname ("nick"; null or ""
// clears it). Discord refuses to change the owner, or a member whose highest role is not
// below the bot's, with 403 50013.
func (f *Fake) editMember(w http.ResponseWriter, r *http.Request) {
	if !f.ourGuild(w, r) {
		return
	}
	var body map[string]json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		apiError(w, http.StatusBadRequest, 50109, "The request body contains invalid JSON.")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	userID := r.PathValue("user")
	m, ok := f.members[userID]
	if !ok {
		apiError(w, http.StatusNotFound, 10007, "Unknown Member")
		return
	}
	raw, hasNick := body["nick"]
	if !hasNick {
		writeJSON(w, http.StatusOK, wireMember(m, true))
		return
	}
	var nick *string
	if err := json.Unmarshal(raw, &nick); err != nil {
		formErrors{}.add("BASE_TYPE_BAD_TYPE", "Must be a string.", "nick").write(w)
		return
	}
	if nick != nil {
		if e := (formErrors{}); utf16Len(*nick) > 32 {
			e.add("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.", "nick")
			e.write(w)
			return
		}
	}
	if userID == f.owner() || f.memberAboveBot(m) {
		apiError(w, http.StatusForbidden, 50013, "Missing Permissions")
		return
	}
	next := ""
	if nick != nil {
		next = *nick
	}
	if m.Nick != next {
		m.Nick = next
		f.broadcast("GUILD_MEMBER_UPDATE", mustJSON(f.memberEvent(m)))
	}
	writeJSON(w, http.StatusOK, wireMember(m, true))
}

// utf16Len counts s as Discord's length limits do, in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// memberEvent is a member as GUILD_MEMBER_ADD and GUILD_MEMBER_UPDATE carry it: with its
// user and the guild's id. f.mu is held.
func (f *Fake) memberEvent(m *discordgo.Member) wMember {
	out := wireMember(m, true)
	out.GuildID = f.opts.GuildID
	return out
}
