package testenv

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/internal/testdb"
)

func TestMain(m *testing.M) { testdb.Main(m) }

// A gate lets its parties through together once all have come, without waiting for the
// quiet spell (an hour here: the test would time out).
func TestGateOpensWhenEveryPartyHasCome(t *testing.T) {
	t.Parallel()
	g := NewGate(3, time.Hour)
	var through sync.WaitGroup
	for range 3 {
		through.Go(func() { g.Wait(context.Background()) })
	}
	through.Wait()
	// And it stays open for whoever comes later.
	g.Wait(context.Background())
}

// Parties that can never come (refused before their transaction) hold the gate only for
// the quiet spell after the last arrival.
func TestGateOpensAfterAQuietSpellWhenPartiesCannotCome(t *testing.T) {
	t.Parallel()
	g := NewGate(5, 20*time.Millisecond)
	var through sync.WaitGroup
	for range 2 {
		through.Go(func() { g.Wait(context.Background()) })
	}
	through.Wait()
}

// Transactions started together are held until as many are open at once as the
// database allows: one on SQLite, several on PostgreSQL's pool.
func TestTogetherOpensTransactionsAtOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		var open, most atomic.Int32
		Together(d, 20, func(int) {
			err := d.InTx(context.Background(), func(ctx context.Context) error {
				now := open.Add(1)
				defer open.Add(-1)
				for {
					seen := most.Load()
					if now <= seen || most.CompareAndSwap(seen, now) {
						break
					}
				}
				return d.Conn(ctx).Exec("SELECT 1").Error
			})
			if err != nil {
				t.Error(err)
			}
		})
		switch d.Dialect() {
		case db.SQLite:
			if transactionsAtOnce(d) != 1 || most.Load() != 1 {
				t.Fatalf("SQLite: %d transactions at once (gate sized %d)", most.Load(), transactionsAtOnce(d))
			}
		default:
			// The gate waits for the pool's size; a quiet spell on a loaded machine may
			// open it a little early, but never before a second transaction began.
			pool, _ := d.SQL()
			if transactionsAtOnce(d) != pool.Stats().MaxOpenConnections || most.Load() < 2 {
				t.Fatalf("PostgreSQL: %d transactions at once (gate sized %d)", most.Load(), transactionsAtOnce(d))
			}
		}
	})
}
