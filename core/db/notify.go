package db

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"gorm.io/driver/postgres"
)

// Notify and Listen tell a waiting worker that a transaction committed something for it,
// so it need not poll. Within one process the handle itself carries the signal once the
// transaction commits; across processes PostgreSQL's NOTIFY does, sent once the
// transaction has committed and never for one that rolls back.

// Listener is what Listen calls.
type Listener struct {
	// Channels are the names it listens on (plain identifiers, at most 63 bytes).
	Channels []string
	// Wake is called with a channel's name after each commit that notified it, and for
	// every channel once listening starts and again after every reconnection, since what
	// committed meanwhile was announced to nobody. It must not block: a signal from this
	// process runs in the goroutine that committed.
	Wake func(channel string)
	// Lost, when set, hears why the listening connection failed; Listen reconnects by
	// itself.
	Lost func(err error)
}

// Notify wakes the listeners of channel once the transaction of ctx commits (at once
// outside a transaction); a rollback wakes nobody. Several notifications of one channel
// in a transaction wake once. On PostgreSQL the notice is scoped to the current schema,
// so deployments or tests sharing a database do not wake each other. It must be called
// in the transaction's own goroutine.
//
// Other processes are told after the commit, not within it: PostgreSQL lets one
// transaction that notified commit at a time on the whole server (a lock on the
// notification queue held through the commit), which made every notifying writer wait for
// the others. The notices of commits that overlap go out together from a goroutine of the
// handle, in the order first asked (see announcer). A process that stops between a commit
// and its notice announces nothing, so a listener must also poll.
func (d *DB) Notify(ctx context.Context, channel string) {
	if hooks := commitHooksOf(ctx); hooks != nil && !hooks.firstNotice(channel) {
		return
	}
	d.AfterCommit(ctx, func() {
		d.local.signal(channel)
		if d.dialect == Postgres {
			d.announcer.add(d, channel)
		}
	})
}

// AfterCommit runs fn once the outermost transaction of ctx has committed, or at once
// outside a transaction. It never runs when the transaction rolls back.
func (d *DB) AfterCommit(ctx context.Context, fn func()) {
	if hooks := commitHooksOf(ctx); hooks != nil {
		hooks.add(fn)
		return
	}
	fn()
}

// Listen calls l.Wake as Listener describes until ctx ends: for Notify on this handle, and
// on PostgreSQL for Notify committed by any process on this schema, through a connection
// of its own that it re-opens whenever it drops.
func (d *DB) Listen(ctx context.Context, l Listener) {
	remove := d.local.add(&l)
	defer remove()
	if d.dialect != Postgres {
		wakeAll(l)
		<-ctx.Done()
		return
	}
	wait := minListenRetry
	for ctx.Err() == nil {
		listened, err := d.listenPostgres(ctx, l)
		if ctx.Err() != nil {
			return
		}
		if l.Lost != nil {
			l.Lost(err)
		}
		if listened {
			wait = minListenRetry
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, maxListenRetry)
	}
}

const (
	minListenRetry = 100 * time.Millisecond
	maxListenRetry = 5 * time.Second
	// listenCheck is how long the listening connection may stay silent before it is
	// pinged: a connection the network dropped without a word is found within it.
	listenCheck = 30 * time.Second
)

