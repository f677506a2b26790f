package personaldata

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"gorm.io/gorm"
)

// Redacted stands where suppressed data was.
const Redacted = "[suprimido]"

// Erase is what suppression does to the rows that name a person in one column.
type Erase struct {
	// Delete removes the rows (what cascades from them goes too).
	Delete bool
	// Redact are text columns that become Redacted; Clear are emptied (''); Pseudonymize get
	// "suprimido:<row id>", for columns that must stay unique or countable; in ReplaceID the
	// person's id, wherever it is in the text, becomes Redacted.
	Redact       []string
	Clear        []string
	Pseudonymize []string
	ReplaceID    []string
	// Keep says in Spanish what stays of the rows and why (another law, a count); the answer
	// to the cancellation repeats it.
	Keep string
}

func (e Erase) changes() bool {
	return e.Delete || len(e.Redact)+len(e.Clear)+len(e.Pseudonymize)+len(e.ReplaceID) > 0
}

// Leave is the erase of a column whose rows keep nothing of the person beyond the id itself
// and that must stay as they are; why says so.
func Leave(why string) Erase { return Erase{Keep: why} }

// checkErase fails when a column that names people has no erase, so no feature can store a
// person without saying how they are suppressed.
func (h Holding) checkErase() error {
	columns := []string{}
	for _, c := range h.About {
		columns = append(columns, c.Name)
	}
	if h.Through != nil {
		columns = append(columns, h.Through.Column)
	}
	for _, c := range columns {
		e, ok := h.Erase[c]
		if !ok {
			return fmt.Errorf("personaldata: %s.%s names people but does not say how they are suppressed (Erase)", h.Table, c)
		}
		if !e.changes() && e.Keep == "" {
			return fmt.Errorf("personaldata: %s.%s changes nothing when suppressed and says not why (Keep)", h.Table, c)
		}
	}
	for c := range h.Erase {
		if !slices.Contains(columns, c) {
			return fmt.Errorf("personaldata: %s erases by %s, which is not a column that names people", h.Table, c)
		}
	}
	return nil
}

// Kept is what stays of a table after suppression, and why.
type Kept struct {
	Title string `json:"title"`
	Why   string `json:"why"`
}

// Suppression is what suppressing a person left to do outside the database: the stored files
// to remove and the Discord messages to delete (their outbox events), once the change commits.
type Suppression struct {
	Files []string
	Posts []uint64
}

// auditTable and its columns: entries about a person's rows are redacted in place.
const auditTable = "audit_entries"

// structuralKeys are the keys of an audited value that say what happened, not about whom;
// every other text in an entry about a suppressed person's row becomes Redacted.
var structuralKeys = []string{"id", "kind", "status", "state", "source", "category", "priority", "currency", "item", "area", "action", "decision"}

// Suppress redacts or deletes, in the transaction of conn, everything the declared tables hold
// about p, as each declares; the audit log's entries about their rows keep what happened with
// "[suprimido]" for the rest.
func (r *Registry) Suppress(ctx context.Context, conn *gorm.DB, p Person) (Suppression, error) {
	var out Suppression
	conn = conn.WithContext(ctx)
	// First the audit entries about the rows, while the rows still say whose they are.
	for _, h := range r.Holdings {
		if h.AuditEntity == "" {
			continue
		}
		where, args := matching(h.About, p)
		if where == "" {
			continue
		}
		key := h.AuditKey
		if key == "" {
			key = "id"
		}
		sub := fmt.Sprintf("SELECT CAST(%s AS TEXT) FROM %s WHERE %s", key, h.Table, where)
		if err := redactAudit(conn, "entity_type = ? AND entity_id IN ("+sub+")", append([]any{h.AuditEntity}, args...)); err != nil {
			return out, fmt.Errorf("redacting the audit of %s: %w", h.Table, err)
		}
	}
	if err := redactAudit(conn, "entity_id = ?", []any{p.DiscordID}); err != nil {
		return out, err
	}
	// Then the rows: changes first, deletions last, a table's dependants before it.
	var deletions []func() error
	// Rows reached through another table's rows go first, while those still name p.
	ordered := slices.Clone(r.Holdings)
	slices.SortStableFunc(ordered, func(a, b Holding) int {
		return boolOrder(a.Through == nil) - boolOrder(b.Through == nil)
	})
	for _, h := range ordered {
		for _, col := range erasedColumns(h, p) {
			e := h.Erase[col.name]
			where, args := col.where, col.args
			if where == "" {
				continue
			}
			// The files and posts go with the rows that are the person's own (deleted, or
			// whose file is cleared), never with rows they only acted on (a charge they filed).
			files := h.Files != "" && (e.Delete || slices.Contains(e.Clear, h.Files))
			posts := h.Posts != "" && e.Delete
			if files || posts {
				if err := collect(conn, h, where, args, files, posts, &out); err != nil {
					return out, err
				}
			}
			if e.Delete {
				table := h.Table
				deletions = append(deletions, func() error {
					return conn.Exec(fmt.Sprintf("DELETE FROM %s WHERE %s", table, where), args...).Error
				})
				continue
			}
			var set []string
			for _, c := range e.Redact {
				set = append(set, fmt.Sprintf("%s = '%s'", c, Redacted))
			}
			for _, c := range e.Clear {
				set = append(set, c+" = ''")
			}
			for _, c := range e.Pseudonymize {
				set = append(set, c+" = 'suprimido:' || CAST(id AS TEXT)")
			}
			var setArgs []any
			for _, c := range e.ReplaceID {
				set = append(set, fmt.Sprintf("%s = REPLACE(%s, ?, ?)", c, c))
				setArgs = append(setArgs, col.value, Redacted)
			}
			if len(set) == 0 {
				continue
			}
			if err := conn.Exec(fmt.Sprintf("UPDATE %s SET %s WHERE %s", h.Table, strings.Join(set, ", "), where), append(setArgs, args...)...).Error; err != nil {
				return out, fmt.Errorf("suppressing %s.%s: %w", h.Table, col.name, err)
			}
		}
	}
	for _, del := range deletions {
		if err := del(); err != nil {
			return out, err
		}
	}
	slices.Sort(out.Files)
	out.Files = slices.Compact(out.Files)
	slices.Sort(out.Posts)
	out.Posts = slices.Compact(out.Posts)
	return out, nil
}

