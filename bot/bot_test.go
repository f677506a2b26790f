package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/members"
	"zocalo/core/outbox"
	"zocalo/internal/discordfake"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

func TestIdentifiesWithTheIntents(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.start(r.newBot(), true)
	ids := r.fake.Identifies()
	if len(ids) != 1 || ids[0].Intents != int(Intents) || ids[0].Token != testenv.BotToken {
		t.Fatalf("identifies %+v", ids)
	}
	want := discordgo.IntentsGuilds | discordgo.IntentsGuildMembers | discordgo.IntentsGuildMessages | discordgo.IntentMessageContent
	if Intents != want {
		t.Fatalf("intents %d", Intents)
	}
}

// 2,500 members cross the gateway's chunks of 1,000 and the reconcile's batches of 500;
// the 10,000-member guild is BenchmarkStartReconcile10000, in make bench.
func TestStartReconcilesEveryMember(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) { startReconcile(t, d, 2_500) })
}

// BenchmarkStartReconcile10000 is a start of the bot in a guild of 10,000 members, until
// every one of them is in the table with their role.
func BenchmarkStartReconcile10000(b *testing.B) {
	for _, dialect := range testdb.Dialects() {
		b.Run(string(dialect), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				d := testdb.Open(b, dialect, true)
				b.StartTimer()
				startReconcile(b, d, 10_000)
			}
		})
	}
}

// startReconcile starts the bot in a guild of n members (and one who left while it was
// away) and waits until the table holds every one of them with their role.
func startReconcile(t testing.TB, d *db.DB, n int) {
	r := newRig(t, d)
	r.fake.AddBulkMembers(n, testenv.Roles[authz.Moderador])
	ctx := context.Background()
	// Someone who left while the bot was away still holds roles in the table.
	if _, err := r.app.Members.Upsert(ctx, members.Snapshot{DiscordID: "690000000000000001", Username: "ausente",
		InGuild: true, RoleIDs: testenv.RoleIDs(authz.Tesoreria)}); err != nil {
		t.Fatal(err)
	}
	stop := r.start(r.newBot(), true)
	defer stop()
	var inGuild int64
	r.eventually(fmt.Sprintf("%d members are in the table", n), func() bool {
		d.Conn(ctx).Model(&members.Member{}).Where("in_guild = ?", true).Count(&inGuild)
		return inGuild == int64(n)
	})
	var withRole int64
	d.Conn(ctx).Model(&members.MemberRole{}).Where("role_id = ?", testenv.Roles[authz.Moderador]).Count(&withRole)
	if withRole != int64(n) {
		t.Fatalf("%d members hold MODERADOR", withRole)
	}
	r.eventually("the absent member holds no role", func() bool { return len(r.rolesOf("690000000000000001")) == 0 })
	m, _ := r.app.Members.Get(ctx, "690000000000000001")
	if m == nil || m.InGuild || m.LeftAt == nil {
		t.Fatalf("absent member %+v", m)
	}
}

func TestMemberEventsKeepRolesLive(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		r.member("500000000000000001", "tesorera", authz.Tesoreria, authz.Diputado)
		r.start(r.newBot(), true)
		r.eventually("the start reconcile", func() bool { return len(r.rolesOf("500000000000000001")) == 2 })

		if err := r.fake.UpdateMemberRoles("500000000000000001", testenv.Roles[authz.Diputado]); err != nil {
			t.Fatal(err)
		}
		r.eventually("TESORERIA is gone", func() bool {
			return slices.Equal(r.rolesOf("500000000000000001"), testenv.RoleIDs(authz.Diputado))
		})

		r.fake.AddMember(discordgo.User{ID: "500000000000000002", Username: "nuevo"}, testenv.Roles[authz.Trial])
		r.eventually("a new member is recorded", func() bool {
			return slices.Equal(r.rolesOf("500000000000000002"), testenv.RoleIDs(authz.Trial))
		})

		r.fake.RemoveMember("500000000000000001")
		r.eventually("a member who left holds no roles", func() bool { return len(r.rolesOf("500000000000000001")) == 0 })
		m, _ := r.app.Members.Get(context.Background(), "500000000000000001")
		if m == nil || m.InGuild {
			t.Fatalf("member %+v", m)
		}
	})
}

