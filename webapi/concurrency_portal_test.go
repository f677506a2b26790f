package webapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/outbox"
	"zocalo/internal/testenv"
)

// Rows of the public pages' writes: news, the contact and artist forms, the artist
// applications' review, the permission matrix, and signing in and out.

const (
	newsNotFound     = "Noticia no encontrada"
	publicWritesBusy = "Has enviado demasiadas solicitudes. Espera un minuto e inténtalo de nuevo."
)

// areaAudits counts the audit entries of an action of one area on an entity.
func (r *raceEnv) areaAudits(t *testing.T, area, action string, entityID any) int64 {
	t.Helper()
	return r.count(t, "audit_entries", "area = ? AND action = ? AND entity_id = ?", area, action, fmt.Sprint(entityID))
}

// refPosts counts the outbox events of a kind that refer to the event ref.
func (r *raceEnv) refPosts(t *testing.T, kind string, ref uint64) int64 {
	t.Helper()
	return r.count(t, "outbox_events", "kind = ? AND (payload LIKE ? OR payload LIKE ?)", kind,
		fmt.Sprintf(`%%"refEventId":%d,%%`, ref), fmt.Sprintf(`%%"refEventId":%d}%%`, ref))
}

// newsCard creates an active news item and returns its id and the event of its post.
func (r *raceEnv) newsCard(t *testing.T, title string) (string, uint64) {
	t.Helper()
	a := r.do(t, request{method: "POST", path: "/api/news/news-cards", token: r.tokens["comite"],
		body: map[string]any{"title": title, "content": "Texto", "type": "update"}})
	var card struct {
		ID string `json:"_id"`
	}
	if a.status != 201 || json.Unmarshal(a.body, &card) != nil {
		t.Fatalf("creating news: %d %s", a.status, a.body)
	}
	var ev uint64
	if err := r.d.Conn(t.Context()).Table("news_items").Where("id = ?", card.ID).Select("publish_event_id").Scan(&ev).Error; err != nil || ev == 0 {
		t.Fatalf("the item's post: %d (%v)", ev, err)
	}
	return card.ID, ev
}

// publicLimit runs fn in a fresh minute with the public writes' limit set to n.
func (r *raceEnv) publicLimit(n int, fn func()) {
	r.clock.Advance(time.Minute)
	was := r.server.publicWrites.perMin
	r.server.publicWrites.perMin = n
	defer func() { r.server.publicWrites.perMin = was }()
	fn()
}

