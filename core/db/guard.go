package db

import (
	"context"
	"sync/atomic"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A guarded transition checks and changes state in one transaction, and the check must
// see what a concurrent winner committed. On SQLite every transaction takes the single
// writer at BEGIN (`_txlock=immediate`), so a check inside InTx is already serialised.
// On PostgreSQL (READ COMMITTED) two transactions can read the same old state; these
// helpers make the second wait for the first and then read what it wrote.

// ForUpdate locks the rows q reads until the transaction ends (PostgreSQL's
// SELECT … FOR UPDATE). Outside a transaction or on SQLite it changes nothing.
func (d *DB) ForUpdate(ctx context.Context, q *gorm.DB) *gorm.DB {
	if d.dialect != Postgres {
		return q
	}
	if _, inTx := ctx.Value(txKey{}).(*gorm.DB); !inTx {
		return q
	}
	return q.Clauses(clause.Locking{Strength: clause.LockingStrengthUpdate})
}

// LockKey serialises the transactions of ctx that name the same key until they end: a
// transaction-scoped advisory lock on PostgreSQL, for state that has no single row to
// lock (a member's hours ledger, the first ticket of a member). On SQLite the writer's
// lock already does it. It must be called inside InTx.
func (d *DB) LockKey(ctx context.Context, key string) error {
	if d.dialect != Postgres {
		return nil
	}
	return d.Conn(ctx).Exec("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", key).Error
}

// TxHooks let a test stand every transaction at a chosen point, so that concurrent
// requests reach it together and a race cannot pass by luck. Production sets none.
type TxHooks struct {
	// BeforeBegin runs in the outermost InTx before the transaction starts: requests that
	// checked state outside their transaction all arrive here having checked.
	BeforeBegin func(ctx context.Context)
	// AfterBegin runs as the transaction's first step: on PostgreSQL every transaction is
	// open at once and reads the same committed state.
	AfterBegin func(ctx context.Context)
}

type hookHolder struct{ hooks TxHooks }

// SetTxHooks installs hooks for every following transaction; the zero value removes them.
func (d *DB) SetTxHooks(h TxHooks) {
	if h.BeforeBegin == nil && h.AfterBegin == nil {
		d.hooks.Store(nil)
		return
	}
	d.hooks.Store(&hookHolder{hooks: h})
}

func (d *DB) txHooks() TxHooks {
	if h := d.hooks.Load(); h != nil {
		return h.hooks
	}
	return TxHooks{}
}

// hooksPointer is the field type kept on DB; atomic so tests may swap hooks while
// background work runs.
type hooksPointer = atomic.Pointer[hookHolder]
