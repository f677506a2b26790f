package bot

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/roblox"
	"zocalo/core/tickets"
	"zocalo/core/verification"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// heldQueue stops a worker: it hands it a job that waits until released, then fills its
// queue, so the next job offered finds no room. The returned release lets the worker go.
func heldQueue(t *testing.T, queue chan func(context.Context)) (release func()) {
	t.Helper()
	started, held := make(chan struct{}), make(chan struct{})
	queue <- func(context.Context) { close(started); <-held }
	<-started
	for filled := false; !filled; {
		select {
		case queue <- func(context.Context) {}:
		default:
			filled = true
		}
	}
	return sync.OnceFunc(func() { close(held) })
}

// dropped reads zocalo_bot_gateway_events_dropped_total for a queue.
func dropped(t *testing.T, b *Bot, queue string) float64 {
	t.Helper()
	families, err := b.deps.Metrics.(*prometheus.Registry).Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != "zocalo_bot_gateway_events_dropped_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "queue" && l.GetValue() == queue {
					return m.GetCounter().GetValue()
				}
			}
		}
	}
	return 0
}

// While the role sync's worker is stuck and its queue full, the gateway goes on: a
// command is answered. The member event that found no room is dropped and counted, and
// once the worker has room it reads the member list again: the member's roles are
// recorded, and the verified role taken away by hand in that lost event is put back.
func TestAFullRoleSyncQueueNeitherStopsTheGatewayNorLosesAMember(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		const pepe, asker = "560000000000000061", "560000000000000062"
		r.member(pepe, "pepe", authz.Diputado)
		r.member(asker, "asker")
		b := r.newBot()
		b.sync.queue = make(chan func(context.Context), 8)
		r.start(b, true)
		if _, err := r.app.Roblox.Link(ctx, pepe, roblox.Account{UserID: "5100000061", Username: "PepeMX"}); err != nil {
			t.Fatal(err)
		}
		r.eventually("the verified role is given", func() bool { _, verified := r.discordState(pepe); return verified })
		r.settled(pepe, "560000000000000063")
		before := dropped(t, b, queueMembers)
		deliveries := len(verifyEvents(t, d, pepe))

		release := heldQueue(t, b.sync.queue)
		t.Cleanup(release)
		// A moderator takes the verified role away: the event finds the queue full.
		if err := r.fake.UpdateMemberRoles(pepe, testenv.RoleIDs(authz.Diputado)...); err != nil {
			t.Fatal(err)
		}
		r.eventually("the event is dropped", func() bool { return dropped(t, b, queueMembers) == before+1 })
		// The gateway reads on: an interaction after it is answered.
		sent := r.fake.SendInteraction(interaction("perfil", asker))
		r.eventually("/perfil is answered while the role sync is stuck", func() bool {
			return len(r.fake.InteractionResponses(sent.ID)) == 1
		})
		if !slices.Contains(r.rolesOf(pepe), testVerifiedRole) {
			t.Fatal("the dropped event was recorded")
		}

		release()
		r.eventually("the verified role is put back", func() bool {
			_, verified := r.discordState(pepe)
			return verified && len(verifyEvents(t, d, pepe)) == deliveries+1
		})
		r.settled(pepe, "560000000000000064")
		if got := r.rolesOf(pepe); !slices.Contains(got, testVerifiedRole) {
			t.Fatalf("pepe's roles %v", got)
		}
		evs := verifyEvents(t, d, pepe)
		testenv.ExpectCount(t, "verification deliveries", int64(len(evs)), int64(deliveries+1))
		if reason := verificationReason(t, evs[len(evs)-1]); reason != verification.ReasonReapply {
			t.Fatalf("the last delivery's reason is %s", reason)
		}
		testenv.ExpectCount(t, "member events dropped", int64(dropped(t, b, queueMembers)), int64(before+1))
	})
}

// While the messages' worker is stuck and its queue full, a staff member's two replies in a
// ticket's thread are dropped (the second because its channel waits to be read again), and
// a message in another channel too. Once the worker has room it reads the thread's history
// from the first dropped: both replies reach the ticket, once and in order. A later reply
// is recorded as it comes.
func TestAFullMessageQueueCatchesUpFromTheThread(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		staffCh := r.cfg.Channels.StaffTickets
		r.fake.AddChannel(staffCh, "tickets-staff")
		const player, mod = "530000000000000071", "530000000000000072"
		r.member(player, "jugador")
		r.member(mod, "moderadora", authz.Moderador)
		b := r.newBot()
		b.messages.queue = make(chan func(context.Context), 4)
		r.start(b, true)
		r.eventually("the start reconcile", func() bool { return len(r.rolesOf(mod)) == 1 })
		author, err := r.app.Members.MemberActor(ctx, player)
		if err != nil {
			t.Fatal(err)
		}
		v, err := r.app.Tickets.Create(ctx, author, tickets.CreateInput{Title: "No puedo entrar", Message: "Me expulsa"}, r.app.Tickets.NewUploads())
		if err != nil {
			t.Fatal(err)
		}
		var thread string
		r.eventually("the ticket records its thread", func() bool {
			ths := r.fake.Threads(staffCh)
			if len(ths) == 1 && testenv.CountRows(t, d, "tickets", "discord_thread_id = ?", ths[0].ID) == 1 {
				thread = ths[0].ID
				return true
			}
			return false
		})
		staffReplies := func() []string {
			got, err := r.app.Tickets.Get(ctx, author, v.TicketID)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, m := range got.Messages {
				if m.SenderType == tickets.SenderStaff {
					out = append(out, m.Content)
				}
			}
			return out
		}
		before := dropped(t, b, queueMessages)

		release := heldQueue(t, b.messages.queue)
		t.Cleanup(release)
		r.fake.PostUserMessage(thread, mod, "Primero: ya lo revisamos")
		r.fake.PostUserMessage(testChannel, mod, "hola a todos")
		r.fake.PostUserMessage(thread, mod, "Segundo: intenta de nuevo")
		r.eventually("the three messages are dropped", func() bool { return dropped(t, b, queueMessages) == before+3 })
		if got := staffReplies(); len(got) != 0 {
			t.Fatalf("recorded while the worker is stuck: %v", got)
		}

		release()
		want := []string{"Primero: ya lo revisamos", "Segundo: intenta de nuevo"}
		r.eventually("the replies are read back from the thread", func() bool { return len(staffReplies()) == len(want) })
		if got := staffReplies(); !slices.Equal(got, want) {
			t.Fatalf("staff replies %v, want %v", got, want)
		}
		r.eventually("the channels are caught up", func() bool {
			b.messages.mu.Lock()
			defer b.messages.mu.Unlock()
			return len(b.messages.missed) == 0
		})
		r.fake.PostUserMessage(thread, mod, "Tercero: ¿ya pudiste?")
		want = append(want, "Tercero: ¿ya pudiste?")
		r.eventually("a later reply is recorded as it comes", func() bool { return len(staffReplies()) == len(want) })
		if got := staffReplies(); !slices.Equal(got, want) {
			t.Fatalf("staff replies %v, want %v", got, want)
		}
		testenv.ExpectCount(t, "messages dropped", int64(dropped(t, b, queueMessages)), int64(before+3))
	})
}
