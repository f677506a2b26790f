package webapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/db"
	"zocalo/core/legislative"
	"zocalo/core/news"
	"zocalo/internal/testdb"
)

// The news lists answer a page, never every item: the landing's few, /news and /admin/news a
// page at a time, and an item of any age from its own link.
func TestNewsComeAPageAtATime(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.server.deps.WebFS = builtApp()
		tok := personas(e)
		ctx := context.Background()
		// More items than the server keeps in memory, with ties of date and some unpublished.
		base := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
		total := news.MaxPage + 20
		for i := range total {
			it := news.Item{Title: fmt.Sprintf("Noticia %02d", i), Content: "Texto", Type: news.TypeUpdate,
				Date: base.Add(-time.Duration(i/2) * time.Hour), Active: i%7 != 3, CreatedAt: base, UpdatedAt: base}
			if err := d.Conn(ctx).Create(&it).Error; err != nil {
				t.Fatal(err)
			}
		}
		order := func(activeOnly bool) []string {
			q := d.Conn(ctx).Model(&news.Item{}).Order("date DESC, id DESC")
			if activeOnly {
				q = q.Where("active = ?", true)
			}
			var ids []uint64
			if err := q.Pluck("id", &ids).Error; err != nil {
				t.Fatal(err)
			}
			out := make([]string, len(ids))
			for i, id := range ids {
				out[i] = strconv.FormatUint(id, 10)
			}
			return out
		}
		published, every := order(true), order(false)
		var hiddenID uint64
		if err := d.Conn(ctx).Model(&news.Item{}).Select("id").Where("active = ?", false).Order("id").Limit(1).Scan(&hiddenID).Error; err != nil || hiddenID == 0 {
			t.Fatalf("no unpublished item (%v)", err)
		}
		hidden := strconv.FormatUint(hiddenID, 10)

		// pages reads a list to its end with limit, as "Cargar más" does, and the sizes it got.
		pages := func(token string, limit int) (ids []string, sizes []int) {
			t.Helper()
			path := "/api/news/news-cards?limit=" + strconv.Itoa(limit)
			for range 100 {
				var page []news.Card
				if got := e.call("GET", path, token, nil, &page); got != http.StatusOK {
					t.Fatalf("%s: %d", path, got)
				}
				sizes = append(sizes, len(page))
				for _, c := range page {
					ids = append(ids, c.ID)
				}
				if len(page) < limit {
					return ids, sizes
				}
				path = fmt.Sprintf("/api/news/news-cards?limit=%d&before=%s", limit, page[len(page)-1].ID)
			}
			t.Fatal("the pages never end")
			return nil, nil
		}
		same := func(what string, got, want []string) {
			t.Helper()
			if len(got) != len(want) {
				t.Fatalf("%s: %d items, want %d", what, len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("%s: position %d is %s, want %s", what, i, got[i], want[i])
				}
			}
		}

		t.Run("without parameters, the newest page; the landing's few when it asks for them", func(t *testing.T) {
			var page []news.Card
			if got := e.call("GET", "/api/news/news-cards", "", nil, &page); got != http.StatusOK || len(page) != news.DefaultPage {
				t.Fatalf("%d, %d items", got, len(page))
			}
			same("default page", ids(page), published[:news.DefaultPage])
			if got := e.call("GET", "/api/news/news-cards?limit=3", "", nil, &page); got != http.StatusOK || len(page) != 3 {
				t.Fatalf("%d, %d items", got, len(page))
			}
			same("the landing's", ids(page), published[:3])
		})

		t.Run("visitors page through every published item, managers through every item", func(t *testing.T) {
			got, sizes := pages("", 7)
			same("published", got, published)
			if sizes[0] != 7 {
				t.Fatalf("sizes %v", sizes)
			}
			got, _ = pages(tok["comite"], news.MaxPage)
			same("managed", got, every)
			got, _ = pages(tok["comite"], 9)
			same("managed by 9", got, every)
		})

		t.Run("limits and cursors out of range are refused in Spanish", func(t *testing.T) {
			inactive := hidden
			for _, path := range []string{"?limit=0", "?limit=-1", "?limit=abc", fmt.Sprintf("?limit=%d", news.MaxPage+1), "?before=abc",
				"?before=0", "?before=999999", "?before=9223372036854775808", "?before=" + inactive} {
				var m messageBody
				if got := e.call("GET", "/api/news/news-cards"+path, "", nil, &m); got != http.StatusBadRequest || m.Message != "Página o límite no válidos." {
					t.Errorf("%s: %d %q", path, got, m.Message)
				}
			}
			// A manager pages on from an unpublished item.
			if got := e.call("GET", "/api/news/news-cards?before="+inactive, tok["comite"], nil, nil); got != http.StatusOK {
				t.Fatalf("a manager's cursor on an unpublished item: %d", got)
			}
		})

		t.Run("an item of any age opens by its id; an unpublished one only for managers", func(t *testing.T) {
			oldest := published[len(published)-1]
			var card news.Card
			if got := e.call("GET", "/api/news/news-cards/"+oldest, "", nil, &card); got != http.StatusOK || card.ID != oldest {
				t.Fatalf("%d %+v", got, card)
			}
			res, page := fetchPage(t, e.browser(), e.http.URL+"/news/"+oldest)
			var served news.Card
			if res.StatusCode != http.StatusOK || json.Unmarshal(servedBoot(t, page)["newsItem"], &served) != nil || served.ID != oldest {
				t.Fatalf("the page of the oldest item: %d", res.StatusCode)
			}
			var m messageBody
			if got := e.call("GET", "/api/news/news-cards/"+hidden, "", nil, &m); got != http.StatusNotFound || m.Message != "Noticia no encontrada" {
				t.Fatalf("an unpublished item for a visitor: %d %q", got, m.Message)
			}
			if got := e.call("GET", "/api/news/news-cards/"+hidden, tok["jugador"], nil, nil); got != http.StatusNotFound {
				t.Fatalf("an unpublished item for a player: %d", got)
			}
			if got := e.call("GET", "/api/news/news-cards/"+hidden, tok["oficina"], nil, &card); got != http.StatusOK || card.Active {
				t.Fatalf("an unpublished item for a manager: %d %+v", got, card)
			}
			for _, id := range []string{"0", "999999"} {
				if got := e.call("GET", "/api/news/news-cards/"+id, "", nil, &m); got != http.StatusNotFound || m.Message != "Noticia no encontrada" {
					t.Errorf("%s: %d %q", id, got, m.Message)
				}
			}
			// What is not a row's number names nothing before the handler runs (cleanInput).
			for _, id := range []string{"abc", "9223372036854775808"} {
				if got := e.call("GET", "/api/news/news-cards/"+id, "", nil, nil); got != http.StatusNotFound {
					t.Errorf("%s: %d", id, got)
				}
			}
		})
	})
}

