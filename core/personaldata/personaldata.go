// Package personaldata is the portal's one list of what it holds about people, table by
// table: which columns name the person a row is about, and which hold what must never leave
// the portal (secrets). Each feature declares its own tables (its PersonalData function); core
// gathers them. A member's export ("Acceso", Ley Federal de Protección de Datos Personales en
// Posesión de los Particulares) reads every declared table through this list, and a test
// compares the list with the schema, so a table added with a person's column and no
// declaration fails the build.
package personaldata

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"
)

// Kind is what identifies the person in a column.
type Kind int

const (
	// DiscordID is the member's Discord id, the portal's own id for a person.
	DiscordID Kind = iota
	// RobloxUserID is the Roblox account the member linked.
	RobloxUserID
	// Email is the address the member signed in with, for what was sent before signing in.
	Email
)

// Column names a person in a table.
type Column struct {
	Name  string
	Holds Kind
	// Prefix comes before the id in the column (a member's DM lane is "dm:" and their id).
	Prefix string
	// Within: the column is a text that holds the id among other words (a post that names the
	// member), matched as containing it.
	Within bool
}

// condition is the test that the column names p, with its argument; empty when p has no id
// of the column's kind.
func (c Column) condition(p Person) (string, any) {
	v := c.ValueFor(p)
	if v == "" {
		return "", nil
	}
	if c.Within {
		// Ids are digits, so no LIKE wildcard hides in one.
		return c.Name + " LIKE ?", "%" + v + "%"
	}
	return c.Name + " = ?", v
}

// ValueFor is what the column holds for p; empty when p has no id of its kind.
func (c Column) ValueFor(p Person) string {
	if v := p.Value(c.Holds); v != "" {
		return c.Prefix + v
	}
	return ""
}

// Holding is a table that holds something about people.
type Holding struct {
	Table string
	// Title says in Spanish what its rows are, as the export titles them.
	Title string
	// About are the columns that name a person a row is about, or whose act it records.
	About []Column
	// Through reaches rows that name nobody themselves by the row they belong to (a ticket's
	// attachment by its message), when About is empty.
	Through *Through
	// Withheld are columns never exported: secrets and their hashes.
	Withheld []string
	// SearchWords names the column PostgreSQL derives from the others for search (a
	// tsvector): never exported, and absent on SQLite, whose word index is a table of its own.
	SearchWords string
	// Erase says, for each column of About (and Through's Column), what suppressing the
	// person does to the rows that name them there: every such column must say.
	Erase map[string]Erase
	// AuditEntity is the entity type the audit log gives this table's rows (their id as the
	// entry's entity id), so suppression redacts those entries too; empty when none.
	AuditEntity string
	// AuditKey is the column the audit log's entity id holds, "id" when empty.
	AuditKey string
	// Files names a column holding a stored file's key, removed with the rows an Erase deletes
	// or whose key it clears.
	Files string
	// Posts names a column holding the outbox event whose Discord message shows the row;
	// suppression deletes that message with the rows an Erase deletes.
	Posts string
	// Links: the rows are Discord messages (channel_id, discord_message_id), which the export
	// links to.
	Links bool
}

// Through says whose a row is by another table's row: Column holds that row's Key.
type Through struct {
	Column string
	Table  string
	Key    string
	About  []Column
}

// Unrelated is a table that holds nothing about a person, and why.
type Unrelated struct {
	Table string
	Why   string
	// NotAPerson names columns whose name looks like a person's but is not (a role's Discord id).
	NotAPerson []string
}

// Declarations is what one feature declares of its tables.
type Declarations struct {
	Holdings  []Holding
	Unrelated []Unrelated
}

// ByDiscordID lists columns that hold a member's Discord id.
func ByDiscordID(names ...string) []Column {
	out := make([]Column, len(names))
	for i, n := range names {
		out[i] = Column{Name: n, Holds: DiscordID}
	}
	return out
}

