package verification_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/core/roblox"
	"zocalo/core/verification"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

const (
	pepe     = "700000000000000041"
	verified = "1300000000000000220"
)

func now() time.Time { return time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC) }

type fixture struct {
	d      *db.DB
	links  *roblox.Service
	verify *verification.Service
}

func newFixture(d *db.DB, template string) fixture {
	links := roblox.NewService(d, nil, now)
	v := verification.NewService(d, outbox.NewStore(d, now), verification.Settings{VerifiedRoleID: verified, NickTemplate: template, Now: now})
	v.Follow(links)
	return fixture{d: d, links: links, verify: v}
}

// deliveries are the verification deliveries queued for a member, oldest first.
func deliveries(t *testing.T, d *db.DB, discordID string) []verification.Apply {
	t.Helper()
	var evs []outbox.Event
	if err := d.Conn(context.Background()).Where("kind = ? AND channel_id = ?", verification.KindApply, verification.ChannelOf(discordID)).
		Order("id").Find(&evs).Error; err != nil {
		t.Fatal(err)
	}
	out := make([]verification.Apply, len(evs))
	for i, ev := range evs {
		if err := json.Unmarshal([]byte(ev.Payload), &out[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func nickOf(p verification.Apply) string {
	if p.Nick == nil {
		return "<none>"
	}
	return *p.Nick
}

func actorOf(id string) *authz.Actor { return &authz.Actor{DiscordID: id, Username: "m" + id} }

var jugador = roblox.Account{UserID: "5100000001", Username: "JugadorMX", DisplayName: "Jugador"}

// Twenty verifications of one account at once: one link, one delivery of the role and the
// nickname.
func TestLinkingTwiceAtOnceDeliversOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(d, "{display} (@{roblox})")
		testenv.Together(d, 20, func(int) {
			if _, err := f.links.Link(context.Background(), pepe, jugador); err != nil {
				t.Error(err)
			}
		})
		got := deliveries(t, d, pepe)
		if len(got) != 1 {
			t.Fatalf("%d deliveries, want 1: %+v", len(got), got)
		}
		p := got[0]
		if p.Reason != verification.ReasonLink || strings.Join(p.AddRoleIDs, ",") != verified || nickOf(p) != "Jugador (@JugadorMX)" || len(p.RemoveRoleIDs) != 0 {
			t.Fatalf("delivery %+v nick %q", p, nickOf(p))
		}
		// Verifying again (the same name) changes nothing in Discord.
		if _, err := f.links.Link(context.Background(), pepe, jugador); err != nil {
			t.Fatal(err)
		}
		testenv.ExpectCount(t, "deliveries after a refresh", int64(len(deliveries(t, d, pepe))), 1)
		// A new name on Roblox is a new nickname.
		renamed := jugador
		renamed.Username = "JugadorMX2"
		if _, err := f.links.Link(context.Background(), pepe, renamed); err != nil {
			t.Fatal(err)
		}
		got = deliveries(t, d, pepe)
		if len(got) != 2 || nickOf(got[1]) != "Jugador (@JugadorMX2)" {
			t.Fatalf("after the rename: %+v", got)
		}
	})
}

// Unlinking takes the role away and resets the nickname, once, however many unlinks come.
func TestUnlinkRemovesRoleAndNickname(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(d, "{roblox}")
		ctx := context.Background()
		if _, err := f.links.Link(ctx, pepe, jugador); err != nil {
			t.Fatal(err)
		}
		actor := &authz.Actor{DiscordID: pepe, Username: "pepe"}
		testenv.Together(d, 20, func(int) {
			if _, err := f.links.Unlink(ctx, actor); err != nil {
				t.Error(err)
			}
		})
		got := deliveries(t, d, pepe)
		if len(got) != 2 {
			t.Fatalf("%d deliveries, want the link's and one unlink: %+v", len(got), got)
		}
		p := got[1]
		if p.Reason != verification.ReasonUnlink || strings.Join(p.RemoveRoleIDs, ",") != verified || nickOf(p) != "" || len(p.AddRoleIDs) != 0 {
			t.Fatalf("unlink delivery %+v", p)
		}
		if id, err := f.verify.Of(ctx, pepe); err != nil || id != nil {
			t.Fatalf("identity after the unlink: %+v, %v", id, err)
		}
		// An unlinked member changed by hand is theirs: nothing is put back.
		queued, err := f.verify.Reapply(ctx, verification.Observed{DiscordID: pepe, Nick: "otro"})
		if err != nil || queued {
			t.Fatalf("re-apply of an unlinked member: %v, %v", queued, err)
		}
	})
}

