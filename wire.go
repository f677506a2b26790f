package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"golang.org/x/sync/errgroup"

	"zocalo/bot"
	"zocalo/core"
	"zocalo/core/apikeys"
	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/core/storage"
	"zocalo/internal/config"
	"zocalo/internal/demo"
	"zocalo/internal/discordfake"
	"zocalo/internal/discordoauth"
	"zocalo/internal/robloxgroups"
	"zocalo/internal/robloxoauth"
	"zocalo/web"
	"zocalo/webapi"
)

func run(ctx context.Context, cmd string, args []string, configPath string) error {
	switch cmd {
	case "serve", "bot", "all", "migrate", "seed", "apikey", "outbox", "repair-records":
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
	if cmd == "apikey" {
		return apiKeyCommand(ctx, apikeys.NewService(database, func() time.Time { return time.Now().UTC() }), args, os.Stdout)
	}
	if cmd == "outbox" {
		return outboxCommand(ctx, outbox.NewStore(database, func() time.Time { return time.Now().UTC() }), webapi.ChannelNames(cfg), args, os.Stdout)
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
			GuildName: cfg.CommunityName, BotToken: demoBotToken, Location: cfg.Location(), RobloxClientID: cfg.Roblox.ClientID})
		demo.AddChannels(fake, cfg)
		demo.PopulateFake(fake, cfg.RoleIDs())
		demo.AddVerifyRoles(fake, cfg)
		// The server reaches the fake in-process, whatever the public URL resolves to.
		httpClient = &http.Client{Timeout: 10 * time.Second, Transport: fake.Transport(config.DemoDiscordPath)}
	}
	provider := discordoauth.New(discordoauth.Options{
		ClientID: cfg.Discord.ClientID, ClientSecret: cfg.Discord.ClientSecret,
		RedirectURL:  cfg.PublicURL + "/api/auth/discord/callback",
		AuthorizeURL: cfg.Discord.AuthorizeURL, TokenURL: cfg.Discord.TokenURL, APIBaseURL: cfg.Discord.APIBaseURL,
		GuildID: cfg.Discord.GuildID, HTTPClient: httpClient,
	})
	files, err := openStorage(ctx, cfg)
	if err != nil {
		return err
	}
	deps := core.Deps{Identity: provider, Files: files}
	if cfg.Roblox.ClientID != "" {
		deps.Roblox = robloxoauth.New(robloxoauth.Options{
			ClientID: cfg.Roblox.ClientID, ClientSecret: cfg.Roblox.ClientSecret,
			RedirectURL:  cfg.PublicURL + "/api/verify/callback",
			AuthorizeURL: cfg.Roblox.AuthorizeURL, TokenURL: cfg.Roblox.TokenURL, UserinfoURL: cfg.Roblox.UserinfoURL,
			HTTPClient: httpClient,
		})
	}
	if len(cfg.Verify.Binds) > 0 {
		deps.RobloxGroups = robloxgroups.New(cfg.Verify.RobloxAPIBaseURL, httpClient)
	}
	app := core.New(database, cfg.CoreSettings(secret, nil), deps)
	if err := repairRecords(ctx, app, log, cmd == "repair-records"); err != nil || cmd == "repair-records" {
		return err
	}

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

	var b *bot.Bot
	if cmd == "bot" || cmd == "all" {
		token := cfg.Discord.BotToken
		var transport http.RoundTripper
		if fake != nil {
			token, transport = demoBotToken, fake.Transport("")
		} else if transport, err = bot.RedirectTransport(cfg.Discord.APIBaseURL, cfg.Discord.CDNBaseURL); err != nil {
			return err
		}
		if b, err = bot.New(bot.Deps{App: app, Config: cfg, Token: token, Transport: transport, Metrics: reg, Logger: log}); err != nil {
			return err
		}
	}

	g, ctx := errgroup.WithContext(ctx)
	if cmd == "serve" || cmd == "all" {
		mounts := map[string]http.Handler{}
		if fake != nil {
			mounts[config.DemoDiscordPath] = fake.Handler()
		}
		if b != nil {
			// The bot's state, apart from /readyz: a Discord failure must not take the
			// portal out of the proxy's rotation.
			mounts[botHealthPrefix] = botHealthMux(b.Health)
		}
		srv := webapi.New(webapi.Deps{App: app, Config: cfg, Metrics: reg, WebFS: web.Dist(), Mounts: mounts, Logger: log})
		log.Info("portal listening", "url", cfg.PublicURL, "addr", ln.Addr().String(), "demo", cfg.Demo)
		g.Go(func() error { return srv.Run(ctx, ln) })
	} else {
		// A bot on its own still answers health checks and metrics (and, in demo mode,
		// serves the fake Discord it talks to).
		g.Go(func() error { return serveBotEndpoints(ctx, ln, reg, cfg.MetricsToken, fake, b.Health) })
	}
	if b != nil {
		g.Go(func() error { return b.Run(ctx) })
	}
	err = g.Wait()
	log.Info("stopped")
	return err
}

