package discordfake

import (
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The fake keeps its state in discordgo's types and answers in Discord's own shapes, which
// discordgo's structs do not marshal to (they send "" for an absent snowflake, null for an
// absent object or list, and leave out what Discord always sends). The types below are
// the objects of Discord's OpenAPI description (TestAnswersMatchDiscordsSchema holds them
// to it); discordgo reads them in every test that uses the fake.

// wUser is Discord's user object.
type wUser struct {
	ID            string  `json:"id"`
	Username      string  `json:"username"`
	Avatar        *string `json:"avatar"`
	Discriminator string  `json:"discriminator"`
	PublicFlags   int     `json:"public_flags"`
	Flags         int     `json:"flags"`
	Bot           bool    `json:"bot,omitempty"`
	Banner        *string `json:"banner"`
	AccentColor   *int    `json:"accent_color"`
	GlobalName    *string `json:"global_name"`
	PrimaryGuild  *string `json:"primary_guild"` // always null: the fake has no primary guilds
}

// wUserPII is the signed-in user of GET /users/@me: the user and what only they see.
type wUserPII struct {
	wUser
	MFAEnabled  bool    `json:"mfa_enabled"`
	Locale      string  `json:"locale"`
	PremiumType int     `json:"premium_type"`
	Email       *string `json:"email,omitempty"`
	Verified    bool    `json:"verified"`
}

// nullable is s, or null when empty.
func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func wireUser(u *discordgo.User) wUser {
	if u == nil {
		return wUser{}
	}
	disc := u.Discriminator
	if disc == "" {
		disc = "0"
	}
	return wUser{ID: u.ID, Username: u.Username, Avatar: nullable(u.Avatar), Discriminator: disc, PublicFlags: int(u.PublicFlags),
		Flags: u.Flags, Bot: u.Bot, Banner: nullable(u.Banner), GlobalName: nullable(u.GlobalName)}
}

func wireUserPII(u *discordgo.User, withEmail bool) wUserPII {
	out := wUserPII{wUser: wireUser(u), Locale: u.Locale, Verified: true, MFAEnabled: u.MFAEnabled}
	if out.Locale == "" {
		out.Locale = "es-419"
	}
	if withEmail {
		out.Email = nullable(u.Email)
		if out.Email == nil {
			out.Email = new("")
		}
	}
	return out
}

// wMember is Discord's guild member; user is left out where Discord leaves it out (the
// member of a message event).
type wMember struct {
	User                       *wUser   `json:"user,omitempty"`
	Nick                       *string  `json:"nick"`
	Avatar                     *string  `json:"avatar"`
	Banner                     *string  `json:"banner"`
	Roles                      []string `json:"roles"`
	JoinedAt                   string   `json:"joined_at"`
	PremiumSince               *string  `json:"premium_since"`
	Deaf                       bool     `json:"deaf"`
	Mute                       bool     `json:"mute"`
	Flags                      int      `json:"flags"`
	Pending                    bool     `json:"pending"`
	CommunicationDisabledUntil *string  `json:"communication_disabled_until"`
	GuildID                    string   `json:"guild_id,omitempty"` // only in gateway events
}

// wireTime is a time as Discord writes it.
func wireTime(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000000+00:00") }

func wireMember(m *discordgo.Member, withUser bool) wMember {
	out := wMember{Nick: nullable(m.Nick), Avatar: nullable(m.Avatar), Banner: nullable(m.Banner), Roles: cloneIDs(m.Roles),
		JoinedAt: wireTime(m.JoinedAt), Deaf: m.Deaf, Mute: m.Mute, Flags: int(m.Flags), Pending: m.Pending}
	if m.PremiumSince != nil {
		out.PremiumSince = new(wireTime(*m.PremiumSince))
	}
	if withUser && m.User != nil {
		u := wireUser(m.User)
		out.User = &u
	}
	return out
}

// wRole is Discord's role.
type wRole struct {
	ID           string     `json:"id"`
	Name         string     `json:"name"`
	Permissions  string     `json:"permissions"`
	Position     int        `json:"position"`
	Color        int        `json:"color"`
	Colors       wColors    `json:"colors"`
	Hoist        bool       `json:"hoist"`
	Managed      bool       `json:"managed"`
	Mentionable  bool       `json:"mentionable"`
	Icon         *string    `json:"icon"`
	UnicodeEmoji *string    `json:"unicode_emoji"`
	Flags        int        `json:"flags"`
	Tags         *wRoleTags `json:"tags,omitempty"`
}

type wColors struct {
	Primary   int  `json:"primary_color"`
	Secondary *int `json:"secondary_color"`
	Tertiary  *int `json:"tertiary_color"`
}

type wRoleTags struct {
	BotID string `json:"bot_id,omitempty"`
}

// wireRole is a role; the bot's managed role names its bot. f.mu is held.
func (f *Fake) wireRole(r *discordgo.Role) wRole {
	out := wRole{ID: r.ID, Name: r.Name, Permissions: strconv.FormatInt(r.Permissions, 10), Position: r.Position, Color: r.Color,
		Colors: wColors{Primary: r.Color}, Hoist: r.Hoist, Managed: r.Managed, Mentionable: r.Mentionable,
		Icon: nullable(r.Icon), UnicodeEmoji: nullable(r.UnicodeEmoji), Flags: int(r.Flags)}
	if r.ID == f.opts.BotRoleID {
		out.Tags = &wRoleTags{BotID: f.botUser.ID}
	}
	return out
}

// wOverwrite is a channel's permission overwrite.
type wOverwrite struct {
	ID    string `json:"id"`
	Type  int    `json:"type"`
	Allow string `json:"allow"`
	Deny  string `json:"deny"`
}

// wGuildChannel is a guild's text channel.
type wGuildChannel struct {
	ID                   string       `json:"id"`
	Type                 int          `json:"type"`
	Flags                int          `json:"flags"`
	GuildID              string       `json:"guild_id"`
	Name                 string       `json:"name"`
	Position             int          `json:"position"`
	ParentID             *string      `json:"parent_id"`
	Topic                *string      `json:"topic"`
	LastMessageID        *string      `json:"last_message_id"`
	RateLimitPerUser     int          `json:"rate_limit_per_user"`
	NSFW                 bool         `json:"nsfw"`
	PermissionOverwrites []wOverwrite `json:"permission_overwrites"`
}

// wThread is a thread.
type wThread struct {
	ID               string          `json:"id"`
	Type             int             `json:"type"`
	Flags            int             `json:"flags"`
	GuildID          string          `json:"guild_id"`
	ParentID         string          `json:"parent_id"`
	OwnerID          string          `json:"owner_id"`
	Name             string          `json:"name"`
	LastMessageID    *string         `json:"last_message_id"`
	RateLimitPerUser int             `json:"rate_limit_per_user"`
	MessageCount     int             `json:"message_count"`
	MemberCount      int             `json:"member_count"`
	TotalMessageSent int             `json:"total_message_sent"`
	ThreadMetadata   wThreadMetadata `json:"thread_metadata"`
	AppliedTags      []string        `json:"applied_tags"`
	NewlyCreated     bool            `json:"newly_created,omitempty"` // THREAD_CREATE of a new thread
}

type wThreadMetadata struct {
	Archived            bool    `json:"archived"`
	ArchiveTimestamp    *string `json:"archive_timestamp"`
	AutoArchiveDuration int     `json:"auto_archive_duration"`
	Locked              bool    `json:"locked"`
	Invitable           *bool   `json:"invitable,omitempty"`
	CreateTimestamp     string  `json:"create_timestamp,omitempty"`
}

// wDM is a direct-message channel.
type wDM struct {
	ID            string  `json:"id"`
	Type          int     `json:"type"`
	Flags         int     `json:"flags"`
	LastMessageID *string `json:"last_message_id"`
	Recipients    []wUser `json:"recipients"`
}

// wireChannel is a channel in its kind's shape. f.mu is held.
func (f *Fake) wireChannel(c *discordgo.Channel) any {
	switch {
	case c.Type == discordgo.ChannelTypeDM:
		out := wDM{ID: c.ID, Type: int(c.Type), Flags: int(c.Flags), LastMessageID: nullable(c.LastMessageID), Recipients: []wUser{}}
		for _, u := range c.Recipients {
			out.Recipients = append(out.Recipients, wireUser(u))
		}
		return out
	case c.IsThread():
		md := c.ThreadMetadata
		if md == nil {
			md = &discordgo.ThreadMetadata{AutoArchiveDuration: 1440}
		}
		out := wThread{ID: c.ID, Type: int(c.Type), Flags: int(c.Flags), GuildID: c.GuildID, ParentID: c.ParentID, OwnerID: c.OwnerID,
			Name: c.Name, LastMessageID: nullable(c.LastMessageID), RateLimitPerUser: c.RateLimitPerUser, MessageCount: c.MessageCount,
			MemberCount: c.MemberCount, TotalMessageSent: c.MessageCount, AppliedTags: []string{},
			ThreadMetadata: wThreadMetadata{Archived: md.Archived, AutoArchiveDuration: md.AutoArchiveDuration, Locked: md.Locked}}
		if !md.ArchiveTimestamp.IsZero() {
			out.ThreadMetadata.ArchiveTimestamp = new(wireTime(md.ArchiveTimestamp))
			out.ThreadMetadata.CreateTimestamp = wireTime(md.ArchiveTimestamp)
		}
		if c.Type == discordgo.ChannelTypeGuildPrivateThread {
			out.ThreadMetadata.Invitable = new(md.Invitable)
		}
		return out
	}
	out := wGuildChannel{ID: c.ID, Type: int(c.Type), Flags: int(c.Flags), GuildID: c.GuildID, Name: c.Name, Position: c.Position,
		ParentID: nullable(c.ParentID), Topic: nullable(c.Topic), LastMessageID: nullable(c.LastMessageID),
		RateLimitPerUser: c.RateLimitPerUser, NSFW: c.NSFW, PermissionOverwrites: []wOverwrite{}}
	for _, o := range c.PermissionOverwrites {
		out.PermissionOverwrites = append(out.PermissionOverwrites, wOverwrite{ID: o.ID, Type: int(o.Type),
			Allow: strconv.FormatInt(o.Allow, 10), Deny: strconv.FormatInt(o.Deny, 10)})
	}
	return out
}

// wGuild is the guild of GET /guilds/{id}.
type wGuild struct {
	ID                          string   `json:"id"`
	Name                        string   `json:"name"`
	Icon                        *string  `json:"icon"`
	Description                 *string  `json:"description"`
	HomeHeader                  *string  `json:"home_header"`
	Splash                      *string  `json:"splash"`
	DiscoverySplash             *string  `json:"discovery_splash"`
	Features                    []string `json:"features"`
	Banner                      *string  `json:"banner"`
	OwnerID                     string   `json:"owner_id"`
	ApplicationID               *string  `json:"application_id"`
	Region                      string   `json:"region"`
	AFKChannelID                *string  `json:"afk_channel_id"`
	AFKTimeout                  int      `json:"afk_timeout"`
	SystemChannelID             *string  `json:"system_channel_id"`
	SystemChannelFlags          int      `json:"system_channel_flags"`
	WidgetEnabled               bool     `json:"widget_enabled"`
	WidgetChannelID             *string  `json:"widget_channel_id"`
	VerificationLevel           int      `json:"verification_level"`
	Roles                       []wRole  `json:"roles"`
	DefaultMessageNotifications int      `json:"default_message_notifications"`
	MFALevel                    int      `json:"mfa_level"`
	ExplicitContentFilter       int      `json:"explicit_content_filter"`
	MaxPresences                *int     `json:"max_presences"`
	MaxMembers                  int      `json:"max_members"`
	MaxStageVideoChannelUsers   int      `json:"max_stage_video_channel_users"`
	MaxVideoChannelUsers        int      `json:"max_video_channel_users"`
	VanityURLCode               *string  `json:"vanity_url_code"`
	PremiumTier                 int      `json:"premium_tier"`
	PremiumSubscriptionCount    int      `json:"premium_subscription_count"`
	PreferredLocale             string   `json:"preferred_locale"`
	RulesChannelID              *string  `json:"rules_channel_id"`
	SafetyAlertsChannelID       *string  `json:"safety_alerts_channel_id"`
	PublicUpdatesChannelID      *string  `json:"public_updates_channel_id"`
	PremiumProgressBarEnabled   bool     `json:"premium_progress_bar_enabled"`
	NSFW                        bool     `json:"nsfw"`
	NSFWLevel                   int      `json:"nsfw_level"`
	Emojis                      []any    `json:"emojis"`
	Stickers                    []any    `json:"stickers"`
	IncidentsData               *string  `json:"incidents_data"`
	ApproximateMemberCount      int      `json:"approximate_member_count"`
	ApproximatePresenceCount    int      `json:"approximate_presence_count"`
}

// wireGuild is the guild as GET /guilds/{id} answers it, with a community's settings.
// f.mu is held.
func (f *Fake) wireGuild() wGuild {
	g := wGuild{ID: f.opts.GuildID, Name: f.opts.GuildName, Features: []string{"COMMUNITY"}, OwnerID: f.owner(),
		Region: "deprecated", AFKTimeout: 300, VerificationLevel: 2, DefaultMessageNotifications: 1, ExplicitContentFilter: 2,
		MaxMembers: 500000, MaxStageVideoChannelUsers: 50, MaxVideoChannelUsers: 25, PreferredLocale: "es-ES",
		Emojis: []any{}, Stickers: []any{}, ApproximateMemberCount: len(f.members), Roles: []wRole{}}
	for _, r := range f.guildRoles() {
		g.Roles = append(g.Roles, f.wireRole(r))
	}
	return g
}