// listenPostgres opens a connection, listens and waits for notices until the connection
// fails or ctx ends; listened tells whether it got as far as listening.
func (d *DB) listenPostgres(ctx context.Context, l Listener) (listened bool, err error) {
	dialector, ok := d.gorm.Dialector.(*postgres.Dialector)
	if !ok || dialector.Config == nil {
		return false, errors.New("listen: no PostgreSQL connection string")
	}
	// Not from the pool: the connection stays in LISTEN for as long as the listener runs.
	conn, err := pgx.Connect(ctx, dialector.DSN)
	if err != nil {
		return false, fmt.Errorf("listen: connect: %w", err)
	}
	defer func() {
		closing, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = conn.Close(closing)
	}()
	// Named after its schema, so an operator (or a test) can tell it in pg_stat_activity.
	var schema string
	if err := conn.QueryRow(ctx, `SELECT coalesce(current_schema(), ''),
		set_config('application_name', 'zocalo listen ' || coalesce(current_schema(), ''), false)`).Scan(&schema, nil); err != nil {
		return false, fmt.Errorf("listen: %w", err)
	}
	for _, channel := range l.Channels {
		if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
			return false, fmt.Errorf("listen %s: %w", channel, err)
		}
	}
	wakeAll(l)
	for {
		waitCtx, cancel := context.WithTimeout(ctx, listenCheck)
		notice, err := conn.WaitForNotification(waitCtx)
		cancel()
		switch {
		case err == nil:
			if notice.Payload == schema {
				l.Wake(notice.Channel)
			}
		case ctx.Err() != nil:
			return true, ctx.Err()
		case errors.Is(err, context.DeadlineExceeded):
			pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
			err = conn.Ping(pingCtx)
			cancel()
			if err != nil && ctx.Err() == nil {
				return true, fmt.Errorf("listen: ping: %w", err)
			}
		default:
			return true, fmt.Errorf("listen: %w", err)
		}
	}
}

func wakeAll(l Listener) {
	for _, channel := range l.Channels {
		l.Wake(channel)
	}
}

// localListeners are the listeners of one handle, signalled after its own commits.
type localListeners struct {
	mu        sync.Mutex
	listeners map[*Listener]struct{}
}

func (s *localListeners) add(l *Listener) (remove func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.listeners == nil {
		s.listeners = map[*Listener]struct{}{}
	}
	s.listeners[l] = struct{}{}
	return func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.listeners, l)
	}
}

func (s *localListeners) signal(channel string) {
	s.mu.Lock()
	var woken []*Listener
	for l := range s.listeners {
		for _, c := range l.Channels {
			if c == channel {
				woken = append(woken, l)
				break
			}
		}
	}
	s.mu.Unlock()
	for _, l := range woken {
		l.Wake(channel)
	}
}

// BeforeCommit runs fn as one of the last steps of the outermost transaction of ctx, after
// everything else it does, in the order added; its error rolls the transaction back.
// Outside a transaction fn runs in one of its own. It suits a lock that must be the last
// one a transaction takes, so that it is held only for the commit.
func (d *DB) BeforeCommit(ctx context.Context, fn func(ctx context.Context) error) error {
	if hooks := commitHooksOf(ctx); hooks != nil {
		hooks.mu.Lock()
		defer hooks.mu.Unlock()
		hooks.before = append(hooks.before, fn)
		return nil
	}
	return d.InTx(ctx, fn)
}

// commitHooks are what the outermost transaction runs just before and once it has
// committed.
type commitHooks struct {
	mu       sync.Mutex
	before   []func(ctx context.Context) error
	fns      []func()
	notified map[string]bool
}

// runBefore calls the BeforeCommit functions, including any they add themselves.
func (h *commitHooks) runBefore(ctx context.Context) error {
	for {
		h.mu.Lock()
		fns := h.before
		h.before = nil
		h.mu.Unlock()
		if len(fns) == 0 {
			return nil
		}
		for _, fn := range fns {
			if err := fn(ctx); err != nil {
				return err
			}
		}
	}
}

type commitHooksKey struct{}

// withCommitHooks gives the transaction about to start on ctx a list of hooks.
func withCommitHooks(ctx context.Context) (context.Context, *commitHooks) {
	h := &commitHooks{}
	return context.WithValue(ctx, commitHooksKey{}, h), h
}

func commitHooksOf(ctx context.Context) *commitHooks {
	h, _ := ctx.Value(commitHooksKey{}).(*commitHooks)
	return h
}

func (h *commitHooks) add(fn func()) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.fns = append(h.fns, fn)
}

// firstNotice tells whether channel is notified for the first time in the transaction.
func (h *commitHooks) firstNotice(channel string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.notified[channel] {
		return false
	}
	if h.notified == nil {
		h.notified = map[string]bool{}
	}
	h.notified[channel] = true
	return true
}

// run calls the hooks in the order they were added.
func (h *commitHooks) run() {
	h.mu.Lock()
	fns := h.fns
	h.fns = nil
	h.mu.Unlock()
	for _, fn := range fns {
		fn()
	}
}