// newsRows: one item per key, edits that change nothing post and audit nothing, one
// deletion, and a deletion racing edits leaves nothing behind.
var newsRows = []raceRow{
	{name: "creating a news item with one key", routes: []string{"POST /api/news/news-cards"}, run: func(t *testing.T, r *raceEnv) {
		title := "Noticia " + r.id()
		create := request{method: "POST", path: "/api/news/news-cards", token: r.tokens["comite"], key: r.newKey(),
			body: map[string]any{"title": title, "content": "Texto", "type": "announcement"}}
		answers := r.race(t, same(raceN, create)...)
		expectReplays(t, answers, 201)
		var card struct {
			ID string `json:"_id"`
		}
		_ = json.Unmarshal(answers[0].body, &card)
		expectCount(t, "items", r.count(t, "news_items", "title = ?", title), 1)
		expectCount(t, "creation audits", r.areaAudits(t, audit.AreaNews, "create", card.ID), 1)
		expectCount(t, "news posts", r.posts(t, outbox.KindChannelMessage, title), 1)

		// Other keys are other submissions.
		var distinct []request
		for range 5 {
			q := create
			q.key = r.newKey()
			distinct = append(distinct, q)
		}
		expectAll(t, r.race(t, distinct...), 201)
		expectCount(t, "items with distinct keys", r.count(t, "news_items", "title = ?", title), 6)
	}},
	{name: "editing a news item at once", routes: []string{"PUT /api/news/news-cards/:id"}, run: func(t *testing.T, r *raceEnv) {
		title := "Noticia " + r.id()
		id, post := r.newsCard(t, title)
		edit := func(title string) request {
			return request{method: "PUT", path: "/api/news/news-cards/" + id, token: r.tokens["oficina"],
				body: map[string]any{"title": title, "content": "Texto", "type": "update"}}
		}
		// The item as it is: nothing changes.
		expectAll(t, r.race(t, same(raceN, edit(title))...), 200)
		expectCount(t, "audits of edits that change nothing", r.areaAudits(t, audit.AreaNews, "update", id), 0)
		expectCount(t, "message edits of edits that change nothing", r.refPosts(t, outbox.KindMessageEdit, post), 0)
		// One new title sent 20 times: one change.
		answers := r.race(t, same(raceN, edit(title+" (editada)"))...)
		expectAll(t, answers, 200)
		for _, a := range answers {
			var card struct{ Title string }
			if _ = json.Unmarshal(a.body, &card); card.Title != title+" (editada)" {
				t.Errorf("an edit answered %s", a.body)
			}
		}
		expectCount(t, "edit audits", r.areaAudits(t, audit.AreaNews, "update", id), 1)
		expectCount(t, "message edits", r.refPosts(t, outbox.KindMessageEdit, post), 1)
	}},
	{name: "deleting a news item", routes: []string{"DELETE /api/news/news-cards/:id"}, run: func(t *testing.T, r *raceEnv) {
		id, post := r.newsCard(t, "Noticia "+r.id())
		answers := r.race(t, same(raceN, request{method: "DELETE", path: "/api/news/news-cards/" + id, token: r.tokens["comite"]})...)
		expectOneWinner(t, answers, 200, 404, newsNotFound)
		expectCount(t, "items left", r.count(t, "news_items", "id = ?", id), 0)
		expectCount(t, "deletion audits", r.areaAudits(t, audit.AreaNews, "delete", id), 1)
		expectCount(t, "message deletions", r.refPosts(t, outbox.KindMessageDelete, post), 1)
	}},
	{name: "deleting a news item while editing it", routes: []string{"PUT /api/news/news-cards/:id", "DELETE /api/news/news-cards/:id"}, run: func(t *testing.T, r *raceEnv) {
		title := "Noticia " + r.id()
		id, post := r.newsCard(t, title)
		var reqs []request
		for i := range raceN {
			if i%2 == 0 {
				reqs = append(reqs, request{method: "DELETE", path: "/api/news/news-cards/" + id, token: r.tokens["comite"]})
			} else {
				reqs = append(reqs, request{method: "PUT", path: "/api/news/news-cards/" + id, token: r.tokens["oficina"],
					body: map[string]any{"title": fmt.Sprintf("%s v%d", title, i), "content": "Texto", "type": "update"}})
			}
		}
		answers := r.race(t, reqs...)
		var deletes []answer
		for i, a := range answers {
			if i%2 == 0 {
				deletes = append(deletes, a)
			} else if a.status != 200 && (a.status != 404 || a.message() != newsNotFound) {
				t.Errorf("an edit answered %d %s", a.status, a.body)
			}
		}
		expectOneWinner(t, deletes, 200, 404, newsNotFound)
		expectCount(t, "items resurrected", r.count(t, "news_items", "id = ?", id), 0)
		expectCount(t, "deletion audits", r.areaAudits(t, audit.AreaNews, "delete", id), 1)
		expectCount(t, "message deletions", r.refPosts(t, outbox.KindMessageDelete, post), 1)
		var deletion uint64
		r.d.Conn(t.Context()).Table("outbox_events").Where("kind = ? AND payload = ?", outbox.KindMessageDelete,
			fmt.Sprintf(`{"refEventId":%d}`, post)).Select("id").Scan(&deletion)
		expectCount(t, "message edits after the deletion", r.count(t, "outbox_events", "kind = ? AND id > ? AND payload LIKE ?",
			outbox.KindMessageEdit, deletion, fmt.Sprintf(`%%"refEventId":%d,%%`, post)), 0)
	}},
}

