// Package config loads Zócalo's configuration: built-in defaults, then (in demo mode) the
// demo overlay, then a YAML file, then ZOCALO_* environment variables. A variable with the
// _FILE suffix reads its value from a file, for secrets.
package config

import (
	"fmt"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"zocalo/core/authz"
	"zocalo/core/labels"
	"zocalo/core/validate"
)

// Config is every setting of the binary. The yaml tags are the keys of
// configs/zocalo.example.yaml; the env tags are the names after ZOCALO_.
type Config struct {
	PublicURL   string   `yaml:"publicURL" env:"PUBLIC_URL"`
	HTTPAddr    string   `yaml:"httpAddr" env:"HTTP_ADDR"`
	DataDir     string   `yaml:"dataDir" env:"DATA_DIR"`
	DatabaseURL string   `yaml:"databaseURL" env:"DATABASE_URL"`
	JWTSecret   string   `yaml:"jwtSecret" env:"JWT_SECRET"`
	SessionTTL  Duration `yaml:"sessionTTL" env:"SESSION_TTL"`
	Demo        bool     `yaml:"demo" env:"DEMO"`
	LogFormat   string   `yaml:"logFormat" env:"LOG_FORMAT"`
	LogLevel    string   `yaml:"logLevel" env:"LOG_LEVEL"`
	// MetricsToken, when set, is the bearer token /metrics requires.
	MetricsToken string `yaml:"metricsToken" env:"METRICS_TOKEN"`
	// TrustedProxies are the addresses (CIDR) of reverse proxies whose X-Forwarded-For is
	// believed, so rate limits see the client and not the proxy.
	TrustedProxies []string `yaml:"trustedProxies" env:"TRUSTED_PROXIES"`
	TimeZone       string   `yaml:"timeZone" env:"TIME_ZONE"`

	CommunityName    string   `yaml:"communityName" env:"COMMUNITY_NAME"`
	CommunityChatURL string   `yaml:"communityChatURL" env:"COMMUNITY_CHAT_URL"`
	ArtistReviewers  []string `yaml:"artistReviewers" env:"ARTIST_REVIEWERS"`

	Discord     Discord               `yaml:"discord" env:"DISCORD"`
	Roblox      Roblox                `yaml:"roblox" env:"ROBLOX"`
	Verify      Verify                `yaml:"verify" env:"VERIFY"`
	Channels    Channels              `yaml:"channels" env:"CHANNEL"`
	Roles       map[authz.Role]string `yaml:"roles" env:"ROLE"`
	Social      Social                `yaml:"social" env:"SOCIAL"`
	Game        Game                  `yaml:"game" env:"GAME"`
	RateLimit   RateLimit             `yaml:"rateLimit" env:"RATE_LIMIT"`
	Tickets     Tickets               `yaml:"tickets" env:"TICKETS"`
	Staff       Staff                 `yaml:"staff" env:"STAFF"`
	Legislative Legislative           `yaml:"legislative" env:"LEGISLATIVE"`
	Storage     Storage               `yaml:"storage" env:"STORAGE"`
	Privacy     Privacy               `yaml:"privacy" env:"PRIVACY"`

	Servers       []ServerCard    `yaml:"servers"`
	SaleCatalogue []CatalogueItem `yaml:"saleCatalogue"`
	Shop          []ShopSection   `yaml:"shop"`
}

// Discord is the Discord application and the guild it serves.
type Discord struct {
	ClientID     string `yaml:"clientID" env:"CLIENT_ID"`
	ClientSecret string `yaml:"clientSecret" env:"CLIENT_SECRET"`
	BotToken     string `yaml:"botToken" env:"BOT_TOKEN"`
	GuildID      string `yaml:"guildID" env:"GUILD_ID"`
	// Base URLs, so that tests and demo mode can point them at the fake Discord.
	APIBaseURL   string `yaml:"apiBaseURL" env:"API_BASE_URL"`
	AuthorizeURL string `yaml:"authorizeURL" env:"AUTHORIZE_URL"`
	TokenURL     string `yaml:"tokenURL" env:"TOKEN_URL"`
	CDNBaseURL   string `yaml:"cdnBaseURL" env:"CDN_BASE_URL"`
	// UploadLimitBytes is how many bytes of files one message may carry in the guild:
	// 10 MiB without boosts; boosts raise it. Larger sets of files go over more messages.
	UploadLimitBytes int `yaml:"uploadLimitBytes" env:"UPLOAD_LIMIT_BYTES"`
	// StaffCommandPermissions is the default_member_permissions of the staff's slash
	// commands: the Discord permissions (a bit set, in decimal) a member needs to see and
	// use them unless an admin grants them in Server Settings > Integrations. "0" shows
	// them to admins and to whom they are granted only. The bot's own checks stay.
	StaffCommandPermissions string `yaml:"staffCommandPermissions" env:"STAFF_COMMAND_PERMISSIONS"`
}

