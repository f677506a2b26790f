package live_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/errs"
	"zocalo/core/live"
	"zocalo/internal/testdb"
)

// journal is what one stream did, in order: its waits before re-checks ("pause"), its
// re-checks ("check" or "check fresh") and the frames it sent (their kinds).
type journal struct {
	mu     sync.Mutex
	steps  []string
	pauses []time.Duration
	more   chan struct{}
	done   chan error
}

func (j *journal) add(step string) {
	j.mu.Lock()
	j.steps = append(j.steps, step)
	j.mu.Unlock()
	select {
	case j.more <- struct{}{}:
	default:
	}
}

func (j *journal) snapshot() []string {
	j.mu.Lock()
	defer j.mu.Unlock()
	return slices.Clone(j.steps)
}

// waitFor waits until the journal holds step, or the stream ended.
func (j *journal) waitFor(t *testing.T, step string) []string {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		if steps := j.snapshot(); slices.Contains(steps, step) {
			return steps
		}
		select {
		case <-j.more:
		case err := <-j.done:
			t.Fatalf("the stream ended (%v) before %q: %v", err, step, j.snapshot())
		case <-deadline:
			t.Fatalf("%q never came: %v", step, j.snapshot())
		}
	}
}

// watchAs opens a stream for viewer on hub, journaling what it does.
func watchAs(ctx context.Context, hub *live.Hub, viewer live.Viewer) *journal {
	j := &journal{more: make(chan struct{}, 1), done: make(chan error, 1)}
	go func() {
		j.done <- hub.Watch(ctx, live.WatchOptions{Viewer: viewer,
			Check: func(_ context.Context, fresh bool) (*authz.Actor, error) {
				if fresh {
					j.add("check fresh")
				} else {
					j.add("check")
				}
				return viewer.Actor, nil
			},
			Pause: func(_ context.Context, d time.Duration) error {
				j.mu.Lock()
				j.pauses = append(j.pauses, d)
				j.mu.Unlock()
				j.add("pause")
				return nil
			},
			Send: func(f live.Frame) error {
				if f.Kind != "" {
					j.add(f.Kind)
				}
				return nil
			}})
	}()
	return j
}

func viewer(member, session string) live.Viewer {
	return live.Viewer{DiscordID: member, SessionID: session, Actor: &authz.Actor{DiscordID: member}}
}

// A change of a role's rights touches every stream: each waits a moment of its own,
// within a window that grows with how many there are, before reading its session again,
// and sends nothing meanwhile. A change of one member's roles touches only their streams.
func TestAccessRechecksAreSpreadOverTime(t *testing.T) {
	t.Parallel()
	d := testdb.Default(t)
	hub, ctx := startHub(t, d)
	pub := live.NewPublisher(d, func() time.Time { return time.Now().UTC() })
	const n = 20
	streams := make([]*journal, n)
	for i := range streams {
		streams[i] = watchAs(ctx, hub, viewer(fmt.Sprint(100+i), fmt.Sprint("s", i)))
	}
	for _, s := range streams {
		s.waitFor(t, live.FrameReady)
	}

	if err := pub.AccessChanged(ctx, "*"); err != nil {
		t.Fatal(err)
	}
	if err := pub.Publish(ctx, "test.after", live.AudienceEveryone, "", struct{}{}); err != nil {
		t.Fatal(err)
	}
	window := live.RecheckSpread(n)
	if window <= 0 || live.RecheckSpread(10*n) <= window {
		t.Fatalf("the window for %d streams is %v, for %d %v: it must grow with them", n, window, 10*n, live.RecheckSpread(10*n))
	}
	distinct := map[time.Duration]bool{}
	for i, s := range streams {
		steps := s.waitFor(t, "test.after")
		want := []string{live.FrameReady, "pause", "check fresh", live.FrameAccess, "test.after"}
		if !slices.Equal(steps, want) {
			t.Fatalf("stream %d did %v, want %v", i, steps, want)
		}
		for _, p := range s.pauses {
			if p < 0 || p >= window {
				t.Fatalf("stream %d waited %v, outside [0, %v)", i, p, window)
			}
			distinct[p] = true
		}
	}
	if len(distinct) < 2 {
		t.Fatalf("%d streams all waited %v: their re-checks came at once", n, distinct)
	}

	// One member's change: only that member's stream waits and checks again.
	if err := pub.AccessChanged(ctx, "103"); err != nil {
		t.Fatal(err)
	}
	if err := pub.Publish(ctx, "test.later", live.AudienceEveryone, "", struct{}{}); err != nil {
		t.Fatal(err)
	}
	for i, s := range streams {
		steps := s.waitFor(t, "test.later")
		rest := strings.Join(steps[5:], " ")
		want := "test.later"
		if i == 3 {
			want = "pause check fresh access test.later"
		}
		if rest != want {
			t.Errorf("stream %d after one member's change: %s, want %s", i, rest, want)
		}
	}
}

// A session holds at most MaxStreamsPerSession streams and a member MaxStreamsPerMember
// on a process, however many open at once; a stream refused sends nothing, and one that
// ends gives its place back.
func TestStreamsPerSessionAndMemberAreLimited(t *testing.T) {
	t.Parallel()
	d := testdb.Default(t)
	hub, ctx := startHub(t, d)

	open := func(ctx context.Context, v live.Viewer, n int) (opened []*journal, refused []error) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				j := watchAs(ctx, hub, v)
				select {
				case <-j.more: // ready (or another step): admitted
					mu.Lock()
					opened = append(opened, j)
					mu.Unlock()
				case err := <-j.done:
					mu.Lock()
					refused = append(refused, err)
					mu.Unlock()
					if len(j.snapshot()) != 0 {
						t.Errorf("a refused stream sent %v", j.snapshot())
					}
				}
			}()
		}
		wg.Wait()
		return opened, refused
	}
	sessionCtx, closeSession := context.WithCancel(ctx)
	opened, refused := open(sessionCtx, viewer("7", "a"), 20)
	if len(opened) != live.MaxStreamsPerSession || len(refused) != 20-live.MaxStreamsPerSession {
		t.Fatalf("one session opening 20: %d open, %d refused", len(opened), len(refused))
	}
	for _, err := range refused {
		if errs.KindOf(err) != errs.KindRateLimited {
			t.Fatalf("refused with %v", err)
		}
	}
	opened, _ = open(ctx, viewer("7", "b"), 20)
	if len(opened) != live.MaxStreamsPerMember-live.MaxStreamsPerSession {
		t.Fatalf("a second session: %d open", len(opened))
	}
	if opened, _ := open(ctx, viewer("7", "c"), 1); len(opened) != 0 {
		t.Fatal("a third session passed the member's limit")
	}
	// The first session's streams end: their places are the member's again.
	closeSession()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if opened, _ := open(ctx, viewer("7", "c"), 1); len(opened) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the ended streams kept their places")
		}
		time.Sleep(10 * time.Millisecond) // polling, as eventually does
	}
}