// formRows: the public forms admit the limit per client and minute, and a key makes one
// submission however often it is sent.
func formRows(route, what string, form func(marker string) map[string]any, table, column string) []raceRow {
	method, path := "POST", route[len("POST "):]
	return []raceRow{
		{name: what + ": the limit per client", routes: []string{route}, run: func(t *testing.T, r *raceEnv) {
			marker := r.id()
			r.publicLimit(5, func() {
				answers := r.race(t, same(raceN, request{method: method, path: path, body: form(marker)})...)
				got := tally(answers)
				if got[201] != 5 || got[http.StatusTooManyRequests] != raceN-5 {
					t.Errorf("answers %v, want 5 × 201 and %d × 429", got, raceN-5)
				}
				for _, a := range answers {
					if a.status == http.StatusTooManyRequests && a.message() != publicWritesBusy {
						t.Errorf("a refusal said %q", a.message())
					}
				}
			})
			expectCount(t, "stored", r.count(t, table, column+" LIKE ?", "%"+marker+"%"), 5)
			expectCount(t, "posts", r.count(t, "outbox_events", "kind = ? AND payload LIKE ?", outbox.KindChannelMessage, "%"+marker+"%"), 5)
		}},
		{name: what + ": malformed submissions do not count", routes: []string{route}, run: func(t *testing.T, r *raceEnv) {
			marker := r.id()
			r.publicLimit(5, func() {
				// Malformed ones at once: each is refused (400, or 429 while the others still
				// hold their hit), and none stays counted.
				for _, a := range r.race(t, same(raceN, request{method: method, path: path, body: map[string]any{"name": marker}})...) {
					if a.status != http.StatusBadRequest && a.status != http.StatusTooManyRequests {
						t.Errorf("a malformed submission answered %d %s", a.status, a.body)
					}
				}
				got := tally(r.race(t, same(5, request{method: method, path: path, body: form(marker)})...))
				if got[201] != 5 {
					t.Errorf("after malformed ones, 5 valid submissions answered %v, want 5 × 201", got)
				}
				if a := r.do(t, request{method: method, path: path, body: form(marker)}); a.status != http.StatusTooManyRequests {
					t.Errorf("the 6th valid submission answered %d %s, want 429", a.status, a.body)
				}
			})
			expectCount(t, "stored", r.count(t, table, column+" LIKE ?", "%"+marker+"%"), 5)
		}},
		{name: what + " with one key", routes: []string{route}, run: func(t *testing.T, r *raceEnv) {
			marker := r.id()
			answers := r.race(t, same(raceN, request{method: method, path: path, key: r.newKey(), body: form(marker)})...)
			expectReplays(t, answers, 201)
			expectCount(t, "stored", r.count(t, table, column+" LIKE ?", "%"+marker+"%"), 1)
			expectCount(t, "posts", r.count(t, "outbox_events", "kind = ? AND payload LIKE ?", outbox.KindChannelMessage, "%"+marker+"%"), 1)
		}},
	}
}

var contactRows = formRows("POST /api/contact", "sending the contact form", func(marker string) map[string]any {
	return map[string]any{"name": "Ana " + marker, "message": "Hola", "email": "ana@example.com"}
}, "contact_messages", "name")

var artistFormRows = formRows("POST /api/artists/submit", "applying to the artist team", func(marker string) map[string]any {
	return map[string]any{"email": "a" + marker + "@gmail.com", "phone": "5512345678", "acceptedTerms": true}
}, "artist_applications", "email")

