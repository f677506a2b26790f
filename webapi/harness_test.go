package webapi

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/storage"
	"zocalo/internal/config"
	"zocalo/internal/discordfake"
	"zocalo/internal/discordoauth"
	"zocalo/internal/robloxoauth"
	"zocalo/internal/testenv"
)

// env is a running API over a fresh database, signed in through a fake Discord served on
// a real socket.
type env struct {
	t      testing.TB
	cfg    *config.Config
	app    *core.App
	server *Server
	http   *httptest.Server
	fake   *discordfake.Fake
	clock  *testenv.Clock
	// uploadsDir is where the storage keeps files.
	uploadsDir string
}

const testSecret = testenv.Secret

var testRoles = testenv.Roles

func newEnv(t testing.TB, d *db.DB) *env {
	t.Helper()
	return newEnvWithFiles(t, d, nil)
}

// newEnvWithFiles keeps uploads in files, or in a temporary directory when it is nil.
func newEnvWithFiles(t testing.TB, d *db.DB, files storage.Store) *env {
	t.Helper()
	e := &env{t: t, clock: testenv.NewClock(time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC))}
	e.fake = discordfake.New(discordfake.Options{ClientID: testenv.ClientID, ClientSecret: testenv.ClientKey, GuildID: testenv.GuildID,
		RobloxClientID: "roblox-client"})
	fakeSrv := httptest.NewServer(e.fake.Handler())
	t.Cleanup(fakeSrv.Close)

	// The API's own URL is known only once its listener exists; the handler is set after.
	var handler http.Handler
	e.http = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	t.Cleanup(e.http.Close)

	cfg := testenv.Config(t, e.http.URL, fakeSrv.URL, map[string]string{"ZOCALO_ARTIST_REVIEWERS": "500000000000000099"})
	e.cfg = cfg
	provider := discordoauth.New(discordoauth.Options{
		ClientID: cfg.Discord.ClientID, ClientSecret: cfg.Discord.ClientSecret,
		RedirectURL: cfg.PublicURL + "/api/auth/discord/callback", AuthorizeURL: cfg.Discord.AuthorizeURL,
		TokenURL: cfg.Discord.TokenURL, APIBaseURL: cfg.Discord.APIBaseURL, GuildID: cfg.Discord.GuildID,
	})
	if files == nil {
		e.uploadsDir = t.TempDir()
		local, err := storage.NewLocal(e.uploadsDir)
		if err != nil {
			t.Fatal(err)
		}
		files = local
	}
	robloxProvider := robloxoauth.New(robloxoauth.Options{ClientID: "roblox-client", RedirectURL: cfg.PublicURL + "/api/verify/callback",
		AuthorizeURL: fakeSrv.URL + "/roblox/oauth/v1/authorize", TokenURL: fakeSrv.URL + "/roblox/oauth/v1/token",
		UserinfoURL: fakeSrv.URL + "/roblox/oauth/v1/userinfo"})
	e.app = core.New(d, cfg.CoreSettings(cfg.JWTSecret, e.clock.Now), core.Deps{Identity: provider, Files: files, Roblox: robloxProvider})
	e.server = New(Deps{App: e.app, Config: cfg, Logger: slog.New(slog.DiscardHandler)})
	handler = e.server.Handler()
	t.Cleanup(e.server.Close)
	return e
}

// addUser creates a Discord user (in the guild when roles is not nil) offered as a persona.
func (e *env) addUser(name, id string, inGuild bool, roles ...authz.Role) {
	var ids []string
	for _, r := range roles {
		ids = append(ids, testRoles[r])
	}
	e.fake.AddUser(discordgo.User{ID: id, Username: name, Email: name + "@example.com", Avatar: "a_" + name}, inGuild, ids...)
	e.fake.AddPersona(discordfake.Persona{Name: name, UserID: id})
}

// browser is a client with a cookie jar that does not follow redirects by itself.
func (e *env) browser() *http.Client { return testenv.Browser() }

// follow walks the sign-in redirects from start; see testenv.FollowSignIn.
func (e *env) follow(c *http.Client, start string, atDiscord func(u *url.URL)) *url.URL {
	e.t.Helper()
	return testenv.FollowSignIn(e.t, c, start, atDiscord)
}

// signIn goes through the whole flow as persona and returns the token.
func (e *env) signIn(persona string) string {
	e.t.Helper()
	return testenv.SignIn(e.t, e.http.URL, persona)
}

// call makes an API request and decodes the JSON answer into out (when not nil).
func (e *env) call(method, path, token string, body io.Reader, out any) int {
	e.t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), method, e.http.URL+path, body)
	if err != nil {
		e.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			e.t.Fatalf("%s %s: %v: %s", method, path, err, raw)
		}
	}
	return res.StatusCode
}

type messageBody struct {
	Message string `json:"message"`
}

func jsonUnmarshal(raw []byte, out any) error { return json.Unmarshal(raw, out) }

func jsonDecode(r io.Reader, out any) error { return json.NewDecoder(r).Decode(out) }
