package discordfake

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Messages and application commands in Discord's shapes (see wire.go).

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
	Type        string        `json:"type"`
	Title       string        `json:"title,omitempty"`
	Description string        `json:"description,omitempty"`
	URL         string        `json:"url,omitempty"`
	Timestamp   string        `json:"timestamp,omitempty"`
	Color       int           `json:"color,omitempty"`
	Footer      *wEmbedFooter `json:"footer,omitempty"`
	Image       *wEmbedImage  `json:"image,omitempty"`
	Thumbnail   *wEmbedImage  `json:"thumbnail,omitempty"`
	Author      *wEmbedAuthor `json:"author,omitempty"`
	Fields      []wEmbedField `json:"fields,omitempty"`
	Provider    *wEmbedAuthor `json:"provider,omitempty"`
	Video       *wEmbedImage  `json:"video,omitempty"`
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
	ID                       string    `json:"id"`
	ApplicationID            string    `json:"application_id"`
	GuildID                  string    `json:"guild_id,omitempty"`
	Version                  string    `json:"version"`
	DefaultMemberPermissions *string   `json:"default_member_permissions"`
	Type                     int       `json:"type"`
	Name                     string    `json:"name"`
	Description              string    `json:"description"`
	NSFW                     bool      `json:"nsfw"`
	Contexts                 []int     `json:"contexts"`
	IntegrationTypes         []int     `json:"integration_types"`
	Options                  []wOption `json:"options,omitempty"`
}

type wOption struct {
	Type         int       `json:"type"`
	Name         string    `json:"name"`
	Description  string    `json:"description"`
	Required     bool      `json:"required,omitempty"`
	Autocomplete bool      `json:"autocomplete,omitempty"`
	Choices      []wChoice `json:"choices,omitempty"`
	Options      []wOption `json:"options,omitempty"`
	MinLength    *int      `json:"min_length,omitempty"`
	MaxLength    int       `json:"max_length,omitempty"`
	MinValue     *float64  `json:"min_value,omitempty"`
	MaxValue     float64   `json:"max_value,omitempty"`
	ChannelTypes []int     `json:"channel_types,omitempty"`
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
