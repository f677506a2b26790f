package bot

import (
	"context"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/members"
	"zocalo/core/outbox"
	"zocalo/core/staff"
	"zocalo/core/tickets"
	"zocalo/internal/testenv"
)

// Gateway events: the work the bot queues for one event, done twenty times at once, as
// when Discord delivers an event again after a resume while the first is being handled.

// ticketWithThread opens a ticket by a fresh player and waits for its Discord thread.
func (e *botRace) ticketWithThread(t *testing.T) (ticketID uint64, authorID, threadID string) {
	t.Helper()
	ctx := context.Background()
	player := e.member(t)
	v, err := e.app.Tickets.Create(ctx, e.actor(t, player), tickets.CreateInput{Title: "No puedo entrar " + player,
		Message: "Me expulsa al conectar"}, e.app.Tickets.NewUploads())
	if err != nil {
		t.Fatal(err)
	}
	id, err := strconv.ParseUint(v.TicketID, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	e.eventually("the ticket's thread opens", func() bool {
		var tk tickets.Ticket
		err := e.d.Conn(ctx).Where("id = ?", id).Take(&tk).Error
		threadID = tk.DiscordThreadID
		return err == nil && threadID != ""
	})
	return id, player, threadID
}

// memberEvent is a member as a gateway event carries them.
func memberEvent(id string, roles ...authz.Role) *discordgo.Member {
	return &discordgo.Member{GuildID: testenv.GuildID, User: &discordgo.User{ID: id, Username: "m" + id[len(id)-6:]},
		Roles: testenv.RoleIDs(roles...)}
}

// recordAtOnce does the work of one member event botRaceN times at once.
func (e *botRace) recordAtOnce(m *discordgo.Member, inGuild bool) {
	snap := snapshotOf(m, inGuild)
	e.atOnce(botRaceN, func(int) { e.bot.sync.record(context.Background(), snap) })
}

func sortedRoleIDs(roles ...authz.Role) []string {
	ids := testenv.RoleIDs(roles...)
	slices.Sort(ids)
	return ids
}

// portalRoleIDs are the distinct ids of the guild's roles the portal records: all but
// @everyone (the guild's id) and the roles integrations manage. The fake lists some ids
// twice, as the specification shares them between role names.
func portalRoleIDs(roles []*discordgo.Role) []string {
	var ids []string
	for _, r := range roles {
		if r.ID != testenv.GuildID && !r.Managed && !slices.Contains(ids, r.ID) {
			ids = append(ids, r.ID)
		}
	}
	return ids
}

var _ = addBotRaceRows(
	botRaceRow{
		name:   "a staff reply in a ticket thread, delivered 20 times: one message, one DM",
		covers: []string{"event MESSAGE_CREATE"},
		run: func(t *testing.T, e *botRace) {
			ticketID, author, thread := e.ticketWithThread(t)
			mod := e.member(t, authz.Moderador)
			msg := discordgo.Message{ID: e.id(), ChannelID: thread, GuildID: testenv.GuildID, Type: discordgo.MessageTypeDefault,
				Author: &discordgo.User{ID: mod, Username: "m" + mod[len(mod)-6:]}, Content: "Ya quedó, intenta de nuevo"}
			s := e.bot.currentSession()
			e.atOnce(botRaceN, func(int) {
				m := msg
				e.bot.replyFromThread(context.Background(), s, &m)
			})
			expectCount(t, "ticket messages", e.count(t, "ticket_messages", "discord_message_id = ?", msg.ID), 1)
			expectCount(t, "DMs to the author", e.count(t, "outbox_events", "kind = ? AND channel_id = ?", outbox.KindDM, "dm:"+author), 1)
			expectCount(t, "status changes", e.count(t, "ticket_events", "ticket_id = ? AND kind = ? AND after = ?",
				ticketID, "status", tickets.StatusWaitingUser), 1)

			// Delivered again through the gateway: the bot's handler ignores it too. A
			// later message in the same thread shows that the repeats were handled.
			for range botRaceN {
				e.fake.Dispatch("MESSAGE_CREATE", msg)
			}
			e.fake.PostUserMessage(thread, mod, "Y un mensaje más")
			e.eventually("the later message is recorded", func() bool {
				return e.count(t, "ticket_messages", "ticket_id = ? AND content = ?", ticketID, "Y un mensaje más") == 1
			})
			expectCount(t, "ticket messages after the redeliveries", e.count(t, "ticket_messages", "discord_message_id = ?", msg.ID), 1)
			e.eventually("the author got their DMs", func() bool { return len(e.fake.DMs(author)) == 2 })
		},
	},
	botRaceRow{
		name:   "a member's new roles, delivered 20 times: one change, one audit entry, one hire",
		covers: []string{"event GUILD_MEMBER_UPDATE"},
		run: func(t *testing.T, e *botRace) {
			id := e.member(t)
			if err := e.fake.SetRoles(id, testenv.RoleIDs(authz.Moderador)...); err != nil {
				t.Fatal(err)
			}
			mark := e.logs.mark()
			e.recordAtOnce(memberEvent(id, authz.Moderador), true)
			if got := e.rolesOf(id); !slices.Equal(got, sortedRoleIDs(authz.Moderador)) {
				t.Errorf("roles %v", got)
			}
			if n, _ := e.logs.since(mark, "member roles changed", ""); n != 1 {
				t.Errorf("%d role changes logged, want 1", n)
			}
			expectCount(t, "role audit entries", e.audits(t, "member.roles", id), 1)
			expectCount(t, "staff records", e.count(t, "staff_records", "member_id = ?", id), 1)
		},
	},
	botRaceRow{
		name:   "a member joining, delivered 20 times: one member, one audit entry",
		covers: []string{"event GUILD_MEMBER_ADD"},
		run: func(t *testing.T, e *botRace) {
			id := e.id()
			m := memberEvent(id, authz.Trial, authz.Diputado)
			e.fake.AddUser(*m.User, true, m.Roles...)
			e.recordAtOnce(m, true)
			expectCount(t, "members", e.count(t, "members", "discord_id = ? AND in_guild = ?", id, true), 1)
			if got := e.rolesOf(id); !slices.Equal(got, sortedRoleIDs(authz.Trial, authz.Diputado)) {
				t.Errorf("roles %v", got)
			}
			expectCount(t, "role audit entries", e.audits(t, "member.roles", id), 1)
			expectCount(t, "staff records", e.count(t, "staff_records", "member_id = ?", id), 1)
		},
	},
	botRaceRow{
		name:   "a member leaving, delivered 20 times: gone once, one audit entry",
		covers: []string{"event GUILD_MEMBER_REMOVE"},
		run: func(t *testing.T, e *botRace) {
			id := e.member(t, authz.Tesoreria)
			before := e.audits(t, "member.roles", id)
			m := memberEvent(id)
			e.fake.AddUser(*m.User, false)
			e.recordAtOnce(m, false)
			got, err := e.app.Members.Get(context.Background(), id)
			if err != nil || got == nil || got.InGuild || got.LeftAt == nil || len(e.rolesOf(id)) != 0 {
				t.Errorf("member after: %+v, roles %v, %v", got, e.rolesOf(id), err)
			}
			expectCount(t, "role audit entries for leaving", e.audits(t, "member.roles", id)-before, 1)
		},
	},
	botRaceRow{
		name:   "the guild's roles, recorded 20 times at once: one row each",
		covers: []string{"event GUILD_CREATE"},
		run: func(t *testing.T, e *botRace) {
			roles, err := e.bot.currentSession().GuildRoles(testenv.GuildID)
			if err != nil {
				t.Fatal(err)
			}
			e.atOnce(botRaceN, func(int) { e.bot.sync.syncGuildRoles(context.Background(), roles) })
			ids := portalRoleIDs(roles)
			for _, id := range ids {
				expectCount(t, "rows of role "+id, e.count(t, "guild_roles", "discord_id = ?", id), 1)
			}
			expectCount(t, "guild roles", e.count(t, "guild_roles", "1 = 1"), int64(len(ids)))
		},
	},
	botRaceRow{
		name:   "a role created, the guild's roles re-read 20 times at once: one row each",
		covers: []string{"event GUILD_ROLE_CREATE", "event GUILD_ROLE_UPDATE"},
		run: func(t *testing.T, e *botRace) {
			roleID := e.id()
			e.fake.AddRole(roleID, "Rol nuevo")
			s := e.bot.currentSession()
			e.atOnce(botRaceN, func(int) { e.bot.sync.refreshGuildRoles(context.Background(), s, testenv.GuildID) })
			roles, err := s.GuildRoles(testenv.GuildID)
			if err != nil {
				t.Fatal(err)
			}
			expectCount(t, "rows of the new role", e.count(t, "guild_roles", "discord_id = ? AND name = ?", roleID, "Rol nuevo"), 1)
			expectCount(t, "guild roles", e.count(t, "guild_roles", "1 = 1"), int64(len(portalRoleIDs(roles))))
		},
	},
	botRaceRow{
		name:   "a role deleted, delivered 20 times: gone from its members and the matrix, audited once",
		covers: []string{"event GUILD_ROLE_DELETE"},
		run: func(t *testing.T, e *botRace) {
			ctx := context.Background()
			roleID := e.id()
			e.fake.AddRole(roleID, "Rol efímero")
			s := e.bot.currentSession()
			e.bot.sync.refreshGuildRoles(ctx, s, testenv.GuildID)
			holder := e.member(t, authz.Diputado)
			if _, err := e.app.Members.Upsert(ctx, members.Snapshot{DiscordID: holder, Username: "m" + holder[len(holder)-6:],
				InGuild: true, RoleIDs: append(testenv.RoleIDs(authz.Diputado), roleID)}); err != nil {
				t.Fatal(err)
			}
			if err := e.app.Members.SetRoleFlags(ctx, roleID, authz.PanelSupport, authz.Flags{Read: true}, "comite"); err != nil {
				t.Fatal(err)
			}
			before := e.audits(t, "member.roles", holder)
			e.atOnce(botRaceN, func(int) { e.bot.sync.deleteRole(ctx, roleID) })
			expectCount(t, "rows of the role", e.count(t, "guild_roles", "discord_id = ?", roleID), 0)
			expectCount(t, "members holding it", e.count(t, "member_roles", "role_id = ?", roleID), 0)
			expectCount(t, "its rights", e.count(t, "panel_permissions", "role_id = ?", roleID), 0)
			expectCount(t, "audit entries of the holder", e.audits(t, "member.roles", holder)-before, 1)
			expectCount(t, "audit entries of the deletion", e.audits(t, "role.delete", roleID), 1)
			if got := e.rolesOf(holder); !slices.Equal(got, sortedRoleIDs(authz.Diputado)) {
				t.Errorf("the holder keeps %v", got)
			}
		},
	},
	botRaceRow{
		name:   "a staff role given back after a dismissal, delivered 20 times: one re-hire, one audit entry",
		covers: []string{"event GUILD_MEMBER_UPDATE"},
		run: func(t *testing.T, e *botRace) {
			ctx := context.Background()
			// Dismissed, and the removal went through in Discord. (Set up by hand: a
			// dismissal posts to the staff reports channel, which the jobs' rows count.)
			id := e.member(t, authz.Moderador)
			if err := e.d.Conn(ctx).Model(&staff.Record{}).Where("member_id = ?", id).Updates(map[string]any{
				"inactive": true, "dismissed_at": time.Now().UTC(), "dismissed_by": "rh", "dismiss_reason": "Inactividad"}).Error; err != nil {
				t.Fatal(err)
			}
			if err := e.fake.UpdateMemberRoles(id); err != nil {
				t.Fatal(err)
			}
			e.eventually("Discord's removal is recorded", func() bool { return len(e.rolesOf(id)) == 0 })
			if err := e.fake.SetRoles(id, testenv.RoleIDs(authz.Moderador)...); err != nil {
				t.Fatal(err)
			}
			e.recordAtOnce(memberEvent(id, authz.Moderador), true)
			if got := e.rolesOf(id); !slices.Equal(got, sortedRoleIDs(authz.Moderador)) {
				t.Errorf("roles %v", got)
			}
			expectCount(t, "re-hire audit entries", e.audits(t, "rehire", id), 1)
			expectCount(t, "active records", e.count(t, "staff_records", "member_id = ? AND inactive = ?", id, false), 1)
		},
	},
	botRaceRow{
		name:   "the whole member list, reconciled 20 times at once: one change and one audit entry each",
		covers: []string{"event GUILD_MEMBERS_CHUNK"},
		run: func(t *testing.T, e *botRace) {
			ctx := context.Background()
			promoted := e.member(t)
			if err := e.fake.SetRoles(promoted, testenv.RoleIDs(authz.RH)...); err != nil {
				t.Fatal(err)
			}
			// Recorded while the bot was away; the guild no longer lists them.
			gone := e.id()
			if _, err := e.app.Members.Upsert(ctx, members.Snapshot{DiscordID: gone, Username: "ausente", InGuild: true,
				RoleIDs: testenv.RoleIDs(authz.Auditor)}); err != nil {
				t.Fatal(err)
			}
			goneBefore := e.audits(t, "member.roles", gone)
			list, err := e.bot.currentSession().GuildMembers(testenv.GuildID, "", 1000)
			if err != nil {
				t.Fatal(err)
			}
			snaps := make([]members.Snapshot, len(list))
			for i, m := range list {
				snaps[i] = snapshotOf(m, true)
			}
			e.atOnce(botRaceN, func(int) { e.bot.sync.reconcile(ctx, snaps, nil) })
			if got := e.rolesOf(promoted); !slices.Equal(got, sortedRoleIDs(authz.RH)) {
				t.Errorf("promoted holds %v", got)
			}
			expectCount(t, "audit entries of the promotion", e.audits(t, "member.roles", promoted), 1)
			m, _ := e.app.Members.Get(ctx, gone)
			if m == nil || m.InGuild || len(e.rolesOf(gone)) != 0 {
				t.Errorf("the absent member: %+v, roles %v", m, e.rolesOf(gone))
			}
			expectCount(t, "audit entries of the departure", e.audits(t, "member.roles", gone)-goneBefore, 1)
			expectCount(t, "members in the guild", e.count(t, "members", "in_guild = ?", true), int64(len(list)))
		},
	},
)
