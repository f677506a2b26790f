package discordfake

import (
	"encoding/json"
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

// wMessage is Discord's message.
type wMessage struct {
	ID               string          `json:"id"`
	ChannelID        string          `json:"channel_id"`
	GuildID          string          `json:"guild_id,omitempty"`
	Author           wUser           `json:"author"`
	Member           *wMember        `json:"member,omitempty"`
	Content          string          `json:"content"`
	Timestamp        string          `json:"timestamp"`
	EditedTimestamp  *string         `json:"edited_timestamp"`
	TTS              bool            `json:"tts"`
	MentionEveryone  bool            `json:"mention_everyone"`
	Mentions         []wUser         `json:"mentions"`
	MentionRoles     []string        `json:"mention_roles"`
	Attachments      []wAttachment   `json:"attachments"`
	Embeds           []wEmbed        `json:"embeds"`
	Components       []any           `json:"components"`
	Pinned           bool            `json:"pinned"`
	Type             int             `json:"type"`
	Flags            int             `json:"flags"`
	Nonce            string          `json:"nonce,omitempty"`
	WebhookID        string          `json:"webhook_id,omitempty"`
	ApplicationID    string          `json:"application_id,omitempty"`
	MessageReference *wReference     `json:"message_reference,omitempty"`
	Thread           *wThread        `json:"thread,omitempty"`
	Position         *int            `json:"position,omitempty"`
	Interaction      json.RawMessage `json:"interaction_metadata,omitempty"`
}

type wAttachment struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Size        int    `json:"size"`
	URL         string `json:"url"`
	ProxyURL    string `json:"proxy_url"`
	ContentType string `json:"content_type,omitempty"`
}

type wReference struct {
	Type      int    `json:"type"`
	MessageID string `json:"message_id,omitempty"`
	ChannelID string `json:"channel_id"`
	GuildID   string `json:"guild_id,omitempty"`
}

type wEmbed struct {
	Type        string         `json:"type"`
	Title       string         `json:"title,omitempty"`
	Description string         `json:"description,omitempty"`
	URL         string         `json:"url,omitempty"`
	Timestamp   string         `json:"timestamp,omitempty"`
	Color       int            `json:"color,omitempty"`
	Footer      *wEmbedFooter  `json:"footer,omitempty"`
	Image       *wEmbedImage   `json:"image,omitempty"`
	Thumbnail   *wEmbedImage   `json:"thumbnail,omitempty"`
	Author      *wEmbedAuthor  `json:"author,omitempty"`
	Fields      []wEmbedField  `json:"fields,omitempty"`
	Provider    *wEmbedAuthor  `json:"provider,omitempty"`
	Video       *wEmbedImage   `json:"video,omitempty"`
	Extra       map[string]any `json:"-"`
}

type wEmbedFooter struct {
	Text    string `json:"text"`
	IconURL string `json:"icon_url,omitempty"`
}

type wEmbedImage struct {
	URL      string `json:"url"`
	ProxyURL string `json:"proxy_url,omitempty"`
	Width    int    `json:"width,omitempty"`
	Height   int    `json:"height,omitempty"`
}

type wEmbedAuthor struct {
	Name    string `json:"name"`
	URL     string `json:"url,omitempty"`
	IconURL string `json:"icon_url,omitempty"`
}

type wEmbedField struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline"`
}

func wireEmbed(e *discordgo.MessageEmbed) wEmbed {
	out := wEmbed{Type: "rich", Title: e.Title, Description: e.Description, URL: e.URL, Color: e.Color, Fields: []wEmbedField{}}
	if e.Timestamp != "" {
		if t, err := time.Parse(time.RFC3339Nano, e.Timestamp); err == nil {
			out.Timestamp = wireTime(t)
		}
	}
	if e.Footer != nil {
		out.Footer = &wEmbedFooter{Text: e.Footer.Text, IconURL: e.Footer.IconURL}
	}
	if e.Image != nil {
		out.Image = &wEmbedImage{URL: e.Image.URL, ProxyURL: e.Image.URL, Width: e.Image.Width, Height: e.Image.Height}
	}
	if e.Thumbnail != nil {
		out.Thumbnail = &wEmbedImage{URL: e.Thumbnail.URL, ProxyURL: e.Thumbnail.URL, Width: e.Thumbnail.Width, Height: e.Thumbnail.Height}
	}
	if e.Author != nil {
		out.Author = &wEmbedAuthor{Name: e.Author.Name, URL: e.Author.URL, IconURL: e.Author.IconURL}
	}
	for _, f := range e.Fields {
		if f != nil {
			out.Fields = append(out.Fields, wEmbedField{Name: f.Name, Value: f.Value, Inline: f.Inline})
		}
	}
	if len(out.Fields) == 0 {
		out.Fields = nil
	}
	return out
}

// wireComponents are a message's components as Discord answers them: each with its id,
// numbered in the order they appear when the bot left it out, as Discord numbers them.
func wireComponents(comps []discordgo.MessageComponent) []any {
	next := 0
	var number func(v any) any
	number = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			next++
			if id, ok := x["id"].(float64); !ok || id == 0 {
				x["id"] = next
			}
			if inner, ok := x["components"].([]any); ok {
				for i := range inner {
					inner[i] = number(inner[i])
				}
			}
			return x
		}
		return v
	}
	out := []any{}
	for _, c := range comps {
		var v any
		if err := json.Unmarshal(mustJSON(c), &v); err != nil {
			continue
		}
		out = append(out, number(v))
	}
	return out
}

