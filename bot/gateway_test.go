package bot

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/db"
	"zocalo/core/identifies"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// A token Discord refuses at IDENTIFY (4004) stops the bot: one identify, no reconnect,
// and its health says why.
func TestGatewayStopsWhenTheTokenIsRefused(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.fake.SetBotToken("a-token-reset-in-the-developer-portal")
	b := r.newBot()
	stop := r.start(b, false)
	r.eventually("the bot stops", func() bool { return b.Health().Gateway == gatewayStopped })
	h := b.Health()
	if h.Status != "stopped" || !h.AuthRefused || h.LastCloseCode != 4004 || !strings.Contains(h.StopReason, "discord.botToken") {
		t.Fatalf("health %+v", h)
	}
	if got := gathered(t, b, "zocalo_bot_auth_refused")[""]; got != 1 {
		t.Fatalf("zocalo_bot_auth_refused %v", got)
	}
	// The bot keeps running, stopped; what it did meanwhile is all it will ever do.
	if !b.Leading() {
		t.Fatal("the bot let go of the leader lock")
	}
	stop()
	if ids := r.fake.Identifies(); len(ids) != 1 {
		t.Fatalf("%d identifies after a 4004, want 1", len(ids))
	}
	if r.fake.Resumes() != 0 {
		t.Fatal("the bot tried to resume after a 4004")
	}
}

// Privileged intents not enabled in the developer portal (4014) stop the bot with the
// fix in its health; the token itself is fine.
func TestGatewayStopsWhenPrivilegedIntentsAreDisallowed(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.fake.SetPrivilegedIntents(discordgo.IntentGuildMembers) // Message Content left off
	b := r.newBot()
	stop := r.start(b, false)
	r.eventually("the bot stops", func() bool { return b.Health().Gateway == gatewayStopped })
	h := b.Health()
	if h.Status != "stopped" || h.AuthRefused || h.LastCloseCode != 4014 ||
		!strings.Contains(h.StopReason, "Message Content Intent") {
		t.Fatalf("health %+v", h)
	}
	if got := gathered(t, b, "zocalo_bot_gateway_closes_total")["code=4014"]; got != 1 {
		t.Fatalf("closes with 4014: %v", got)
	}
	stop()
	if ids := r.fake.Identifies(); len(ids) != 1 {
		t.Fatalf("%d identifies after a 4014, want 1", len(ids))
	}
}

// A dropped socket is the bot's own loop's to reconnect: it resumes, and events flow.
func TestGatewayReconnectsAfterADroppedSocket(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.addConfiguredChannels()
	b := r.newBot()
	r.start(b, true)
	// The drop comes once the guild is read: a GUILD_CREATE replayed on the resume would
	// run the role sync's member request inside discordgo's Open, which waits for it.
	r.eventually("the guild is read", func() bool { return b.Health().ConfiguredIDsChecked })
	r.fake.DropConnections()
	r.eventually("the session resumed", func() bool {
		return r.fake.Resumes() >= 1 && r.fake.Connected() == 1 && b.Health().Gateway == gatewayConnected
	})
	r.fake.Dispatch("GUILD_MEMBER_ADD", discordgo.GuildMemberAdd{Member: &discordgo.Member{GuildID: testenv.GuildID,
		User: &discordgo.User{ID: "690000000000000042", Username: "vuelta"}, Roles: []string{}}})
	r.eventually("the event after the reconnect is applied", func() bool {
		m, err := r.app.Members.Get(context.Background(), "690000000000000042")
		return err == nil && m != nil && m.InGuild
	})
	if ids := r.fake.Identifies(); len(ids) != 1 {
		t.Fatalf("%d identifies: a resume needs none", len(ids))
	}
	if h := b.Health(); h.Status != "ok" || h.Gateway != gatewayConnected {
		t.Fatalf("health %+v", h)
	}
}

// A live session Discord ends with 4004 (the token was reset while the bot ran) stops the
// bot with no further identify; one it ends with a code worth retrying (4000) is resumed.
func TestGatewayReadsTheCloseCodeOfALiveSession(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.addConfiguredChannels()
	b := r.newBot()
	stop := r.start(b, true)
	r.eventually("the guild is read", func() bool { return b.Health().ConfiguredIDsChecked })

	r.fake.CloseConnections(4000, "Unknown error.")
	r.eventually("the session resumed", func() bool {
		return r.fake.Resumes() >= 1 && r.fake.Connected() == 1 && b.Health().Gateway == gatewayConnected
	})
	if h := b.Health(); h.LastCloseCode != 4000 || h.Status != "ok" {
		t.Fatalf("health after a 4000: %+v", h)
	}

	r.fake.SetBotToken("a-token-reset-in-the-developer-portal")
	r.fake.CloseConnections(4004, "Authentication failed.")
	r.eventually("the bot stops", func() bool { return b.Health().Gateway == gatewayStopped })
	if h := b.Health(); !h.AuthRefused || h.LastCloseCode != 4004 {
		t.Fatalf("health after a 4004: %+v", h)
	}
	stop()
	if ids := r.fake.Identifies(); len(ids) != 1 {
		t.Fatalf("%d identifies: neither the resume nor the 4004 needs another", len(ids))
	}
}

