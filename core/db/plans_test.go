package db_test

import (
	"context"
	"testing"

	"zocalo/core/db"
	"zocalo/internal/testdb"
)

// Statements are planned for their arguments: a generic plan made a ticket search walk
// every ticket by date.
func TestPostgresPlansEachStatementForItsArguments(t *testing.T) {
	for _, dialect := range testdb.Dialects() {
		if dialect != db.Postgres {
			continue
		}
		d := testdb.Open(t, dialect, false)
		var mode string
		if err := d.Conn(context.Background()).Raw("SHOW plan_cache_mode").Scan(&mode).Error; err != nil {
			t.Fatal(err)
		}
		if mode != "force_custom_plan" {
			t.Fatalf("plan_cache_mode = %q", mode)
		}
	}
}