// A role or nickname changed by hand is put back, once while its delivery is queued;
// what the bot itself set is left alone.
func TestReapplyAfterManualChange(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(d, "{roblox}")
		ctx := context.Background()
		o := outbox.NewStore(d, now)
		if _, err := f.links.Link(ctx, pepe, jugador); err != nil {
			t.Fatal(err)
		}
		deliverAll := func() {
			t.Helper()
			for {
				ev, err := o.Head(ctx, verification.ChannelOf(pepe))
				if err != nil {
					t.Fatal(err)
				}
				if ev == nil {
					return
				}
				if ok, err := o.MarkDelivered(ctx, *ev, ""); err != nil || !ok {
					t.Fatalf("mark delivered: %v %v", ok, err)
				}
			}
		}
		// The event of the bot's own change while its delivery is still queued.
		if queued, err := f.verify.Reapply(ctx, verification.Observed{DiscordID: pepe}); err != nil || queued {
			t.Fatalf("re-apply with the link's delivery queued: %v, %v", queued, err)
		}
		deliverAll()
		as := verification.Observed{DiscordID: pepe, RoleIDs: []string{"1", verified}, Nick: "JugadorMX"}
		if queued, err := f.verify.Reapply(ctx, as); err != nil || queued {
			t.Fatalf("re-apply of what the bot set: %v, %v", queued, err)
		}
		// A moderator takes the role away and renames the member: twenty copies of the event.
		testenv.Together(d, 20, func(int) {
			if _, err := f.verify.Reapply(ctx, verification.Observed{DiscordID: pepe, RoleIDs: []string{"1"}, Nick: "Pepito"}); err != nil {
				t.Error(err)
			}
		})
		got := deliveries(t, d, pepe)
		if len(got) != 2 || got[1].Reason != verification.ReasonReapply || strings.Join(got[1].AddRoleIDs, ",") != verified || nickOf(got[1]) != "JugadorMX" {
			t.Fatalf("deliveries %+v", got)
		}
		deliverAll()
		// Discord shows it put back; the same change by hand, made again later, is put back again.
		if queued, err := f.verify.Reapply(ctx, as); err != nil || queued {
			t.Fatalf("re-apply of what the bot set: %v, %v", queued, err)
		}
		if queued, err := f.verify.Reapply(ctx, verification.Observed{DiscordID: pepe, RoleIDs: []string{"1"}, Nick: "Pepito"}); err != nil || !queued {
			t.Fatalf("re-apply of the same change made again: %v, %v", queued, err)
		}
		// A change made while that delivery is under way (tried, not landed) may have come
		// after it went out: it is put back too.
		ev, err := o.Head(ctx, verification.ChannelOf(pepe))
		if err != nil || ev == nil {
			t.Fatalf("head %v %v", ev, err)
		}
		if ok, err := o.MarkAttempting(ctx, ev); err != nil || !ok {
			t.Fatalf("mark attempting: %v %v", ok, err)
		}
		if queued, err := f.verify.Reapply(ctx, verification.Observed{DiscordID: pepe, RoleIDs: []string{verified}, Nick: ""}); err != nil || !queued {
			t.Fatalf("re-apply of a nickname cleared during a delivery: %v, %v", queued, err)
		}
		testenv.ExpectCount(t, "deliveries", int64(len(deliveries(t, d, pepe))), 4)
	})
}

func TestNicknameIsCutToDiscordsLength(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, template string
		acct           roblox.Account
		want           string
	}{
		{"plain", "{roblox}", jugador, "JugadorMX"},
		{"display falls back to the name", "{display}", roblox.Account{Username: "Solo"}, "Solo"},
		{"cut at 32", "{display} | {roblox}", roblox.Account{Username: "UnNombreMuyLargoDeRoblox", DisplayName: "Nombre Visible"},
			"Nombre Visible | UnNombreMuyLarg"},
		// An emoji is two UTF-16 code units: fifteen letters and nine emoji are 33 units,
		// so the last emoji goes whole.
		{"emoji counted as Discord does", "{display}", roblox.Account{Username: "x", DisplayName: "abcdefghijklmno" + strings.Repeat("😀", 9)},
			"abcdefghijklmno" + strings.Repeat("😀", 8)},
		{"no space left at the cut", "{roblox} {display}", roblox.Account{Username: strings.Repeat("a", 31), DisplayName: "b"}, strings.Repeat("a", 31)},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := verification.Nickname(c.template, c.acct); got != c.want {
				t.Fatalf("Nickname = %q, want %q", got, c.want)
			}
		})
	}
}

// Members linked before verification was configured get what a link gives now, once,
// however many backfills run at once.
func TestBackfillLinksMadeBeforeConfiguration(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		before := roblox.NewService(d, nil, now)
		if _, err := before.Link(ctx, pepe, jugador); err != nil {
			t.Fatal(err)
		}
		f := newFixture(d, "{roblox}")
		testenv.Together(d, 20, func(int) {
			if _, err := f.verify.Backfill(ctx, 100); err != nil {
				t.Error(err)
			}
		})
		got := deliveries(t, d, pepe)
		if len(got) != 1 || strings.Join(got[0].AddRoleIDs, ",") != verified || nickOf(got[0]) != "JugadorMX" {
			t.Fatalf("deliveries %+v", got)
		}
		if n, err := f.verify.Backfill(ctx, 100); err != nil || n != 0 {
			t.Fatalf("a second backfill: %d, %v", n, err)
		}
	})
}

