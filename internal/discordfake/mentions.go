package discordfake

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Ping is whom one new message notified, as Discord decides it from the message's text
// and its allowed_mentions: mentions in embeds never notify, a role only when it is
// mentionable or the author may mention everyone, @everyone and @here only with Mention
// Everyone, and the author of a replied message only when replied_user says so.
type Ping struct {
	MessageID string
	ChannelID string
	Users     []string // user ids, in the order the text names them
	Roles     []string // role ids, in the order the text names them
	Everyone  bool     // @everyone or @here
}

// Nobody tells whether the message notified no one.
func (p Ping) Nobody() bool { return len(p.Users) == 0 && len(p.Roles) == 0 && !p.Everyone }

// Pings lists whom each new message notified, oldest first: channel posts, DMs,
// interaction responses and follow-ups, those that notified nobody included.
func (f *Fake) Pings() []Ping {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]Ping, 0, len(f.pings))
	for _, p := range f.pings {
		p.Users, p.Roles = slices.Clone(p.Users), slices.Clone(p.Roles)
		out = append(out, p)
	}
	return out
}

// allowedMentions is the allowed_mentions of a message body; nil when the body has none.
type allowedMentions struct {
	Parse       []string `json:"parse"`
	Users       []string `json:"users"`
	Roles       []string `json:"roles"`
	RepliedUser bool     `json:"replied_user"`
}

// mentionDefaults are what a message without allowed_mentions may mention: everything in
// a channel post, users only in an interaction's answer or a webhook's message.
var (
	postDefaults    = allowedMentions{Parse: []string{"users", "roles", "everyone"}, RepliedUser: true}
	webhookDefaults = allowedMentions{Parse: []string{"users"}}
)

// check holds allowed_mentions to Discord's rules: known types, parse exclusive of the
// lists of the same type, at most 100 ids in each list.
func (a *allowedMentions) check() formErrors {
	if a == nil {
		return nil
	}
	e := formErrors{}
	for i, p := range a.Parse {
		if p != "users" && p != "roles" && p != "everyone" {
			e.add("BASE_TYPE_CHOICES", "Value must be one of ('everyone', 'roles', 'users').", "allowed_mentions", "parse", strconv.Itoa(i))
		}
	}
	if slices.Contains(a.Parse, "users") && len(a.Users) > 0 {
		e.add("MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE", `parse:["users"] and users: [ids...] are mutually exclusive.`, "allowed_mentions")
	}
	if slices.Contains(a.Parse, "roles") && len(a.Roles) > 0 {
		e.add("MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE", `parse:["roles"] and roles: [ids...] are mutually exclusive.`, "allowed_mentions")
	}
	if len(a.Users) > 100 {
		e.add("BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.", "allowed_mentions", "users")
	}
	if len(a.Roles) > 100 {
		e.add("BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.", "allowed_mentions", "roles")
	}
	if len(e) == 0 {
		return nil
	}
	return e
}

// parseAllowedMentions reads a body's allowed_mentions: nil when absent or null.
func parseAllowedMentions(raw json.RawMessage) (*allowedMentions, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var a allowedMentions
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, err
	}
	return &a, nil
}

var (
	userMention = regexp.MustCompile(`<@!?(\d{15,21})>`)
	roleMention = regexp.MustCompile(`<@&(\d{15,21})>`)
)

// mentionsIn are the user and role ids a text mentions, each once, in order, and
// whether it says @everyone or @here.
func mentionsIn(content string) (users, roles []string, everyone bool) {
	for _, m := range userMention.FindAllStringSubmatch(content, -1) {
		if !slices.Contains(users, m[1]) {
			users = append(users, m[1])
		}
	}
	for _, m := range roleMention.FindAllStringSubmatch(content, -1) {
		if !slices.Contains(roles, m[1]) {
			roles = append(roles, m[1])
		}
	}
	return users, roles, strings.Contains(content, "@everyone") || strings.Contains(content, "@here")
}

// resolveMentions decides whom a message by the bot notifies in a channel: allowed is the
// body's allowed_mentions (nil: defaults), repliedAuthor the author of the message it
// answers ("" when it answers none). It fills the message's mentions, mention_roles and
// mention_everyone as Discord does. f.mu is held.
func (f *Fake) resolveMentions(m *discordgo.Message, c *discordgo.Channel, allowed *allowedMentions, defaults allowedMentions, repliedAuthor string) Ping {
	a := defaults
	if allowed != nil {
		a = *allowed
	}
	users, roles, everyone := mentionsIn(m.Content)
	mayEveryone := c != nil && c.Type != discordgo.ChannelTypeDM && f.botMay(c, discordgo.PermissionMentionEveryone)
	p := Ping{MessageID: m.ID, ChannelID: m.ChannelID}
	for _, id := range users {
		if _, member := f.members[id]; c != nil && c.Type != discordgo.ChannelTypeDM && !member {
			continue // nobody outside the guild is notified
		}
		if slices.Contains(a.Parse, "users") || slices.Contains(a.Users, id) {
			p.Users = append(p.Users, id)
		}
	}
	if repliedAuthor != "" && repliedAuthor != f.botUser.ID && a.RepliedUser && !slices.Contains(p.Users, repliedAuthor) {
		p.Users = append(p.Users, repliedAuthor)
	}
	for _, id := range roles {
		if !slices.Contains(a.Parse, "roles") && !slices.Contains(a.Roles, id) {
			continue
		}
		for _, r := range f.roles {
			if r.ID == id && (r.Mentionable || mayEveryone) {
				p.Roles = append(p.Roles, id)
			}
		}
	}
	p.Everyone = everyone && slices.Contains(a.Parse, "everyone") && mayEveryone
	m.Mentions = []*discordgo.User{}
	for _, id := range p.Users {
		if u, ok := f.users[id]; ok {
			cp := *u
			m.Mentions = append(m.Mentions, &cp)
		}
	}
	m.MentionRoles = append([]string{}, p.Roles...)
	m.MentionEveryone = p.Everyone
	return p
}