// StaffCommandBits is StaffCommandPermissions as a number (Validate checked it).
func (d Discord) StaffCommandBits() int64 {
	n, _ := strconv.ParseInt(d.StaffCommandPermissions, 10, 64)
	return n
}

// Roblox is the OAuth2 application that verifies Roblox accounts.
type Roblox struct {
	ClientID     string `yaml:"clientID" env:"CLIENT_ID"`
	ClientSecret string `yaml:"clientSecret" env:"CLIENT_SECRET"`
	AuthorizeURL string `yaml:"authorizeURL" env:"AUTHORIZE_URL"`
	TokenURL     string `yaml:"tokenURL" env:"TOKEN_URL"`
	UserinfoURL  string `yaml:"userinfoURL" env:"USERINFO_URL"`
}

// Verify is what a verified Roblox account makes of a member in Discord.
type Verify struct {
	// VerifiedRoleID is given to every member with a linked Roblox account; empty: none.
	VerifiedRoleID string `yaml:"verifiedRoleID" env:"VERIFIED_ROLE_ID"`
	// NicknameTemplate sets linked members' nicknames: {roblox} is the Roblox username,
	// {display} the display name. Empty leaves nicknames alone.
	NicknameTemplate string `yaml:"nicknameTemplate" env:"NICKNAME_TEMPLATE"`
	// RobloxAPIBaseURL is where Roblox's groups API answers (groups.roblox.com), for binds.
	RobloxAPIBaseURL string `yaml:"robloxAPIBaseURL" env:"ROBLOX_API_BASE_URL"`
	// RequestsPerMinute bounds the daily refresh of the binds' ranks.
	RequestsPerMinute int `yaml:"requestsPerMinute" env:"REQUESTS_PER_MINUTE"`
	// Binds give a Discord role to members whose rank in a Roblox group is in a range.
	Binds []RankBind `yaml:"binds"`
}

// RankBind gives RoleID to members ranked MinRank..MaxRank (1 to 255) in GroupID.
type RankBind struct {
	GroupID string `yaml:"groupID"`
	MinRank int    `yaml:"minRank"`
	MaxRank int    `yaml:"maxRank"`
	RoleID  string `yaml:"roleID"`
}

// Channels are the Discord channel ids the bot posts to.
type Channels struct {
	News               string `yaml:"news" env:"NEWS"`
	StaffTickets       string `yaml:"staffTickets" env:"STAFF_TICKETS"`
	Contact            string `yaml:"contact" env:"CONTACT"`
	ArtistApplications string `yaml:"artistApplications" env:"ARTIST_APPLICATIONS"`
	StaffReports       string `yaml:"staffReports" env:"STAFF_REPORTS"`
	Legislative        string `yaml:"legislative" env:"LEGISLATIVE"`
	Treasury           string `yaml:"treasury" env:"TREASURY"`
	Records            string `yaml:"records" env:"RECORDS"`
	// TicketPanel is where the bot keeps the message whose buttons open tickets.
	TicketPanel string `yaml:"ticketPanel" env:"TICKET_PANEL"`
}

// Storage is where uploaded files live: the data directory's uploads folder unless an
// S3-compatible bucket is named, which several servers and the bot then share.
type Storage struct {
	S3 S3 `yaml:"s3" env:"S3"`
}

// S3 names a bucket of an S3-compatible store (AWS S3, MinIO, R2, Garage…).
type S3 struct {
	// Endpoint is the store's URL, such as https://s3.eu-west-1.amazonaws.com or
	// http://minio:9000; empty keeps files in the data directory.
	Endpoint        string `yaml:"endpoint" env:"ENDPOINT"`
	Region          string `yaml:"region" env:"REGION"`
	Bucket          string `yaml:"bucket" env:"BUCKET"`
	AccessKeyID     string `yaml:"accessKeyID" env:"ACCESS_KEY_ID"`
	SecretAccessKey string `yaml:"secretAccessKey" env:"SECRET_ACCESS_KEY"`
}