// The events of the bot's own delivery, read after it landed, queue nothing: each shows a
// step (the role landed, the nickname not yet) and takes nothing away. An event that takes
// a role or the nickname given away is put back.
func TestReapplyPutsBackOnlyWhatAnEventTookAway(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(d, "{roblox}")
		ctx := context.Background()
		o := outbox.NewStore(d, now)
		if _, err := f.links.Link(ctx, pepe, jugador); err != nil {
			t.Fatal(err)
		}
		land := func() {
			t.Helper()
			ev, err := o.Head(ctx, verification.ChannelOf(pepe))
			if err != nil || ev == nil {
				t.Fatalf("head %v %v", ev, err)
			}
			if ok, err := o.MarkAttempting(ctx, ev); err != nil || !ok {
				t.Fatalf("mark attempting: %v %v", ok, err)
			}
			if ok, err := o.MarkDelivered(ctx, *ev, ""); err != nil || !ok {
				t.Fatalf("mark delivered: %v %v", ok, err)
			}
		}
		land()
		joined := &verification.Seen{RoleIDs: []string{"1"}}
		roleLanded := verification.Observed{DiscordID: pepe, RoleIDs: []string{"1", verified}, Before: joined}
		nickLanded := verification.Observed{DiscordID: pepe, RoleIDs: []string{"1", verified}, Nick: "JugadorMX",
			Before: &verification.Seen{RoleIDs: roleLanded.RoleIDs}}
		for _, step := range []verification.Observed{roleLanded, nickLanded} {
			if queued, err := f.verify.Reapply(ctx, step); err != nil || queued {
				t.Fatalf("re-apply of the bot's own step %+v: %v, %v", step, queued, err)
			}
		}
		testenv.ExpectCount(t, "deliveries", int64(len(deliveries(t, d, pepe))), 1)

		given := &verification.Seen{RoleIDs: nickLanded.RoleIDs, Nick: "JugadorMX"}
		for _, c := range []struct {
			name string
			obs  verification.Observed
		}{
			{"the role taken away", verification.Observed{DiscordID: pepe, RoleIDs: []string{"1"}, Nick: "JugadorMX", Before: given}},
			{"the nickname changed", verification.Observed{DiscordID: pepe, RoleIDs: given.RoleIDs, Nick: "Pepito", Before: given}},
		} {
			before := len(deliveries(t, d, pepe))
			if queued, err := f.verify.Reapply(ctx, c.obs); err != nil || !queued {
				t.Fatalf("%s: re-apply %v, %v", c.name, queued, err)
			}
			got := deliveries(t, d, pepe)
			if len(got) != before+1 || got[before].Reason != verification.ReasonReapply {
				t.Fatalf("%s: deliveries %+v", c.name, got)
			}
			// It lands, and Discord shows what was given again.
			land()
			back := verification.Observed{DiscordID: pepe, RoleIDs: given.RoleIDs, Nick: "JugadorMX",
				Before: &verification.Seen{RoleIDs: c.obs.RoleIDs, Nick: c.obs.Nick}}
			if queued, err := f.verify.Reapply(ctx, back); err != nil || queued {
				t.Fatalf("%s: re-apply of it put back: %v, %v", c.name, queued, err)
			}
		}

		// The member list read at start shows a role taken away while the bot was away, and
		// another member nobody linked. Asked for before the last delivery landed, it may
		// show that delivery half done: nothing. Asked for after: one delivery, for the first.
		list := []verification.Observed{
			{DiscordID: pepe, RoleIDs: []string{"1"}, Nick: "JugadorMX", Before: given},
			{DiscordID: "700000000000000042", RoleIDs: []string{"1"}},
		}
		if queued, err := f.verify.Recheck(ctx, list, now()); err != nil || queued != 0 {
			t.Fatalf("recheck of a list older than the last delivery queued %d, %v; want 0", queued, err)
		}
		later := now().Add(time.Minute)
		if queued, err := f.verify.Recheck(ctx, list, later); err != nil || queued != 1 {
			t.Fatalf("recheck queued %d, %v; want 1", queued, err)
		}
		// Read again, with that delivery still queued: nothing more.
		if queued, err := f.verify.Recheck(ctx, list[:1], later); err != nil || queued != 0 {
			t.Fatalf("a second recheck queued %d, %v", queued, err)
		}
		testenv.ExpectCount(t, "deliveries", int64(len(deliveries(t, d, pepe))), 4)
	})
}
