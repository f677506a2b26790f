package discordfake

import (
	"net/http"
	"slices"

	"github.com/bwmarrin/discordgo"
)

// The fake's guild is set up as a real community sets one up, and the bot is held to what
// that allows, as Discord holds it:
//   - the bot is a member holding only its own managed role, named after it, with the
//     permissions its invite link asked for (InvitePermissions, or Options.BotPermissions);
//   - @everyone holds what a community lets every member do (EveryonePermissions): no
//     embeds, files, threads or management of anything;
//   - the admins' roles (AddAdminRole) sit above the bot's role, every other role (AddRole)
//     below it: the bot changes no role and no nickname of a member at or above its own
//     role, nor the owner's;
//   - each channel's overwrites (SetChannelOverwrites, DenyChannel) are applied to the bot
//     as Discord applies them, and a thread takes its parent's.
//
// Options.Relax.Permissions turns all of it off for a test about something else.

// InvitePermissions are the permissions the README's invite link grants the bot's role:
// view channels, send messages, send messages in threads, create public threads, manage
// threads, embed links, attach files, read message history, manage roles and manage
// nicknames. TestInviteLinkGrantsInvitePermissions holds the README to it.
const InvitePermissions int64 = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionSendMessagesInThreads | discordgo.PermissionCreatePublicThreads |
	discordgo.PermissionManageThreads | discordgo.PermissionEmbedLinks | discordgo.PermissionAttachFiles |
	discordgo.PermissionReadMessageHistory | discordgo.PermissionManageRoles | discordgo.PermissionManageNicknames

// EveryonePermissions are what the guild's @everyone role holds: reading, talking,
// reacting and using commands, and nothing that a large community keeps for its staff.
const EveryonePermissions int64 = discordgo.PermissionViewChannel | discordgo.PermissionSendMessages |
	discordgo.PermissionSendMessagesInThreads | discordgo.PermissionReadMessageHistory |
	discordgo.PermissionAddReactions | discordgo.PermissionUseApplicationCommands | discordgo.PermissionChangeNickname

// sendDependent are what a member who may not send messages in a channel cannot do there
// either, whatever they hold (Discord's implicit denials).
const sendDependent int64 = discordgo.PermissionMentionEveryone | discordgo.PermissionSendTTSMessages |
	discordgo.PermissionAttachFiles | discordgo.PermissionEmbedLinks

// Relax names what a test turns off of the realistic guild and of Discord's deadlines and
// limits, because the test is about something else. The zero value is Discord's rules.
type Relax struct {
	// Permissions gives the bot's role Administrator and puts it above every role: the bot
	// may do everything in every channel and change every member but the owner.
	Permissions bool
	// InteractionDeadline lets the bot answer an interaction at any time after it was
	// sent, and use its token for ever.
	InteractionDeadline bool
	// RateLimits gives every route's bucket room for any number of requests; the answers
	// still carry the buckets' headers.
	RateLimits bool
}

// defaultBotRoleID is the id of the bot's managed role unless Options.BotRoleID names one.
const defaultBotRoleID = "100000000000000002"

// newBotRole is the bot's managed role. opts are already defaulted.
func newBotRole(opts Options) *discordgo.Role {
	perms := opts.BotPermissions
	if perms == 0 {
		perms = InvitePermissions
	}
	if opts.Relax.Permissions {
		perms |= discordgo.PermissionAdministrator
	}
	return &discordgo.Role{ID: opts.BotRoleID, Name: "Zócalo", Managed: true, Permissions: perms, Position: 1}
}

// BotRole is the bot's managed role as the guild shows it.
func (f *Fake) BotRole() discordgo.Role {
	f.mu.Lock()
	defer f.mu.Unlock()
	return *f.roles[f.botRoleIndex()]
}

// botRoleIndex is where the bot's role stands in f.roles. f.mu is held.
func (f *Fake) botRoleIndex() int {
	return slices.IndexFunc(f.roles, func(r *discordgo.Role) bool { return r.ID == f.opts.BotRoleID })
}

// renumber gives the roles their positions, from 1 at the bottom. f.mu is held.
func (f *Fake) renumber() {
	for i, r := range f.roles {
		r.Position = i + 1
	}
}

// AddRole adds a guild role just below the bot's role, so above the roles added before it
// and within the bot's reach; a role that exists is renamed. New roles are not
// mentionable and grant nothing beyond @everyone, as on Discord.
func (f *Fake) AddRole(id, name string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if i := slices.IndexFunc(f.roles, func(r *discordgo.Role) bool { return r.ID == id }); i >= 0 {
		f.roles[i].Name = name
		return
	}
	f.roles = slices.Insert(f.roles, f.botRoleIndex(), &discordgo.Role{ID: id, Name: name})
	f.renumber()
}

