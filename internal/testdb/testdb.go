// Package testdb gives tests a fresh, migrated database: SQLite always, and PostgreSQL
// when ZOCALO_TEST_DATABASE_URL is set (as CI sets it). Every database is a copy of one
// migrated template per engine (template.go), so a test pays for a file copy or a
// `CREATE DATABASE … TEMPLATE` instead of the migrations; each PostgreSQL test gets a
// database of its own, so tests and packages run in parallel never share tables.
package testdb

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"zocalo/core/db"
)

// EnvURL names the variable holding the Postgres server to test against.
const EnvURL = "ZOCALO_TEST_DATABASE_URL"

// EnvEngines narrows the engines Each, Dialects and Default test on ("sqlite",
// "postgres" or both, comma-separated). `make test` runs the SQLite pass and the
// PostgreSQL pass as two runs of `go test`, so that each can decide on the race detector
// (docs/testing.md). Unset, it is SQLite, and PostgreSQL too when EnvURL is set.
const EnvEngines = "ZOCALO_TEST_ENGINES"

// Dialects lists the engines to test on here.
func Dialects() []db.Dialect {
	named := os.Getenv(EnvEngines)
	if named == "" {
		if os.Getenv(EnvURL) != "" {
			return []db.Dialect{db.SQLite, db.Postgres}
		}
		return []db.Dialect{db.SQLite}
	}
	var out []db.Dialect
	for _, name := range strings.Split(named, ",") {
		switch d := db.Dialect(strings.TrimSpace(name)); d {
		case db.SQLite, db.Postgres:
			out = append(out, d)
		default:
			panic(fmt.Sprintf("%s=%q: each engine is %q or %q", EnvEngines, named, db.SQLite, db.Postgres))
		}
	}
	return out
}

// Each runs fn as a parallel subtest per engine, each with a fresh migrated database.
// The subtests run in parallel with each other (and the caller's other parallel tests),
// so fn must keep to what it is given.
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	for _, dialect := range Dialects() {
		t.Run(string(dialect), func(t *testing.T) {
			t.Parallel()
			fn(t, Open(t, dialect, true))
		})
	}
}

// Default opens a fresh migrated database of the first engine this run tests, for a test
// about something the engine does not decide (the bot's gateway, a fake's behaviour): it
// runs on SQLite in the SQLite pass and on PostgreSQL, under the race detector, in the
// PostgreSQL pass.
func Default(t testing.TB) *db.DB {
	t.Helper()
	return Open(t, Dialects()[0], true)
}

// Open makes a fresh database of the dialect: a copy of the migrated template when
// migrate is true, an empty one otherwise.
func Open(t testing.TB, dialect db.Dialect, migrate bool) *db.DB {
	t.Helper()
	var opts db.Options
	switch dialect {
	case db.Postgres:
		opts.URL = postgresDatabase(t, migrate, 1)
	default:
		opts.SQLitePath = filepath.Join(t.TempDir(), "test.db")
		if migrate {
			if err := copySQLiteTemplate(opts.SQLitePath); err != nil {
				t.Fatal(err)
			}
		}
	}
	d, err := db.Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	return d
}

// PostgresURL is the URL of a fresh, empty database on the test server, dropped after the
// test, for tests that run a whole process against it (the process migrates it).
func PostgresURL(t testing.TB) string { return postgresDatabase(t, false, processWeight) }

// MigratedPostgresURL is PostgresURL with the schema already migrated.
func MigratedPostgresURL(t testing.TB) string { return postgresDatabase(t, true, processWeight) }
