// Package core wires the domain services together. It knows neither HTTP nor Discord's
// gateway: the web API and the bot are thin layers over what is built here.
package core

import (
	"context"
	"time"

	"zocalo/core/apikeys"
	"zocalo/core/artists"
	"zocalo/core/audit"
	"zocalo/core/auth"
	"zocalo/core/authz"
	"zocalo/core/contact"
	"zocalo/core/datarights"
	"zocalo/core/db"
	"zocalo/core/documents"
	"zocalo/core/idempotency"
	"zocalo/core/identifies"
	"zocalo/core/legislative"
	"zocalo/core/live"
	"zocalo/core/members"
	"zocalo/core/news"
	"zocalo/core/outbox"
	"zocalo/core/permissions"
	"zocalo/core/players"
	"zocalo/core/privacy"
	"zocalo/core/ratelimit"
	"zocalo/core/records"
	"zocalo/core/roblox"
	"zocalo/core/sat"
	"zocalo/core/staff"
	"zocalo/core/storage"
	"zocalo/core/tickets"
	"zocalo/core/treasury"
	"zocalo/core/verification"
)

// Models lists every table's model; the migrations must produce exactly their schema.
func Models() []any {
	return []any{&auth.User{}, &members.Member{}, &members.MemberRole{}, &auth.Session{}, &auth.SignInCode{}, &outbox.Event{},
		&news.Item{}, &contact.Message{}, &artists.Application{},
		&tickets.Ticket{}, &tickets.Tally{}, &tickets.DayCache{}, &tickets.Served{}, &tickets.Message{}, &tickets.Attachment{}, &tickets.Event{}, &tickets.Read{}, &tickets.TranscriptView{},
		&tickets.Note{}, &tickets.CannedReply{},
		&staff.Shift{}, &staff.Adjustment{}, &staff.Record{}, &staff.Note{}, &staff.Report{}, &staff.WeeklyReport{}, &staff.Break{}, &staff.Leave{}, &staff.Quota{}, &staff.Fold{}, &staff.WeekHoursKept{},
		&documents.Document{}, &roblox.Link{}, &roblox.Attempt{}, &roblox.NameHold{}, &records.Charge{}, &records.Repair{}, &apikeys.Key{},
		&treasury.Sale{}, &treasury.Tally{}, &sat.Business{}, &sat.Document{},
		&legislative.Initiative{}, &legislative.Vote{}, &legislative.Event{}, &legislative.AgendaItem{}, &legislative.Reminder{},
		&members.GuildRole{}, &members.PanelPermission{}, &members.PendingRemoval{}, &audit.Entry{}, &ratelimit.Hit{}, &idempotency.Record{}, &identifies.Identify{},
		&live.Event{}, &verification.Identity{}, &privacy.Choice{}, &privacy.Block{}, &datarights.Request{}}
}

// Settings are the parts of the configuration the domain needs.
type Settings struct {
	Roles           authz.RoleIDs
	JWTSecret       []byte
	SessionTTL      time.Duration
	ArtistReviewers []string
	PublicURL       string
	Channels        Channels
	Location        *time.Location // the community's time zone
	Servers         []string       // the game servers' names, for shifts
	ShiftCap        time.Duration  // a shift left open longer is closed at this length
	WeeklyQuota     time.Duration  // a staff role's weekly hours until directors set its own
	TicketAutoClose time.Duration
	TicketFAQ       []tickets.FAQ
	Catalogue       []treasury.Item  // what the treasury sells, at which price
	Quorum          map[string]int64 // per legislative body, the votes a result needs
	Now             func() time.Time

	// Verification is what a Roblox link makes of a member in Discord.
	Verification verification.Settings

	// A member's ticket limits: open at once, and opened in an hour; 0 is no limit.
	TicketMaxOpen    int
	TicketMaxPerHour int
	// TicketPingRoles are the Discord roles a new ticket's post mentions, per category.
	TicketPingRoles map[string]string

	// DataRights is how members' requests about their data are answered.
	DataRights datarights.Settings
	// GuildID is the community's Discord server, for links to the messages posted there.
	GuildID string
}