// Registry is every feature's declarations together.
type Registry struct {
	Holdings  []Holding
	Unrelated []Unrelated
	// DiscordLink makes the address of a message in a channel of the guild, for the export's
	// links to the posts about a person; nil leaves the ids without a link.
	DiscordLink func(channelID, messageID string) string
}

// NewRegistry gathers the features' declarations; a table declared twice is a mistake.
func NewRegistry(features ...Declarations) (*Registry, error) {
	r := &Registry{}
	seen := map[string]bool{}
	claim := func(table string) error {
		if seen[table] {
			return fmt.Errorf("personaldata: %s is declared twice", table)
		}
		seen[table] = true
		return nil
	}
	for _, f := range features {
		for _, h := range f.Holdings {
			if err := claim(h.Table); err != nil {
				return nil, err
			}
			if len(h.About) == 0 && (h.Through == nil || len(h.Through.About) == 0) {
				return nil, fmt.Errorf("personaldata: %s holds data about people but names no column that says whose", h.Table)
			}
			if err := h.checkErase(); err != nil {
				return nil, err
			}
			r.Holdings = append(r.Holdings, h)
		}
		for _, u := range f.Unrelated {
			if err := claim(u.Table); err != nil {
				return nil, err
			}
			r.Unrelated = append(r.Unrelated, u)
		}
	}
	slices.SortFunc(r.Holdings, func(a, b Holding) int { return strings.Compare(a.Table, b.Table) })
	return r, nil
}

// Person is whom an export is for: the ids and address their rows may carry.
type Person struct {
	DiscordID    string
	RobloxUserID string // empty without a linked account
	Email        string // empty when Discord gave none
}

// Value is the id or address of kind k the person's rows carry.
func (p Person) Value(k Kind) string {
	switch k {
	case RobloxUserID:
		return p.RobloxUserID
	case Email:
		return p.Email
	default:
		return p.DiscordID
	}
}

// Visit is what a walk over a person's data calls: once at each declared table, before its
// rows, then once per row that names them (withheld columns left out).
type Visit struct {
	Table func(h Holding) error
	Row   func(h Holding, columns []string, row map[string]any) error
}

// Walk reads every declared table's rows that name p, one row at a time, so that a large
// history streams rather than filling memory.
func (r *Registry) Walk(ctx context.Context, conn *gorm.DB, p Person, v Visit) error {
	for _, h := range r.Holdings {
		if err := v.Table(h); err != nil {
			return err
		}
		if err := r.walkTable(ctx, conn, h, p, v); err != nil {
			return fmt.Errorf("reading %s: %w", h.Table, err)
		}
	}
	return nil
}

// Export writes as JSON everything the declared tables hold about p: each table's title and
// the rows that name them, every column but the withheld.
func (r *Registry) Export(ctx context.Context, conn *gorm.DB, p Person, at time.Time, w io.Writer) error {
	head, err := json.Marshal(map[string]any{"discordId": p.DiscordID, "robloxUserId": p.RobloxUserID, "email": p.Email})
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, `{"persona":%s,"generado":%q,"tablas":[`, head, at.UTC().Format(time.RFC3339)); err != nil {
		return err
	}
	tables, rows := 0, 0
	err = r.Walk(ctx, conn, p, Visit{
		Table: func(h Holding) error {
			name, err := json.Marshal(h.Table)
			if err != nil {
				return err
			}
			title, err := json.Marshal(h.Title)
			if err != nil {
				return err
			}
			open := `{"tabla":%s,"titulo":%s,"filas":[`
			if tables > 0 {
				open = `]},` + open
			}
			tables, rows = tables+1, 0
			_, err = fmt.Fprintf(w, open, name, title)
			return err
		},
		Row: func(_ Holding, _ []string, row map[string]any) error {
			line, err := json.Marshal(row)
			if err != nil {
				return err
			}
			if rows > 0 {
				if _, err := io.WriteString(w, ","); err != nil {
					return err
				}
			}
			rows++
			_, err = w.Write(line)
			return err
		},
	})
	if err != nil {
		return err
	}
	end := "]}\n"
	if tables > 0 {
		end = "]}" + end
	}
	_, err = io.WriteString(w, end)
	return err
}

