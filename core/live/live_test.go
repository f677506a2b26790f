package live_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/live"
	"zocalo/internal/testdb"
)

// stream watches the hub as a signed-in member and collects what it is sent.
type stream struct {
	mu     sync.Mutex
	frames []live.Frame
	more   chan struct{}
}

func watch(t *testing.T, ctx context.Context, hub *live.Hub, after string) *stream {
	t.Helper()
	s := &stream{more: make(chan struct{}, 1)}
	go func() {
		err := hub.Watch(ctx, live.WatchOptions{After: after,
			Viewer: live.Viewer{DiscordID: "1", Actor: &authz.Actor{DiscordID: "1"}},
			Check:  func(context.Context, bool) (*authz.Actor, error) { return &authz.Actor{DiscordID: "1"}, nil },
			Send: func(f live.Frame) error {
				s.mu.Lock()
				s.frames = append(s.frames, f)
				s.mu.Unlock()
				select {
				case s.more <- struct{}{}:
				default:
				}
				return nil
			}})
		if err != nil && ctx.Err() == nil {
			t.Error(err)
		}
	}()
	// Watching from "now" starts where the stream first reads: events committed before it
	// are not its own, so nothing is published until the stream says it is ready (under
	// load its goroutine may start after the first writers have committed).
	deadline := time.After(30 * time.Second)
	for {
		s.mu.Lock()
		ready := slices.ContainsFunc(s.frames, func(f live.Frame) bool { return f.Kind == live.FrameReady })
		s.mu.Unlock()
		if ready {
			return s
		}
		select {
		case <-s.more:
		case <-deadline:
			t.Fatal("the stream never said it was ready")
		}
	}
}

// events waits until the stream has been sent an event whose payload says {"i": last}, and
// answers the events before it, with their ids.
func (s *stream) events(t *testing.T, last int) (is []int, ids []string) {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		s.mu.Lock()
		is, ids = nil, nil
		for _, f := range s.frames {
			if f.Kind != "test.event" {
				continue
			}
			var p struct{ I int }
			if err := json.Unmarshal(f.Data, &p); err != nil {
				t.Fatal(err)
			}
			if p.I == last {
				s.mu.Unlock()
				return is, ids
			}
			is, ids = append(is, p.I), append(ids, f.ID)
		}
		s.mu.Unlock()
		select {
		case <-s.more:
		case <-deadline:
			t.Fatalf("the event %d never came; got %v", last, is)
		}
	}
}

func startHub(t *testing.T, d *db.DB) (*live.Hub, context.Context) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	hub := live.NewHub(d, live.Rules{}, nil, time.Now)
	go hub.Run(ctx)
	if _, err := hub.Position(ctx); err != nil {
		t.Fatal(err)
	}
	return hub, ctx
}

func positions(t *testing.T, ids []string) []live.Position {
	t.Helper()
	var out []live.Position
	for _, id := range ids {
		p, ok := live.ParsePosition(id)
		if !ok {
			t.Fatalf("event id %q is not a position", id)
		}
		out = append(out, p)
	}
	return out
}

// However many transactions publish at once, whatever they do before and after, a stream
// gets each committed event once, in the order of positions, and nothing rolled back; a
// stream resuming after any of them gets exactly those that follow. An event committing
// behind one already read would be missing.
func TestStreamsGetEveryCommittedEventOnceInOrder(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		hub, ctx := startHub(t, d)
		pub := live.NewPublisher(d, func() time.Time { return time.Now().UTC() })
		watching := watch(t, ctx, hub, "")
		const writers, done = 40, -1
		var wg sync.WaitGroup
		for i := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := d.InTx(ctx, func(ctx context.Context) error {
					// Some work first, so transactions start in one order and publish in another.
					time.Sleep(time.Duration(i%3) * time.Millisecond)
					if err := pub.Publish(ctx, "test.event", live.AudienceEveryone, "", map[string]int{"i": i}); err != nil {
						return err
					}
					// And some after, between the event's write and its commit.
					return d.BeforeCommit(ctx, func(context.Context) error {
						time.Sleep(time.Duration(i%5) * time.Millisecond)
						if i%7 == 0 {
							return errors.New("rolled back")
						}
						return nil
					})
				})
				if err != nil && err.Error() != "rolled back" {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if err := pub.Publish(ctx, "test.event", live.AudienceEveryone, "", map[string]int{"i": done}); err != nil {
			t.Fatal(err)
		}
		got, ids := watching.events(t, done)
		var want []int
		for i := range writers {
			if i%7 != 0 {
				want = append(want, i)
			}
		}
		sorted := slices.Sorted(slices.Values(got))
		if !slices.Equal(sorted, want) {
			t.Fatalf("the stream got %v, want each of %v once", got, want)
		}
		order := positions(t, ids)
		for k := 1; k < len(order); k++ {
			if !order[k-1].Before(order[k]) {
				t.Fatalf("event %s came after %s", ids[k], ids[k-1])
			}
		}
		for _, k := range []int{0, len(ids) / 2, len(ids) - 1} {
			rest, _ := watch(t, ctx, hub, ids[k]).events(t, done)
			if !slices.Equal(rest, got[k+1:]) {
				t.Fatalf("resumed after %s: got %v, want %v", ids[k], rest, got[k+1:])
			}
		}
	})
}

