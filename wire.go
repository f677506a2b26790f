package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"golang.org/x/sync/errgroup"

	"zocalo/core"
	"zocalo/core/db"
	"zocalo/core/storage"
	"zocalo/internal/config"
	"zocalo/internal/demo"
	"zocalo/internal/discordfake"
	"zocalo/internal/discordoauth"
	"zocalo/web"
	"zocalo/webapi"
)

func run(ctx context.Context, cmd, configPath string) error {
	switch cmd {
	case "serve", "bot", "all", "migrate", "seed":
	default:
		return errUsage(fmt.Sprintf("unknown command %q", cmd))
	}
	cfg, err := config.Load(configPath, os.Getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg)
	slog.SetDefault(log)

	if cmd == "bot" && cfg.Discord.BotToken == "" && !cfg.Demo {
		return fmt.Errorf("config discord.botToken (ZOCALO_DISCORD_BOT_TOKEN) is not set: the bot cannot connect to Discord")
	}

	database, err := db.Open(db.Options{URL: cfg.DatabaseURL, SQLitePath: filepath.Join(cfg.DataDir, "zocalo.db"), Logger: log})
	if err != nil {
		return err
	}
	defer database.Close()
	applied, err := database.Migrate(ctx)
	if err != nil {
		return err
	}
	log.Info("database ready", "dialect", database.Dialect(), "migrations_applied", applied)
	if cmd == "migrate" {
		return nil
	}

	secret := cfg.JWTSecret
	if secret == "" && cfg.Demo {
		// Demo sessions last as long as the process.
		secret = randomSecret()
	}

	var fake *discordfake.Fake
	httpClient := &http.Client{Timeout: 10 * time.Second}
	if cfg.Demo {
		fake = discordfake.New(discordfake.Options{ClientID: cfg.Discord.ClientID, GuildID: cfg.Discord.GuildID})
		demo.PopulateFake(fake, cfg.RoleIDs())
		// The server reaches the fake in-process, whatever the public URL resolves to.
		httpClient = &http.Client{Timeout: 10 * time.Second, Transport: fake.Transport(config.DemoDiscordPath)}
	}
	provider := discordoauth.New(discordoauth.Options{
		ClientID: cfg.Discord.ClientID, ClientSecret: cfg.Discord.ClientSecret,
		RedirectURL:  cfg.PublicURL + "/api/auth/discord/callback",
		AuthorizeURL: cfg.Discord.AuthorizeURL, TokenURL: cfg.Discord.TokenURL, APIBaseURL: cfg.Discord.APIBaseURL,
		GuildID: cfg.Discord.GuildID, HTTPClient: httpClient,
	})
	app := core.New(database, core.Settings{
		Roles: cfg.RoleIDs(), JWTSecret: []byte(secret), SessionTTL: cfg.SessionTTL.Duration,
		ArtistReviewers: cfg.ArtistReviewers,
	}, provider)

	if cmd == "seed" || cfg.Demo {
		if err := demo.Seed(ctx, app); err != nil {
			return fmt.Errorf("seed: %w", err)
		}
		log.Info("demo community seeded", "personas", len(demo.Personas))
		if cmd == "seed" {
			return nil
		}
	}

	g, ctx := errgroup.WithContext(ctx)
	if cmd == "serve" || cmd == "all" {
		files, err := storage.NewLocal(filepath.Join(cfg.DataDir, "uploads"))
		if err != nil {
			return err
		}
		reg := prometheus.NewRegistry()
		reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
		mounts := map[string]http.Handler{}
		if fake != nil {
			mounts[config.DemoDiscordPath] = fake.Handler()
		}
		srv := webapi.New(webapi.Deps{App: app, Config: cfg, Files: files, Metrics: reg, WebFS: web.Dist(), Mounts: mounts, Logger: log})
		ln, err := net.Listen("tcp", cfg.HTTPAddr)
		if err != nil {
			return fmt.Errorf("listen on %s (ZOCALO_HTTP_ADDR): %w", cfg.HTTPAddr, err)
		}
		log.Info("portal listening", "url", cfg.PublicURL, "addr", ln.Addr().String(), "demo", cfg.Demo)
		g.Go(func() error { return srv.Run(ctx, ln) })
	}
	if cmd == "bot" || cmd == "all" {
		g.Go(func() error { return runBot(ctx, cfg, log) })
	}
	err = g.Wait()
	log.Info("stopped")
	return err
}

// runBot is replaced by the Discord bot; until then it says what it would need.
func runBot(ctx context.Context, cfg *config.Config, log *slog.Logger) error {
	if cfg.Discord.BotToken == "" {
		log.Warn("no bot token configured (discord.botToken / ZOCALO_DISCORD_BOT_TOKEN): the Discord bot is not running")
	}
	<-ctx.Done()
	return nil
}

func newLogger(cfg *config.Config) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(strings.ToUpper(cfg.LogLevel)))
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewTextHandler(os.Stderr, opts))
}

func randomSecret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