func (r *Registry) walkTable(ctx context.Context, conn *gorm.DB, h Holding, p Person, v Visit) error {
	// Table and column names come from the declarations in code, never from a request.
	where, args := matching(h.About, p)
	if h.Through != nil {
		if inner, innerArgs := matching(h.Through.About, p); inner != "" {
			through := fmt.Sprintf("%s IN (SELECT %s FROM %s WHERE %s)", h.Through.Column, h.Through.Key, h.Through.Table, inner)
			if where != "" {
				where += " OR "
			}
			where += through
			args = append(args, innerArgs...)
		}
	}
	if where == "" {
		return nil
	}
	// A row's Discord post is read in the same statement (SQLite may hold one connection).
	selected := "*"
	if h.Posts != "" {
		selected = fmt.Sprintf("*, (SELECT channel_id FROM outbox_events WHERE id = %[1]s) AS %[2]s_channel, "+
			"(SELECT discord_message_id FROM outbox_events WHERE id = %[1]s) AS %[2]s_message", h.Posts, postColumns)
	}
	rows, err := conn.WithContext(ctx).Raw(fmt.Sprintf("SELECT %s FROM %s WHERE %s", selected, h.Table, where), args...).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	columns, err := rows.Columns()
	if err != nil {
		return err
	}
	var shown []string
	var kept []int // the positions of the columns shown
	for i, c := range columns {
		if !slices.Contains(h.Withheld, c) && c != h.SearchWords && !strings.HasPrefix(c, postColumns) {
			shown, kept = append(shown, c), append(kept, i)
		}
	}
	values := make([]any, len(columns))
	pointers := make([]any, len(columns))
	for i := range values {
		pointers[i] = &values[i]
	}
	for rows.Next() {
		if err := rows.Scan(pointers...); err != nil {
			return err
		}
		row := make(map[string]any, len(shown))
		for _, i := range kept {
			if b, ok := values[i].([]byte); ok {
				row[columns[i]] = string(b)
			} else {
				row[columns[i]] = values[i]
			}
		}
		if h.Posts != "" {
			if post := r.postOf(values, columns); post != nil {
				row["publicacionDiscord"] = post
			}
		}
		if h.Links && r.DiscordLink != nil {
			channel, _ := row["channel_id"].(string)
			message, _ := row["discord_message_id"].(string)
			// A DM's lane is not a channel of the guild: its message has no address there.
			if message != "" && channel != "" && !strings.Contains(channel, ":") {
				row["enlace"] = r.DiscordLink(channel, message)
			}
		}
		if err := v.Row(h, shown, row); err != nil {
			return err
		}
	}
	return rows.Err()
}

// postColumns start the names of the columns that carry a row's Discord post.
const postColumns = "zocalo_post"

// postOf says where a row's Discord message is, once delivered: its channel, its message and
// its address.
func (r *Registry) postOf(values []any, columns []string) map[string]string {
	var channel, message string
	for i, c := range columns {
		v := values[i]
		if b, ok := v.([]byte); ok {
			v = string(b)
		}
		s, _ := v.(string)
		switch c {
		case postColumns + "_channel":
			channel = s
		case postColumns + "_message":
			message = s
		}
	}
	if message == "" {
		return nil
	}
	out := map[string]string{"canal": channel, "mensaje": message}
	if r.DiscordLink != nil {
		out["enlace"] = r.DiscordLink(channel, message)
	}
	return out
}

// matching is the condition that a row names p in one of columns, with its arguments; empty
// when p has none of the ids those columns hold.
func matching(columns []Column, p Person) (string, []any) {
	var where []string
	var args []any
	for _, c := range columns {
		if cond, arg := c.condition(p); cond != "" {
			where = append(where, cond)
			args = append(args, arg)
		}
	}
	return strings.Join(where, " OR "), args
}

// Holding returns the declaration of table, if it holds data about people.
func (r *Registry) Holding(table string) (Holding, bool) {
	for _, h := range r.Holdings {
		if h.Table == table {
			return h, true
		}
	}
	return Holding{}, false
}
