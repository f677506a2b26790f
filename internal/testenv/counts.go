package testenv

import (
	"context"
	"fmt"
	"testing"

	"zocalo/core/audit"
	"zocalo/core/db"
	"zocalo/core/outbox"
)

// What a race left behind, counted the same way by the web's and the bot's concurrency
// tables.

// CountRows counts the rows of a table matching a condition.
func CountRows(t testing.TB, d *db.DB, table, where string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := d.Conn(context.Background()).Table(table).Where(where, args...).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// Audits counts the audit entries of an action on an entity.
func Audits(t testing.TB, d *db.DB, action string, entityID any) int64 {
	t.Helper()
	return CountRows(t, d, (audit.Entry{}).TableName(), "action = ? AND entity_id = ?", action, fmt.Sprint(entityID))
}

// Posts counts the outbox events of a kind whose payload contains text.
func Posts(t testing.TB, d *db.DB, kind, text string) int64 {
	t.Helper()
	return CountRows(t, d, (outbox.Event{}).TableName(), "kind = ? AND payload LIKE ?", kind, "%"+text+"%")
}

// ExpectCount fails when a count is not want.
func ExpectCount(t testing.TB, what string, got, want int64) {
	t.Helper()
	if got != want {
		t.Errorf("%s: %d, want %d", what, got, want)
	}
}