// Channels are the Discord channels the features post to; empty ones are not relayed.
type Channels struct {
	News               string
	StaffTickets       string
	Contact            string
	ArtistApplications string
	StaffReports       string
	Legislative        string
	Treasury           string
	Records            string // new charges and their corrections
	TicketPanel        string // the panel message that opens tickets
}

// App holds the services.
type App struct {
	DB      *db.DB
	Members *members.Service
	Auth    *auth.Service
	Outbox  *outbox.Store
	News    *news.Service
	Contact *contact.Service
	Artists *artists.Service
	Tickets *tickets.Service
	Staff   *staff.Service
	Shifts  *staff.Shifts
	// Player identity: documents, Roblox links, criminal records, the game servers' keys.
	Documents *documents.Service
	Roblox    *roblox.Service
	Records   *records.Service
	APIKeys   *apikeys.Service
	Players   *players.Service
	Treasury  *treasury.Service
	SAT       *sat.Service
	// Legislative runs the SCJN's and the Congreso's initiatives, votes and agendas.
	Legislative *legislative.Service
	// Permissions is the matrix of /admin/roles.
	Permissions *permissions.Service
	// RateLimits counts requests per client in the database, the same for every replica.
	RateLimits *ratelimit.Store
	// Idempotency remembers the answers to creates that carried a key.
	Idempotency *idempotency.Store
	Files       storage.Store
	Roles       authz.RoleIDs
	Now         func() time.Time
	// Location is the community's time zone.
	Location *time.Location
	// GuildID is the community's Discord server.
	GuildID string
	// Live streams changes to the members watching; the process serving them runs it.
	Live *live.Hub

	// Verification gives linked members their verified role and nickname in Discord.
	Verification *verification.Service
	// DataRights keeps members' requests about their data, with their deadlines.
	DataRights *datarights.Service
}

// AuditLog pages through the record of changes (COMITE).
func (a *App) AuditLog(ctx context.Context, actor *authz.Actor, q audit.Query) (audit.Page, error) {
	return audit.List(ctx, a.DB, a.Location, actor, q)
}

// Deps are the outside services the domain uses.
type Deps struct {
	// Identity is Discord's sign-in.
	Identity auth.IdentityProvider
	// Files keeps uploads.
	Files storage.Store
	// Roblox is Roblox's OAuth2, for account verification; nil leaves it unconfigured.
	Roblox roblox.Provider
	// RobloxGroups reads group ranks, for verification's role binds; nil turns binds off.
	RobloxGroups verification.Ranks
}