// Social are the footer's links.
type Social struct {
	YouTube   string `yaml:"youtube" env:"YOUTUBE"`
	X         string `yaml:"x" env:"X"`
	Instagram string `yaml:"instagram" env:"INSTAGRAM"`
	TikTok    string `yaml:"tiktok" env:"TIKTOK"`
}

// Game holds the Roblox join link; {code} is replaced by a server's code.
type Game struct {
	JoinURLTemplate string `yaml:"joinURLTemplate" env:"JOIN_URL_TEMPLATE"`
}

// RateLimit bounds sign-ins and public writes per client address.
type RateLimit struct {
	SignInPerMinute       int `yaml:"signInPerMinute" env:"SIGN_IN_PER_MINUTE"`
	PublicWritesPerMinute int `yaml:"publicWritesPerMinute" env:"PUBLIC_WRITES_PER_MINUTE"`
	IntegrationPerMinute  int `yaml:"integrationPerMinute" env:"INTEGRATION_PER_MINUTE"`
}

// Staff configures shifts.
type Staff struct {
	// ShiftCap closes a shift left open longer, at this length, marked for review.
	ShiftCap Duration `yaml:"shiftCap" env:"SHIFT_CAP"`
	// WeeklyQuota is the time a staff member is expected each week; the Monday report
	// flags those under it.
	WeeklyQuota Duration `yaml:"weeklyQuota" env:"WEEKLY_QUOTA"`
}

// Legislative configures the SCJN's and the Congreso's votes.
type Legislative struct {
	// A closed vote with fewer votes than its body's quorum (abstentions included) is
	// rejected; 0 means no quorum.
	QuorumSCJN     int `yaml:"quorumSCJN" env:"QUORUM_SCJN"`
	QuorumCongreso int `yaml:"quorumCongreso" env:"QUORUM_CONGRESO"`
	// ReminderBefore: seat holders who have not voted get a DM this long before a vote
	// closes; 0 sends none.
	ReminderBefore Duration `yaml:"reminderBefore" env:"REMINDER_BEFORE"`
}

// Privacy is the notice of privacy's responsible party and how members' requests about
// their data (Ley Federal de Protección de Datos Personales en Posesión de los Particulares)
// are handled.
type Privacy struct {
	// The responsible party the notice names, and where a member reaches them.
	ResponsibleName    string `yaml:"responsibleName" env:"RESPONSIBLE_NAME"`
	ResponsibleAddress string `yaml:"responsibleAddress" env:"RESPONSIBLE_ADDRESS"`
	ContactEmail       string `yaml:"contactEmail" env:"CONTACT_EMAIL"`
	// NoticeUpdated is the date (YYYY-MM-DD) the notice last changed, shown on it.
	NoticeUpdated string `yaml:"noticeUpdated" env:"NOTICE_UPDATED"`
	// ResponseDays is how many business days a request may wait for its answer.
	ResponseDays int `yaml:"responseDays" env:"RESPONSE_DAYS"`
	// BlockingDays is how long an approved cancellation keeps the data blocked before it is
	// suppressed.
	BlockingDays int `yaml:"blockingDays" env:"BLOCKING_DAYS"`
	// Closures are dates (YYYY-MM-DD) the community does not count as business days, besides
	// weekends and the statutory rest days.
	Closures []string `yaml:"closures" env:"CLOSURES"`
	// Handlers are the role names that answer members' requests.
	Handlers []authz.Role `yaml:"handlers" env:"HANDLERS"`
}

// Tickets configure the support desk.
type Tickets struct {
	// AutoCloseAfter closes a resolved ticket after this long without a message.
	AutoCloseAfter Duration `yaml:"autoCloseAfter" env:"AUTO_CLOSE_AFTER"`
	// A member (staff aside) may hold MaxOpenPerMember tickets not yet resolved and open
	// MaxOpenedPerHour in an hour; 0 means no limit.
	MaxOpenPerMember int `yaml:"maxOpenPerMember" env:"MAX_OPEN_PER_MEMBER"`
	MaxOpenedPerHour int `yaml:"maxOpenedPerHour" env:"MAX_OPENED_PER_HOUR"`
	// FAQ answers are added to the assistant's first reply when a keyword matches.
	FAQ []FAQEntry `yaml:"faq"`
	// PingRoles are the Discord roles a new ticket's post mentions, per category.
	PingRoles TicketPingRoles `yaml:"pingRoles" env:"PING_ROLE"`
}

