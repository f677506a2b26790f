package core_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"zocalo/core"
	"zocalo/core/personaldata"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// seeder writes one row into a table, and first into the tables its foreign keys point to,
// with the person's ids in the columns a declaration says name them and plain values
// elsewhere: a row of every declared table, whatever its feature, without knowing it.
type seeder struct {
	t        *testing.T
	g        *gorm.DB
	registry *personaldata.Registry
	person   personaldata.Person
	rows     map[string]map[string]any
	counter  int
}

func (s *seeder) next() int {
	s.counter++
	return s.counter
}

// placeholder is a value of the column's type (and within its length) that no other row has.
func (s *seeder) placeholder(typeName string, length int64) any {
	n := s.next()
	switch t := strings.ToLower(typeName); {
	case strings.Contains(t, "bool"):
		return false
	case strings.Contains(t, "int"), strings.Contains(t, "serial"):
		return 1000 + n
	case strings.Contains(t, "real"), strings.Contains(t, "float"), strings.Contains(t, "double"), strings.Contains(t, "numeric"):
		return float64(n)
	case strings.Contains(t, "time"), strings.Contains(t, "date"):
		return time.Date(2026, 11, 1, 12, 0, n, 0, time.UTC)
	case strings.Contains(t, "blob"), strings.Contains(t, "bytea"):
		return []byte(fmt.Sprintf("dato-%d", n))
	default:
		text := fmt.Sprintf("d%d", n)
		if length > 0 && int64(len(text)) > length {
			text = text[len(text)-int(length):]
		}
		return text
	}
}

func (s *seeder) seed(table string) map[string]any {
	if row, ok := s.rows[table]; ok {
		return row
	}
	s.rows[table] = nil // a key that points back to its own table is left to its default
	values := map[string]any{}
	for _, fk := range foreignKeyColumns(s.t, s.g, table) {
		if fk.RefTable == table {
			continue
		}
		values[fk.From] = s.seed(fk.RefTable)[fk.RefColumn]
	}
	if h, ok := s.registry.Holding(table); ok {
		for _, c := range h.About {
			if v := c.ValueFor(s.person); v != "" {
				values[c.Name] = v
			}
		}
		if h.Through != nil {
			values[h.Through.Column] = s.seed(h.Through.Table)[h.Through.Key]
		}
	}
	types, err := s.g.Migrator().ColumnTypes(table)
	if err != nil {
		s.t.Fatal(err)
	}
	for _, c := range types {
		if _, set := values[c.Name()]; set {
			continue
		}
		nullable, _ := c.Nullable()
		def, hasDefault := c.DefaultValue()
		auto, _ := c.AutoIncrement()
		pk, _ := c.PrimaryKey()
		if auto || (pk && strings.Contains(strings.ToLower(c.DatabaseTypeName()), "int") && !hasDefault && s.g.Dialector.Name() == "sqlite") {
			continue
		}
		if (nullable || (hasDefault && def != "")) && !pk {
			continue
		}
		length, _ := c.Length()
		values[c.Name()] = s.placeholder(c.DatabaseTypeName(), length)
	}
	if err := s.g.Table(table).Create(values).Error; err != nil {
		s.t.Fatalf("seeding %s with %v: %v", table, values, err)
	}
	// Read the row back whole, for the keys the tables after it point to.
	var where []string
	var args []any
	for k, v := range values {
		if strings.HasPrefix(k, "@") { // gorm writes the new row's key back into the map as "@id"
			continue
		}
		where = append(where, k+" = ?")
		args = append(args, v)
	}
	rows, err := s.g.Raw("SELECT * FROM "+table+" WHERE "+strings.Join(where, " AND "), args...).Rows()
	if err != nil {
		s.t.Fatalf("reading back %s: %v", table, err)
	}
	defer rows.Close()
	row := map[string]any{}
	if rows.Next() {
		if err := s.g.ScanRows(rows, &row); err != nil {
			s.t.Fatalf("reading back %s: %v", table, err)
		}
	} else {
		s.t.Fatalf("reading back %s: no row", table)
	}
	s.rows[table] = row
	return row
}

// A row of every declared table, seeded for one person, is in that person's export; another
// person's row is not.
func TestTheExportFindsTheirRowInEveryDeclaredTable(t *testing.T) {
	t.Parallel()
	registry, err := core.PersonalData()
	if err != nil {
		t.Fatal(err)
	}
	for _, dialect := range testdb.Dialects() {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			g := testdb.Open(t, dialect, true).Conn(ctx)
			person := personaldata.Person{DiscordID: "1400000000000000999", RobloxUserID: "987654321", Email: "persona@example.com"}
			s := &seeder{t: t, g: g, registry: registry, person: person, rows: map[string]map[string]any{}}
			for _, h := range registry.Holdings {
				s.seed(h.Table)
			}
			var out bytes.Buffer
			if err := registry.Export(ctx, g, person, time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC), &out); err != nil {
				t.Fatal(err)
			}
			var export struct {
				Persona map[string]string
				Tablas  []struct {
					Tabla  string
					Titulo string
					Filas  []map[string]any
				}
			}
			if err := json.Unmarshal(out.Bytes(), &export); err != nil {
				t.Fatalf("the export is not JSON: %v\n%s", err, out.String())
			}
			if export.Persona["discordId"] != person.DiscordID {
				t.Errorf("the export is for %v", export.Persona)
			}
			found := map[string]int{}
			for _, table := range export.Tablas {
				found[table.Tabla] = len(table.Filas)
				h, _ := registry.Holding(table.Tabla)
				for _, row := range table.Filas {
					for _, w := range h.Withheld {
						if _, ok := row[w]; ok {
							t.Errorf("%s exported its withheld %s", table.Tabla, w)
						}
					}
				}
			}
			for _, h := range registry.Holdings {
				if found[h.Table] == 0 {
					t.Errorf("%s: the person's row is not in the export", h.Table)
				}
			}

			// The PDF to read holds the same: every table under its title, the person's ids.
			body, err := registry.ExportPDF(ctx, g, person, time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC), time.UTC, "Comunidad")
			if err != nil {
				t.Fatal(err)
			}
			text := testenv.PDFText(t, body)
			for _, h := range registry.Holdings {
				if !strings.Contains(text, strings.Join(strings.Fields(h.Title), " ")) {
					t.Errorf("the PDF has no section %q", h.Title)
				}
			}
			if !strings.Contains(text, "ID de Discord: "+person.DiscordID) || strings.Contains(text, "Sin datos tuyos") {
				t.Errorf("the PDF's head or its list of empty tables is wrong: %.300s", text)
			}

			// Someone else's export has none of those rows.
			out.Reset()
			other := personaldata.Person{DiscordID: "1400000000000000888"}
			if err := registry.Export(ctx, g, other, time.Now(), &out); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(out.String(), person.DiscordID) || strings.Contains(out.String(), person.Email) {
				t.Errorf("another member's export carries the person's data:\n%s", out.String())
			}
			body, err = registry.ExportPDF(ctx, g, other, time.Now(), time.UTC, "Comunidad")
			if err != nil {
				t.Fatal(err)
			}
			if text := testenv.PDFText(t, body); strings.Contains(text, person.DiscordID) || !strings.Contains(text, "Sin datos tuyos guardados en") {
				t.Errorf("another member's PDF: %.300s", text)
			}
		})
	}
}
