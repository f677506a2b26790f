package outbox_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

func newStore(t *testing.T, d *db.DB) (*outbox.Store, *testenv.Clock) {
	t.Helper()
	clock := testenv.NewClock(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
	return outbox.NewStore(d, clock.Now), clock
}

func enqueue(t *testing.T, s *outbox.Store, channel, text string) outbox.Event {
	t.Helper()
	ev, err := s.Enqueue(context.Background(), outbox.KindChannelMessage, channel, outbox.ChannelMessage{Content: text})
	if err != nil {
		t.Fatal(err)
	}
	return *ev
}

func get(t *testing.T, s *outbox.Store, id uint64) outbox.Event {
	t.Helper()
	ev, err := s.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return *ev
}

func headIDs(t *testing.T, s *outbox.Store) []uint64 {
	t.Helper()
	heads, err := s.Heads(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	var ids []uint64
	for _, h := range heads {
		ids = append(ids, h.ID)
	}
	return ids
}

// applied fails the test unless the update it is given applied.
func applied(t *testing.T) func(bool, error) {
	return func(ok bool, err error) {
		t.Helper()
		if err != nil || !ok {
			t.Fatalf("update applied=%v, error %v", ok, err)
		}
	}
}

// A blocked event is its channel's head: the channel waits behind it, other channels go,
// and it is due again at its next attempt.
func TestBlockedEventHoldsBackItsChannelOnly(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		s, clock := newStore(t, d)
		ctx := context.Background()
		a1 := enqueue(t, s, "A", "a1")
		enqueue(t, s, "A", "a2")
		b1 := enqueue(t, s, "B", "b1")
		if got := headIDs(t, s); fmt.Sprint(got) != fmt.Sprint([]uint64{a1.ID, b1.ID}) {
			t.Fatalf("heads %v", got)
		}

		applied(t)(s.MarkBlocked(ctx, a1, clock.Now().Add(10*time.Minute), "Discord: Missing Permissions (50013)"))
		if got := headIDs(t, s); fmt.Sprint(got) != fmt.Sprint([]uint64{b1.ID}) {
			t.Fatalf("heads while A is blocked %v", got)
		}
		if head, err := s.Head(ctx, "A"); err != nil || head != nil {
			t.Fatalf("channel A's head while blocked: %v, %v", head, err)
		}
		got := get(t, s, a1.ID)
		if got.Status != outbox.StatusBlocked || got.Attempts != 1 || got.LastError != "Discord: Missing Permissions (50013)" {
			t.Fatalf("blocked event %+v", got)
		}

		clock.Advance(10 * time.Minute)
		if got := headIDs(t, s); fmt.Sprint(got) != fmt.Sprint([]uint64{a1.ID, b1.ID}) {
			t.Fatalf("heads once the blocked event is due %v", got)
		}
		head, err := s.Head(ctx, "A")
		if err != nil || head == nil || head.ID != a1.ID || head.Status != outbox.StatusBlocked {
			t.Fatalf("channel A's head when due: %+v, %v", head, err)
		}
	})
}

// An operator's retry makes a blocked event due at once; a discard lets its channel go on.
func TestOperatorsRetryAndDiscardFreeTheChannel(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		s, clock := newStore(t, d)
		ctx := context.Background()
		a1 := enqueue(t, s, "A", "a1")
		a2 := enqueue(t, s, "A", "a2")
		applied(t)(s.MarkBlocked(ctx, a1, clock.Now().Add(10*time.Minute), "Discord: Unknown Channel (10003)"))

		if _, err := s.Retry(ctx, outbox.CommandLine, a1.ID, ""); err != nil {
			t.Fatal(err)
		}
		if got := headIDs(t, s); fmt.Sprint(got) != fmt.Sprint([]uint64{a1.ID}) {
			t.Fatalf("heads after the retry %v", got)
		}
		if _, err := s.Discard(ctx, outbox.CommandLine, a1.ID, ""); err != nil {
			t.Fatal(err)
		}
		if got := headIDs(t, s); fmt.Sprint(got) != fmt.Sprint([]uint64{a2.ID}) {
			t.Fatalf("heads after the discard %v", got)
		}
	})
}

