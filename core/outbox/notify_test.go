package outbox_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
)

// wakes records what a listener was woken for, in order.
type wakes struct {
	t    *testing.T
	got  chan string
	lost chan error
}

func newWakes(t *testing.T) *wakes {
	return &wakes{t: t, got: make(chan string, 100), lost: make(chan error, 100)}
}

func (w *wakes) wake(channel string) { w.got <- channel }

// next waits for the next wake. The deadline is generous: it only ends a test that
// would otherwise hang, no assertion depends on it.
func (w *wakes) next() string {
	w.t.Helper()
	select {
	case c := <-w.got:
		return c
	case <-time.After(30 * time.Second):
		w.t.Fatal("no wake arrived")
		return ""
	}
}

func (w *wakes) expect(want ...string) {
	w.t.Helper()
	var got []string
	for range want {
		got = append(got, w.next())
	}
	if !slices.Equal(got, want) {
		w.t.Fatalf("woken for %v, want %v", got, want)
	}
}

func enqueueInTx(t *testing.T, d *db.DB, store *outbox.Store, events int, rollback bool) {
	t.Helper()
	refused := errors.New("refused")
	err := d.InTx(context.Background(), func(ctx context.Context) error {
		for range events {
			if _, err := store.Enqueue(ctx, outbox.KindChannelMessage, "710000000000000001", outbox.ChannelMessage{Content: "Aviso"}); err != nil {
				return err
			}
		}
		if rollback {
			return refused
		}
		return nil
	})
	if rollback && !errors.Is(err, refused) || !rollback && err != nil {
		t.Fatal(err)
	}
}

func listenForWakes(t *testing.T, d *db.DB, w *wakes, channels ...string) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		d.Listen(ctx, db.Listener{Channels: channels, Wake: w.wake, Lost: func(err error) { w.lost <- err }})
	}()
	t.Cleanup(func() { cancel(); <-done })
}

func wallClock() time.Time { return time.Now().UTC() }

// In one process the relay is woken by the commit that wrote events, once per
// transaction, and never by a transaction that rolled back.
func TestSQLiteEnqueueWakesTheListenerOnceItCommits(t *testing.T) {
	t.Parallel()
	d := testdb.Open(t, db.SQLite, true)
	store := outbox.NewStore(d, wallClock)
	woken := make(chan struct{}, 100)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); store.Listen(ctx, func() { woken <- struct{}{} }, nil) }()
	t.Cleanup(func() { cancel(); <-done })
	select {
	case <-woken: // the wake of a listener that starts
	case <-time.After(30 * time.Second):
		t.Fatal("the listener never started")
	}

	// The in-process signal runs in the committing goroutine, so what it did is
	// known as soon as the transaction returns.
	if err := d.InTx(context.Background(), func(ctx context.Context) error {
		if _, err := store.Enqueue(ctx, outbox.KindChannelMessage, "710000000000000001", outbox.ChannelMessage{Content: "Aviso"}); err != nil {
			return err
		}
		if len(woken) != 0 {
			t.Error("woken before the commit")
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(woken) != 1 {
		t.Fatalf("%d wakes after one commit, want 1", len(woken))
	}
	<-woken
	enqueueInTx(t, d, store, 1, true)
	if len(woken) != 0 {
		t.Fatal("a rolled-back enqueue woke the listener")
	}
	enqueueInTx(t, d, store, 3, false)
	if len(woken) != 1 {
		t.Fatalf("%d wakes after a commit of three events, want 1", len(woken))
	}
	<-woken
	if _, err := store.Enqueue(context.Background(), outbox.KindChannelMessage, "710000000000000001", outbox.ChannelMessage{Content: "Suelto"}); err != nil {
		t.Fatal(err)
	}
	if len(woken) != 1 {
		t.Fatalf("%d wakes after an enqueue outside a transaction, want 1", len(woken))
	}
}

// wakeBarrier is a second channel on the same listening connection: PostgreSQL delivers a
// connection's notices in commit order, so a wake for it closes the list of wakes the
// writes before it caused.
const wakeBarrier = "zocalo_test_barrier"

func twoHandlesOnOneSchema(t *testing.T) (writer, listener *db.DB) {
	t.Helper()
	url := testdb.PostgresURL(t)
	open := func() *db.DB {
		d, err := db.Open(db.Options{URL: url})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = d.Close() })
		return d
	}
	writer, listener = open(), open()
	if _, err := writer.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return writer, listener
}

func needPostgres(t *testing.T) {
	if !slices.Contains(testdb.Dialects(), db.Postgres) {
		t.Skip("needs " + testdb.EnvURL)
	}
}

// Another process's commit wakes the listener, once per transaction; a rollback and
// another schema's commits wake nobody.
func TestPostgresEnqueueCommittedElsewhereWakesTheListener(t *testing.T) {
	t.Parallel()
	needPostgres(t)
	writer, listener := twoHandlesOnOneSchema(t)
	store := outbox.NewStore(writer, wallClock)
	w := newWakes(t)
	listenForWakes(t, listener, w, outbox.NotifyChannel, wakeBarrier)
	w.expect(outbox.NotifyChannel, wakeBarrier) // listening

	other := testdb.Open(t, db.Postgres, true)
	enqueueInTx(t, writer, store, 1, true)
	enqueueInTx(t, other, outbox.NewStore(other, wallClock), 1, false)
	enqueueInTx(t, writer, store, 2, false)
	writer.Notify(context.Background(), wakeBarrier)
	w.expect(outbox.NotifyChannel, wakeBarrier)

	enqueueInTx(t, writer, store, 1, false)
	w.expect(outbox.NotifyChannel)
}

// A listening connection that drops is opened again, and the listener is woken then,
// since what committed meanwhile was announced to nobody.
func TestPostgresListenerReconnectsAndWakes(t *testing.T) {
	t.Parallel()
	needPostgres(t)
	writer, listener := twoHandlesOnOneSchema(t)
	store := outbox.NewStore(writer, wallClock)
	w := newWakes(t)
	listenForWakes(t, listener, w, outbox.NotifyChannel)
	w.expect(outbox.NotifyChannel)

	var terminated int
	if err := writer.Conn(context.Background()).Raw(`SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE application_name = 'zocalo listen ' || current_schema() AND datname = current_database()) AS t`).Scan(&terminated).Error; err != nil {
		t.Fatal(err)
	}
	if terminated != 1 {
		t.Fatalf("%d listening connections terminated, want 1", terminated)
	}
	select {
	case err := <-w.lost:
		t.Logf("lost: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("the listener did not notice its connection dropped")
	}
	w.expect(outbox.NotifyChannel) // listening again

	enqueueInTx(t, writer, store, 1, false)
	w.expect(outbox.NotifyChannel)
	if len(w.lost) != 0 {
		t.Fatalf("the connection dropped again: %v", <-w.lost)
	}
}