func ids(cards []news.Card) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = c.ID
	}
	return out
}

// A body's initiatives come a page at a time: page 2 holds the next ones.
func TestInitiativesComeAPageAtATimeOverHTTP(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := rolesPersonas(e)
		ctx := context.Background()
		base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		for i := range 30 {
			at := base.Add(time.Duration(i) * time.Minute)
			if err := d.Conn(ctx).Create(&legislative.Initiative{Body: legislative.BodySCJN, Title: fmt.Sprintf("Iniciativa %02d", i),
				Summary: "Resumen", Status: legislative.StatusPending, CreatedBy: "1", CreatedAt: at, UpdatedAt: at}).Error; err != nil {
				t.Fatal(err)
			}
		}
		var first, second, rest []legislative.View
		if got := e.call("GET", "/api/legislative/initiatives?type=SCJN&limit=12", tok["ministro"], nil, &first); got != http.StatusOK || len(first) != 12 {
			t.Fatalf("first page: %d, %d", got, len(first))
		}
		path := fmt.Sprintf("/api/legislative/initiatives?type=SCJN&limit=12&before=%d", first[11].ID)
		if got := e.call("GET", path, tok["ministro"], nil, &second); got != http.StatusOK || len(second) != 12 {
			t.Fatalf("second page: %d, %d", got, len(second))
		}
		if first[0].Title != "Iniciativa 29" || first[11].Title != "Iniciativa 18" || second[0].Title != "Iniciativa 17" || second[11].Title != "Iniciativa 06" {
			t.Fatalf("pages %q…%q, %q…%q", first[0].Title, first[11].Title, second[0].Title, second[11].Title)
		}
		path = fmt.Sprintf("/api/legislative/initiatives?type=SCJN&limit=12&before=%d", second[11].ID)
		if got := e.call("GET", path, tok["ministro"], nil, &rest); got != http.StatusOK || len(rest) != 6 {
			t.Fatalf("last page: %d, %d", got, len(rest))
		}
		if got := e.call("GET", "/api/legislative/initiatives?type=SCJN", tok["ministro"], nil, &first); got != http.StatusOK ||
			len(first) != legislative.DefaultInitiativesPage {
			t.Fatalf("without a limit: %d, %d", got, len(first))
		}
		for _, q := range []string{"limit=0", "limit=101", "limit=x", "before=abc", "before=0", "before=999999"} {
			var m messageBody
			if got := e.call("GET", "/api/legislative/initiatives?type=SCJN&"+q, tok["ministro"], nil, &m); got != http.StatusBadRequest ||
				m.Message != "Página o límite no válidos." {
				t.Errorf("%s: %d %q", q, got, m.Message)
			}
		}
	})
}

// The log's total stops at audit.CountCap and says so; the pages go on past it.
func TestTheLogsTotalIsCappedOverHTTP(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := rolesPersonas(e)
		at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		if err := d.Conn(context.Background()).Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
			INSERT INTO audit_entries (at, actor_id, actor_name, area, action, entity_type, entity_id, before, after)
			SELECT ?, '1', 'comite', 'news', 'create', 'news', '', '', '' FROM n`, audit.CountCap+1, at).Error; err != nil {
			t.Fatal(err)
		}
		var raw map[string]json.RawMessage
		if got := e.call("GET", "/api/audit?limit=100", tok["comite"], nil, &raw); got != http.StatusOK ||
			string(raw["total"]) != "10000" || string(raw["totalCapped"]) != "true" {
			t.Fatalf("%d total %s capped %s", got, raw["total"], raw["totalCapped"])
		}
		var last audit.Page
		if got := e.call("GET", "/api/audit?limit=100&page=101", tok["comite"], nil, &last); got != http.StatusOK || len(last.Entries) < 1 {
			t.Fatalf("past the cap: %d, %d entries", got, len(last.Entries))
		}
	})
}
