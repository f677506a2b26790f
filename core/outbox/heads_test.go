package outbox_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// More lanes blocked or waiting on a retry than the relay reads at once, all older than
// anything due: the due heads are still what Heads returns, oldest first, and a channel
// whose head is not due offers nothing behind it. Once the waiting lanes are due they come
// first, by age, and the blocked ones still take no place.
func TestHeadsAreChosenAmongDueEventsOnly(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		s, clock := newStore(t, d)
		ctx := context.Background()
		const window = 16
		blocked := testenv.SeedLanes(t, d, testenv.Lanes{N: 1200, Prefix: "verify:", FirstMember: 600000000000000000,
			Kind: "member.verify", Status: outbox.StatusBlocked, Reason: "Discord: Missing Permissions (50013)", Attempts: 1,
			Next: clock.Now().Add(time.Hour), Created: clock.Now()})
		waiting := testenv.SeedLanes(t, d, testenv.Lanes{N: 1200, Prefix: "dm:", FirstMember: 610000000000000000,
			Kind: outbox.KindDM, Status: outbox.StatusPending, Reason: "Discord: HTTP 502", Attempts: 1,
			Next: clock.Now().Add(5 * time.Minute), Created: clock.Now()})
		if blocked != 1200 || waiting != 1200 {
			t.Fatalf("seeded %d blocked and %d waiting lanes", blocked, waiting)
		}
		// A channel held by its blocked head, with a due event behind it.
		held := enqueue(t, s, "held", "first")
		applied(t)(s.MarkBlocked(ctx, held, clock.Now().Add(time.Hour), "Discord: Unknown Channel (10003)"))
		enqueue(t, s, "held", "behind")
		news := enqueue(t, s, "news", "n1")
		enqueue(t, s, "news", "n2")
		tickets := enqueue(t, s, "tickets", "t1")

		heads, err := s.Heads(ctx, window)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := ids(heads), []uint64{news.ID, tickets.ID}; !slices.Equal(got, want) {
			t.Fatalf("due heads %v, want %v", got, want)
		}
		if head, err := s.Head(ctx, "held"); err != nil || head != nil {
			t.Fatalf("the held channel's head: %+v, %v", head, err)
		}
		if head, err := s.Head(ctx, "news"); err != nil || head == nil || head.ID != news.ID {
			t.Fatalf("the news channel's head: %+v, %v", head, err)
		}

		clock.Advance(5 * time.Minute)
		heads, err = s.Heads(ctx, window)
		if err != nil {
			t.Fatal(err)
		}
		if len(heads) != window {
			t.Fatalf("%d heads once the waiting lanes are due, want %d", len(heads), window)
		}
		for i, h := range heads {
			if h.Kind != outbox.KindDM || h.Status != outbox.StatusPending || (i > 0 && h.ID <= heads[i-1].ID) {
				t.Fatalf("head %d once the waiting lanes are due: %s %s #%d (after #%d)", i, h.Kind, h.Status, h.ID, heads[max(i-1, 0)].ID)
			}
		}
	})
}

// A blocked event waits longer after each refusal in a row, up to the longest wait, each
// wait shortened by at most a quarter by the event's id; an operator's retry starts again
// from the first wait.
func TestBlockedWaitGrowsToTheLongest(t *testing.T) {
	t.Parallel()
	first, longest := outbox.BlockedRetryFirst, outbox.BlockedRetryLongest
	for _, c := range []struct {
		before int
		full   time.Duration
	}{{0, first}, {1, 2 * first}, {2, 4 * first}, {3, longest}, {10, longest}, {1000, longest}} {
		spread := map[time.Duration]bool{}
		for id := uint64(1); id <= 50; id++ {
			got := outbox.BlockedWait(first, longest, c.before, id)
			if got > c.full || got < c.full*3/4 {
				t.Fatalf("after %d blocked attempts, event %d waits %v, want within [%v, %v]", c.before, id, got, c.full*3/4, c.full)
			}
			if again := outbox.BlockedWait(first, longest, c.before, id); again != got {
				t.Fatalf("event %d waits %v, then %v, for the same attempt", id, got, again)
			}
			spread[got] = true
		}
		if len(spread) < 40 {
			t.Fatalf("after %d blocked attempts, 50 consecutive events share %d waits", c.before, len(spread))
		}
	}

	testdb.Each(t, func(t *testing.T, d *db.DB) {
		s, clock := newStore(t, d)
		ctx := context.Background()
		ev := enqueue(t, s, "A", "a1")
		for want := 1; want <= 3; want++ {
			applied(t)(s.MarkBlocked(ctx, ev, clock.Now().Add(time.Minute), "Discord: Missing Permissions (50013)"))
			ev = get(t, s, ev.ID)
			if ev.BlockedAttempts != want || ev.Attempts != want {
				t.Fatalf("after %d refusals: %d blocked of %d attempts", want, ev.BlockedAttempts, ev.Attempts)
			}
		}
		if _, err := s.Retry(ctx, outbox.CommandLine, ev.ID, outbox.StatusBlocked); err != nil {
			t.Fatal(err)
		}
		if got := get(t, s, ev.ID); got.BlockedAttempts != 0 || got.Attempts != 3 || got.Status != outbox.StatusPending {
			t.Fatalf("after an operator's retry: %d blocked of %d attempts, %s", got.BlockedAttempts, got.Attempts, got.Status)
		}
	})
}

func ids(events []outbox.Event) []uint64 {
	out := []uint64{}
	for _, ev := range events {
		out = append(out, ev.ID)
	}
	return out
}