// wireMessage is a stored message as Discord answers and dispatches it. A message event
// in a guild names the guild (and the author's member, for a member's message); an answer
// does not. The nonce is carried where the message is created only.
func wireMessage(m *discordgo.Message, nonce string, withGuild bool) wMessage {
	out := wMessage{ID: m.ID, ChannelID: m.ChannelID, Author: wireUser(m.Author), Content: m.Content, Timestamp: wireTime(m.Timestamp),
		TTS: m.TTS, MentionEveryone: m.MentionEveryone, Mentions: []wUser{}, MentionRoles: cloneIDs(m.MentionRoles),
		Attachments: []wAttachment{}, Embeds: []wEmbed{}, Components: wireComponents(m.Components), Pinned: m.Pinned,
		Type: int(m.Type), Flags: int(m.Flags), Nonce: nonce, WebhookID: m.WebhookID}
	if m.WebhookID != "" {
		out.ApplicationID = m.WebhookID // an interaction's messages: the fake's webhook is the application
	}
	if withGuild {
		out.GuildID = m.GuildID
		if m.Member != nil {
			member := wireMember(m.Member, false)
			out.Member = &member
		}
	}
	if m.EditedTimestamp != nil {
		out.EditedTimestamp = new(wireTime(*m.EditedTimestamp))
	}
	for _, u := range m.Mentions {
		out.Mentions = append(out.Mentions, wireUser(u))
	}
	for _, a := range m.Attachments {
		out.Attachments = append(out.Attachments, wAttachment{ID: a.ID, Filename: a.Filename, Size: a.Size, URL: a.URL,
			ProxyURL: a.ProxyURL, ContentType: a.ContentType})
	}
	for _, e := range m.Embeds {
		if e != nil {
			out.Embeds = append(out.Embeds, wireEmbed(e))
		}
	}
	if r := m.MessageReference; r != nil {
		out.MessageReference = &wReference{Type: int(r.Type), MessageID: r.MessageID, ChannelID: r.ChannelID, GuildID: r.GuildID}
		if out.MessageReference.ChannelID == "" {
			out.MessageReference.ChannelID = m.ChannelID
		}
	}
	return out
}

// wCommand is an application command as Discord answers it.
type wCommand struct {
	ID                       string      `json:"id"`
	ApplicationID            string      `json:"application_id"`
	GuildID                  string      `json:"guild_id,omitempty"`
	Version                  string      `json:"version"`
	DefaultMemberPermissions *string     `json:"default_member_permissions"`
	Type                     int         `json:"type"`
	Name                     string      `json:"name"`
	Description              string      `json:"description"`
	NSFW                     bool        `json:"nsfw"`
	Contexts                 []int       `json:"contexts"`
	IntegrationTypes         []int       `json:"integration_types"`
	Options                  []wOption   `json:"options,omitempty"`
	NameLocalizations        *dictionary `json:"name_localizations,omitempty"`
}

type dictionary map[string]string

type wOption struct {
	Type         int         `json:"type"`
	Name         string      `json:"name"`
	Description  string      `json:"description"`
	Required     bool        `json:"required,omitempty"`
	Autocomplete bool        `json:"autocomplete,omitempty"`
	Choices      []wChoice   `json:"choices,omitempty"`
	Options      []wOption   `json:"options,omitempty"`
	MinLength    *int        `json:"min_length,omitempty"`
	MaxLength    int         `json:"max_length,omitempty"`
	MinValue     *float64    `json:"min_value,omitempty"`
	MaxValue     float64     `json:"max_value,omitempty"`
	ChannelTypes []int       `json:"channel_types,omitempty"`
	Localized    *dictionary `json:"name_localizations,omitempty"`
}

type wChoice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

func wireOptions(opts []*discordgo.ApplicationCommandOption) []wOption {
	var out []wOption
	for _, o := range opts {
		if o == nil {
			continue
		}
		w := wOption{Type: int(o.Type), Name: o.Name, Description: o.Description, Required: o.Required, Autocomplete: o.Autocomplete,
			Options: wireOptions(o.Options), MinLength: o.MinLength, MaxLength: o.MaxLength, MinValue: o.MinValue, MaxValue: o.MaxValue}
		for _, c := range o.Choices {
			w.Choices = append(w.Choices, wChoice{Name: c.Name, Value: c.Value})
		}
		for _, t := range o.ChannelTypes {
			w.ChannelTypes = append(w.ChannelTypes, int(t))
		}
		out = append(out, w)
	}
	return out
}

// wireCommand is a registered command: guild commands are for the guild's members only
// (contexts: guild; integration: installed in the guild).
func wireCommand(c *discordgo.ApplicationCommand) wCommand {
	out := wCommand{ID: c.ID, ApplicationID: c.ApplicationID, GuildID: c.GuildID, Version: c.Version, Type: int(c.Type),
		Name: c.Name, Description: c.Description, Contexts: []int{0}, IntegrationTypes: []int{0}, Options: wireOptions(c.Options)}
	if c.NSFW != nil {
		out.NSFW = *c.NSFW
	}
	if c.DefaultMemberPermissions != nil {
		out.DefaultMemberPermissions = new(strconv.FormatInt(*c.DefaultMemberPermissions, 10))
	}
	if c.Contexts != nil {
		out.Contexts = []int{}
		for _, x := range *c.Contexts {
			out.Contexts = append(out.Contexts, int(x))
		}
	}
	if c.IntegrationTypes != nil {
		out.IntegrationTypes = []int{}
		for _, x := range *c.IntegrationTypes {
			out.IntegrationTypes = append(out.IntegrationTypes, int(x))
		}
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