// AddAdminRole adds (or moves) a role with Administrator at the top of the guild, above
// the bot's role, as a community keeps its administrators' roles: the bot may not give
// or take it, nor change the nickname of whoever holds it. With Relax.Permissions it goes
// just below the bot's role, which stays on top.
func (f *Fake) AddAdminRole(id, name string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.roles = slices.DeleteFunc(f.roles, func(r *discordgo.Role) bool { return r.ID == id })
	at := len(f.roles)
	if f.opts.Relax.Permissions {
		at = f.botRoleIndex()
	}
	f.roles = slices.Insert(f.roles, at, &discordgo.Role{ID: id, Name: name, Permissions: discordgo.PermissionAdministrator, Hoist: true})
	f.renumber()
}

// SetRoleMentionable makes a role mentionable (or not): a message pings a role's members
// only when the role is mentionable or the author may mention everyone.
func (f *Fake) SetRoleMentionable(id string, mentionable bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, r := range f.roles {
		if r.ID == id {
			r.Mentionable = mentionable
		}
	}
}

// SetBotRolePosition moves the bot's role to a position, 1 being the lowest role above
// @everyone (a position past the top is the top): the roles it passes change places with
// it, and the bot may then give or take only the roles below it.
func (f *Fake) SetBotRolePosition(pos int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	i := f.botRoleIndex()
	bot := f.roles[i]
	f.roles = slices.Delete(f.roles, i, i+1)
	f.roles = slices.Insert(f.roles, min(max(pos, 1), len(f.roles)+1)-1, bot)
	f.renumber()
}

// SetChannelOverwrites replaces a channel's permission overwrites (discordgo's type, with
// the guild id as @everyone's role id): a private staff channel denies @everyone View
// Channel and allows its roles, a read-only channel denies @everyone Send Messages. What
// DenyChannel took from the bot stays taken.
func (f *Fake) SetChannelOverwrites(channelID string, overwrites ...*discordgo.PermissionOverwrite) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.channels[channelID]; !ok {
		return
	}
	kept := []*discordgo.PermissionOverwrite{}
	for _, o := range overwrites {
		cp := *o
		kept = append(kept, &cp)
	}
	f.strict.overwrites[channelID] = kept
	f.showOverwrite(channelID)
}

// DenyChannel takes a permission (discordgo.Permission*) from the bot in a channel and in
// its threads, through an overwrite for the bot's member. As on Discord, each request needs
// its own permission: a post needs PermissionSendMessages (PermissionSendMessagesInThreads
// in a thread), PermissionEmbedLinks when it carries embeds, PermissionAttachFiles when it
// carries files and PermissionReadMessageHistory when it replies; the fake also asks the
// post's permission to edit or delete the bot's own messages. Starting a thread needs
// PermissionCreatePublicThreads or PermissionCreatePrivateThreads, editing a channel
// PermissionManageChannels (a thread not the bot's: PermissionManageThreads). A refusal
// answers 403 code 50013; without PermissionViewChannel every request on the channel
// answers 403 code 50001 Missing Access.
func (f *Fake) DenyChannel(channelID string, perm int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.strict.denied[channelID] |= perm
	f.showOverwrite(channelID)
}

// AllowChannel takes away what DenyChannel denied the bot in a channel; the channel's
// overwrites for roles stay.
func (f *Fake) AllowChannel(channelID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.strict.denied, channelID)
	f.showOverwrite(channelID)
}

// showOverwrite sets a channel's overwrites to those SetChannelOverwrites gave it with the
// bot's denials (DenyChannel) in the bot's member overwrite, and tells the gateway.
// f.mu is held.
func (f *Fake) showOverwrite(channelID string) {
	c, ok := f.channels[channelID]
	if !ok || c.Type == discordgo.ChannelTypeDM {
		return
	}
	list := []*discordgo.PermissionOverwrite{}
	deny := f.strict.denied[channelID]
	merged := false
	for _, o := range f.strict.overwrites[channelID] {
		cp := *o
		if deny != 0 && cp.Type == discordgo.PermissionOverwriteTypeMember && cp.ID == f.botUser.ID {
			cp.Deny, cp.Allow, merged = cp.Deny|deny, cp.Allow&^deny, true
		}
		list = append(list, &cp)
	}
	if deny != 0 && !merged {
		list = append(list, &discordgo.PermissionOverwrite{ID: f.botUser.ID, Type: discordgo.PermissionOverwriteTypeMember, Deny: deny})
	}
	c.PermissionOverwrites = list
	event := "CHANNEL_UPDATE"
	if c.IsThread() {
		event = "THREAD_UPDATE"
	}
	f.broadcast(event, mustJSON(f.wireChannel(c)))
}

// everyonePermissions is what @everyone holds in the guild. f.mu is held.
func (f *Fake) everyonePermissions() int64 { return EveryonePermissions }