// TicketPingRoles name, per category of the specification, the role to ping when a ticket
// of that category is opened; empty pings nobody.
type TicketPingRoles struct {
	SoporteTecnico string `yaml:"soporteTecnico" env:"SOPORTE_TECNICO"`
	Otros          string `yaml:"otros" env:"OTROS"`
}

// FAQEntry is an automatic answer and the words that call it.
type FAQEntry struct {
	Keywords []string `yaml:"keywords"`
	Answer   string   `yaml:"answer"`
}

// ServerCard is one of the game servers shown on the landing page.
type ServerCard struct {
	Name       string `yaml:"name" json:"name"`
	Code       string `yaml:"code" json:"code"`
	Players    int    `yaml:"players" json:"players"`
	MaxPlayers int    `yaml:"maxPlayers" json:"maxPlayers"`
	Status     string `yaml:"status" json:"status"`
}

// ServerStatuses are the statuses a server card may show, as the landing page names them.
var ServerStatuses = labels.Table{
	{Value: "online", Label: "En línea"},
	{Value: "maintenance", Label: "Mantenimiento"},
	{Value: "offline", Label: "Fuera de línea"},
}

// CatalogueItem is an item the treasury sells. MXN is absent for items priced only in robux.
// Label is its name in Spanish, shown wherever the item is; the key is what sales keep.
type CatalogueItem struct {
	Key   string `yaml:"key" json:"key"`
	Label string `yaml:"label" json:"label"`
	MXN   *int   `yaml:"mxn" json:"mxn"`
	Robux int    `yaml:"robux" json:"robux"`
}

// ShopSection is a section of the public price list.
type ShopSection struct {
	ID    string     `yaml:"id" json:"id"`
	Title string     `yaml:"title" json:"title"`
	Items []ShopItem `yaml:"items" json:"items"`
}

// ShopItem is an item of the public price list. Prices are absent for robux-only items.
type ShopItem struct {
	Key   string   `yaml:"key" json:"key"`
	Title string   `yaml:"title" json:"title"`
	Robux int      `yaml:"robux" json:"robux"`
	MXN   *float64 `yaml:"mxn" json:"mxn"`
	USD   *float64 `yaml:"usd" json:"usd"`
}

// Duration reads "90s", "12h" and the like.
type Duration struct{ time.Duration }

func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("%q is not a duration such as 30m or 720h", string(b))
	}
	d.Duration = v
	return nil
}

func (d Duration) MarshalText() ([]byte, error) { return []byte(d.Duration.String()), nil }

// RoleIDs gives the role map in the form the permission check uses.
func (c *Config) RoleIDs() authz.RoleIDs { return authz.RoleIDs(c.Roles) }

// Location is the community's time zone.
func (c *Config) Location() *time.Location {
	loc, err := time.LoadLocation(c.TimeZone)
	if err != nil {
		return time.UTC
	}
	return loc
}

// DiscordCredentialsSet tells whether a real Discord application is configured.
func (c *Config) DiscordCredentialsSet() bool {
	return c.Discord.ClientSecret != "" || c.Discord.BotToken != ""
}

