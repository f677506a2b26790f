package testenv

import (
	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/internal/discordfake"
)

// The test guild is laid out as a community sets one up by the README: the ADMIN group's
// roles above the bot's role, every other role below it (so within its reach, as the
// dismissals and the verification need), and the configured channels with the overwrites
// a community gives them, the bot's role let in where @everyone is kept out.

// adminRoles are the roles a community keeps above the bot's: the ADMIN group's.
var adminRoles = authz.Groups[authz.Admin]

// Channels of the test configuration (Env), by what they are for.
const (
	NewsChannel        = "710000000000000001"
	ContactChannel     = "710000000000000002"
	ArtistChannel      = "710000000000000003"
	StaffTicketChannel = "710000000000000004"
	StaffReportChannel = "710000000000000005"
	TreasuryChannel    = "710000000000000006"
	LegislativeChannel = "710000000000000007"
	RecordsChannel     = "710000000000000008"
	TicketPanelChannel = "710000000000000009"
)

// AddGuildRoles adds the roles of Roles to the fake guild in a fixed order: the ADMIN
// group's with Administrator above the bot's role, the others below it.
func AddGuildRoles(f *discordfake.Fake) {
	seen := map[string]bool{}
	for _, r := range authz.AllRoles {
		id := Roles[r]
		if seen[id] || isAdmin(id) {
			continue
		}
		seen[id] = true
		f.AddRole(id, string(r))
	}
	for _, r := range adminRoles {
		if id := Roles[r]; !seen[id] {
			seen[id] = true
			f.AddAdminRole(id, string(r))
		}
	}
}

// isAdmin tells whether a role id is one of the ADMIN group's (an id may name two roles).
func isAdmin(id string) bool {
	for _, r := range adminRoles {
		if Roles[r] == id {
			return true
		}
	}
	return false
}

// AddGuildChannels adds the configured channels to the fake guild with their overwrites:
// the news, legislative and ticket-panel channels are read-only for @everyone, the staff
// channels (contact, artist applications, staff tickets and reports, treasury, records)
// seen by staff and admins only; the bot's role may read and post in every one.
func AddGuildChannels(f *discordfake.Fake) {
	bot := f.BotRole().ID
	readOnly := []*discordgo.PermissionOverwrite{
		{ID: GuildID, Type: discordgo.PermissionOverwriteTypeRole,
			Deny: discordgo.PermissionSendMessages | discordgo.PermissionSendMessagesInThreads},
		{ID: bot, Type: discordgo.PermissionOverwriteTypeRole,
			Allow: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionSendMessagesInThreads},
	}
	staffOnly := []*discordgo.PermissionOverwrite{
		{ID: GuildID, Type: discordgo.PermissionOverwriteTypeRole, Deny: discordgo.PermissionViewChannel},
		{ID: bot, Type: discordgo.PermissionOverwriteTypeRole,
			Allow: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionSendMessagesInThreads},
	}
	for _, r := range authz.RolesOf(authz.Staff, authz.Admin) {
		staffOnly = append(staffOnly, &discordgo.PermissionOverwrite{ID: Roles[r], Type: discordgo.PermissionOverwriteTypeRole,
			Allow: discordgo.PermissionViewChannel | discordgo.PermissionSendMessages | discordgo.PermissionSendMessagesInThreads})
	}
	for _, c := range []struct {
		id, name   string
		overwrites []*discordgo.PermissionOverwrite
	}{
		{NewsChannel, "noticias", readOnly},
		{ContactChannel, "contacto", staffOnly},
		{ArtistChannel, "convocatoria-dibujantes", staffOnly},
		{StaffTicketChannel, "tickets-staff", staffOnly},
		{StaffReportChannel, "reportes-staff", staffOnly},
		{TreasuryChannel, "tesoreria", staffOnly},
		{LegislativeChannel, "legislativo", readOnly},
		{RecordsChannel, "antecedentes", staffOnly},
		{TicketPanelChannel, "abre-un-ticket", readOnly},
	} {
		f.AddChannel(c.id, c.name)
		f.SetChannelOverwrites(c.id, c.overwrites...)
	}
}

// AddGuild lays out the whole test guild: AddGuildRoles, then AddGuildChannels.
func AddGuild(f *discordfake.Fake) {
	AddGuildRoles(f)
	AddGuildChannels(f)
}
