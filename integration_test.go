package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"

	"zocalo/bot"
	"zocalo/core"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/storage"
	"zocalo/internal/discordfake"
	"zocalo/internal/discordoauth"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
	"zocalo/webapi"
)

// A role removed in Discord takes effect on the portal at the member's next request,
// without signing in again: the bot syncs the members table the web reads.
func TestRoleRemovedInDiscordChangesWhatTheWebAllows(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		fake := discordfake.New(discordfake.Options{ClientID: testenv.ClientID, ClientSecret: testenv.ClientKey,
			GuildID: testenv.GuildID, BotToken: testenv.BotToken})
		fakeSrv := httptest.NewServer(fake.Handler())
		defer fakeSrv.Close()
		fake.SetGatewayURL("ws" + strings.TrimPrefix(fakeSrv.URL, "http") + "/gateway")
		fake.AddUser(discordgo.User{ID: "500000000000000001", Username: "tesorera"}, true, testenv.RoleIDs(authz.Tesoreria)...)
		fake.AddPersona(discordfake.Persona{Name: "tesorera", UserID: "500000000000000001"})

		var handler http.Handler
		portal := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
		defer portal.Close()
		cfg := testenv.Config(t, portal.URL, fakeSrv.URL, nil)
		provider := discordoauth.New(discordoauth.Options{ClientID: cfg.Discord.ClientID, ClientSecret: cfg.Discord.ClientSecret,
			RedirectURL: cfg.PublicURL + "/api/auth/discord/callback", AuthorizeURL: cfg.Discord.AuthorizeURL,
			TokenURL: cfg.Discord.TokenURL, APIBaseURL: cfg.Discord.APIBaseURL, GuildID: cfg.Discord.GuildID})
		files, err := storage.NewLocal(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		app := core.New(d, cfg.CoreSettings(cfg.JWTSecret, nil), core.Deps{Identity: provider, Files: files})
		srv := webapi.New(webapi.Deps{App: app, Config: cfg, Logger: slog.New(slog.DiscardHandler)})
		engine := srv.Handler().(*gin.Engine)
		engine.GET("/api/test/treasury", srv.RequireGroups(authz.Treasury), func(c *gin.Context) { c.JSON(200, gin.H{"ok": true}) })
		handler = engine

		b, err := bot.New(bot.Deps{App: app, Config: cfg, Token: testenv.BotToken, Transport: discordfake.RewriteTransport(fakeSrv.URL),
			Metrics: prometheus.NewRegistry(), Logger: slog.New(slog.DiscardHandler),
			Timing: bot.Timing{LeaderPoll: 50 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- b.Run(ctx) }()
		defer func() { cancel(); <-done }()
		waitFor(t, "the bot connects", func() bool { return fake.Connected() == 1 })

		token := testenv.SignIn(t, portal.URL, "tesorera")
		if code, _ := get(t, portal.URL+"/api/test/treasury", token); code != http.StatusOK {
			t.Fatalf("with TESORERIA: %d", code)
		}
		if err := fake.UpdateMemberRoles("500000000000000001"); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the next request is refused", func() bool {
			code, _ := get(t, portal.URL+"/api/test/treasury", token)
			return code == http.StatusForbidden
		})
		_, body := get(t, portal.URL+"/api/auth/profile", token)
		var profile struct {
			DiscordRoles []string `json:"discordRoles"`
		}
		if err := json.Unmarshal(body, &profile); err != nil || profile.DiscordRoles == nil || len(profile.DiscordRoles) != 0 {
			t.Fatalf("profile %s", body)
		}
		// Given back, the role works again on the same token.
		if err := fake.UpdateMemberRoles("500000000000000001", testenv.RoleIDs(authz.Auditor)...); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "AUDITOR is admitted", func() bool {
			code, _ := get(t, portal.URL+"/api/test/treasury", token)
			return code == http.StatusOK
		})
		_, body = get(t, portal.URL+"/api/auth/profile", token)
		if err := json.Unmarshal(body, &profile); err != nil || !slices.Equal(profile.DiscordRoles, testenv.RoleIDs(authz.Auditor)) {
			t.Fatalf("profile %s", body)
		}
	})
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func get(t *testing.T, u, token string) (int, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, body
}