// reviewRows: a decision repeated changes nothing; two decisions at once are applied one
// after the other, each audited once.
var reviewRows = []raceRow{
	{name: "deciding an artist application", routes: []string{"PUT /api/artists/applications/:id/status"}, run: func(t *testing.T, r *raceEnv) {
		email := "a" + r.id() + "@gmail.com"
		if a := r.do(t, request{method: "POST", path: "/api/artists/submit", body: map[string]any{"email": email, "phone": "5512345678", "acceptedTerms": true}}); a.status != 201 {
			t.Fatalf("applying: %d %s", a.status, a.body)
		}
		var id string
		r.d.Conn(t.Context()).Table("artist_applications").Where("email = ?", email).Select("id").Scan(&id)
		set := func(status string) request {
			return request{method: "PUT", path: "/api/artists/applications/" + id + "/status", token: r.tokens["revisor"],
				body: map[string]string{"status": status}}
		}
		postsBefore := r.count(t, "outbox_events", "payload LIKE ?", "%"+email+"%")
		// The status it has: nothing changes.
		expectAll(t, r.race(t, same(raceN, set("pendiente"))...), 200)
		expectCount(t, "audits of a repeated status", r.areaAudits(t, "artists", "status", id), 0)
		// One decision sent 20 times: one change.
		expectAll(t, r.race(t, same(raceN, set("aceptada"))...), 200)
		expectCount(t, "decision audits", r.areaAudits(t, "artists", "status", id), 1)
		// Two reviewers at once with different decisions: each change is audited once, and
		// the entries chain from one state to the next up to the stored one.
		var reqs []request
		for i := range raceN {
			reqs = append(reqs, set([]string{"rechazada", "aceptada"}[i%2]))
		}
		expectAll(t, r.race(t, reqs...), 200)
		var entries []audit.Entry
		r.d.Conn(t.Context()).Where("area = ? AND action = ? AND entity_id = ?", "artists", "status", id).Order("id").Find(&entries)
		state := "pendiente"
		for _, e := range entries {
			var before, after struct{ Status string }
			_ = json.Unmarshal([]byte(e.Before), &before)
			_ = json.Unmarshal([]byte(e.After), &after)
			if before.Status != state || after.Status == state {
				t.Errorf("an entry from %q to %q after %q", before.Status, after.Status, state)
			}
			state = after.Status
		}
		var stored string
		r.d.Conn(t.Context()).Table("artist_applications").Where("id = ?", id).Select("status").Scan(&stored)
		if stored != state {
			t.Errorf("stored %q, the audit log ends at %q", stored, state)
		}
		expectCount(t, "posts of decisions", r.count(t, "outbox_events", "payload LIKE ?", "%"+email+"%"), postsBefore)
	}},
}

// matrixRows: rights set to what they are change nothing; 20 identical changes are one.
var matrixRows = []raceRow{
	{name: "setting a panel's rights", routes: []string{"PUT /api/roles/panels/:panelId/permissions"}, run: func(t *testing.T, r *raceEnv) {
		role := testRoles[authz.Senador]
		path := "/api/roles/panels/support/permissions"
		var rows []struct {
			RoleID      string      `json:"roleId"`
			Permissions authz.Flags `json:"permissions"`
		}
		if got := r.call("GET", path, r.tokens["comite"], nil, &rows); got != 200 {
			t.Fatalf("reading the matrix: %d", got)
		}
		var was authz.Flags
		for _, row := range rows {
			if row.RoleID == role {
				was = row.Permissions
			}
		}
		set := func(f authz.Flags) request {
			return request{method: "PUT", path: path, token: r.tokens["comite"], body: map[string]any{"roleId": role, "permissions": f}}
		}
		posts := func() int64 {
			return r.count(t, "outbox_events", "kind = ? AND payload LIKE ?", outbox.KindChannelMessage, "%Permisos de % en support%")
		}
		postsBefore := posts()
		expectAll(t, r.race(t, same(raceN, set(was))...), 200)
		expectCount(t, "audits of rights set to what they are", r.areaAudits(t, audit.AreaPermissions, "panel.support", role), 0)
		expectCount(t, "posts of rights set to what they are", posts(), postsBefore)
		changed := was
		changed.Read = !was.Read
		expectAll(t, r.race(t, same(raceN, set(changed))...), 200)
		expectCount(t, "audits of one change", r.areaAudits(t, audit.AreaPermissions, "panel.support", role), 1)
		expectCount(t, "posts of one change", posts(), postsBefore+1)
		if a := r.do(t, set(was)); a.status != 200 {
			t.Fatalf("restoring the rights: %d %s", a.status, a.body)
		}
	}},
}

