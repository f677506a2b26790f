package discordfake

import (
	"fmt"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// SetGatewayURL changes what GET /gateway answers (see Options.GatewayURL).
func (f *Fake) SetGatewayURL(u string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.gatewayURL = u
}

// AddChannel adds a guild text channel, or renames it.
func (f *Fake) AddChannel(id, name string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if c, ok := f.channels[id]; ok {
		c.Name = name
		return
	}
	f.channels[id] = &discordgo.Channel{ID: id, GuildID: f.opts.GuildID, Name: name, Type: discordgo.ChannelTypeGuildText,
		Position: len(f.channelOrder), PermissionOverwrites: []*discordgo.PermissionOverwrite{}}
	f.channelOrder = append(f.channelOrder, id)
}

// AddUser adds a user; with inGuild they are a member holding roleIDs.
func (f *Fake) AddUser(u discordgo.User, inGuild bool, roleIDs ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	user := u
	f.users[u.ID] = &user
	if inGuild {
		f.members[u.ID] = &discordgo.Member{GuildID: f.opts.GuildID, User: &user, Roles: cloneIDs(roleIDs),
			JoinedAt: time.Date(2025, 1, 15, 12, 0, 0, 0, time.UTC)}
	} else {
		delete(f.members, u.ID)
	}
}

// AddBulkMembers adds n generated members holding roleIDs: user ids 600000000000000000+i and
// usernames "miembro<i>", i counting from 1 across calls.
func (f *Fake) AddBulkMembers(n int, roleIDs ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	joined := time.Date(2025, 1, 15, 12, 0, 0, 0, time.UTC)
	for range n {
		f.bulk++
		u := &discordgo.User{ID: strconv.FormatUint(600000000000000000+uint64(f.bulk), 10),
			Username: "miembro" + strconv.Itoa(f.bulk), Discriminator: "0"}
		f.users[u.ID] = u
		f.members[u.ID] = &discordgo.Member{GuildID: f.opts.GuildID, User: u, Roles: cloneIDs(roleIDs), JoinedAt: joined}
	}
}

// AddPersona offers an existing user on the picker.
func (f *Fake) AddPersona(p Persona) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.personas = append(f.personas, p)
}

// SetRoles replaces a member's roles without telling the gateway.
func (f *Fake) SetRoles(userID string, roleIDs ...string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.members[userID]
	if !ok {
		return fmt.Errorf("user %s is not in the guild", userID)
	}
	m.Roles = cloneIDs(roleIDs)
	return nil
}

// UpdateMemberRoles replaces a member's roles and dispatches GUILD_MEMBER_UPDATE.
func (f *Fake) UpdateMemberRoles(userID string, roleIDs ...string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.members[userID]
	if !ok {
		return fmt.Errorf("user %s is not in the guild", userID)
	}
	m.Roles = cloneIDs(roleIDs)
	f.broadcast("GUILD_MEMBER_UPDATE", mustJSON(f.memberEvent(m)))
	return nil
}

// AddMember adds a user to the guild (and to the fake's users) and dispatches
// GUILD_MEMBER_ADD.
func (f *Fake) AddMember(u discordgo.User, roleIDs ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	user := u
	f.users[u.ID] = &user
	m := &discordgo.Member{GuildID: f.opts.GuildID, User: &user, Roles: cloneIDs(roleIDs), JoinedAt: f.now().UTC().Truncate(time.Millisecond)}
	f.members[u.ID] = m
	f.broadcast("GUILD_MEMBER_ADD", mustJSON(f.memberEvent(m)))
}

// RemoveMember takes a user out of the guild and dispatches GUILD_MEMBER_REMOVE.
func (f *Fake) RemoveMember(userID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.members[userID]
	if !ok {
		return
	}
	delete(f.members, userID)
	f.broadcast("GUILD_MEMBER_REMOVE", mustJSON(struct {
		GuildID string `json:"guild_id"`
		User    wUser  `json:"user"`
	}{f.opts.GuildID, wireUser(m.User)}))
}

// Member returns a copy of a guild member, if there is one.
func (f *Fake) Member(userID string) (discordgo.Member, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.members[userID]
	if !ok {
		return discordgo.Member{}, false
	}
	c := *m
	c.Roles = cloneIDs(m.Roles)
	return c, true
}
