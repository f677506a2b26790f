package config

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"zocalo/core/authz"
)

// DiscordID is a Discord role or channel id the configuration names, with the key that
// names it, so a report of an id the guild lacks says what to change.
type DiscordID struct {
	Kind string `json:"kind"` // "role" or "channel"
	Key  string `json:"key"`  // e.g. channels.news
	Env  string `json:"env"`  // e.g. ZOCALO_CHANNEL_NEWS
	ID   string `json:"id"`
}

// DiscordIDs lists every role and channel id that is set, roles first (the portal's, then
// the tickets' pings), each in key order.
func (c *Config) DiscordIDs() []DiscordID {
	var out []DiscordID
	names := make([]string, 0, len(c.Roles))
	for name, id := range c.Roles {
		if id != "" {
			names = append(names, string(name))
		}
	}
	slices.Sort(names)
	for _, name := range names {
		out = append(out, DiscordID{Kind: "role", Key: "roles." + name, Env: EnvPrefix + "ROLE_" + name,
			ID: c.Roles[authz.Role(name)]})
	}
	for _, r := range []struct{ key, env, id string }{
		{"soporteTecnico", "SOPORTE_TECNICO", c.Tickets.PingRoles.SoporteTecnico},
		{"otros", "OTROS", c.Tickets.PingRoles.Otros},
	} {
		if r.id != "" {
			out = append(out, DiscordID{Kind: "role", Key: "tickets.pingRoles." + r.key, Env: EnvPrefix + "TICKETS_PING_ROLE_" + r.env, ID: r.id})
		}
	}
	if id := c.Verify.VerifiedRoleID; id != "" {
		out = append(out, DiscordID{Kind: "role", Key: "verify.verifiedRoleID", Env: EnvPrefix + "VERIFY_VERIFIED_ROLE_ID", ID: id})
	}
	for i, b := range c.Verify.Binds {
		out = append(out, DiscordID{Kind: "role", Key: fmt.Sprintf("verify.binds[%d].roleID", i), ID: b.RoleID})
	}
	// Read from the struct's tags, so a channel added to Channels is checked too.
	v := reflect.ValueOf(c.Channels)
	t := v.Type()
	for i := range t.NumField() {
		id := v.Field(i).String()
		if id == "" {
			continue
		}
		f := t.Field(i)
		out = append(out, DiscordID{Kind: "channel", Key: "channels." + f.Tag.Get("yaml"),
			Env: EnvPrefix + "CHANNEL_" + strings.ToUpper(f.Tag.Get("env")), ID: id})
	}
	return out
}