func TestResumeAfterADroppedSocketLosesNothing(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.member("500000000000000001", "moderadora", authz.Moderador)
	r.start(r.newBot(), true)
	r.eventually("the start reconcile", func() bool { return len(r.rolesOf("500000000000000001")) == 1 })

	r.fake.DropConnections()
	// Dispatched while the socket is down: the fake keeps it for the resume.
	if err := r.fake.UpdateMemberRoles("500000000000000001", testenv.RoleIDs(authz.Moderador, authz.RH)...); err != nil {
		t.Fatal(err)
	}
	r.eventually("the session resumed", func() bool { return r.fake.Resumes() >= 1 && r.fake.Connected() == 1 })
	r.eventually("the missed update arrived", func() bool { return len(r.rolesOf("500000000000000001")) == 2 })
	if n := len(r.fake.Identifies()); n != 1 {
		t.Fatalf("%d identifies: the session should resume, not start over", n)
	}
}

func enqueue(t *testing.T, r *rig, n int) []uint64 {
	t.Helper()
	var ids []uint64
	for i := 1; i <= n; i++ {
		ev, err := r.app.Outbox.Enqueue(context.Background(), outbox.KindChannelMessage, testChannel,
			outbox.ChannelMessage{Content: fmt.Sprintf("aviso %02d", i)})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ev.ID)
	}
	return ids
}

// contents lists what the channel shows, oldest first, without each post's marker line.
func contents(r *rig) []string {
	var out []string
	for _, m := range r.fake.Messages(testChannel) {
		if !m.Deleted {
			text, _, _ := strings.Cut(m.Content, "\n-# Zócalo · #")
			out = append(out, text)
		}
	}
	return out
}

// delivered tells whether every one of the events is recorded as delivered.
func delivered(r *rig, ids []uint64) bool {
	for _, id := range ids {
		ev, err := r.app.Outbox.Get(context.Background(), id)
		if err != nil || ev.Status != outbox.StatusDelivered {
			return false
		}
	}
	return true
}

func expected(n int) []string {
	var out []string
	for i := 1; i <= n; i++ {
		out = append(out, fmt.Sprintf("aviso %02d", i))
	}
	return out
}

func TestRelayDeliversExactlyOnceInOrderThroughFailures(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		// Its failures are scripted; the route's bucket would add its own waits to them.
		r := newRelaxedRig(t, d, discordfake.Relax{RateLimits: true})
		r.start(r.newBot(), true)
		r.fake.FailNext(3, 500, 0)
		r.fake.FailNext(2, 429, 0.05)
		r.fake.FailNext(1, 500, 0)
		ids := enqueue(t, r, 20)
		r.eventually("all 20 posted", func() bool { return len(contents(r)) >= 20 })
		// Once every event is recorded as delivered the relay sends none again, so the
		// channel then shows any duplicate there will be.
		r.eventually("all 20 recorded as delivered", func() bool { return delivered(r, ids) })
		if got := contents(r); !slices.Equal(got, expected(20)) {
			t.Fatalf("channel shows %v", got)
		}
		msgs := r.fake.Messages(testChannel)
		for i, id := range ids {
			ev, err := r.app.Outbox.Get(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			if ev.Status != outbox.StatusDelivered || ev.DiscordMessageID != msgs[i].ID {
				t.Fatalf("event %d: status %s, message %q, want %q", id, ev.Status, ev.DiscordMessageID, msgs[i].ID)
			}
		}
	})
}

// Discord down for an hour, by the clock: the relay keeps retrying with its backoff
// (capped, never giving up) and, once Discord is back, every event lands exactly once and
// in order.
func TestRelayDeliversEverythingOnceAfterAnHourOfOutage(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		// About the outage's backoff: the route's bucket would add waits of its own.
		r := newRelaxedRig(t, d, discordfake.Relax{RateLimits: true})
		clock := testenv.NewClock(time.Now().UTC())
		r.app = core.New(d, r.cfg.CoreSettings(r.cfg.JWTSecret, clock.Now), core.Deps{Files: r.app.Files})
		b := r.newBot()
		b.deps.Timing.RetryBase, b.deps.Timing.RetryMax = 30*time.Second, 10*time.Minute
		r.start(b, true)

		r.fake.StartOutage(http.StatusInternalServerError)
		ids := enqueue(t, r, 10)
		failedBefore := len(r.fake.Requests())
		for range 60 { // an hour, a minute at a time
			clock.Advance(time.Minute)
			time.Sleep(30 * time.Millisecond)
		}
		if got := contents(r); len(got) != 0 {
			t.Fatalf("posted during the outage: %v", got)
		}
		attempts := len(r.fake.Requests()) - failedBefore
		// Backoff capped at 10 minutes: a handful of tries an hour, not one per tick.
		if attempts < 5 || attempts > 40 {
			t.Fatalf("%d attempts during an hour of outage", attempts)
		}
		var failed int64
		d.Conn(context.Background()).Model(&outbox.Event{}).Where("status <> ?", outbox.StatusPending).Count(&failed)
		if failed != 0 {
			t.Fatalf("%d events given up during the outage", failed)
		}

		r.fake.EndOutage()
		clock.Advance(10 * time.Minute)
		r.eventually("all 10 posted", func() bool { return len(contents(r)) >= 10 })
		r.eventually("all 10 recorded as delivered", func() bool { return delivered(r, ids) })
		if got := contents(r); !slices.Equal(got, expected(10)) {
			t.Fatalf("channel shows %v", got)
		}
	})
}

