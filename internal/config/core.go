package config

import (
	"time"

	"zocalo/core"
	"zocalo/core/businessdays"
	"zocalo/core/datarights"
	"zocalo/core/tickets"
	"zocalo/core/treasury"
	"zocalo/core/verification"
)

// CoreSettings is what the domain takes from the configuration. secret signs sessions
// (the configured one, or demo mode's).
func (c *Config) CoreSettings(secret string, now func() time.Time) core.Settings {
	return core.Settings{
		Roles: c.RoleIDs(), JWTSecret: []byte(secret), SessionTTL: c.SessionTTL.Duration,
		ArtistReviewers: c.ArtistReviewers, PublicURL: c.PublicURL, Location: c.Location(), Now: now, GuildID: c.Discord.GuildID,
		TicketAutoClose: c.Tickets.AutoCloseAfter.Duration, TicketFAQ: c.faq(),
		TicketMaxOpen: c.Tickets.MaxOpenPerMember, TicketMaxPerHour: c.Tickets.MaxOpenedPerHour,
		TicketPingRoles: map[string]string{
			tickets.CategorySupport: c.Tickets.PingRoles.SoporteTecnico, tickets.CategoryOther: c.Tickets.PingRoles.Otros,
		},
		Servers: c.serverNames(), ShiftCap: c.Staff.ShiftCap.Duration,
		WeeklyQuota: c.Staff.WeeklyQuota.Duration, Catalogue: c.catalogue(),
		Quorum: map[string]int64{"SCJN": int64(c.Legislative.QuorumSCJN), "Congreso": int64(c.Legislative.QuorumCongreso)},
		Verification: verification.Settings{VerifiedRoleID: c.Verify.VerifiedRoleID, NickTemplate: c.Verify.NicknameTemplate,
			Binds: c.binds()},
		DataRights: datarights.Settings{Handlers: c.Privacy.Handlers, ResponseDays: c.Privacy.ResponseDays,
			BlockingDays: c.Privacy.BlockingDays, Calendar: businessdays.NewCalendar(c.Location(), c.closures()...), PublicURL: c.PublicURL},
		Channels: core.Channels{
			News: c.Channels.News, StaffTickets: c.Channels.StaffTickets, Contact: c.Channels.Contact,
			ArtistApplications: c.Channels.ArtistApplications, StaffReports: c.Channels.StaffReports,
			Legislative: c.Channels.Legislative, Treasury: c.Channels.Treasury, Records: c.Channels.Records,
			TicketPanel: c.Channels.TicketPanel,
		},
	}
}

func (c *Config) faq() []tickets.FAQ {
	out := make([]tickets.FAQ, len(c.Tickets.FAQ))
	for i, f := range c.Tickets.FAQ {
		out[i] = tickets.FAQ{Keywords: f.Keywords, Answer: f.Answer}
	}
	return out
}

func (c *Config) serverNames() []string {
	out := make([]string, len(c.Servers))
	for i, s := range c.Servers {
		out[i] = s.Name
	}
	return out
}

func (c *Config) catalogue() []treasury.Item {
	out := make([]treasury.Item, len(c.SaleCatalogue))
	for i, it := range c.SaleCatalogue {
		out[i] = treasury.Item{Key: it.Key, Label: it.Label, MXN: it.MXN, Robux: it.Robux}
	}
	return out
}

func (c *Config) binds() []verification.Bind {
	out := make([]verification.Bind, len(c.Verify.Binds))
	for i, b := range c.Verify.Binds {
		out[i] = verification.Bind{GroupID: b.GroupID, MinRank: b.MinRank, MaxRank: b.MaxRank, RoleID: b.RoleID}
	}
	return out
}

// closures are the days the community closes, as Validate checked them.
func (c *Config) closures() []businessdays.Date {
	out := make([]businessdays.Date, 0, len(c.Privacy.Closures))
	for _, raw := range c.Privacy.Closures {
		if d, err := businessdays.ParseDate(raw); err == nil {
			out = append(out, d)
		}
	}
	return out
}
