package tickets

import (
	"strconv"
	"strings"
	"unicode"

	"gorm.io/gorm"

	"zocalo/core/db"
)

// newestFirst is every ticket, newest activity first, as a table to filter: a page read
// from it stops once full. On PostgreSQL the OFFSET 0 keeps the filters outside, where the
// planner cannot turn the walk into a read of the text index; SQLite is told the index,
// since it would otherwise read every match's row to sort them (14 ms for 4,000 matches
// of a word, against 1 ms walking).
func (s *Service) newestFirst() string {
	if s.db.Dialect() == db.SQLite {
		return "tickets INDEXED BY idx_tickets_updated"
	}
	return "(SELECT * FROM tickets ORDER BY updated_at DESC, id DESC OFFSET 0) AS tickets"
}

// newestOnly is the n newest tickets as a table to filter.
func newestOnly(n int) string {
	return "(SELECT * FROM tickets ORDER BY updated_at DESC, id DESC LIMIT " + strconv.Itoa(n) + ") AS tickets"
}

// How a search on PostgreSQL tells a word on many tickets from a rare one before counting:
// a word on enough of the probeRows newest tickets to reach the count's bound within the
// walkRows newest is counted by walking those, which takes a millisecond or so whatever the
// community's size. The text index gathers every match before a count can stop (83,000 for
// a word on one ticket in twelve of a million: 25 ms); it counts the rarer words.
const (
	probeRows = 300
	walkRows  = 6000
)

// searchCount counts a search's or a filter's matches up to bound, and says whether the
// page is best read walking the newest tickets (a common word). matching
// narrows tickets, or the table given, to the query.
func (s *Service) searchCount(matching func(from ...string) *gorm.DB, search bool, bound int) (total int64, capped, walk bool, err error) {
	if search && s.db.Dialect() == db.Postgres {
		recent, _, err := db.CountUpTo(matching(newestOnly(probeRows)), probeRows)
		if err != nil {
			return 0, false, false, err
		}
		if recent*walkRows >= int64(bound+1)*probeRows {
			n, capped, err := db.CountUpTo(matching(newestOnly(walkRows)), bound)
			if err != nil || capped {
				return n, capped, capped, err
			}
		}
	}
	total, capped, err = db.CountUpTo(matching(), bound)
	// A common word's newest matches are near the top: walking finds the page sooner than
	// the text index, which would fetch and sort every match.
	return total, capped, capped && search, err
}

// searching narrows q to the tickets a staff search finds: by the words of the title or
// the author's name, or by number. Every word typed must appear, the last one also as the
// start of a word (the person may still be typing it), ignoring case and accents. Each
// engine has a word index for it: FTS5 on SQLite, a GIN index of the word lists each ticket
// keeps on PostgreSQL (migrations 00017, 00042). A search without a letter or a digit looks
// for the text as typed.
func (s *Service) searching(q *gorm.DB, term string) *gorm.DB {
	var cond string
	var args []any
	typed := term
	if s.db.Dialect() != db.SQLite {
		// The letters unaccent turns into punctuation cut words in this index, as that
		// punctuation does; an apostrophe would also end a quoted word of the query.
		typed = strings.Map(func(r rune) rune {
			if strings.ContainsRune(punctuationLetters, r) {
				return ' '
			}
			return r
		}, term)
	}
	words := searchWords(typed)
	switch {
	case len(words) > 0 && s.db.Dialect() == db.SQLite:
		for i, w := range words {
			words[i] = `"` + w + `"`
		}
		cond = "id IN (SELECT rowid FROM tickets_search WHERE tickets_search MATCH ?)"
		args = []any{strings.Join(words, " ") + "*"}
	case len(words) > 0:
		// Quoted, a word the parser would cut in two becomes a phrase instead of a syntax
		// error; the words hold only letters, digits and marks, never a quote.
		cond = "search_words @@ tickets_search_query(?)"
		args = []any{"'" + strings.Join(words, "' & '") + "':*"}
	default:
		like := "%" + strings.ToLower(strings.NewReplacer("\\", "\\\\", "%", "\\%", "_", "\\_").Replace(term)) + "%"
		cond = "LOWER(title) LIKE ? ESCAPE '\\' OR LOWER(author_name) LIKE ? ESCAPE '\\'"
		args = []any{like, like}
	}
	if id, err := strconv.ParseUint(strings.TrimPrefix(term, "#"), 10, 63); err == nil {
		cond += " OR id = ?"
		args = append(args, id)
	}
	return q.Where("("+cond+")", args...)
}

// searchWords splits a search into the words the full-text index holds: runs of letters
// and digits, as its tokenizer cuts them. A run without a letter or a digit (combining
// marks alone) holds nothing to look for.
func searchWords(term string) []string {
	words := strings.FieldsFunc(term, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) })
	kept := words[:0]
	for _, w := range words {
		if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			kept = append(kept, w)
		}
	}
	return kept
}

// punctuationLetters are the letters PostgreSQL's unaccent.rules maps to punctuation.
const punctuationLetters = "ŉʹʺʻʼʽˆˈˋː"