// A bot that stops after posting but before recording the delivery leaves the event
// pending; the next bot posts it again with the same nonce, and Discord keeps one.
func TestRelayAcrossARestartMidDelivery(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		// 20 posts in one channel would wait out the route's bucket three times over; the
		// test is about the restart.
		r := newRelaxedRig(t, d, discordfake.Relax{RateLimits: true})
		enqueue(t, r, 20)
		first := r.newBot()
		var posted atomic.Int32
		var stopFirst func()
		crashed := make(chan struct{})
		first.AddDeliverer(outbox.KindChannelMessage, func(ctx context.Context, s *discordgo.Session, ev outbox.Event) (string, error) {
			id, err := first.deliverChannelMessage(ctx, s, ev)
			if posted.Add(1) == 10 {
				close(crashed)
				return "", fmt.Errorf("stopped before recording")
			}
			return id, err
		})
		stopFirst = r.start(first, true)
		<-crashed
		stopFirst()
		if got := len(contents(r)); got != 10 {
			t.Fatalf("%d posted before the restart", got)
		}
		r.start(r.newBot(), true)
		r.eventually("all 20 posted", func() bool {
			var pending int64
			d.Conn(context.Background()).Model(&outbox.Event{}).Where("status = ?", outbox.StatusPending).Count(&pending)
			return pending == 0
		})
		if got := contents(r); !slices.Equal(got, expected(20)) {
			t.Fatalf("channel shows %v", got)
		}
	})
}

func TestUnconfiguredChannelIsSkipped(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	ev, err := r.app.Outbox.Enqueue(context.Background(), outbox.KindChannelMessage, "", outbox.ChannelMessage{Content: "nadie"})
	if err != nil {
		t.Fatal(err)
	}
	r.start(r.newBot(), true)
	r.eventually("the event is set aside", func() bool {
		got, _ := r.app.Outbox.Get(context.Background(), ev.ID)
		return got.Status == outbox.StatusSkipped
	})
}

func TestOnlyOneBotIsActive(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		first := r.newBot()
		stopFirst := r.start(first, true)
		// The second bot waits on the same lock, from its own database session.
		second := r.newBot()
		r.start(second, false)
		time.Sleep(400 * time.Millisecond)
		if second.Leading() || len(r.fake.Identifies()) != 1 {
			t.Fatalf("second leading=%v, identifies=%d", second.Leading(), len(r.fake.Identifies()))
		}
		if d.Dialect() == db.Postgres {
			// Killed, not stopped: the database ends the session that holds the lock.
			if err := d.Conn(context.Background()).Exec(`SELECT pg_terminate_backend(pid) FROM pg_locks
				WHERE locktype = 'advisory' AND granted AND objsubid = 2
				AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
				AND classid = hashtext(current_schema())::oid AND objid = hashtext('bot')::oid`).Error; err != nil {
				t.Fatal(err)
			}
			r.eventually("the first bot notices it lost the lock", func() bool { return !first.Leading() })
		} else {
			stopFirst()
		}
		r.eventually("the second bot takes over", func() bool { return second.Leading() })
		// The fake may still count the first socket until it reads the close, so the
		// second bot's identify is waited for, not assumed from the count.
		r.eventually("the second bot identifies", func() bool { return len(r.fake.Identifies()) >= 2 })
		r.eventually("one bot is connected", func() bool { return r.fake.Connected() == 1 })
		if n := len(r.fake.Identifies()); n != 2 {
			t.Fatalf("%d identifies", n)
		}
	})
}

func interaction(name, userID string) discordgo.Interaction {
	return discordgo.Interaction{
		Type: discordgo.InteractionApplicationCommand, GuildID: testenv.GuildID,
		Data:   discordgo.ApplicationCommandInteractionData{ID: "720000000000000001", Name: name},
		Member: &discordgo.Member{User: &discordgo.User{ID: userID, Username: "u" + userID}},
	}
}