// A socket dropped as soon as the bot connected, while the guild may still be on its way:
// the bot resumes, reads the guild and stops cleanly.
func TestGatewayResumesWhenDroppedBeforeTheGuildIsRead(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.addConfiguredChannels()
	b := r.newBot()
	stop := r.start(b, true)
	r.fake.DropConnections()
	r.eventually("the session is back", func() bool {
		return r.fake.Connected() == 1 && b.Health().Gateway == gatewayConnected && b.Health().ConfiguredIDsChecked
	})
	stop()
}

// A REST 401 (the relay calls authRefused) closes the session, and it stays closed.
func TestRefusedTokenOnRESTClosesTheGateway(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	b := r.newBot()
	stop := r.start(b, true)
	b.authRefused(errors.New("HTTP 401 Unauthorized, {\"message\": \"401: Unauthorized\", \"code\": 0}"))
	r.eventually("the gateway closes", func() bool { return r.fake.Connected() == 0 && b.Health().Gateway == gatewayStopped })
	// Even a dropped socket now brings nothing back.
	r.fake.DropConnections()
	stop()
	if ids := r.fake.Identifies(); len(ids) != 1 || r.fake.Resumes() != 0 {
		t.Fatalf("identifies %d, resumes %d: the bot reconnected after the refusal", len(ids), r.fake.Resumes())
	}
	if h := b.Health(); !h.AuthRefused || h.Status != "stopped" {
		t.Fatalf("health %+v", h)
	}
}

// Identifies are counted across restarts; at the budget the next bot waits instead of
// identifying.
func TestIdentifyBudgetHoldsAcrossRestarts(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		for range 2 {
			b := r.newBot()
			b.identifyBudget = 2
			stop := r.start(b, true)
			stop()
		}
		if n := len(r.fake.Identifies()); n != 2 {
			t.Fatalf("%d identifies, want 2", n)
		}
		usage, err := identifies.NewStore(d).Since(context.Background(), identifies.KeyOf(testenv.BotToken), r.app.Now())
		if err != nil || usage.Count != 2 {
			t.Fatalf("recorded %+v, %v", usage, err)
		}
		b := r.newBot()
		b.identifyBudget = 2
		stop := r.start(b, false)
		r.eventually("the third bot waits for the budget", func() bool { return b.Health().IdentifyBudgetWaitUntil != nil })
		h := b.Health()
		if want := usage.Oldest.Add(24 * time.Hour); !h.IdentifyBudgetWaitUntil.Equal(want) || h.Status != "degraded" {
			t.Fatalf("health %+v, want a wait until %v", h, want)
		}
		stop()
		if n := len(r.fake.Identifies()); n != 2 {
			t.Fatalf("%d identifies past the budget", n)
		}
	})
}

// Over TLS (wss://, as Discord serves its gateway) the bot's own dialer connects, reads
// the close code and counts the identify.
func TestGatewayOverTLS(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	secure := httptest.NewTLSServer(r.fake.Handler())
	defer secure.Close()
	r.fake.SetGatewayURL("wss" + strings.TrimPrefix(secure.URL, "https") + "/gateway")
	roots := x509.NewCertPool()
	roots.AddCert(secure.Certificate())

	b := r.newBot()
	b.deps.GatewayTLS = &tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12}
	stop := r.start(b, true)
	stop()
	if got := gathered(t, b, "zocalo_bot_gateway_identifies_total")[""]; got != 1 {
		t.Fatalf("identifies counted: %v", got)
	}

	r.fake.SetBotToken("a-token-reset-in-the-developer-portal")
	b = r.newBot()
	b.deps.GatewayTLS = &tls.Config{RootCAs: roots, MinVersion: tls.VersionTLS12}
	r.start(b, false)
	r.eventually("the bot stops", func() bool { return b.Health().Gateway == gatewayStopped })
	if h := b.Health(); h.LastCloseCode != 4004 || !h.AuthRefused {
		t.Fatalf("health %+v", h)
	}
}
