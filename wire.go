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
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"golang.org/x/sync/errgroup"

	"zocalo/bot"
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

	if (cmd == "bot" || cmd == "all") && cfg.Discord.BotToken == "" && !cfg.Demo {
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
		fake = discordfake.New(discordfake.Options{ClientID: cfg.Discord.ClientID, GuildID: cfg.Discord.GuildID,
			GuildName: cfg.CommunityName, BotToken: demoBotToken, Location: cfg.Location()})
		demo.AddChannels(fake, cfg)
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
	files, err := storage.NewLocal(filepath.Join(cfg.DataDir, "uploads"))
	if err != nil {
		return err
	}
	app := core.New(database, cfg.CoreSettings(secret, nil), core.Deps{Identity: provider, Files: files})

	if cmd == "seed" || cfg.Demo {
		if err := demo.Seed(ctx, app, cfg); err != nil {
			return fmt.Errorf("seed: %w", err)
		}
		log.Info("demo community seeded", "personas", len(demo.Personas))
		if cmd == "seed" {
			return nil
		}
	}

	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	ln, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("listen on %s (ZOCALO_HTTP_ADDR): %w", cfg.HTTPAddr, err)
	}
	if fake != nil {
		// The fake's gateway is a real websocket on this listener.
		fake.SetGatewayURL("ws://" + ln.Addr().String() + config.DemoDiscordPath + "/gateway")
	}

	g, ctx := errgroup.WithContext(ctx)
	if cmd == "serve" || cmd == "all" {
		mounts := map[string]http.Handler{}
		if fake != nil {
			mounts[config.DemoDiscordPath] = fake.Handler()
		}
		srv := webapi.New(webapi.Deps{App: app, Config: cfg, Metrics: reg, WebFS: web.Dist(), Mounts: mounts, Logger: log})
		log.Info("portal listening", "url", cfg.PublicURL, "addr", ln.Addr().String(), "demo", cfg.Demo)
		g.Go(func() error { return srv.Run(ctx, ln) })
	} else {
		// A bot on its own still answers health checks and metrics (and, in demo mode,
		// serves the fake Discord it talks to).
		g.Go(func() error { return serveBotEndpoints(ctx, ln, reg, fake) })
	}
	if cmd == "bot" || cmd == "all" {
		token := cfg.Discord.BotToken
		var transport http.RoundTripper
		if fake != nil {
			token, transport = demoBotToken, fake.Transport("")
		}
		b, err := bot.New(bot.Deps{App: app, Config: cfg, Token: token, Transport: transport, Metrics: reg, Logger: log})
		if err != nil {
			return err
		}
		g.Go(func() error { return b.Run(ctx) })
	}
	err = g.Wait()
	log.Info("stopped")
	return err
}

// demoBotToken is what the demo's bot and fake Discord agree on; it opens nothing real.
const demoBotToken = "demo-bot-token"

// serveBotEndpoints serves /healthz and /metrics for a bot running alone.
func serveBotEndpoints(ctx context.Context, ln net.Listener, reg *prometheus.Registry, fake *discordfake.Fake) error {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"status":"ok"}`))
	})
	mux.Handle("GET /metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
	if fake != nil {
		mux.Handle(config.DemoDiscordPath+"/", http.StripPrefix(config.DemoDiscordPath, fake.Handler()))
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdownCtx)
	}()
	if err := srv.Serve(ln); err != nil && err != http.ErrServerClosed {
		return err
	}
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
