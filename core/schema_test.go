package core_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gorm.io/gorm"

	"zocalo/core"
	"zocalo/core/db"
	"zocalo/internal/testdb"
)

// describe renders a schema as sorted lines: one per column and one per index.
func describe(t *testing.T, g *gorm.DB) []string {
	t.Helper()
	m := g.Migrator()
	tables, err := m.GetTables()
	if err != nil {
		t.Fatal(err)
	}
	indexes := searchIndexes(t, g)
	var lines []string
	for _, table := range tables {
		if table == "goose_db_version" || table == "sqlite_sequence" || indexes.has(table) {
			continue
		}
		cols, err := m.ColumnTypes(table)
		if err != nil {
			t.Fatal(err)
		}
		var words []string // PostgreSQL's word lists for search, kept by the database as SQLite's tables are
		for _, c := range cols {
			if strings.EqualFold(c.DatabaseTypeName(), "tsvector") {
				words = append(words, c.Name())
				continue
			}
			nullable, _ := c.Nullable()
			pk, _ := c.PrimaryKey()
			def, _ := c.DefaultValue()
			lines = append(lines, fmt.Sprintf("%s.%s %s null=%v pk=%v default=%q",
				table, c.Name(), strings.ToLower(c.DatabaseTypeName()), nullable, pk, normalizeDefault(def)))
		}
		idxs, err := m.GetIndexes(table)
		if err != nil {
			t.Fatal(err)
		}
		for _, ix := range idxs {
			unique, _ := ix.Unique()
			pk, _ := ix.PrimaryKey()
			if pk || (len(ix.Columns()) == 1 && slices.Contains(words, ix.Columns()[0])) {
				continue
			}
			lines = append(lines, fmt.Sprintf("%s index %s %v unique=%v", table, ix.Name(), ix.Columns(), unique))
		}
		lines = append(lines, foreignKeys(t, g, table)...)
	}
	slices.Sort(lines)
	return lines
}

// searchTables names SQLite's full-text indexes: virtual tables and their shadow tables,
// kept by triggers rather than modelled.
type searchTables []string

func (v searchTables) has(table string) bool {
	for _, name := range v {
		if table == name || strings.HasPrefix(table, name+"_") {
			return true
		}
	}
	return false
}

func searchIndexes(t *testing.T, g *gorm.DB) searchTables {
	t.Helper()
	if g.Dialector.Name() == "postgres" {
		return nil
	}
	var names []string
	if err := g.Raw(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`).
		Scan(&names).Error; err != nil {
		t.Fatal(err)
	}
	return names
}

// foreignKey is one of a table's foreign keys: its column, what it points to, what a delete does.
type foreignKey struct{ From, RefTable, RefColumn, OnDelete string }

// foreignKeyColumns lists a table's foreign keys, on either engine.
func foreignKeyColumns(t *testing.T, g *gorm.DB, table string) []foreignKey {
	t.Helper()
	var rows []foreignKey
	var err error
	if g.Dialector.Name() == "postgres" {
		err = g.Raw(`SELECT kcu.column_name AS "from", ccu.table_name AS ref_table, ccu.column_name AS ref_column,
			rc.delete_rule AS on_delete
			FROM information_schema.table_constraints tc
			JOIN information_schema.key_column_usage kcu ON tc.constraint_name = kcu.constraint_name AND tc.table_schema = kcu.table_schema
			JOIN information_schema.constraint_column_usage ccu ON tc.constraint_name = ccu.constraint_name AND tc.table_schema = ccu.table_schema
			JOIN information_schema.referential_constraints rc ON tc.constraint_name = rc.constraint_name AND tc.table_schema = rc.constraint_schema
			WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_name = ? AND tc.table_schema = current_schema()`, table).Scan(&rows).Error
	} else {
		err = g.Raw(`SELECT "from" AS "from", "table" AS ref_table, "to" AS ref_column, on_delete FROM pragma_foreign_key_list(?)`, table).Scan(&rows).Error
	}
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// foreignKeys lists a table's foreign keys as "table fk col -> table(col) on delete X".
func foreignKeys(t *testing.T, g *gorm.DB, table string) []string {
	t.Helper()
	var out []string
	for _, r := range foreignKeyColumns(t, g, table) {
		out = append(out, fmt.Sprintf("%s fk %s -> %s(%s) on delete %s", table, r.From, r.RefTable, r.RefColumn, strings.ToUpper(r.OnDelete)))
	}
	return out
}

// normalizeDefault strips the casts and quotes each engine adds around a default.
func normalizeDefault(s string) string {
	s, _, _ = strings.Cut(s, "::")
	return strings.Trim(s, `'"`)
}

// The migrations must build exactly the schema the models describe, on every engine.
func TestMigrationsMatchModels(t *testing.T) {
	t.Parallel()
	for _, dialect := range testdb.Dialects() {
		t.Run(string(dialect), func(t *testing.T) {
			migrated := testdb.Open(t, dialect, true)
			modelled := testdb.Open(t, dialect, false)
			ctx := context.Background()
			if err := modelled.Conn(ctx).AutoMigrate(core.Models()...); err != nil {
				t.Fatal(err)
			}
			got, want := describe(t, migrated.Conn(ctx)), describe(t, modelled.Conn(ctx))
			if len(want) == 0 {
				t.Fatal("the models describe no schema")
			}
			if !slices.Equal(got, want) {
				t.Fatalf("migrated schema differs from the models\nonly in migrations:\n  %s\nonly in models:\n  %s",
					strings.Join(minus(got, want), "\n  "), strings.Join(minus(want, got), "\n  "))
			}
		})
	}
}

func minus(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// Migrating twice applies nothing the second time, and the database reports none pending.
func TestMigrateIsIdempotent(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		n, err := d.Migrate(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("second migrate applied %d migrations", n)
		}
		pending, err := d.Pending(ctx)
		if err != nil || pending {
			t.Fatalf("pending=%v err=%v", pending, err)
		}
	})
}
