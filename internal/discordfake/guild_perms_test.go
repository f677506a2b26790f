package discordfake

import (
	"encoding/json"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// The fake's bot holds what the README's invite link grants: a permission the bot comes
// to need must be asked for there too.
func TestInviteLinkGrantsInvitePermissions(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`discord\.com/oauth2/authorize\?[^\s)]*permissions=(\d+)`).FindSubmatch(readme)
	if m == nil {
		t.Fatal("the README has no invite link with permissions")
	}
	if got, _ := strconv.ParseInt(string(m[1]), 10, 64); got != InvitePermissions {
		t.Errorf("the README's invite link grants %d, the fake's bot holds %d", got, InvitePermissions)
	}
}

// Each channel's overwrites apply to the bot as Discord applies them: @everyone's, then its
// role's, then its member's; without View Channel nothing is allowed, and without the
// right to send, neither are embeds nor files.
func TestTheBotHoldsWhatTheChannelsGiveIt(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{Relax: Relax{RateLimits: true}})
	bot := f.BotRole().ID
	everyone := func(allow, deny int64) *discordgo.PermissionOverwrite {
		return &discordgo.PermissionOverwrite{ID: testGuild, Type: discordgo.PermissionOverwriteTypeRole, Allow: allow, Deny: deny}
	}
	botRole := func(allow, deny int64) *discordgo.PermissionOverwrite {
		return &discordgo.PermissionOverwrite{ID: bot, Type: discordgo.PermissionOverwriteTypeRole, Allow: allow, Deny: deny}
	}
	embed := map[string]any{"content": "aviso", "embeds": []any{map[string]any{"title": "Noticia"}}}
	for _, c := range []struct {
		name       string
		overwrites []*discordgo.PermissionOverwrite
		status     int
		code       int
	}{
		{"a public channel", nil, 200, 0},
		{"read-only for everyone", []*discordgo.PermissionOverwrite{everyone(0, discordgo.PermissionSendMessages)}, 403, 50013},
		{"read-only, the bot's role let in", []*discordgo.PermissionOverwrite{everyone(0, discordgo.PermissionSendMessages),
			botRole(discordgo.PermissionSendMessages, 0)}, 200, 0},
		{"staff only", []*discordgo.PermissionOverwrite{everyone(0, discordgo.PermissionViewChannel)}, 403, 50001},
		{"staff only, the bot's role let in", []*discordgo.PermissionOverwrite{everyone(0, discordgo.PermissionViewChannel),
			botRole(discordgo.PermissionViewChannel, 0)}, 200, 0},
		{"embeds taken from the bot's role", []*discordgo.PermissionOverwrite{botRole(0, discordgo.PermissionEmbedLinks)}, 403, 50013},
		{"the bot's role denied, its member allowed", []*discordgo.PermissionOverwrite{botRole(0, discordgo.PermissionSendMessages),
			{ID: testApp, Type: discordgo.PermissionOverwriteTypeMember, Allow: discordgo.PermissionSendMessages}}, 200, 0},
	} {
		f.SetChannelOverwrites(testChannel, c.overwrites...)
		a := call(t, srv, http.MethodPost, messagesPath(testChannel), embed)
		if a.status != c.status || (c.code != 0 && a.code() != c.code) {
			t.Errorf("%s: %d %s", c.name, a.status, a.raw)
		}
	}
	// Administrator on a role is everything, whatever the overwrites.
	g, srv2 := newStrictFake(t, Options{BotPermissions: discordgo.PermissionAdministrator})
	g.SetChannelOverwrites(testChannel, everyone(0, discordgo.PermissionViewChannel))
	if a := call(t, srv2, http.MethodPost, messagesPath(testChannel), embed); a.status != 200 {
		t.Errorf("administrator: %d %s", a.status, a.raw)
	}
}

// Admins' roles sit above the bot's: it may neither give them nor rename who holds them;
// roles below it are within reach.
func TestAdminRolesAreAboveTheBot(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	const admin = "800000000000000009"
	f.AddAdminRole(admin, "Fundador")
	f.AddUser(discordgo.User{ID: bob, Username: "beto"}, true, admin)
	roles := call(t, srv, http.MethodGet, "/api/v9/guilds/"+testGuild+"/roles", nil)
	if roles.status != 200 {
		t.Fatalf("roles: %d", roles.status)
	}
	put := func(user, role string) answer {
		return call(t, srv, http.MethodPut, "/api/v9/guilds/"+testGuild+"/members/"+user+"/roles/"+role, nil)
	}
	wantError(t, "give the admins' role", put(alice, admin), 403, 50013, "Missing Permissions")
	wantError(t, "give the bot's own role", put(alice, f.BotRole().ID), 403, 50013, "Missing Permissions")
	if a := put(bob, otherRole); a.status != 204 {
		t.Errorf("a role below the bot's to an admin: %d %s", a.status, a.raw)
	}
	wantError(t, "rename an admin", call(t, srv, http.MethodPatch, "/api/v9/guilds/"+testGuild+"/members/"+bob,
		map[string]any{"nick": "Jefe"}), 403, 50013, "Missing Permissions")
	if a := call(t, srv, http.MethodPatch, "/api/v9/guilds/"+testGuild+"/members/"+alice, map[string]any{"nick": "Ali"}); a.status != 200 {
		t.Errorf("rename a member below the bot: %d %s", a.status, a.raw)
	}
	var listed []map[string]any
	if err := json.Unmarshal(roles.raw, &listed); err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, r := range listed {
		order = append(order, r["name"].(string)+":"+strconv.Itoa(int(r["position"].(float64))))
	}
	if got := strings.Join(order, " "); got != "@everyone:0 COMITE:1 MODERADOR:2 Zócalo:3 Fundador:4" {
		t.Errorf("roles: %s", got)
	}
	if r := f.BotRole(); r.Position != 3 || !r.Managed {
		t.Errorf("the bot's role: %+v", r)
	}
}

// Relax.Permissions puts the bot above everything, for a test about something else.
func TestRelaxedPermissionsPutTheBotAboveAll(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{Relax: Relax{Permissions: true}})
	f.AddAdminRole("800000000000000009", "Fundador")
	f.AddUser(discordgo.User{ID: bob, Username: "beto"}, true, "800000000000000009")
	f.SetChannelOverwrites(testChannel, &discordgo.PermissionOverwrite{ID: testGuild, Type: discordgo.PermissionOverwriteTypeRole,
		Deny: discordgo.PermissionViewChannel})
	if a := call(t, srv, http.MethodPost, messagesPath(testChannel), map[string]any{"content": "hola"}); a.status != 200 {
		t.Errorf("post in a hidden channel: %d %s", a.status, a.raw)
	}
	if a := call(t, srv, http.MethodPatch, "/api/v9/guilds/"+testGuild+"/members/"+bob, map[string]any{"nick": "Jefe"}); a.status != 200 {
		t.Errorf("rename an admin: %d %s", a.status, a.raw)
	}
	if r := f.BotRole(); r.Position != 4 {
		t.Errorf("the bot's role at %d, want the top (4)", r.Position)
	}
}
