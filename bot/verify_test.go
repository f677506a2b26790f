package bot

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/core/roblox"
	"zocalo/core/verification"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// verifyEvents are a member's verification deliveries, oldest first.
func verifyEvents(t testing.TB, d *db.DB, memberID string) []outbox.Event {
	t.Helper()
	var evs []outbox.Event
	if err := d.Conn(context.Background()).Where("channel_id = ?", verification.ChannelOf(memberID)).Order("id").Find(&evs).Error; err != nil {
		t.Fatal(err)
	}
	return evs
}

// settled waits until a member's verification deliveries are all delivered, and until the
// role sync has handled every member event sent so far (a later member's arrival is
// recorded after them).
func (r *rig) settled(memberID, marker string) {
	r.t.Helper()
	r.eventually("the verification deliveries land", func() bool {
		for _, ev := range verifyEvents(r.t, r.db, memberID) {
			if ev.Status != outbox.StatusDelivered {
				return false
			}
		}
		return true
	})
	r.fake.AddMember(discordgo.User{ID: marker, Username: "marca"})
	r.eventually("the events before the marker are handled", func() bool {
		m, _ := r.app.Members.Get(context.Background(), marker)
		return m != nil
	})
	r.eventually("the verification deliveries land", func() bool {
		for _, ev := range verifyEvents(r.t, r.db, memberID) {
			if ev.Status != outbox.StatusDelivered {
				return false
			}
		}
		return true
	})
}

func (r *rig) discordState(id string) (nick string, verified bool) {
	m, _ := r.fake.Member(id)
	return m.Nick, slices.Contains(m.Roles, testVerifiedRole)
}

// A link gives the verified role and the nickname in Discord; changed by hand, they are put
// back; an unlink takes them away.
func TestVerificationInDiscord(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		const pepe = "560000000000000031"
		r.member(pepe, "pepe", authz.Diputado)
		r.start(r.newBot(), true)
		if _, err := r.app.Roblox.Link(ctx, pepe, roblox.Account{UserID: "5100000001", Username: "JugadorMX", DisplayName: "Jugador"}); err != nil {
			t.Fatal(err)
		}
		r.eventually("the role and nickname are set", func() bool {
			nick, verified := r.discordState(pepe)
			return verified && nick == "JugadorMX"
		})
		r.settled(pepe, "560000000000000091")

		// A moderator takes the role away by hand: it comes back.
		if err := r.fake.UpdateMemberRoles(pepe, testenv.RoleIDs(authz.Diputado)...); err != nil {
			t.Fatal(err)
		}
		r.eventually("the role is given back", func() bool { _, verified := r.discordState(pepe); return verified })
		// And renames the member: the nickname comes back.
		if err := r.fake.SetNick(pepe, "Pepito"); err != nil {
			t.Fatal(err)
		}
		r.eventually("the nickname is set back", func() bool { nick, _ := r.discordState(pepe); return nick == "JugadorMX" })
		r.settled(pepe, "560000000000000092")
		m, _ := r.fake.Member(pepe)
		if !slices.Contains(m.Roles, testenv.Roles[authz.Diputado]) {
			t.Fatalf("the member's other roles are gone: %v", m.Roles)
		}
		// Leaving and joining again starts with no roles and no nickname: both come back.
		r.fake.RemoveMember(pepe)
		r.fake.AddMember(discordgo.User{ID: pepe, Username: "pepe"})
		r.eventually("the rejoined member gets the role and nickname", func() bool {
			nick, verified := r.discordState(pepe)
			return verified && nick == "JugadorMX"
		})
		r.settled(pepe, "560000000000000095")

		if _, err := r.app.Roblox.Unlink(ctx, &authz.Actor{DiscordID: pepe, Username: "pepe"}); err != nil {
			t.Fatal(err)
		}
		r.eventually("the role and nickname are gone", func() bool {
			nick, verified := r.discordState(pepe)
			return !verified && nick == ""
		})
		r.settled(pepe, "560000000000000093")
		reasons := map[string]int{}
		for _, ev := range verifyEvents(t, d, pepe) {
			reasons[verificationReason(t, ev)]++
		}
		if reasons[verification.ReasonLink] != 1 || reasons[verification.ReasonUnlink] != 1 || reasons[verification.ReasonReapply] < 2 {
			t.Fatalf("deliveries by reason %v", reasons)
		}
		// Unlinked, the member's own nickname is theirs.
		if err := r.fake.SetNick(pepe, "Pepito"); err != nil {
			t.Fatal(err)
		}
		before := len(verifyEvents(t, d, pepe))
		r.settled(pepe, "560000000000000094")
		if got := len(verifyEvents(t, d, pepe)); got != before {
			t.Fatalf("%d deliveries after an unlinked member's own nickname, want %d", got, before)
		}
		if nick, _ := r.discordState(pepe); nick != "Pepito" {
			t.Fatalf("nickname %q", nick)
		}
	})
}

func verificationReason(t *testing.T, ev outbox.Event) string {
	t.Helper()
	for _, r := range []string{verification.ReasonLink, verification.ReasonUnlink, verification.ReasonReapply, verification.ReasonBinds} {
		if strings.Contains(ev.Payload, `"reason":"`+r+`"`) {
			return r
		}
	}
	t.Fatalf("no reason in %s", ev.Payload)
	return ""
}

// A member Discord will not let the bot change (the owner, a member whose role is above the
// bot's) is a blocked delivery: shown to operators, holding back only that member, and not
// queued again by every event of theirs.
func TestVerificationOfAMemberDiscordRefusesIsBlocked(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		setup func(r *rig, id string)
	}{
		{"the owner", func(r *rig, id string) { r.fake.SetOwner(id) }},
		{"a member above the bot", func(r *rig, id string) {
			r.fake.AddAdminRole("720000000000000009", "Fundador")
			if err := r.fake.SetRoles(id, "720000000000000009"); err != nil {
				r.t.Fatal(err)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			testdb.Each(t, func(t *testing.T, d *db.DB) {
				r := newRig(t, d)
				ctx := context.Background()
				const boss = "560000000000000041"
				r.member(boss, "jefa")
				c.setup(r, boss)
				r.start(r.newBot(), true)
				if _, err := r.app.Roblox.Link(ctx, boss, roblox.Account{UserID: "5100000002", Username: "LaJefa"}); err != nil {
					t.Fatal(err)
				}
				r.eventually("the delivery is blocked", func() bool {
					evs := verifyEvents(t, d, boss)
					return len(evs) > 0 && evs[0].Status == outbox.StatusBlocked && strings.Contains(evs[0].LastError, "50013")
				})
				handled := func(marker string) {
					r.fake.AddMember(discordgo.User{ID: marker, Username: "marca"})
					r.eventually("the member events are handled", func() bool {
						m, _ := r.app.Members.Get(ctx, marker)
						return m != nil
					})
				}
				// The event of the role the link's delivery gave (before Discord refused the
				// nickname) is the bot's own change: it queues nothing.
				handled("560000000000000098")
				queued := len(verifyEvents(t, d, boss))
				if queued != 1 {
					t.Fatalf("%d deliveries for one link", queued)
				}
				// Events of the member (a role changed by hand) queue nothing more.
				if err := r.fake.UpdateMemberRoles(boss); err != nil {
					t.Fatal(err)
				}
				handled("560000000000000099")
				testenv.ExpectCount(t, "verification deliveries", int64(len(verifyEvents(t, d, boss))), int64(queued))
				if nick, _ := r.discordState(boss); nick != "" {
					t.Fatalf("nickname %q set on a member Discord refuses", nick)
				}
			})
		})
	}
}
