package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/news"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// A guild where the bot's role sits below the verified role: every member's verification
// lane is blocked (403 50013), and as many members' DMs wait on a retry, all queued before
// anything else and far more than the relay reads at once. A news item published then is
// posted, and not one of those lanes is tried before its time.
func TestThousandsOfStuckLanesDoNotHoldBackANewsPost(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		clock := r.withClock()
		const lanes = 1200
		missing := "Discord: Missing Permissions (50013)"
		blocked := testenv.SeedLanes(t, d, testenv.Lanes{N: lanes, Prefix: "verify:", FirstMember: 600000000000000000,
			Kind: "member.verify", Status: outbox.StatusBlocked, Reason: missing, Attempts: 1,
			Next: clock.Now().Add(outbox.BlockedRetryFirst), Created: clock.Now()})
		waiting := testenv.SeedLanes(t, d, testenv.Lanes{N: lanes, Prefix: "dm:", FirstMember: 610000000000000000,
			Kind: outbox.KindDM, Status: outbox.StatusPending, Reason: "Discord: HTTP 502", Attempts: 1,
			Next: clock.Now().Add(time.Minute), Created: clock.Now()})
		if blocked != lanes || waiting != lanes {
			t.Fatalf("seeded %d blocked and %d waiting lanes", blocked, waiting)
		}
		if lanes <= headsWindow {
			t.Fatalf("%d lanes do not fill the relay's window of %d", lanes, headsWindow)
		}
		b := r.newBot()
		r.start(b, true)
		r.eventually("the relay counts the stuck lanes", func() bool { return gauge(b, "zocalo_outbox_blocked") == lanes })

		admin := &authz.Actor{DiscordID: "510000000000000001", Roles: authz.RoleSet{authz.ScjnAdmin: true}}
		card, err := r.app.News.Create(context.Background(), admin, news.Input{Title: "Servidor abierto", Content: "Ya pueden entrar.",
			Type: news.TypeAnnouncement})
		if err != nil {
			t.Fatal(err)
		}
		r.eventually("the news post reaches its channel", func() bool { return len(r.fake.Messages(testChannel)) == 1 })
		if got := r.fake.Messages(testChannel)[0]; len(got.Embeds) != 1 || got.Embeds[0].Title != "Servidor abierto" ||
			got.Embeds[0].URL != "http://portal.test/news/"+card.ID {
			t.Fatalf("posted %+v", got.Embeds)
		}

		// The lanes are as they were seeded: none was tried, none moved.
		for _, c := range []struct {
			what, status string
		}{{"blocked verifications", outbox.StatusBlocked}, {"DMs waiting on a retry", outbox.StatusPending}} {
			stuck := testenv.CountRows(t, d, "outbox_events", "status = ? AND attempts = 1 AND first_attempt_at IS NULL AND channel_id <> ?",
				c.status, testChannel)
			testenv.ExpectCount(t, c.what+" left as they were", stuck, lanes)
		}
		for _, req := range r.fake.Requests() {
			// A verification changes the member's roles and nickname; a DM opens the member's channel.
			if strings.Contains(req.Path, "/members/") || strings.HasSuffix(req.Path, "/users/@me/channels") {
				t.Fatalf("a stuck lane was tried: %s %s", req.Method, req.Path)
			}
		}
	})
}