// On PostgreSQL publishing takes no lock that others wait for: a transaction that has
// published commits while an earlier publisher is still open. Its event reaches streams
// once the earlier one ends, after the earlier one's, so a reader of the later one cannot
// have skipped the earlier.
func TestPostgresPublishersDoNotWaitForEachOther(t *testing.T) {
	t.Parallel()
	if !slices.Contains(testdb.Dialects(), db.Postgres) {
		t.Skip("needs " + testdb.EnvURL)
	}
	d := testdb.Open(t, db.Postgres, true)
	hub, ctx := startHub(t, d)
	pub := live.NewPublisher(d, func() time.Time { return time.Now().UTC() })
	watching := watch(t, ctx, hub, "")

	published, release := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() {
		first <- d.InTx(ctx, func(ctx context.Context) error {
			if err := pub.Publish(ctx, "test.event", live.AudienceEveryone, "", map[string]int{"i": 1}); err != nil {
				return err
			}
			return d.BeforeCommit(ctx, func(context.Context) error {
				close(published)
				<-release
				return nil
			})
		})
	}()
	<-published
	second := make(chan error, 1)
	go func() {
		second <- pub.Publish(ctx, "test.event", live.AudienceEveryone, "", map[string]int{"i": 2})
	}()
	select {
	case err := <-second:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a publisher waited for another one's commit")
	}
	close(release)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if err := pub.Publish(ctx, "test.event", live.AudienceEveryone, "", map[string]int{"i": 3}); err != nil {
		t.Fatal(err)
	}
	got, _ := watching.events(t, 3)
	if !slices.Equal(got, []int{1, 2}) {
		t.Fatalf("the stream got %v, want [1 2]", got)
	}
}

// An event exists exactly when its change does: a rolled-back transaction leaves none.
func TestARolledBackChangeAnnouncesNothing(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		pub := live.NewPublisher(d, time.Now)
		_ = d.InTx(ctx, func(ctx context.Context) error {
			if err := pub.Publish(ctx, "test.event", live.AudienceEveryone, "", struct{}{}); err != nil {
				t.Fatal(err)
			}
			return errors.New("refused")
		})
		if err := pub.Publish(ctx, "test.event", live.AudienceEveryone, "", struct{}{}); err != nil {
			t.Fatal(err)
		}
		var evs []live.Event
		if err := d.Conn(ctx).Find(&evs).Error; err != nil {
			t.Fatal(err)
		}
		if len(evs) != 1 {
			t.Fatalf("events %+v, want one", evs)
		}
	})
}

func TestPositionsReadBackWhatTheyWrite(t *testing.T) {
	t.Parallel()
	p := live.Position{Txn: 812, ID: 40}
	if got, ok := live.ParsePosition(p.String()); !ok || got != p {
		t.Fatalf("%q read back as %+v", p.String(), got)
	}
	for _, bad := range []string{"", "12", "a-1", "1-b", "-1-2", "1--2", "1-2-3"} {
		if _, ok := live.ParsePosition(bad); ok {
			t.Fatalf("%q read as a position", bad)
		}
	}
}

// Transaction ids are shared by every database of a server, but another database's
// transactions write no event here: one left open there holds nothing back here.
func TestPostgresAnotherDatabasesTransactionHoldsNothingBack(t *testing.T) {
	t.Parallel()
	if !slices.Contains(testdb.Dialects(), db.Postgres) {
		t.Skip("needs " + testdb.EnvURL)
	}
	d, other := testdb.Open(t, db.Postgres, true), testdb.Open(t, db.Postgres, true)
	hub, ctx := startHub(t, d)
	pub := live.NewPublisher(d, func() time.Time { return time.Now().UTC() })
	watching := watch(t, ctx, hub, "")

	began, release, ended := make(chan error, 1), make(chan struct{}), make(chan error, 1)
	go func() {
		ended <- other.InTx(ctx, func(ctx context.Context) error {
			// An id of its own, older than the event's below.
			err := other.Conn(ctx).Exec("SELECT pg_current_xact_id()").Error
			began <- err
			<-release
			return err
		})
	}()
	if err := <-began; err != nil {
		t.Fatal(err)
	}
	if err := pub.Publish(ctx, "test.event", live.AudienceEveryone, "", map[string]int{"i": -1}); err != nil {
		t.Fatal(err)
	}
	watching.events(t, -1)
	close(release)
	if err := <-ended; err != nil {
		t.Fatal(err)
	}
}