// Validate checks the values; the error names the key.
func (c *Config) Validate() error {
	if _, err := url.ParseRequestURI(c.PublicURL); err != nil || !strings.HasPrefix(c.PublicURL, "http") {
		return keyErr("publicURL", "PUBLIC_URL", fmt.Sprintf("%q is not an http(s) URL", c.PublicURL))
	}
	if c.HTTPAddr == "" || !strings.Contains(c.HTTPAddr, ":") {
		return keyErr("httpAddr", "HTTP_ADDR", fmt.Sprintf("%q is not host:port", c.HTTPAddr))
	}
	if c.DataDir == "" {
		return keyErr("dataDir", "DATA_DIR", "must not be empty")
	}
	if c.DatabaseURL != "" && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		return keyErr("databaseURL", "DATABASE_URL", "must be empty (SQLite in the data directory) or a postgres:// URL")
	}
	for _, p := range c.TrustedProxies {
		if _, _, err := net.ParseCIDR(p); err != nil && net.ParseIP(p) == nil {
			return keyErr("trustedProxies", "TRUSTED_PROXIES", fmt.Sprintf("%q is not an address or a CIDR range", p))
		}
	}
	if c.SessionTTL.Duration < time.Minute {
		return keyErr("sessionTTL", "SESSION_TTL", "must be at least 1m")
	}
	if !slices.Contains([]string{"text", "json"}, c.LogFormat) {
		return keyErr("logFormat", "LOG_FORMAT", "must be text or json")
	}
	if !slices.Contains([]string{"debug", "info", "warn", "error"}, c.LogLevel) {
		return keyErr("logLevel", "LOG_LEVEL", "must be debug, info, warn or error")
	}
	if _, err := time.LoadLocation(c.TimeZone); err != nil {
		return keyErr("timeZone", "TIME_ZONE", fmt.Sprintf("%q is not a time zone", c.TimeZone))
	}
	if err := c.RoleIDs().Validate(); err != nil {
		return keyErr("roles", "ROLE_<NAME>", err.Error())
	}
	if c.Roles[authz.Comite] != c.Roles[authz.ScjnAdmin] {
		return keyErr("roles.SCJN_ADMIN", "ROLE_SCJN_ADMIN", "COMITE and SCJN_ADMIN share one id")
	}
	if c.Roles[authz.Oficina] != c.Roles[authz.CongresoAdmin] {
		return keyErr("roles.CONGRESO_ADMIN", "ROLE_CONGRESO_ADMIN", "OFICINA and CONGRESO_ADMIN share one id")
	}
	if err := c.Privacy.validate(); err != nil {
		return err
	}
	if len(c.ArtistReviewers) > 3 {
		return keyErr("artistReviewers", "ARTIST_REVIEWERS", "holds at most 3 user ids")
	}
	if len(c.Servers) != 4 {
		return keyErr("servers", "", "lists exactly four server cards")
	}
	for i, s := range c.Servers {
		if !ServerStatuses.Has(s.Status) {
			return keyErr(fmt.Sprintf("servers[%d].status", i), "", "must be online, maintenance or offline")
		}
	}
	if c.Staff.ShiftCap.Duration < time.Hour {
		return keyErr("staff.shiftCap", "STAFF_SHIFT_CAP", "must be at least 1h")
	}
	if c.Tickets.AutoCloseAfter.Duration < time.Hour {
		return keyErr("tickets.autoCloseAfter", "TICKETS_AUTO_CLOSE_AFTER", "must be at least 1h")
	}
	if n, err := strconv.ParseInt(c.Discord.StaffCommandPermissions, 10, 64); err != nil || n < 0 {
		return keyErr("discord.staffCommandPermissions", "DISCORD_STAFF_COMMAND_PERMISSIONS",
			fmt.Sprintf("%q is not a set of Discord permissions in decimal (\"0\": admins and whom they grant the commands)", c.Discord.StaffCommandPermissions))
	}
	if c.Discord.UploadLimitBytes < 8<<20 {
		// A ticket's file (up to 5 MiB) must fit in one message.
		return keyErr("discord.uploadLimitBytes", "DISCORD_UPLOAD_LIMIT_BYTES", "must be at least 8388608 (8 MiB)")
	}
	if c.Tickets.MaxOpenPerMember < 0 {
		return keyErr("tickets.maxOpenPerMember", "TICKETS_MAX_OPEN_PER_MEMBER", "must not be negative (0 means no limit)")
	}
	if c.Tickets.MaxOpenedPerHour < 0 {
		return keyErr("tickets.maxOpenedPerHour", "TICKETS_MAX_OPENED_PER_HOUR", "must not be negative (0 means no limit)")
	}
	for _, r := range []struct{ key, env, id string }{
		{"soporteTecnico", "SOPORTE_TECNICO", c.Tickets.PingRoles.SoporteTecnico},
		{"otros", "OTROS", c.Tickets.PingRoles.Otros},
	} {
		if _, ok := validate.ID(r.id); r.id != "" && !ok {
			return keyErr("tickets.pingRoles."+r.key, "TICKETS_PING_ROLE_"+r.env, fmt.Sprintf("%q is not a Discord role id", r.id))
		}
	}
	for i, f := range c.Tickets.FAQ {
		if len(f.Keywords) == 0 || strings.TrimSpace(f.Answer) == "" {
			return keyErr(fmt.Sprintf("tickets.faq[%d]", i), "", "needs keywords and an answer")
		}
	}
	if c.RateLimit.SignInPerMinute < 1 {
		return keyErr("rateLimit.signInPerMinute", "RATE_LIMIT_SIGN_IN_PER_MINUTE", "must be at least 1")
	}
	if c.RateLimit.PublicWritesPerMinute < 1 {
		return keyErr("rateLimit.publicWritesPerMinute", "RATE_LIMIT_PUBLIC_WRITES_PER_MINUTE", "must be at least 1")
	}
	if c.Legislative.ReminderBefore.Duration < 0 {
		return keyErr("legislative.reminderBefore", "LEGISLATIVE_REMINDER_BEFORE", "must not be negative (0 sends no reminders)")
	}
	if c.Legislative.QuorumSCJN < 0 || c.Legislative.QuorumCongreso < 0 {
		return keyErr("legislative.quorumSCJN", "LEGISLATIVE_QUORUM_SCJN", "quorums must not be negative")
	}
	if c.RateLimit.IntegrationPerMinute < 1 {
		return keyErr("rateLimit.integrationPerMinute", "RATE_LIMIT_INTEGRATION_PER_MINUTE", "must be at least 1")
	}
	if err := c.Verify.validate(); err != nil {
		return err
	}
	if s3 := c.Storage.S3; s3.Endpoint != "" {
		if u, err := url.Parse(s3.Endpoint); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return keyErr("storage.s3.endpoint", "STORAGE_S3_ENDPOINT", fmt.Sprintf("%q is not an http(s) URL such as https://s3.example.com", s3.Endpoint))
		}
		for _, k := range []struct{ yaml, env, v string }{
			{"storage.s3.bucket", "STORAGE_S3_BUCKET", s3.Bucket},
			{"storage.s3.accessKeyID", "STORAGE_S3_ACCESS_KEY_ID", s3.AccessKeyID},
			{"storage.s3.secretAccessKey", "STORAGE_S3_SECRET_ACCESS_KEY", s3.SecretAccessKey},
		} {
			if k.v == "" {
				return keyErr(k.yaml, k.env, "must be set with storage.s3.endpoint")
			}
		}
	}
	if c.Demo {
		if c.DiscordCredentialsSet() {
			return keyErr("demo", "DEMO", "demo mode refuses to start with real Discord credentials (discord.clientSecret or discord.botToken is set)")
		}
		if c.Roblox.ClientSecret != "" {
			return keyErr("demo", "DEMO", "demo mode refuses to start with a real Roblox secret (roblox.clientSecret is set)")
		}
		return nil
	}
	if len(c.JWTSecret) < 32 {
		return keyErr("jwtSecret", "JWT_SECRET", "must be at least 32 characters outside demo mode")
	}
	for _, k := range []struct{ yaml, env, v string }{
		{"discord.clientID", "DISCORD_CLIENT_ID", c.Discord.ClientID},
		{"discord.clientSecret", "DISCORD_CLIENT_SECRET", c.Discord.ClientSecret},
		{"discord.guildID", "DISCORD_GUILD_ID", c.Discord.GuildID},
	} {
		if k.v == "" {
			return keyErr(k.yaml, k.env, "must be set outside demo mode")
		}
	}
	return nil
}

