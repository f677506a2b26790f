package webapi

import (
	"encoding/json"
	"fmt"
	"testing"

	"zocalo/core/outbox"
)

const (
	msgRequestPending  = "Ya tienes una solicitud de ese tipo pendiente; espera su respuesta."
	msgRequestAnswered = "La solicitud ya fue respondida."
)

// fileRequest files a member's request and returns its id.
func (r *raceEnv) fileRequest(t *testing.T, token string, body map[string]any) uint64 {
	t.Helper()
	a := r.do(t, request{method: "POST", path: "/api/me/data-requests", token: token, body: body})
	var v struct {
		ID uint64 `json:"id"`
	}
	if a.status != 201 || json.Unmarshal(a.body, &v) != nil || v.ID == 0 {
		t.Fatalf("filing a request: %d %s", a.status, a.body)
	}
	return v.ID
}

var _ = addRaceRows(
	raceRow{name: "a request about one's data, 20 times at once", routes: []string{"POST /api/me/data-requests"}, run: func(t *testing.T, r *raceEnv) {
		id, token := r.member(t)
		file := request{method: "POST", path: "/api/me/data-requests", token: token,
			body: map[string]any{"kind": "oposicion", "reason": "No quiero recordatorios por DM.", "uses": []string{"recordatorios"}}}
		expectOneWinner(t, r.race(t, same(raceN, file)...), 201, 409, msgRequestPending)
		expectCount(t, "requests", r.count(t, "data_requests", "discord_id = ?", id), 1)
		expectCount(t, "request audits", r.count(t, "audit_entries", "area = 'datos' AND action = 'request.create' AND actor_id = ?", id), 1)
	}},
	raceRow{name: "answering a request 20 times at once: one answer, one effect, one DM", routes: []string{"POST /api/admin/data-requests/:id/answer"}, run: func(t *testing.T, r *raceEnv) {
		member, token := r.member(t)
		id := r.fileRequest(t, token, map[string]any{"kind": "oposicion", "reason": "No quiero avisos de tickets por DM.", "uses": []string{"tickets"}})
		path := fmt.Sprintf("/api/admin/data-requests/%d/answer", id)
		approve := request{method: "POST", path: path, token: r.tokens["comite"], body: map[string]any{"approve": true, "answer": "Aprobada: ya no te escribiremos por tickets."}}
		reject := request{method: "POST", path: path, token: r.tokens["oficina"], body: map[string]any{"approve": false, "answer": "Rechazada por duplicada, lo sentimos."}}
		reqs := append(same(raceN/2, approve), same(raceN/2, reject)...)
		expectOneWinner(t, r.race(t, reqs...), 200, 409, msgRequestAnswered)
		expectCount(t, "answer audits", r.audits(t, "request.answer", id), 1)
		expectCount(t, "answer DMs", r.count(t, "outbox_events", "kind = ? AND channel_id = ?", outbox.KindDM, outbox.DMChannel(member)), 1)
		// Those who do not handle requests are refused.
		if a := r.do(t, request{method: "POST", path: path, token: r.tokens["moderador"], body: approve.body}); a.status != 403 {
			t.Errorf("a moderator answering: %d %s", a.status, a.body)
		}
	}},
	raceRow{name: "saying one is under 18, 20 times at once", routes: []string{"PUT /api/me/privacy"}, run: func(t *testing.T, r *raceEnv) {
		member, token := r.member(t)
		put := request{method: "PUT", path: "/api/me/privacy", token: token, body: map[string]any{"minor": true, "noticeSeen": true}}
		expectAll(t, r.race(t, same(raceN, put)...), 200)
		expectCount(t, "choices", r.count(t, "privacy_choices", "discord_id = ? AND notice_seen_at IS NOT NULL", member), 1)
		expectCount(t, "minor audits", r.count(t, "audit_entries", "area = 'datos' AND action = 'minor' AND entity_id = ?", member), 1)
	}},
)
