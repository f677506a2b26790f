package bot

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"zocalo/core"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/storage"
	"zocalo/internal/config"
	"zocalo/internal/discordfake"
	"zocalo/internal/testenv"
)

// rig is a fake Discord on a real socket and the core over a fresh database.
type rig struct {
	t    testing.TB
	db   *db.DB
	fake *discordfake.Fake
	srv  *httptest.Server
	cfg  *config.Config
	app  *core.App
}

// testChannel is the news channel of the test guild: read-only for @everyone, open to the
// bot's role.
const testChannel = testenv.NewsChannel

// testVerifiedRole is the role verification gives.
const testVerifiedRole = "720000000000000001"

func newRig(t testing.TB, d *db.DB) *rig {
	t.Helper()
	return buildRig(t, d, discordfake.Relax{}, nil)
}

// newRigWith builds a rig whose configuration and core dependencies adjust may change
// (given the fake's URL) before the core is built.
func newRigWith(t testing.TB, d *db.DB, adjust func(cfg *config.Config, deps *core.Deps, fakeURL string)) *rig {
	t.Helper()
	return buildRig(t, d, discordfake.Relax{}, adjust)
}

// newRelaxedRig is newRig with the fake's rules that relax names turned off, for a test
// about something else.
func newRelaxedRig(t testing.TB, d *db.DB, relax discordfake.Relax) *rig {
	t.Helper()
	return buildRig(t, d, relax, nil)
}

// buildRig makes the rig: a fake Discord holding the realistic test guild (testenv.AddGuild)
// on a clock that moves only when a test advances it, so Discord's deadlines (an
// interaction's 3 seconds, its token's 15 minutes) pass only when a test says so.
func buildRig(t testing.TB, d *db.DB, relax discordfake.Relax, adjust func(cfg *config.Config, deps *core.Deps, fakeURL string)) *rig {
	t.Helper()
	r := &rig{t: t, db: d}
	start := time.Now()
	r.fake = discordfake.New(discordfake.Options{ClientID: testenv.ClientID, GuildID: testenv.GuildID,
		BotToken: testenv.BotToken, HeartbeatInterval: 5 * time.Second, Now: func() time.Time { return start }, Relax: relax})
	r.srv = httptest.NewServer(r.fake.Handler())
	t.Cleanup(r.srv.Close)
	r.fake.SetGatewayURL("ws" + strings.TrimPrefix(r.srv.URL, "http") + "/gateway")
	testenv.AddGuild(r.fake)
	r.fake.AddRole(testVerifiedRole, "Verificado")
	r.cfg = testenv.Config(t, "http://portal.test", r.srv.URL, map[string]string{"ZOCALO_CHANNEL_NEWS": testChannel,
		"ZOCALO_VERIFY_VERIFIED_ROLE_ID": testVerifiedRole, "ZOCALO_VERIFY_NICKNAME_TEMPLATE": "{roblox}"})
	files, err := storage.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	deps := core.Deps{Files: files}
	if adjust != nil {
		adjust(r.cfg, &deps, r.srv.URL)
	}
	r.app = core.New(d, r.cfg.CoreSettings(r.cfg.JWTSecret, nil), deps)
	return r
}

// newBot builds a bot over the rig with short intervals; its logs are dropped.
func (r *rig) newBot() *Bot {
	r.t.Helper()
	b, err := New(Deps{App: r.app, Config: r.cfg, Token: testenv.BotToken,
		Transport: discordfake.RewriteTransport(r.srv.URL), Metrics: prometheus.NewRegistry(),
		Logger: slog.New(slog.DiscardHandler),
		Timing: Timing{LeaderPoll: 50 * time.Millisecond, RelayInterval: 20 * time.Millisecond,
			RetryBase: 10 * time.Millisecond, RetryMax: 80 * time.Millisecond, DeferAfter: time.Second,
			ChunkTimeout: 10 * time.Second}})
	if err != nil {
		r.t.Fatal(err)
	}
	return b
}

// start runs the bot until the returned stop is called (or the test ends); it waits
// for the bot to connect when wait is true.
func (r *rig) start(b *Bot, wait bool) (stop func()) {
	r.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	stopped := false
	stop = func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		select {
		case err := <-done:
			if err != nil {
				r.t.Errorf("bot stopped with %v", err)
			}
		case <-time.After(10 * time.Second):
			r.t.Error("bot did not stop")
		}
	}
	r.t.Cleanup(stop)
	if wait {
		r.eventually("the bot connects", func() bool { return b.currentSession() != nil && r.fake.Connected() > 0 })
	}
	return stop
}

// eventually waits for cond, failing the test after a generous deadline.
func (r *rig) eventually(what string, cond func() bool) {
	r.t.Helper()
	// Generous: CI runs the race detector on two shared cores.
	r.eventuallyWithin(45*time.Second, what, cond)
}

// eventuallyWithin is eventually with its own deadline, for the bulk cases.
func (r *rig) eventuallyWithin(limit time.Duration, what string, cond func() bool) {
	r.t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			r.t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// member adds a guild member to the fake.
func (r *rig) member(id, name string, roles ...authz.Role) {
	r.fake.AddUser(discordgo.User{ID: id, Username: name}, true, testenv.RoleIDs(roles...)...)
}

func (r *rig) rolesOf(id string) []string {
	r.t.Helper()
	ids, err := r.app.Members.RoleIDs(context.Background(), id)
	if err != nil {
		r.t.Fatal(err)
	}
	return ids
}
