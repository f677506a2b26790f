package db_test

import (
	"context"
	"errors"
	"testing"

	"zocalo/core/db"
	"zocalo/internal/testdb"
)

// A hook added in a transaction runs once the outermost one commits, never on a rollback,
// and at once outside a transaction.
func TestAfterCommitRunsOnlyOnceTheOutermostTransactionCommits(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		var ran []string
		err := d.InTx(ctx, func(ctx context.Context) error {
			if err := d.InTx(ctx, func(ctx context.Context) error {
				d.AfterCommit(ctx, func() { ran = append(ran, "inner") })
				return nil
			}); err != nil {
				return err
			}
			d.AfterCommit(ctx, func() { ran = append(ran, "outer") })
			if len(ran) != 0 {
				t.Errorf("hooks ran before the commit: %v", ran)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(ran) != 2 || ran[0] != "inner" || ran[1] != "outer" {
			t.Fatalf("after the commit the hooks ran as %v, want [inner outer]", ran)
		}

		ran = nil
		refused := errors.New("refused")
		if err := d.InTx(ctx, func(ctx context.Context) error {
			d.AfterCommit(ctx, func() { ran = append(ran, "rolled back") })
			return refused
		}); !errors.Is(err, refused) {
			t.Fatalf("rollback returned %v", err)
		}
		d.AfterCommit(ctx, func() { ran = append(ran, "no transaction") })
		if len(ran) != 1 || ran[0] != "no transaction" {
			t.Fatalf("hooks ran as %v, want only the one outside a transaction", ran)
		}
	})
}