func TestPerfilCommand(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		r.member("500000000000000001", "moderadora", authz.Moderador)
		r.start(r.newBot(), true)
		r.eventually("the start reconcile", func() bool { return len(r.rolesOf("500000000000000001")) == 1 })
		// The commands are registered beside the reconcile, not before it: wait for them.
		r.eventually("/perfil is registered", func() bool {
			return slices.ContainsFunc(r.fake.Commands(), func(c *discordgo.ApplicationCommand) bool { return c.Name == "perfil" })
		})

		sent := r.fake.SendInteraction(interaction("perfil", "500000000000000001"))
		r.eventually("/perfil is answered", func() bool { return len(r.fake.InteractionResponses(sent.ID)) == 1 })
		res := r.fake.InteractionResponses(sent.ID)[0]
		if res.Type != int(discordgo.InteractionResponseChannelMessageWithSource) || res.Data == nil ||
			res.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || len(res.Data.Embeds) != 1 {
			raw, _ := json.Marshal(res)
			t.Fatalf("response %s", raw)
		}
		embed := res.Data.Embeds[0]
		if !strings.Contains(embed.Title, "moderadora") || !embedHas(embed, "Roles", "MODERADOR") || !embedHas(embed, "Portal", "http://portal.test") {
			raw, _ := json.Marshal(embed)
			t.Fatalf("embed %s", raw)
		}

		stranger := r.fake.SendInteraction(interaction("perfil", "599999999999999999"))
		r.eventually("the stranger is answered", func() bool { return len(r.fake.InteractionResponses(stranger.ID)) == 1 })
		res = r.fake.InteractionResponses(stranger.ID)[0]
		if res.Data == nil || res.Data.Flags&discordgo.MessageFlagsEphemeral == 0 ||
			res.Data.Content != members.ErrNotAMember.Message {
			t.Fatalf("stranger got %+v", res.Data)
		}
	})
}

func embedHas(e *discordgo.MessageEmbed, field, substr string) bool {
	for _, f := range e.Fields {
		if f.Name == field && strings.Contains(f.Value, substr) {
			return true
		}
	}
	return false
}

func TestSlowCommandIsDeferred(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.member("500000000000000001", "moderadora", authz.Moderador)
	b := r.newBot()
	b.deps.Timing.DeferAfter = 50 * time.Millisecond
	// The handler finishes only once Discord has the deferral, however slow the machine.
	release := make(chan struct{})
	b.AddCommand(&Command{
		Definition: &discordgo.ApplicationCommand{Name: "lento", Description: "Tarda."},
		Handle: func(ctx context.Context, inv *Invocation) (Reply, error) {
			<-release
			return Reply{Content: "listo, " + inv.Actor.Username}, nil
		},
	})
	r.start(b, true)
	r.eventually("the start reconcile", func() bool { return len(r.rolesOf("500000000000000001")) == 1 })
	sent := r.fake.SendInteraction(interaction("lento", "500000000000000001"))
	r.eventually("the reply is deferred", func() bool { return len(r.fake.InteractionResponses(sent.ID)) == 1 })
	close(release)
	r.eventually("the reply is edited in", func() bool { return len(r.fake.Followups(sent.Token)) == 1 })
	res := r.fake.InteractionResponses(sent.ID)
	if len(res) != 1 || res[0].Type != int(discordgo.InteractionResponseDeferredChannelMessageWithSource) {
		t.Fatalf("responses %+v", res)
	}
	if got := r.fake.Followups(sent.Token)[0].Content; got != "listo, moderadora" {
		t.Fatalf("follow-up %q", got)
	}
}

func TestCommandGroupsAreEnforced(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.member("500000000000000003", "jugador")
	b := r.newBot()
	b.AddCommand(&Command{
		Definition: &discordgo.ApplicationCommand{Name: "solo-staff", Description: "Staff."},
		Groups:     []authz.Group{authz.Staff},
		Handle:     func(context.Context, *Invocation) (Reply, error) { return Reply{Content: "hecho"}, nil },
	})
	r.start(b, true)
	r.eventually("the start reconcile", func() bool {
		m, _ := r.app.Members.Get(context.Background(), "500000000000000003")
		return m != nil
	})
	sent := r.fake.SendInteraction(interaction("solo-staff", "500000000000000003"))
	r.eventually("answered", func() bool { return len(r.fake.InteractionResponses(sent.ID)) == 1 })
	data := r.fake.InteractionResponses(sent.ID)[0].Data
	if data.Content == "hecho" || data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(data.Content, "permiso") {
		t.Fatalf("refusal %+v", data)
	}
}