// Every outcome applies only to the status the relay read: a discard that came first
// stands, and of twenty identical outcomes one applies.
func TestOutcomesApplyOnlyFromTheStatusRead(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		s, clock := newStore(t, d)
		ctx := context.Background()
		read := enqueue(t, s, "A", "a1")
		if _, err := s.Discard(ctx, outbox.CommandLine, read.ID, ""); err != nil {
			t.Fatal(err)
		}
		for name, mark := range map[string]func() (bool, error){
			"delivered":    func() (bool, error) { return s.MarkDelivered(ctx, read, "m1") },
			"retry":        func() (bool, error) { return s.MarkRetry(ctx, read, clock.Now(), "500") },
			"rate limited": func() (bool, error) { return s.MarkRateLimited(ctx, read, clock.Now(), "429") },
			"blocked":      func() (bool, error) { return s.MarkBlocked(ctx, read, clock.Now(), "403") },
			"failed":       func() (bool, error) { return s.MarkFailed(ctx, read, "400") },
			"skipped":      func() (bool, error) { return s.MarkSkipped(ctx, read) },
			"attempting":   func() (bool, error) { ev := read; return s.MarkAttempting(ctx, &ev) },
		} {
			ok, err := mark()
			if err != nil || ok {
				t.Fatalf("%s over a discard: applied=%v, error %v", name, ok, err)
			}
		}
		if got := get(t, s, read.ID); got.Status != outbox.StatusDiscarded || got.Attempts != 0 || got.FirstAttemptAt != nil {
			t.Fatalf("after the relay's late outcomes: %+v", got)
		}

		other := enqueue(t, s, "B", "b1")
		var wg sync.WaitGroup
		var mu sync.Mutex
		wins := 0
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := s.MarkDelivered(ctx, other, fmt.Sprintf("m%d", i))
				if err != nil {
					t.Error(err)
				}
				if ok {
					mu.Lock()
					wins++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if got := get(t, s, other.ID); wins != 1 || got.Status != outbox.StatusDelivered || got.Attempts != 1 {
			t.Fatalf("%d of 20 applied; event %+v", wins, got)
		}
	})
}

// A delivery racing an operator's discard leaves one outcome, whichever came first.
func TestDeliveryRacingADiscardLeavesOneOutcome(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newStore(t, d)
		ctx := context.Background()
		for range 10 {
			ev := enqueue(t, s, "A", "a")
			var delivered bool
			var discardErr error
			var wg sync.WaitGroup
			wg.Add(2)
			go func() {
				defer wg.Done()
				var err error
				if delivered, err = s.MarkDelivered(ctx, ev, "m"); err != nil {
					t.Error(err)
				}
			}()
			go func() { defer wg.Done(); _, discardErr = s.Discard(ctx, outbox.CommandLine, ev.ID, "") }()
			wg.Wait()
			got := get(t, s, ev.ID)
			switch {
			case delivered && discardErr != nil && got.Status == outbox.StatusDelivered:
			case !delivered && discardErr == nil && got.Status == outbox.StatusDiscarded:
			default:
				t.Fatalf("delivered=%v, discard error %v, status %s", delivered, discardErr, got.Status)
			}
		}
	})
}

// The first attempt is recorded once, before the request; a rate limit is not a failed
// attempt.
func TestFirstAttemptAndRateLimits(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		s, clock := newStore(t, d)
		ctx := context.Background()
		ev := enqueue(t, s, "A", "a1")
		first := clock.Now()
		applied(t)(s.MarkAttempting(ctx, &ev))
		if ev.FirstAttemptAt == nil || !ev.FirstAttemptAt.Equal(first) {
			t.Fatalf("first attempt %v", ev.FirstAttemptAt)
		}
		clock.Advance(time.Minute)
		applied(t)(s.MarkRateLimited(ctx, ev, clock.Now().Add(time.Minute), "429"))
		ev = get(t, s, ev.ID)
		applied(t)(s.MarkAttempting(ctx, &ev))
		got := get(t, s, ev.ID)
		if got.FirstAttemptAt == nil || !got.FirstAttemptAt.Equal(first) || got.Attempts != 0 ||
			!got.NextAttemptAt.Equal(clock.Now().Add(time.Minute)) || got.Status != outbox.StatusPending {
			t.Fatalf("after a rate limit: %+v", got)
		}
		if got := headIDs(t, s); len(got) != 0 {
			t.Fatalf("rate-limited event due early: %v", got)
		}
	})
}

func TestBacklogCountsWhatWaits(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		s, clock := newStore(t, d)
		ctx := context.Background()
		blocked := enqueue(t, s, "A", "a1")
		clock.Advance(time.Minute)
		enqueue(t, s, "A", "a2")
		failed := enqueue(t, s, "B", "b1")
		applied(t)(s.MarkBlocked(ctx, blocked, clock.Now(), "403"))
		applied(t)(s.MarkFailed(ctx, failed, "400"))
		clock.Advance(time.Minute)
		b, err := s.Backlog(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := outbox.Backlog{Pending: 1, Blocked: 1, Failed: 1, OldestQueued: 2 * time.Minute}
		if b != want {
			t.Fatalf("backlog %+v, want %+v", b, want)
		}
	})
}
