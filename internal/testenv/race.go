package testenv

import (
	"context"
	"sync"
	"time"

	"zocalo/core/db"
)

// Gate holds whoever reaches it until n have arrived or nobody new has come for a quiet
// spell, then lets everyone (and every later arrival) through. Concurrent requests
// stopped at a gate go on together, so the interleaving a race needs happens on every
// run instead of by luck. The quiet spell only decides when to stop waiting for
// arrivals that cannot come (SQLite lets one transaction in at a time, PostgreSQL's pool
// a few); no assertion depends on it.
type Gate struct {
	n     int
	quiet time.Duration

	mu      sync.Mutex
	arrived int
	open    chan struct{}
	poke    chan struct{}
	once    sync.Once
}

// NewGate makes a gate for n parties.
func NewGate(n int, quiet time.Duration) *Gate {
	g := &Gate{n: n, quiet: quiet, open: make(chan struct{}), poke: make(chan struct{}, 1)}
	go g.watch()
	return g
}

func (g *Gate) watch() {
	for {
		select {
		case <-g.open:
			return
		case <-g.poke:
		case <-time.After(g.quiet):
			g.mu.Lock()
			started := g.arrived > 0
			g.mu.Unlock()
			if started {
				g.Open()
				return
			}
		}
	}
}

// Open lets everyone through.
func (g *Gate) Open() { g.once.Do(func() { close(g.open) }) }

// Wait arrives at the gate and waits for it to open (or ctx to end).
func (g *Gate) Wait(ctx context.Context) {
	g.mu.Lock()
	g.arrived++
	all := g.arrived >= g.n
	g.mu.Unlock()
	if all {
		g.Open()
	}
	select {
	case g.poke <- struct{}{}:
	default:
	}
	select {
	case <-g.open:
	case <-ctx.Done():
	}
}

// gateQuiet is how long a gate waits for a party that may not come: a request refused
// before its transaction (a replayed key, a rate limit) never arrives.
const gateQuiet = 100 * time.Millisecond

// GateTransactions stops the next transactions of d at both hook points with gates for
// n parties and returns a function that removes them. Call it just before firing n
// concurrent requests. Every request may reach BEGIN, but only as many as the pool has
// connections can be inside a transaction at once (SQLite's one writer, PostgreSQL's
// pool), so the second gate waits for no more than that.
func GateTransactions(d *db.DB, n int) (stop func()) {
	before, after := NewGate(n, gateQuiet), NewGate(min(n, transactionsAtOnce(d)), gateQuiet)
	d.SetTxHooks(db.TxHooks{BeforeBegin: before.Wait, AfterBegin: after.Wait})
	return func() {
		d.SetTxHooks(db.TxHooks{})
		before.Open()
		after.Open()
	}
}

// transactionsAtOnce is how many transactions of d can be open together.
func transactionsAtOnce(d *db.DB) int {
	if d.Dialect() == db.SQLite {
		return 1
	}
	pool, err := d.SQL()
	if err != nil || pool.Stats().MaxOpenConnections <= 0 {
		return 1 << 30
	}
	return pool.Stats().MaxOpenConnections
}

// Together runs fn(0) … fn(n-1) at once, each in its own goroutine, with d's
// transactions gated, and returns when all have finished.
func Together(d *db.DB, n int, fn func(i int)) {
	stop := GateTransactions(d, n)
	defer stop()
	var start, done sync.WaitGroup
	start.Add(1)
	for i := range n {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			fn(i)
		}()
	}
	start.Done()
	done.Wait()
}
