// Package testenv holds what tests across packages share: a production-shaped
// configuration pointing at a fake Discord, role ids, and a settable clock.
package testenv

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/internal/config"
)

// Identifiers of the test guild and application.
const (
	GuildID   = "700000000000000001"
	ClientID  = "700000000000000002"
	Secret    = "a-test-secret-that-is-long-enough-for-hs256"
	BotToken  = "test-bot-token"
	ClientKey = "shh"
)

// Roles gives every role name an id, shared where the specification shares them.
var Roles = map[authz.Role]string{
	authz.Comite: "800000000000000001", authz.ScjnAdmin: "800000000000000001",
	authz.Oficina: "800000000000000002", authz.CongresoAdmin: "800000000000000002",
	authz.RH: "800000000000000003", authz.AI: "800000000000000004", authz.SoporteTecnico: "800000000000000005",
	authz.Moderador: "800000000000000006", authz.Trial: "800000000000000007", authz.Tesoreria: "800000000000000008",
	authz.Auditor: "800000000000000009", authz.Diputado: "800000000000000010", authz.Senador: "800000000000000011",
	authz.Ministro: "800000000000000012",
}

// RoleIDs resolves role names to the test ids.
func RoleIDs(roles ...authz.Role) []string {
	out := make([]string, 0, len(roles))
	for _, r := range roles {
		out = append(out, Roles[r])
	}
	return out
}

// Config loads a production (non-demo) configuration whose Discord URLs point at
// discordBase, with extra environment on top.
func Config(t testing.TB, publicURL, discordBase string, extra map[string]string) *config.Config {
	t.Helper()
	vars := Env(publicURL, discordBase, extra)
	cfg, err := config.Load("", func(k string) string { return vars[k] })
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// Env is the environment of that configuration, for tests that run the binary.
func Env(publicURL, discordBase string, extra map[string]string) map[string]string {
	vars := map[string]string{
		"ZOCALO_PUBLIC_URL":                          publicURL,
		"ZOCALO_JWT_SECRET":                          Secret,
		"ZOCALO_DISCORD_CLIENT_ID":                   ClientID,
		"ZOCALO_DISCORD_CLIENT_SECRET":               ClientKey,
		"ZOCALO_DISCORD_BOT_TOKEN":                   BotToken,
		"ZOCALO_DISCORD_GUILD_ID":                    GuildID,
		"ZOCALO_DISCORD_API_BASE_URL":                discordBase + "/api/v10",
		"ZOCALO_DISCORD_AUTHORIZE_URL":               discordBase + "/oauth2/authorize",
		"ZOCALO_DISCORD_TOKEN_URL":                   discordBase + "/api/oauth2/token",
		"ZOCALO_DISCORD_CDN_BASE_URL":                discordBase,
		"ZOCALO_RATE_LIMIT_SIGN_IN_PER_MINUTE":       "1000",
		"ZOCALO_RATE_LIMIT_PUBLIC_WRITES_PER_MINUTE": "1000",
		"ZOCALO_CHANNEL_NEWS":                        NewsChannel,
		"ZOCALO_CHANNEL_CONTACT":                     ContactChannel,
		"ZOCALO_CHANNEL_ARTIST_APPLICATIONS":         ArtistChannel,
		"ZOCALO_CHANNEL_STAFF_TICKETS":               StaffTicketChannel,
		"ZOCALO_CHANNEL_STAFF_REPORTS":               StaffReportChannel,
		"ZOCALO_CHANNEL_TREASURY":                    TreasuryChannel,
		"ZOCALO_CHANNEL_LEGISLATIVE":                 LegislativeChannel,
		"ZOCALO_CHANNEL_RECORDS":                     RecordsChannel,
		"ZOCALO_CHANNEL_TICKET_PANEL":                TicketPanelChannel,
	}
	for name, id := range Roles {
		vars["ZOCALO_ROLE_"+string(name)] = id
	}
	for k, v := range extra {
		vars[k] = v
	}
	return vars
}

// Clock is a settable time.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock starts at t.
func NewClock(t time.Time) *Clock { return &Clock{now: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock on.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Browser is a client with a cookie jar that does not follow redirects by itself.
func Browser() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// FollowSignIn walks the sign-in redirects from start as a browser would, letting
// atDiscord change Discord's authorize URL (pick a persona, deny consent, forge the
// state), and returns the URL the flow ends at: the web app's /auth/callback.
func FollowSignIn(t testing.TB, c *http.Client, start string, atDiscord func(u *url.URL)) *url.URL {
	t.Helper()
	next := start
	for range 10 {
		res, err := c.Get(next)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		loc := res.Header.Get("Location")
		if res.StatusCode != http.StatusFound || loc == "" {
			u, _ := url.Parse(next)
			return u
		}
		u, err := res.Request.URL.Parse(loc)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(u.Path, "/oauth2/authorize") && atDiscord != nil {
			atDiscord(u)
		}
		if u.Path == "/auth/callback" {
			return u
		}
		next = u.String()
	}
	t.Fatal("too many redirects")
	return nil
}

// AsPersona picks a persona on the fake Discord's authorize page.
func AsPersona(name string) func(u *url.URL) {
	return func(u *url.URL) {
		q := u.Query()
		q.Set("persona", name)
		u.RawQuery = q.Encode()
	}
}

// SignIn goes through the whole sign-in at portal as persona, exchanges the one-time code
// as the web's callback page does, and returns the token.
func SignIn(t testing.TB, portal, persona string) string {
	t.Helper()
	c := Browser()
	end := FollowSignIn(t, c, portal+"/api/auth/discord", AsPersona(persona))
	code := end.Query().Get("code")
	if code == "" {
		t.Fatalf("sign-in as %s ended at %s", persona, end)
	}
	status, token := ExchangeSignIn(t, c, portal, code)
	if status != http.StatusOK || token == "" {
		t.Fatalf("exchanging the sign-in code as %s: %d", persona, status)
	}
	return token
}

// ExchangeSignIn posts a sign-in's one-time code with c's cookies and answers the status
// and the token (or the error message).
func ExchangeSignIn(t testing.TB, c *http.Client, portal, code string) (int, string) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"code": code})
	res, err := c.Post(portal+"/api/auth/exchange", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct {
		Token   string `json:"token"`
		Message string `json:"message"`
	}
	_ = json.NewDecoder(res.Body).Decode(&out)
	if out.Token != "" {
		return res.StatusCode, out.Token
	}
	return res.StatusCode, out.Message
}
