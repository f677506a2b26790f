package db_test

import (
	"context"
	"testing"

	"gorm.io/gorm"

	"zocalo/core/db"
	"zocalo/internal/testdb"
)

// Searches are planned for their arguments (a generic plan made a ticket search walk
// every ticket by date); every other statement keeps PostgreSQL's generic plans.
func TestPostgresPlansSearchesForTheirArguments(t *testing.T) {
	t.Parallel()
	for _, dialect := range testdb.Dialects() {
		if dialect != db.Postgres {
			continue
		}
		d := testdb.Open(t, dialect, false)
		ctx := context.Background()
		setting := func(conn *gorm.DB, name string) string {
			var m string
			if err := conn.Raw("SHOW " + name).Scan(&m).Error; err != nil {
				t.Fatal(err)
			}
			return m
		}
		mode := func(conn *gorm.DB) string { return setting(conn, "plan_cache_mode") }
		// No statement is compiled: JIT's cost threshold made a short grouped read spend
		// most of its time compiling.
		for _, conn := range []*gorm.DB{d.Conn(ctx), d.ConnPlannedPerCall(ctx)} {
			if got := setting(conn, "jit"); got != "off" {
				t.Fatalf("jit = %q", got)
			}
		}
		if got := mode(d.ConnPlannedPerCall(ctx)); got != "force_custom_plan" {
			t.Fatalf("planned per call: plan_cache_mode = %q", got)
		}
		if got := mode(d.Conn(ctx)); got != "auto" {
			t.Fatalf("other statements: plan_cache_mode = %q", got)
		}
		// In a transaction both are the transaction.
		if err := d.InTx(ctx, func(ctx context.Context) error {
			if got := mode(d.ConnPlannedPerCall(ctx)); got != "auto" {
				t.Fatalf("in a transaction: plan_cache_mode = %q", got)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
}