// repairRecords runs the one-time re-keying of the charges filed before they hung on a
// person (records.RepairChargeKeys) at the first start after the upgrade; it records
// itself, so later starts, and replicas starting at once, skip it. verbose reports on
// stdout (the repair-records command).
func repairRecords(ctx context.Context, app *core.App, log *slog.Logger, verbose bool) error {
	res, err := app.Records.RepairChargeKeys(ctx)
	if err != nil {
		return fmt.Errorf("repair records: %w", err)
	}
	if res.Ran {
		log.Info("records repaired: charges re-keyed to their people", "moved", res.Moved)
	}
	if verbose {
		state := "ran now"
		if !res.Ran {
			state = "had already run on " + res.RanAt.UTC().Format(time.RFC3339)
		}
		fmt.Printf("The records repair %s: %d charges moved (each in the audit log as charge.move).\n", state, res.Moved)
	}
	return nil
}

// demoBotToken is what the demo's bot and fake Discord agree on; it opens nothing real.
const demoBotToken = "demo-bot-token"

// botHealthPrefix is where `all` serves the bot's state: /bot/healthz.
const botHealthPrefix = "/bot"

// botHealth answers the bot's state as JSON (bot.Health): 200 while it works or stands
// by, 503 once it stopped for a reason an operator must fix (a refused token, a close
// code Discord says not to reconnect after).
func botHealth(health func() bot.Health) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		h := health()
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		if h.Stopped() {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
		_ = json.NewEncoder(w).Encode(h)
	}
}

// botHealthMux serves the bot's state at /healthz, for mounting under botHealthPrefix.
func botHealthMux(health func() bot.Health) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", botHealth(health))
	return mux
}

// serveBotEndpoints serves /healthz (the bot's state, also at /bot/healthz as in `all`)
// and /metrics for a bot running alone.
func serveBotEndpoints(ctx context.Context, ln net.Listener, reg *prometheus.Registry, metricsToken string, fake *discordfake.Fake,
	health func() bot.Health) error {
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", botHealth(health))
	mux.Handle("GET "+botHealthPrefix+"/healthz", botHealth(health))
	mux.Handle("GET /metrics", webapi.MetricsHandler(reg, metricsToken))
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

// apiKeyCommand runs `zocalo apikey create NAME | list | revoke ID`.
func apiKeyCommand(ctx context.Context, keys *apikeys.Service, args []string, out io.Writer) error {
	switch {
	case len(args) == 2 && args[0] == "create":
		k, err := keys.Issue(ctx, args[1], "cli")
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "Clave %d (%s) creada. Guárdala ahora: no se vuelve a mostrar.\n%s\n", k.ID, k.Name, k.Key)
		return nil
	case len(args) == 1 && args[0] == "list":
		list, err := keys.All(ctx)
		if err != nil {
			return err
		}
		for _, k := range list {
			state := "activa"
			if k.RevokedAt != nil {
				state = "revocada " + k.RevokedAt.Format(time.DateOnly)
			}
			fmt.Fprintf(out, "%d\t%s\t%s\t%s\n", k.ID, k.Prefix, k.Name, state)
		}
		return nil
	case len(args) == 2 && args[0] == "revoke":
		id, err := strconv.ParseUint(args[1], 10, 64)
		if err != nil {
			return errUsage(fmt.Sprintf("%q is not a key id", args[1]))
		}
		if err := keys.RevokeID(ctx, id); err != nil {
			return err
		}
		fmt.Fprintf(out, "Clave %d revocada.\n", id)
		return nil
	}
	return errUsage("usage: zocalo apikey create NAME | list | revoke ID")
}

// openStorage opens the bucket when one is configured, or the data directory's uploads.
func openStorage(ctx context.Context, cfg *config.Config) (storage.Store, error) {
	if s3 := cfg.Storage.S3; s3.Endpoint != "" {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		return storage.NewS3(ctx, storage.S3Options{Endpoint: s3.Endpoint, Region: s3.Region, Bucket: s3.Bucket,
			AccessKeyID: s3.AccessKeyID, SecretAccessKey: s3.SecretAccessKey})
	}
	return storage.NewLocal(filepath.Join(cfg.DataDir, "uploads"))
}
