package webapi

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"zocalo/core/artists"
	"zocalo/core/authz"
	"zocalo/core/contact"
	"zocalo/core/db"
	"zocalo/core/news"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
)

func body(v any) *strings.Reader {
	raw, _ := json.Marshal(v)
	return strings.NewReader(string(raw))
}

func count(t *testing.T, d *db.DB, model any, where ...any) int64 {
	t.Helper()
	var n int64
	q := d.Conn(context.Background()).Model(model)
	if len(where) > 0 {
		q = q.Where(where[0], where[1:]...)
	}
	if err := q.Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// personas signs in one user per role the portal tests need.
func personas(e *env) map[string]string {
	e.addUser("comite", "510000000000000001", true, authz.Comite)
	e.addUser("oficina", "510000000000000002", true, authz.Oficina)
	e.addUser("rh", "510000000000000003", true, authz.RH)
	e.addUser("jugador", "510000000000000004", true)
	e.addUser("revisor", "500000000000000099", true)
	tokens := map[string]string{"": ""}
	for _, p := range []string{"comite", "oficina", "rh", "jugador", "revisor"} {
		tokens[p] = e.signIn(p)
	}
	return tokens
}

func TestNewsManagement(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := personas(e)
		good := map[string]any{"title": "Nueva temporada", "content": "Línea 1\nLínea 2 <script>alert(1)</script>", "type": "update"}

		for _, c := range []struct {
			who  string
			want int
		}{{"", 401}, {"jugador", 403}, {"rh", 403}, {"comite", 201}, {"oficina", 201}} {
			var m messageBody
			if got := e.call("POST", "/api/news/news-cards", tok[c.who], body(good), &m); got != c.want {
				t.Fatalf("%q creating news: %d, want %d (%s)", c.who, got, c.want, m.Message)
			}
			if c.want == 403 && m.Message != "No tienes permiso para acceder a esta sección" {
				t.Fatalf("refusal %q", m.Message)
			}
		}
		if n := count(t, d, &news.Item{}); n != 2 {
			t.Fatalf("%d items stored", n)
		}

		bad := []struct {
			name string
			in   map[string]any
		}{
			{"missing title", map[string]any{"content": "x", "type": "update"}},
			{"blank title", map[string]any{"title": "  ", "content": "x", "type": "update"}},
			{"missing content", map[string]any{"title": "x", "type": "update"}},
			{"type other", map[string]any{"title": "x", "content": "x", "type": "other"}},
			{"javascript image", map[string]any{"title": "x", "content": "x", "type": "event", "imageUrl": "javascript:alert(1)"}},
			{"content over the limit", map[string]any{"title": "x", "content": strings.Repeat("a", news.MaxContent+1), "type": "event"}},
			{"1 MB of content", map[string]any{"title": "x", "content": strings.Repeat("a", 1<<20), "type": "event"}},
			{"bad date", map[string]any{"title": "x", "content": "x", "type": "event", "date": "ayer"}},
		}
		for _, c := range bad {
			t.Run(c.name, func(t *testing.T) {
				before := count(t, d, &news.Item{})
				var m messageBody
				if got := e.call("POST", "/api/news/news-cards", tok["comite"], body(c.in), &m); got != 400 || m.Message == "" {
					t.Fatalf("status %d %q", got, m.Message)
				}
				if after := count(t, d, &news.Item{}); after != before {
					t.Fatal("a refused item was stored")
				}
			})
		}
		if got := e.call("POST", "/api/news/news-cards", tok["comite"], strings.NewReader("{not json"), nil); got != 400 {
			t.Fatalf("malformed JSON: %d", got)
		}

		// A hidden item is listed to managers only.
		hidden := map[string]any{"title": "Borrador", "content": "Aún no", "type": "event", "active": false}
		var draft news.Card
		if got := e.call("POST", "/api/news/news-cards", tok["comite"], body(hidden), &draft); got != 201 {
			t.Fatalf("draft: %d", got)
		}
		var public, managed []news.Card
		e.call("GET", "/api/news/news-cards", "", nil, &public)
		e.call("GET", "/api/news/news-cards", tok["oficina"], nil, &managed)
		if len(public) != 2 || len(managed) != 3 {
			t.Fatalf("public %d, managed %d", len(public), len(managed))
		}
		if public[0].Content != good["content"] || public[0].Type != "update" || public[0].ID == "" || !public[0].Active {
			t.Fatalf("card %+v", public[0])
		}
		// A browser gets the same list compressed.
		rec := get(t, e.server.Handler(), "/api/news/news-cards", "Accept-Encoding", "gzip, deflate, br")
		if rec.Header().Get("Content-Encoding") != "gzip" || rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("headers %v", rec.Header())
		}
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		var unzipped []news.Card
		if err := json.NewDecoder(zr).Decode(&unzipped); err != nil || !reflect.DeepEqual(unzipped, public) {
			t.Fatalf("compressed list %+v (%v), plain %+v", unzipped, err, public)
		}

		// Updating and deleting.
		edited := map[string]any{"title": "Temporada 2", "content": "Nuevo texto", "type": "announcement", "imageUrl": "https://cdn.example.com/a.png"}
		var card news.Card
		if got := e.call("PUT", "/api/news/news-cards/"+public[0].ID, tok["comite"], body(edited), &card); got != 200 || card.Title != "Temporada 2" || card.ImageURL == "" {
			t.Fatalf("update: %d %+v", got, card)
		}
		if got := e.call("PUT", "/api/news/news-cards/"+public[0].ID, tok["rh"], body(edited), nil); got != 403 {
			t.Fatalf("rh update: %d", got)
		}
		if got := e.call("PUT", "/api/news/news-cards/999999", tok["comite"], body(edited), nil); got != 404 {
			t.Fatalf("unknown id: %d", got)
		}
		if got := e.call("DELETE", "/api/news/news-cards/"+public[0].ID, tok["jugador"], nil, nil); got != 403 {
			t.Fatalf("jugador delete: %d", got)
		}
		if got := e.call("DELETE", "/api/news/news-cards/"+public[0].ID, tok["comite"], nil, nil); got != 200 {
			t.Fatalf("delete: %d", got)
		}
		if got := e.call("DELETE", "/api/news/news-cards/"+public[0].ID, tok["comite"], nil, nil); got != 404 {
			t.Fatalf("second delete: %d", got)
		}

		// Discord follows: two posts, one edit, one delete, all to the news channel.
		for kind, want := range map[string]int64{outbox.KindChannelMessage: 2, outbox.KindMessageEdit: 1, outbox.KindMessageDelete: 1} {
			if n := count(t, d, &outbox.Event{}, "kind = ? AND channel_id = ?", kind, e.cfg.Channels.News); n != want {
				t.Errorf("%s events: %d, want %d", kind, n, want)
			}
		}
	})
}