// botGuildPermissions is what the bot holds guild-wide: @everyone's and its role's, or
// everything with Administrator. f.mu is held.
func (f *Fake) botGuildPermissions() int64 {
	perms := f.everyonePermissions() | f.roles[f.botRoleIndex()].Permissions
	if perms&discordgo.PermissionAdministrator != 0 {
		return discordgo.PermissionAll
	}
	return perms
}

// botPermissions is what the bot may do in a channel, computed as Discord does: its
// guild-wide permissions, then the channel's overwrites for @everyone, for its role and
// for its member, in that order; a thread takes its parent's, where Send Messages in
// Threads stands for Send Messages. Without View Channel nothing is allowed, and without
// the right to send, neither are embeds, files, TTS nor mentioning everyone. f.mu is held.
func (f *Fake) botPermissions(c *discordgo.Channel) int64 {
	if c.Type == discordgo.ChannelTypeDM {
		return discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionReadMessageHistory |
			discordgo.PermissionEmbedLinks | discordgo.PermissionAttachFiles | discordgo.PermissionAddReactions
	}
	base := f.botGuildPermissions()
	if base == discordgo.PermissionAll {
		return base
	}
	send := int64(discordgo.PermissionSendMessages)
	at := c
	if c.IsThread() {
		send = discordgo.PermissionSendMessagesInThreads
		if parent, ok := f.channels[c.ParentID]; ok {
			at = parent
		}
	}
	perms := base
	var roleAllow, roleDeny int64
	var member *discordgo.PermissionOverwrite
	for _, o := range at.PermissionOverwrites {
		switch {
		case o.Type == discordgo.PermissionOverwriteTypeRole && o.ID == f.opts.GuildID:
			perms = perms&^o.Deny | o.Allow
		case o.Type == discordgo.PermissionOverwriteTypeRole && o.ID == f.opts.BotRoleID:
			roleAllow, roleDeny = roleAllow|o.Allow, roleDeny|o.Deny
		case o.Type == discordgo.PermissionOverwriteTypeMember && o.ID == f.botUser.ID:
			member = o
		}
	}
	perms = perms&^roleDeny | roleAllow
	if member != nil {
		perms = perms&^member.Deny | member.Allow
	}
	if perms&discordgo.PermissionViewChannel == 0 {
		return 0
	}
	if perms&send == 0 {
		perms &^= sendDependent
	}
	return perms
}

// channelFor finds a channel a request acts on and checks the bot may: 404 code 10003
// when it does not exist, 403 code 50001 without View Channel, 403 code 50013 when it
// lacks a permission of need there. f.mu is held.
func (f *Fake) channelFor(w http.ResponseWriter, channelID string, need int64) (*discordgo.Channel, bool) {
	c, ok := f.channels[channelID]
	if !ok {
		apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return nil, false
	}
	perms := f.botPermissions(c)
	if perms&discordgo.PermissionViewChannel == 0 {
		apiError(w, http.StatusForbidden, 50001, "Missing Access")
		return nil, false
	}
	if perms&need != need {
		apiError(w, http.StatusForbidden, 50013, "Missing Permissions")
		return nil, false
	}
	return c, true
}

// botMay tells whether the bot holds every permission of perm in a channel. f.mu is held.
func (f *Fake) botMay(c *discordgo.Channel, perm int64) bool {
	return f.botPermissions(c)&perm == perm
}

// sendPermission is what posting in a channel needs.
func sendPermission(c *discordgo.Channel) int64 {
	if c.IsThread() {
		return discordgo.PermissionSendMessagesInThreads
	}
	return discordgo.PermissionSendMessages
}

// position is a role's place in the guild, 0 for a role the guild does not have. f.mu is held.
func (f *Fake) position(roleID string) int {
	for _, r := range f.roles {
		if r.ID == roleID {
			return r.Position
		}
	}
	return 0
}

// roleOutOfReach answers 403 code 50013 when the bot may not give or take a role: without
// Manage Roles, or when the role is at or above the bot's own. f.mu is held.
func (f *Fake) roleOutOfReach(w http.ResponseWriter, roleID string) bool {
	if f.botGuildPermissions()&discordgo.PermissionManageRoles == 0 || f.position(roleID) >= f.roles[f.botRoleIndex()].Position {
		apiError(w, http.StatusForbidden, 50013, "Missing Permissions")
		return true
	}
	return false
}

// memberAboveBot tells whether a member's highest role is at or above the bot's. f.mu is held.
func (f *Fake) memberAboveBot(m *discordgo.Member) bool {
	bot := f.roles[f.botRoleIndex()].Position
	for _, id := range m.Roles {
		if f.position(id) >= bot {
			return true
		}
	}
	return false
}