func keyErr(yamlKey, envKey, msg string) error {
	if envKey == "" {
		return fmt.Errorf("config %s: %s", yamlKey, msg)
	}
	return fmt.Errorf("config %s (ZOCALO_%s): %s", yamlKey, envKey, msg)
}

func (p Privacy) validate() error {
	if p.ResponseDays < 1 || p.ResponseDays > 60 {
		return keyErr("privacy.responseDays", "PRIVACY_RESPONSE_DAYS", "is a number of business days from 1 to 60")
	}
	if p.BlockingDays < 0 || p.BlockingDays > 3650 {
		return keyErr("privacy.blockingDays", "PRIVACY_BLOCKING_DAYS", "is a number of days from 0 to 3650")
	}
	for _, d := range append([]string{p.NoticeUpdated}, p.Closures...) {
		if _, err := time.Parse(time.DateOnly, d); err != nil {
			return keyErr("privacy.closures", "PRIVACY_CLOSURES", fmt.Sprintf("%q is not a date YYYY-MM-DD", d))
		}
	}
	if p.ContactEmail != "" && !strings.Contains(p.ContactEmail, "@") {
		return keyErr("privacy.contactEmail", "PRIVACY_CONTACT_EMAIL", fmt.Sprintf("%q is not an e-mail address", p.ContactEmail))
	}
	if len(p.Handlers) == 0 {
		return keyErr("privacy.handlers", "PRIVACY_HANDLERS", "names at least one role")
	}
	for _, r := range p.Handlers {
		if !slices.Contains(authz.AllRoles, r) {
			return keyErr("privacy.handlers", "PRIVACY_HANDLERS", fmt.Sprintf("%q is not a role name", r))
		}
	}
	return nil
}