func TestContact(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		var m messageBody
		ok := map[string]any{"name": "Ana", "message": "Hola", "email": "ana@example.com"}
		if got := e.call("POST", "/api/contact", "", body(ok), &m); got != 201 || !strings.Contains(m.Message, "Mensaje enviado") {
			t.Fatalf("contact: %d %q", got, m.Message)
		}
		for name, in := range map[string]map[string]any{
			"no name":    {"message": "Hola", "email": "ana@example.com"},
			"no message": {"name": "Ana", "email": "ana@example.com"},
			"bad email":  {"name": "Ana", "message": "Hola", "email": "ana"},
			"bad phone":  {"name": "Ana", "message": "Hola", "email": "ana@example.com", "phone": "llámame"},
		} {
			var m messageBody
			if got := e.call("POST", "/api/contact", "", body(in), &m); got != 400 || m.Message == "" {
				t.Fatalf("%s: %d %q", name, got, m.Message)
			}
		}
		if n := count(t, d, &contact.Message{}); n != 1 {
			t.Fatalf("%d messages stored", n)
		}
		if n := count(t, d, &outbox.Event{}, "channel_id = ?", e.cfg.Channels.Contact); n != 1 {
			t.Fatalf("%d contact posts queued", n)
		}
	})
}

func TestArtistApplications(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := personas(e)
		var m messageBody
		in := map[string]any{"email": "dibujante@gmail.com", "phone": "+52 55 1234 5678", "acceptedTerms": true}
		if got := e.call("POST", "/api/artists/submit", "", body(in), &m); got != 201 || !strings.Contains(m.Message, "exitosamente") {
			t.Fatalf("submit: %d %q", got, m.Message)
		}
		for name, bad := range map[string]map[string]any{
			"terms false": {"email": "a@gmail.com", "phone": "5512345678", "acceptedTerms": false},
			"bad email":   {"email": "nope", "phone": "5512345678", "acceptedTerms": true},
			"no phone":    {"email": "a@gmail.com", "acceptedTerms": true},
		} {
			var m messageBody
			if got := e.call("POST", "/api/artists/submit", "", body(bad), &m); got != 400 || m.Message == "" {
				t.Fatalf("%s: %d %q", name, got, m.Message)
			}
		}
		if n := count(t, d, &artists.Application{}); n != 1 {
			t.Fatalf("%d applications stored", n)
		}
		for who, want := range map[string]int{"": 401, "jugador": 403, "comite": 403} {
			var m messageBody
			if got := e.call("GET", "/api/artists/applications", tok[who], nil, &m); got != want {
				t.Fatalf("%q listing: %d, want %d", who, got, want)
			}
			if want == 403 && m.Message != "No tienes permiso para acceder a esta página" {
				t.Fatalf("refusal %q", m.Message)
			}
		}
		var apps []artists.View
		if got := e.call("GET", "/api/artists/applications", tok["revisor"], nil, &apps); got != 200 || len(apps) != 1 {
			t.Fatalf("revisor: %d %d", got, len(apps))
		}
		if apps[0].Status != "pendiente" || apps[0].Email != "dibujante@gmail.com" || apps[0].ID == "" {
			t.Fatalf("application %+v", apps[0])
		}
		var updated artists.View
		if got := e.call("PUT", "/api/artists/applications/"+apps[0].ID+"/status", tok["revisor"], body(map[string]string{"status": "aceptada"}), &updated); got != 200 || updated.Status != "aceptada" {
			t.Fatalf("status: %d %+v", got, updated)
		}
		if got := e.call("PUT", "/api/artists/applications/"+apps[0].ID+"/status", tok["revisor"], body(map[string]string{"status": "quizás"}), nil); got != 400 {
			t.Fatalf("bad status: %d", got)
		}
		if got := e.call("PUT", "/api/artists/applications/"+apps[0].ID+"/status", tok["jugador"], body(map[string]string{"status": "rechazada"}), nil); got != 403 {
			t.Fatalf("jugador status: %d", got)
		}
	})
}

func TestPublicWritesAreRateLimited(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Open(t, testdb.Dialects()[0], true))
	e.server.publicWrites.perMin = 2
	in := map[string]any{"name": "Ana", "message": "Hola", "email": "ana@example.com"}
	codes := []int{}
	for range 3 {
		codes = append(codes, e.call("POST", "/api/contact", "", body(in), nil))
	}
	var m messageBody
	got := e.call("POST", "/api/artists/submit", "", body(map[string]any{"email": "a@gmail.com", "phone": "5512345678", "acceptedTerms": true}), &m)
	if codes[0] != 201 || codes[1] != 201 || codes[2] != http.StatusTooManyRequests || got != http.StatusTooManyRequests || !strings.Contains(m.Message, "demasiadas") {
		t.Fatalf("codes %v then %d %q", codes, got, m.Message)
	}
}
