package core_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"zocalo/core"
	"zocalo/internal/testdb"
)

// personColumn matches the names the schema gives a column that holds whose a row is: a
// member's Discord id under its many names, a Roblox account, an address.
var personColumn = regexp.MustCompile(`^(discord_id|user_id|member_id|author_id|sender_id|actor_id|viewer_id|assignee_id|seller_id|buyer_discord_id|owner_discord_id|roblox_user_id|email)$|_by$`)

// Every table is declared, once, as holding data about people or not; a column that names a
// person is one a holding says whose rows it marks (or declared not to be a person's); and
// every declared column exists. A feature that adds a table with a person in it, and says
// nothing of it, fails here.
func TestEveryTableDeclaresWhatItHoldsAboutPeople(t *testing.T) {
	t.Parallel()
	registry, err := core.PersonalData()
	if err != nil {
		t.Fatal(err)
	}
	for _, dialect := range testdb.Dialects() {
		t.Run(string(dialect), func(t *testing.T) {
			g := testdb.Open(t, dialect, true).Conn(context.Background())
			m := g.Migrator()
			tables, err := m.GetTables()
			if err != nil {
				t.Fatal(err)
			}
			search := searchIndexes(t, g)
			columnsOf := map[string][]string{}
			for _, table := range tables {
				if table == "sqlite_sequence" || search.has(table) {
					continue
				}
				types, err := m.ColumnTypes(table)
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range types {
					columnsOf[table] = append(columnsOf[table], c.Name())
				}
			}
			declared := map[string][]string{} // table → the columns said to name a person or not to
			for _, h := range registry.Holdings {
				for _, c := range h.About {
					declared[h.Table] = append(declared[h.Table], c.Name)
				}
				if h.Through != nil {
					declared[h.Table] = append(declared[h.Table], h.Through.Column)
					for _, c := range h.Through.About {
						if !slices.Contains(columnsOf[h.Through.Table], c.Name) {
							t.Errorf("%s is reached through %s.%s, which does not exist", h.Table, h.Through.Table, c.Name)
						}
					}
				}
				if h.SearchWords != "" && g.Dialector.Name() == "postgres" && !slices.Contains(columnsOf[h.Table], h.SearchWords) {
					t.Errorf("%s keeps its search words in %s, which it does not have", h.Table, h.SearchWords)
				}
				for _, w := range h.Withheld {
					if !slices.Contains(columnsOf[h.Table], w) {
						t.Errorf("%s withholds %s, which it does not have", h.Table, w)
					}
				}
			}
			for _, u := range registry.Unrelated {
				declared[u.Table] = append(declared[u.Table], u.NotAPerson...)
				if _, ok := declared[u.Table]; !ok {
					declared[u.Table] = nil
				}
			}
			for table, columns := range columnsOf {
				names, ok := declared[table]
				if !ok {
					t.Errorf("%s is not declared: say in its feature's PersonalData whether it holds data about people (core/personaldata)", table)
					continue
				}
				for _, c := range columns {
					if personColumn.MatchString(c) && !slices.Contains(names, c) {
						t.Errorf("%s.%s looks like it names a person, and no declaration says whose rows it marks", table, c)
					}
				}
				for _, c := range names {
					if !slices.Contains(columns, c) {
						t.Errorf("%s is declared with a column %s it does not have", table, c)
					}
				}
			}
			for table := range declared {
				if _, ok := columnsOf[table]; !ok {
					t.Errorf("%s is declared but is not in the schema", table)
				}
			}
		})
	}
}

// The declarations say in Spanish what each table holds, or why it holds nothing about people.
func TestPersonalDataDeclarationsSayWhat(t *testing.T) {
	registry, err := core.PersonalData()
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range registry.Holdings {
		if strings.TrimSpace(h.Title) == "" {
			t.Errorf("%s has no title for the export", h.Table)
		}
	}
	for _, u := range registry.Unrelated {
		if strings.TrimSpace(u.Why) == "" {
			t.Errorf("%s says nothing of why it holds no personal data", u.Table)
		}
	}
}