// signInRows: a Discord code is good once (Discord refuses a reused code), the one-time
// code a sign-in ends with is exchanged for one token once, and a token's logout revokes
// its session once.
var signInRows = []raceRow{
	{name: "signing in with one code, exchanging one sign-in code, logging out with one token", routes: []string{"GET /api/auth/discord/callback", "POST /api/auth/exchange", "POST /api/auth/logout"}, run: func(t *testing.T, r *raceEnv) {
		id, _ := r.member(t)
		sessions := func() int64 { return r.count(t, "sessions", "user_id = ?", id) }
		before := sessions()
		code := r.fake.IssueCode(id, r.cfg.PublicURL+"/api/auth/discord/callback")
		ends := make([]string, raceN)
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		testenv.Together(r.d, raceN, func(i int) {
			state := fmt.Sprintf("state%d", i)
			req, _ := http.NewRequestWithContext(t.Context(), "GET", r.http.URL+"/api/auth/discord/callback?state="+state+"&code="+code, nil)
			req.AddCookie(&http.Cookie{Name: stateCookie, Value: state})
			res, err := client.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			res.Body.Close()
			ends[i] = res.Header.Get("Location")
		})
		var signInCode, state string
		for i, end := range ends {
			u, _ := url.Parse(end)
			switch q := u.Query(); {
			case q.Get("token") != "":
				t.Errorf("a token in the URL: %s", end)
			case q.Get("code") != "" && signInCode == "":
				signInCode, state = q.Get("code"), fmt.Sprintf("state%d", i)
			case q.Get("code") != "":
				t.Errorf("a second sign-in with one code: %s", end)
			case q.Get("error") == "":
				t.Errorf("a sign-in ended at %q", end)
			}
		}
		if signInCode == "" {
			t.Fatalf("no sign-in won: %v", ends)
		}
		expectCount(t, "sessions before the exchange", sessions(), before)

		tokens := make([]string, raceN)
		statuses := make([]int, raceN)
		body := `{"code":"` + signInCode + `"}`
		testenv.Together(r.d, raceN, func(i int) {
			req, _ := http.NewRequestWithContext(t.Context(), "POST", r.http.URL+"/api/auth/exchange", strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.AddCookie(&http.Cookie{Name: stateCookie, Value: state})
			res, err := client.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			defer res.Body.Close()
			var out struct {
				Token string `json:"token"`
			}
			_ = json.NewDecoder(res.Body).Decode(&out)
			statuses[i], tokens[i] = res.StatusCode, out.Token
		})
		var token string
		for i := range raceN {
			switch {
			case statuses[i] == 200 && tokens[i] != "" && token == "":
				token = tokens[i]
			case statuses[i] == 200:
				t.Errorf("a second token for one sign-in code")
			case statuses[i] != http.StatusUnauthorized:
				t.Errorf("an exchange answered %d", statuses[i])
			}
		}
		if token == "" {
			t.Fatalf("no exchange won: %v", statuses)
		}
		expectCount(t, "sessions opened", sessions(), before+1)

		answers := r.race(t, same(raceN, request{method: "POST", path: "/api/auth/logout", token: token})...)
		for _, a := range answers {
			if a.status != 200 && a.status != http.StatusUnauthorized {
				t.Errorf("a logout answered %d %s", a.status, a.body)
			}
		}
		if tally(answers)[200] == 0 {
			t.Errorf("no logout succeeded: %v", tally(answers))
		}
		expectCount(t, "sessions left open", r.count(t, "sessions", "user_id = ? AND revoked_at IS NULL", id), before)
		if got := r.call("GET", "/api/auth/profile", token, nil, nil); got != http.StatusUnauthorized {
			t.Errorf("the token after logging out: %d", got)
		}
	}},
}

var _ = addRaceRows(append(append(append(append(append(newsRows, contactRows...), artistFormRows...), reviewRows...), matrixRows...), signInRows...)...)
