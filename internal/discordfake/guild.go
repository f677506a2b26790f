package discordfake

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

func (f *Fake) getUser(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := r.PathValue("user")
	if id == f.botUser.ID || id == "@me" {
		writeJSON(w, http.StatusOK, wireUser(&f.botUser))
		return
	}
	u, ok := f.users[id]
	if !ok {
		apiError(w, http.StatusNotFound, 10013, "Unknown User")
		return
	}
	writeJSON(w, http.StatusOK, wireUser(u))
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
	writeJSON(w, http.StatusOK, f.wireGuild())
}

func (f *Fake) getRoles(w http.ResponseWriter, r *http.Request) {
	if !f.ourGuild(w, r) {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []wRole{}
	for _, role := range f.guildRoles() {
		out = append(out, f.wireRole(role))
	}
	writeJSON(w, http.StatusOK, out)
}

func (f *Fake) getGuildChannels(w http.ResponseWriter, r *http.Request) {
	if !f.ourGuild(w, r) {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	out := []any{}
	for _, c := range f.guild().Channels {
		out = append(out, f.wireChannel(c))
	}
	writeJSON(w, http.StatusOK, out)
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
	out := []wMember{}
	for _, id := range f.memberIDs() {
		if len(out) == limit {
			break
		}
		if after == "" || compareIDs(id, after) > 0 {
			out = append(out, wireMember(f.members[id], true))
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
	writeJSON(w, http.StatusOK, wireMember(m, true))
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
		if f.roleOutOfReach(w, roleID) {
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
		f.broadcast("GUILD_MEMBER_UPDATE", mustJSON(f.memberEvent(m)))
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
		writeJSON(w, http.StatusOK, wireCommands(raw))
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
		writeJSON(w, http.StatusOK, wireCommands(raw))
	}
}

// guild is the guild as GUILD_CREATE and GET /guilds/{id} show it. f.mu is held.
func (f *Fake) guild() *discordgo.Guild {
	g := &discordgo.Guild{ID: f.opts.GuildID, Name: f.opts.GuildName, OwnerID: f.owner(),
		JoinedAt: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), MemberCount: len(f.members), Large: len(f.members) > 250,
		Roles: f.guildRoles(), Channels: []*discordgo.Channel{}, Threads: []*discordgo.Channel{}, Members: []*discordgo.Member{},
		PreferredLocale: "es-ES"}
	for _, id := range f.channelOrder {
		c := *f.channels[id]
		g.Channels = append(g.Channels, &c)
		for _, tid := range f.threads[id] {
			if t := f.channels[tid]; t.ThreadMetadata == nil || !t.ThreadMetadata.Archived {
				g.Threads = append(g.Threads, copyChannel(t))
			}
		}
	}
	return g
}

// guildRoles are the roles with @everyone first. f.mu is held.
func (f *Fake) guildRoles() []*discordgo.Role {
	roles := []*discordgo.Role{}
	if f.opts.GuildID != "" {
		roles = append(roles, &discordgo.Role{ID: f.opts.GuildID, Name: "@everyone", Permissions: f.everyonePermissions()})
	}
	for _, r := range f.roles {
		c := *r
		roles = append(roles, &c)
	}
	return roles
}

// wireCommands are stored commands (discordgo's JSON) as Discord answers them.
func wireCommands(raw []byte) []wCommand {
	var cmds []*discordgo.ApplicationCommand
	_ = json.Unmarshal(raw, &cmds)
	out := []wCommand{}
	for _, c := range cmds {
		if c != nil {
			out = append(out, wireCommand(c))
		}
	}
	return out
}