type erasedColumn struct {
	name  string
	where string
	args  []any
	value string // the person's id as the column holds it
}

func boolOrder(b bool) int {
	if b {
		return 1
	}
	return 0
}

// erasedColumns are a holding's columns that name p, each with its condition.
func erasedColumns(h Holding, p Person) []erasedColumn {
	var out []erasedColumn
	if h.Through != nil {
		if inner, args := matching(h.Through.About, p); inner != "" {
			out = append(out, erasedColumn{name: h.Through.Column, args: args,
				where: fmt.Sprintf("%s IN (SELECT %s FROM %s WHERE %s)", h.Through.Column, h.Through.Key, h.Through.Table, inner)})
		}
	}
	for _, c := range h.About {
		if cond, arg := c.condition(p); cond != "" {
			out = append(out, erasedColumn{name: c.Name, where: cond, args: []any{arg}, value: c.ValueFor(p)})
		}
	}
	return out
}

// collect notes the files and Discord posts of the rows about to change, as asked.
func collect(conn *gorm.DB, h Holding, where string, args []any, files, posts bool, out *Suppression) error {
	if files {
		var keys []string
		if err := conn.Raw(fmt.Sprintf("SELECT %s FROM %s WHERE %s", h.Files, h.Table, where), args...).Scan(&keys).Error; err != nil {
			return err
		}
		for _, k := range keys {
			if k != "" {
				out.Files = append(out.Files, k)
			}
		}
	}
	if posts {
		var ids []*uint64
		if err := conn.Raw(fmt.Sprintf("SELECT %s FROM %s WHERE %s", h.Posts, h.Table, where), args...).Scan(&ids).Error; err != nil {
			return err
		}
		for _, id := range ids {
			if id != nil && *id != 0 {
				out.Posts = append(out.Posts, *id)
			}
		}
	}
	return nil
}

// redactAudit rewrites the before and after of the matching entries, one entry at a time.
func redactAudit(conn *gorm.DB, where string, args []any) error {
	type entry struct {
		ID     uint64
		Before string
		After  string
	}
	var entries []entry
	if err := conn.Raw(fmt.Sprintf("SELECT id, before, after FROM %s WHERE %s", auditTable, where), args...).Scan(&entries).Error; err != nil {
		return err
	}
	for _, e := range entries {
		before, after := redactJSON(e.Before), redactJSON(e.After)
		if before == e.Before && after == e.After {
			continue
		}
		if err := conn.Exec(fmt.Sprintf("UPDATE %s SET before = ?, after = ? WHERE id = ?", auditTable), before, after, e.ID).Error; err != nil {
			return err
		}
	}
	return nil
}

// redactJSON replaces every text of an audited value with Redacted, but for the structural
// keys; a value that is not JSON is redacted whole.
func redactJSON(raw string) string {
	if raw == "" {
		return raw
	}
	var v any
	if err := json.Unmarshal([]byte(raw), &v); err != nil {
		return Redacted
	}
	out, err := json.Marshal(redactValue(v, ""))
	if err != nil {
		return Redacted
	}
	return string(out)
}

func redactValue(v any, key string) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			t[k] = redactValue(x, k)
		}
		return t
	case []any:
		for i, x := range t {
			t[i] = redactValue(x, key)
		}
		return t
	case string:
		if t == "" || slices.Contains(structuralKeys, strings.ToLower(key)) {
			return t
		}
		return Redacted
	default:
		return v
	}
}

// Keeps says what suppressing p would keep, and why: the keeps of the tables that hold rows
// about them, once each.
func (r *Registry) Keeps(ctx context.Context, conn *gorm.DB, p Person) ([]Kept, error) {
	out := []Kept{}
	conn = conn.WithContext(ctx)
	for _, h := range r.Holdings {
		for _, col := range erasedColumns(h, p) {
			e := h.Erase[col.name]
			if e.Keep == "" {
				continue
			}
			var n int64
			if err := conn.Table(h.Table).Where(col.where, col.args...).Limit(1).Count(&n).Error; err != nil {
				return nil, err
			}
			k := Kept{Title: h.Title, Why: e.Keep}
			if n > 0 && !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out, nil
}
