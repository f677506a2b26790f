package webapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"testing"

	"zocalo/core/outbox"
)

// distinctKeys is n copies of one request, each with its own Idempotency-Key.
func (r *raceEnv) distinctKeys(n int, q request) []request {
	out := same(n, q)
	for i := range out {
		out[i].key = r.newKey()
	}
	return out
}

// idOf reads the "_id" or "id" of an answer.
func idOf(t *testing.T, a answer) uint64 {
	t.Helper()
	var v struct {
		UnderscoreID uint64 `json:"_id"`
		ID           uint64 `json:"id"`
	}
	if err := json.Unmarshal(a.body, &v); err != nil {
		t.Fatalf("answer %d %s: %v", a.status, a.body, err)
	}
	return max(v.UnderscoreID, v.ID)
}

// businessForm is the multipart registration of a business with one PDF.
func businessForm(rfc, owner string) func() (io.Reader, string) {
	return func() (io.Reader, string) {
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		for k, v := range map[string]string{"name": "Taquería " + rfc, "location": "Av. Juárez 12", "server": "Principal",
			"rfc": rfc, "ownerName": "Juan Pérez", "ownerDiscordId": owner} {
			_ = w.WriteField(k, v)
		}
		part, _ := w.CreateFormFile("documents", "acta.pdf")
		_, _ = part.Write([]byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"))
		_ = w.Close()
		return &buf, w.FormDataContentType()
	}
}

// registerBusiness files a business for a row that needs one.
func (r *raceEnv) registerBusiness(t *testing.T, rfc string) uint64 {
	t.Helper()
	owner, _ := r.member(t)
	a := r.do(t, request{method: "POST", path: "/api/sat/businesses", token: r.tokens["comite"], raw: businessForm(rfc, owner)})
	if a.status != 201 {
		t.Fatalf("register %s: %d %s", rfc, a.status, a.body)
	}
	return idOf(t, a)
}

var _ = addRaceRows(
	raceRow{name: "registering one sale with one key", routes: []string{"POST /api/treasury/sales"}, run: func(t *testing.T, r *raceEnv) {
		buyer, _ := r.member(t)
		sale := request{method: "POST", path: "/api/treasury/sales", token: r.tokens["tesoreria"], key: r.newKey(),
			body: map[string]any{"buyerDiscordId": buyer, "item": "VIP", "discount": 10}}
		answers := r.race(t, same(raceN, sale)...)
		expectReplays(t, answers, 201)
		id := idOf(t, answers[0])
		expectCount(t, "sales", r.count(t, "sales", "buyer_discord_id = ?", buyer), 1)
		expectCount(t, "sale audits", r.audits(t, "sale", id), 1)
		expectCount(t, "treasury posts", r.posts(t, outbox.KindChannelMessage, fmt.Sprintf(`Venta registrada #%d"`, id)), 1)
		expectCount(t, "treasury posts of the buyer", r.posts(t, outbox.KindChannelMessage, buyer), 1)
	}},
	raceRow{name: "registering sales with distinct keys", routes: []string{"POST /api/treasury/sales"}, run: func(t *testing.T, r *raceEnv) {
		buyer, _ := r.member(t)
		sale := request{method: "POST", path: "/api/treasury/sales", token: r.tokens["auditor"],
			body: map[string]any{"buyerDiscordId": buyer, "item": "VIP", "discount": 0}}
		reqs := r.distinctKeys(raceN/2, sale)
		reqs = append(reqs, same(raceN/2, sale)...) // and as many without a key
		expectAll(t, r.race(t, reqs...), 201)
		expectCount(t, "sales", r.count(t, "sales", "buyer_discord_id = ?", buyer), raceN)
		expectCount(t, "treasury posts of the buyer", r.posts(t, outbox.KindChannelMessage, buyer), raceN)
	}},
	raceRow{name: "voiding one sale", routes: []string{"POST /api/treasury/sales/:id/void"}, run: func(t *testing.T, r *raceEnv) {
		buyer, _ := r.member(t)
		created := r.do(t, request{method: "POST", path: "/api/treasury/sales", token: r.tokens["tesoreria"],
			body: map[string]any{"buyerDiscordId": buyer, "item": "VIP", "discount": 0}})
		id := idOf(t, created)
		voids := []request{}
		for i := range raceN {
			who := []string{"tesoreria", "auditor", "comite"}[i%3]
			voids = append(voids, request{method: "POST", path: fmt.Sprintf("/api/treasury/sales/%d/void", id), token: r.tokens[who],
				body: map[string]string{"reason": "Pago devuelto"}})
		}
		expectOneWinner(t, r.race(t, voids...), 200, 409, "Esa venta ya estaba anulada.")
		expectCount(t, "void audits", r.audits(t, "void", id), 1)
		expectCount(t, "void posts", r.posts(t, outbox.KindChannelMessage, fmt.Sprintf(`Venta anulada #%d"`, id)), 1)
	}},
	raceRow{name: "registering one business with one key", routes: []string{"POST /api/sat/businesses"}, run: func(t *testing.T, r *raceEnv) {
		owner, _ := r.member(t)
		answers := r.race(t, same(raceN, request{method: "POST", path: "/api/sat/businesses", token: r.tokens["comite"],
			key: r.newKey(), raw: businessForm("RKA240101AB1", owner)})...)
		expectReplays(t, answers, 201)
		id := idOf(t, answers[0])
		expectCount(t, "businesses", r.count(t, "businesses", "rfc = ?", "RKA240101AB1"), 1)
		expectCount(t, "documents filed", r.count(t, "business_documents", "business_id = ?", id), 1)
		expectCount(t, "registration audits", r.audits(t, "register", id), 1)
	}},
	raceRow{name: "registering one RFC without a key", routes: []string{"POST /api/sat/businesses"}, run: func(t *testing.T, r *raceEnv) {
		owner, _ := r.member(t)
		answers := r.race(t, same(raceN, request{method: "POST", path: "/api/sat/businesses", token: r.tokens["rh"],
			raw: businessForm("RNK240101AB1", owner)})...)
		winner := expectOneWinner(t, answers, 201, 409, "Ya hay un negocio registrado con ese RFC.")
		expectCount(t, "businesses", r.count(t, "businesses", "rfc = ?", "RNK240101AB1"), 1)
		expectCount(t, "registration audits", r.audits(t, "register", idOf(t, winner)), 1)
	}},
	raceRow{name: "editing one business with the same content", routes: []string{"PUT /api/sat/businesses/:id"}, run: func(t *testing.T, r *raceEnv) {
		id := r.registerBusiness(t, "RED240101AB1")
		edit := map[string]string{"name": "Taquería El Güero II", "location": "Av. Juárez 14", "server": "Principal"}
		var reqs []request
		for i := range raceN {
			who := []string{"comite", "rh"}[i%2]
			reqs = append(reqs, request{method: "PUT", path: fmt.Sprintf("/api/sat/businesses/%d", id), token: r.tokens[who], body: edit})
		}
		answers := r.race(t, reqs...)
		expectAll(t, answers, 200)
		for _, a := range answers {
			var v struct{ Name, Location string }
			_ = json.Unmarshal(a.body, &v)
			if v.Name != edit["name"] || v.Location != edit["location"] {
				t.Errorf("an edit answered %s", a.body)
			}
		}
		// The first edit changes the business; the others find it already so.
		expectCount(t, "edit audits", r.audits(t, "update", id), 1)
	}},
	raceRow{name: "suspending one business", routes: []string{"PUT /api/sat/businesses/:id/status"}, run: func(t *testing.T, r *raceEnv) {
		id := r.registerBusiness(t, "RSU240101AB1")
		answers := r.race(t, same(raceN, request{method: "PUT", path: fmt.Sprintf("/api/sat/businesses/%d/status", id),
			token: r.tokens["comite"], body: map[string]string{"status": "suspended"}})...)
		expectAll(t, answers, 200)
		for _, a := range answers {
			var v struct{ Status string }
			_ = json.Unmarshal(a.body, &v)
			if v.Status != "suspended" {
				t.Errorf("a suspension answered %s", a.body)
			}
		}
		expectCount(t, "status audits", r.audits(t, "status", id), 1)
		expectCount(t, "suspended", r.count(t, "businesses", "id = ? AND status = ?", id, "suspended"), 1)
		// Suspending and reactivating at once: each change that happens is audited once.
		var mixed []request
		for i := range raceN {
			status := []string{"active", "suspended"}[i%2]
			mixed = append(mixed, request{method: "PUT", path: fmt.Sprintf("/api/sat/businesses/%d/status", id),
				token: r.tokens["oficina"], body: map[string]string{"status": status}})
		}
		expectAll(t, r.race(t, mixed...), 200)
		var changes []struct{ Before, After string }
		if err := r.d.Conn(t.Context()).Table("audit_entries").Select("before, after").
			Where("action = ? AND entity_id = ?", "status", fmt.Sprint(id)).Order("id").Scan(&changes).Error; err != nil {
			t.Fatal(err)
		}
		for i, c := range changes {
			if c.Before == c.After {
				t.Errorf("audit %d records no change: %s → %s", i, c.Before, c.After)
			}
			if i > 0 && c.Before != changes[i-1].After {
				t.Errorf("audit %d starts from %s, the previous ended at %s", i, c.Before, changes[i-1].After)
			}
		}
	}},
)