// New builds the services over an open, migrated database.
func New(d *db.DB, s Settings, deps Deps) *App {
	if s.Now == nil {
		s.Now = func() time.Time { return time.Now().UTC() }
	}
	if s.Location == nil {
		s.Location = time.UTC
	}
	pub := live.NewPublisher(d, s.Now)
	m := members.NewService(d, s.Roles, s.Now).PublishLive(pub)
	o := outbox.NewStore(d, s.Now)
	shifts := staff.NewShifts(d, s.Servers, s.ShiftCap, s.Location, s.Now).PublishLive(pub)
	desk := tickets.NewService(d, o, m, deps.Files, tickets.Settings{Channel: s.Channels.StaffTickets,
		PublicURL: s.PublicURL, AutoCloseAfter: s.TicketAutoClose, FAQ: s.TicketFAQ,
		MaxOpenPerMember: s.TicketMaxOpen, MaxOpenedPerHour: s.TicketMaxPerHour, PingRoles: s.TicketPingRoles,
		PanelChannel: s.Channels.TicketPanel,
		Now:          s.Now, Location: s.Location}).PublishLive(pub)
	roster := staff.NewService(d, s.Roles, shifts, o, desk, staff.Settings{ReportsChannel: s.Channels.StaffReports,
		Members: m, WeeklyQuota: s.WeeklyQuota, Now: s.Now})
	// A member who first receives a STAFF-group role is hired that day.
	m.OnRoleChange(roster.RecordHires)
	// A member whose last STAFF-group role is taken away is off shift at that moment.
	m.OnRoleChange(roster.CloseOnRoleLoss)
	links := roblox.NewService(d, deps.Roblox, s.Now)
	docs := documents.NewService(d, links, s.Location, s.Now)
	recs := records.NewService(d, m, links, docs, s.Location, s.Now).PostTo(o, s.Channels.Records, s.PublicURL)
	// A member who verifies a Roblox account takes the game charges filed under it unverified.
	links.OnLink(recs.AdoptGameCharges)
	vs := s.Verification
	vs.Now, vs.Ranks = s.Now, deps.RobloxGroups
	verify := verification.NewService(d, o, vs)
	verify.Follow(links)
	art := artists.NewService(d, o, s.Channels.ArtistApplications, s.ArtistReviewers, s.Now)
	rights := s.DataRights
	if rights.PublicURL == "" {
		rights.PublicURL = s.PublicURL
	}
	app := &App{
		DB:      d,
		Members: m,
		Auth: auth.NewService(d, m, deps.Identity, auth.Options{
			Secret: s.JWTSecret, TTL: s.SessionTTL, IsArtistReviewer: art.IsReviewer, DataHandlers: rights.Handlers, Now: s.Now,
		}).PublishLive(pub),
		Live: live.NewHub(d, live.Rules{
			live.AudienceTicket:      tickets.MayRead,
			live.AudienceTicketStaff: tickets.MayReadNotes,
			live.AudienceShifts:      func(viewer *authz.Actor, _ string) bool { return staff.MayOpenDashboard(viewer) },
			live.AudienceLegislative: func(viewer *authz.Actor, _ string) bool { return legislative.MayRead(viewer) },
		}, nil, s.Now),
		Outbox: o,
		News: news.NewService(d, o, news.Settings{Channel: s.Channels.News, PublicURL: s.PublicURL,
			Location: s.Location, Now: s.Now}).PublishLive(pub),
		Contact:   contact.NewService(d, o, s.Channels.Contact, s.Now),
		Artists:   art,
		Tickets:   desk,
		Staff:     roster,
		Shifts:    shifts,
		Documents: docs,
		Roblox:    links,
		Records:   recs,
		APIKeys:   apikeys.NewService(d, s.Now),
		Players:   players.NewService(d, m, links, docs, desk, recs),
		Treasury: treasury.NewService(d, o, m, s.Roles, treasury.Settings{Catalogue: s.Catalogue, Channel: s.Channels.Treasury,
			PublicURL: s.PublicURL, Location: s.Location, Now: s.Now}),
		SAT:         sat.NewService(d, m, deps.Files, s.Servers, s.Now),
		Permissions: permissions.NewService(d, m, o, s.Roles, s.Channels.StaffReports, s.Now),
		Legislative: legislative.NewService(d, o, legislative.Settings{Channel: s.Channels.Legislative, Quorum: s.Quorum,
			PublicURL: s.PublicURL, Location: s.Location, Now: s.Now, Roles: s.Roles}).PublishLive(pub),
		RateLimits:  ratelimit.NewStore(d, s.Now),
		Idempotency: idempotency.NewStore(d, s.Now),
		Files:       deps.Files,
		Roles:       s.Roles,
		Now:         s.Now,
		Location:    s.Location,
		GuildID:     s.GuildID,

		Verification: verify,
		DataRights:   datarights.NewService(d, o, rights, s.Now),
	}
	app.DataRights.SetEffects(dataRightsEffects{app: app})
	return app
}
