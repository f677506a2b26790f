// Package testdb gives tests a fresh, migrated database: SQLite always, and PostgreSQL
// when ZOCALO_TEST_DATABASE_URL is set (as CI sets it). Each Postgres database lives in a
// schema of its own, so packages tested in parallel never share tables.
package testdb

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the driver gorm's postgres dialect uses

	"zocalo/core/db"
)

// EnvURL names the variable holding the Postgres server to test against.
const EnvURL = "ZOCALO_TEST_DATABASE_URL"

// Dialects lists the engines to test on here.
func Dialects() []db.Dialect {
	if os.Getenv(EnvURL) != "" {
		return []db.Dialect{db.SQLite, db.Postgres}
	}
	return []db.Dialect{db.SQLite}
}

// Each runs fn as a subtest per engine, each with a fresh migrated database.
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	for _, dialect := range Dialects() {
		t.Run(string(dialect), func(t *testing.T) {
			fn(t, Open(t, dialect, true))
		})
	}
}

// Open makes a fresh database of the dialect, migrated when migrate is true.
func Open(t testing.TB, dialect db.Dialect, migrate bool) *db.DB {
	t.Helper()
	var opts db.Options
	switch dialect {
	case db.Postgres:
		opts.URL = freshSchema(t)
	default:
		opts.SQLitePath = filepath.Join(t.TempDir(), "test.db")
	}
	d, err := db.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	if migrate {
		if _, err := d.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

func freshSchema(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvURL)
	if base == "" {
		t.Fatal(EnvURL + " is not set")
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("create schema on %s: %v", EnvURL, err)
	}
	t.Cleanup(func() {
		a, err := sql.Open("pgx", base)
		if err == nil {
			_, _ = a.Exec("DROP SCHEMA " + schema + " CASCADE")
			_ = a.Close()
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// PostgresURL is the URL of a fresh, empty schema on the test server, dropped after the
// test, for tests that run a whole process against it.
func PostgresURL(t testing.TB) string { return freshSchema(t) }
