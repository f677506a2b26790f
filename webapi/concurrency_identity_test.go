package webapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"zocalo/core/authz"
	"zocalo/internal/discordfake"
	"zocalo/internal/testenv"
)

func ineForm(name string) map[string]string {
	return map[string]string{"RobloxName": name, "Nombre": "Ana", "Apellido": "López", "Estado": "Jalisco",
		"Municipio": "Zapopan", "FechaNacimiento": "01/03/2000"}
}

// expectGroupReplays checks that the answers whose request carried key repeat one body
// and that there are want of them.
func expectGroupReplays(t *testing.T, reqs []request, answers []answer, token string, status, want int) {
	t.Helper()
	var group []answer
	for i, q := range reqs {
		if q.token == token {
			group = append(group, answers[i])
		}
	}
	if len(group) != want {
		t.Fatalf("%d answers in the group, want %d", len(group), want)
	}
	expectReplays(t, group, status)
}

// chargeIDs are the ids of the charges filed under a Discord id or a Roblox name.
func (r *raceEnv) chargeIDs(t *testing.T, where string, arg any) []uint64 {
	t.Helper()
	var ids []uint64
	if err := r.d.Conn(t.Context()).Table("charges").Where(where, arg).Order("id").Pluck("id", &ids).Error; err != nil {
		t.Fatal(err)
	}
	return ids
}

// stateOf is the state in a verification's consent URL.
func stateOf(t *testing.T, a answer) (consent *url.URL, state string) {
	t.Helper()
	var started struct{ URL string }
	if err := json.Unmarshal(a.body, &started); err != nil || started.URL == "" {
		t.Fatalf("initiate answered %d %s", a.status, a.body)
	}
	consent, _ = url.Parse(started.URL)
	return consent, consent.Query().Get("state")
}

// consentAs gives consent on the fake Roblox as account and returns the portal's
// callback URL that Roblox redirects to.
func consentAs(t *testing.T, consent *url.URL, account string) string {
	t.Helper()
	asRobloxAccount(account)(consent)
	res, err := testenv.Browser().Get(consent.String())
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusFound {
		t.Fatalf("consent answered %d", res.StatusCode)
	}
	return res.Header.Get("Location")
}

// finishVerification is the browser that holds state arriving at the callback; it returns
// where the portal sends it.
func finishVerification(t *testing.T, callback, state string) string {
	t.Helper()
	req, _ := http.NewRequest("GET", callback, nil)
	req.AddCookie(&http.Cookie{Name: verifyCookie, Value: state})
	res, err := testenv.Browser().Do(req)
	if err != nil {
		t.Error(err)
		return ""
	}
	res.Body.Close()
	return res.Header.Get("Location")
}

var _ = addRaceRows(
	raceRow{name: "issuing one INE without a key", routes: []string{"POST /api/documents/ine"}, run: func(t *testing.T, r *raceEnv) {
		id, token := r.member(t)
		answers := r.race(t, same(raceN, request{method: "POST", path: "/api/documents/ine", token: token, body: ineForm("Racer_Ine")})...)
		expectOneWinner(t, answers, 201, 409, "Ya tienes INE: no puedes tramitar otro documento.")
		expectCount(t, "documents", r.count(t, "documents", "discord_id = ?", id), 1)
		expectCount(t, "issue audits", r.count(t, "audit_entries", "action = ? AND actor_id = ?", "issue", id), 1)
	}},
	raceRow{name: "issuing one INE with one key", routes: []string{"POST /api/documents/ine"}, run: func(t *testing.T, r *raceEnv) {
		id, token := r.member(t)
		ine := request{method: "POST", path: "/api/documents/ine", token: token, body: ineForm("Racer_Key"), key: r.newKey()}
		expectReplays(t, r.race(t, same(raceN, ine)...), 201)
		expectCount(t, "documents", r.count(t, "documents", "discord_id = ?", id), 1)
		expectCount(t, "issue audits", r.count(t, "audit_entries", "action = ? AND actor_id = ?", "issue", id), 1)
		// A new submission (another key) finds the document issued.
		ine.key = r.newKey()
		if a := r.do(t, ine); a.status != 409 || a.message() != "Ya tienes INE: no puedes tramitar otro documento." {
			t.Errorf("another key: %d %s", a.status, a.body)
		}
	}},
	raceRow{name: "issuing one passport with one key, and an INE at once", routes: []string{"POST /api/documents/pasaporte"}, run: func(t *testing.T, r *raceEnv) {
		id, token := r.member(t)
		pass := request{method: "POST", path: "/api/documents/pasaporte", token: token, key: r.newKey(),
			body: map[string]string{"RobloxName": "Racer_Pas", "Nombre": "John", "Apellido": "Smith", "Pais": "Chile", "FechaNacimiento": "15/07/1990"}}
		reqs := same(raceN, pass)
		reqs[raceN-1] = request{method: "POST", path: "/api/documents/ine", token: token, body: ineForm("Racer_Pas")}
		answers := r.race(t, reqs...)
		// One document: either the passport (every keyed copy answers it) or the INE.
		if answers[raceN-1].status == 201 {
			expectAll(t, answers[:raceN-1], 409)
			for _, a := range answers[:raceN-1] {
				if a.message() != "Ya tienes INE: no puedes tramitar otro documento." {
					t.Errorf("a passport after the INE: %s", a.body)
				}
			}
		} else {
			expectReplays(t, answers[:raceN-1], 201)
			if a := answers[raceN-1]; a.status != 409 || a.message() != "Ya tienes Pasaporte: no puedes tramitar otro documento." {
				t.Errorf("the INE beside the passport: %d %s", a.status, a.body)
			}
		}
		expectCount(t, "documents", r.count(t, "documents", "discord_id = ?", id), 1)
		expectCount(t, "issue audits", r.count(t, "audit_entries", "action = ? AND actor_id = ?", "issue", id), 1)
	}},
	raceRow{name: "adding one charge with one key", routes: []string{"POST /api/records/charges"}, run: func(t *testing.T, r *raceEnv) {
		target, _ := r.member(t)
		charge := request{method: "POST", path: "/api/records/charges", token: r.tokens["moderador"], key: r.newKey(),
			body: map[string]string{"discordId": target, "description": "Exceso de velocidad"}}
		expectReplays(t, r.race(t, same(raceN, charge)...), 201)
		ids := r.chargeIDs(t, "discord_id = ?", target)
		if len(ids) != 1 {
			t.Fatalf("%d charges, want 1", len(ids))
		}
		expectCount(t, "charge audits", r.audits(t, "charge.web", ids[0]), 1)
		// Distinct keys are distinct submissions.
		expectAll(t, r.race(t, r.distinctKeys(raceN, charge)...), 201)
		expectCount(t, "charges after distinct keys", int64(len(r.chargeIDs(t, "discord_id = ?", target))), 1+raceN)
	}},
	raceRow{name: "the game filing one charge per key of each API key", routes: []string{"POST /api/integrations/records/charges"}, run: func(t *testing.T, r *raceEnv) {
		first, err := r.app.APIKeys.Issue(t.Context(), "Servidor uno", "test")
		if err != nil {
			t.Fatal(err)
		}
		second, _ := r.app.APIKeys.Issue(t.Context(), "Servidor dos", "test")
		key := r.newKey()
		body := map[string]string{"robloxUsername": "Racer_Game", "description": "Robo a mano armada"}
		var reqs []request
		for i := range raceN {
			apiKey := []string{first.Key, second.Key}[i%2]
			reqs = append(reqs, request{method: "POST", path: "/api/integrations/records/charges", token: apiKey, key: key, body: body})
		}
		answers := r.race(t, reqs...)
		// A key is scoped to the API key that sent it: each server files its charge once.
		expectGroupReplays(t, reqs, answers, first.Key, 201, raceN/2)
		expectGroupReplays(t, reqs, answers, second.Key, 201, raceN/2)
		ids := r.chargeIDs(t, "roblox_key = ?", "racer_game")
		if len(ids) != 2 {
			t.Fatalf("%d charges, want one per API key", len(ids))
		}
		for _, id := range ids {
			expectCount(t, fmt.Sprintf("audits of charge %d", id), r.audits(t, "charge.game", id), 1)
		}
	}},
	raceRow{name: "creating one API key with one key", routes: []string{"POST /api/admin/api-keys"}, run: func(t *testing.T, r *raceEnv) {
		name := "Servidor " + r.id()
		answers := r.race(t, same(raceN, request{method: "POST", path: "/api/admin/api-keys", token: r.tokens["rh"], key: r.newKey(),
			body: map[string]string{"name": name}})...)
		winner := expectOneWinner(t, answers, 201, 409,
			"Esta solicitud ya se procesó y su secreto se mostró una sola vez. Revoca la clave y crea otra si no la guardaste.")
		var created struct {
			ID  uint64
			Key string
		}
		if err := json.Unmarshal(winner.body, &created); err != nil || !strings.HasPrefix(created.Key, "zk_") {
			t.Fatalf("the winner: %s", winner.body)
		}
		expectCount(t, "api keys", r.count(t, "api_keys", "name = ?", name), 1)
		expectCount(t, "create audits", r.audits(t, "create", created.ID), 1)
		for _, a := range answers {
			if a.status != 201 && strings.Contains(string(a.body), "zk_") {
				t.Errorf("a repeat shows a secret: %s", a.body)
			}
		}
	}},
	raceRow{name: "creating API keys of one name at once", routes: []string{"POST /api/admin/api-keys"}, run: func(t *testing.T, r *raceEnv) {
		name := "Servidor " + r.id()
		var reqs []request
		for i := range raceN {
			// Each a separate request (its own key), the name in any case.
			n := name
			if i%2 == 1 {
				n = strings.ToUpper(name)
			}
			reqs = append(reqs, request{method: "POST", path: "/api/admin/api-keys", token: r.tokens["rh"], key: r.newKey(),
				body: map[string]string{"name": n}})
		}
		winner := expectOneWinner(t, r.race(t, reqs...), 201, 409,
			"Ya hay una clave activa con ese nombre. Elige otro nombre o revoca la anterior.")
		var created struct{ ID uint64 }
		if err := json.Unmarshal(winner.body, &created); err != nil || created.ID == 0 {
			t.Fatalf("the winner: %s", winner.body)
		}
		expectCount(t, "api keys of the name", r.count(t, "api_keys", "LOWER(name) = LOWER(?)", name), 1)
		// Once revoked, the name is free again.
		if a := r.do(t, request{method: "DELETE", path: fmt.Sprintf("/api/admin/api-keys/%d", created.ID), token: r.tokens["rh"]}); a.status != 200 {
			t.Fatalf("revoking: %d %s", a.status, a.body)
		}
		if a := r.do(t, request{method: "POST", path: "/api/admin/api-keys", token: r.tokens["rh"], body: map[string]string{"name": name}}); a.status != 201 {
			t.Fatalf("the name after the revocation: %d %s", a.status, a.body)
		}
	}},
	raceRow{name: "revoking one API key", routes: []string{"DELETE /api/admin/api-keys/:id"}, run: func(t *testing.T, r *raceEnv) {
		k, err := r.app.APIKeys.Issue(t.Context(), "Servidor a revocar", "test")
		if err != nil {
			t.Fatal(err)
		}
		var reqs []request
		for i := range raceN {
			who := []string{"rh", "comite", "oficina"}[i%3]
			reqs = append(reqs, request{method: "DELETE", path: fmt.Sprintf("/api/admin/api-keys/%d", k.ID), token: r.tokens[who]})
		}
		// Revoking a revoked key is harmless: it answers as the first did and changes nothing.
		answers := r.race(t, reqs...)
		expectAll(t, answers, 200)
		for _, a := range answers {
			if a.message() != "Clave revocada." {
				t.Errorf("a revocation said %s", a.body)
			}
		}
		expectCount(t, "revoke audits", r.audits(t, "revoke", k.ID), 1)
		expectCount(t, "revoked", r.count(t, "api_keys", "id = ? AND revoked_at IS NOT NULL", k.ID), 1)
	}},
	raceRow{name: "starting a verification many times at once", routes: []string{"POST /api/verify/initiate"}, run: func(t *testing.T, r *raceEnv) {
		id, token := r.member(t)
		account := "RacerStart" + id[len(id)-4:]
		r.fake.AddRobloxAccount(discordfake.RobloxAccount{UserID: "97" + id[len(id)-8:], Username: account})
		answers := r.race(t, same(raceN, request{method: "POST", path: "/api/verify/initiate", token: token})...)
		expectAll(t, answers, 200)
		// Each start replaces the member's earlier attempts: one attempt is left, the newest,
		// and only it can finish.
		expectCount(t, "attempts", r.count(t, "roblox_attempts", "discord_id = ?", id), 1)
		var states []string
		if err := r.d.Conn(t.Context()).Table("roblox_attempts").Where("discord_id = ?", id).Pluck("state", &states).Error; err != nil || len(states) != 1 {
			t.Fatalf("attempts %v: %v", states, err)
		}
		live := states[0]
		var stale, fresh answer
		for _, a := range answers {
			if _, state := stateOf(t, a); state == live {
				fresh = a
			} else {
				stale = a
			}
		}
		if fresh.status == 0 {
			t.Fatalf("no answer carries the live attempt")
		}
		consent, state := stateOf(t, stale)
		if end := finishVerification(t, consentAs(t, consent, account), state); end != "/verify/error?reason=expired" {
			t.Errorf("a replaced attempt ended at %q", end)
		}
		consent, state = stateOf(t, fresh)
		if end := finishVerification(t, consentAs(t, consent, account), state); end != "/verify/success" {
			t.Errorf("the newest attempt ended at %q", end)
		}
		expectCount(t, "links", r.count(t, "roblox_links", "discord_id = ?", id), 1)
	}},
	raceRow{name: "finishing one verification many times at once", routes: []string{"GET /api/verify/callback"}, run: func(t *testing.T, r *raceEnv) {
		id, token := r.member(t, authz.Moderador)
		account := "RacerEnd" + id[len(id)-4:]
		r.fake.AddRobloxAccount(discordfake.RobloxAccount{UserID: "98" + id[len(id)-8:], Username: account})
		consent, state := stateOf(t, r.do(t, request{method: "POST", path: "/api/verify/initiate", token: token}))
		callback := consentAs(t, consent, account)
		ends := make([]string, raceN)
		testenv.Together(r.d, raceN, func(i int) { ends[i] = finishVerification(t, callback, state) })
		// The attempt is used once: one browser links, the others are told it expired.
		wins := 0
		for _, end := range ends {
			switch end {
			case "/verify/success":
				wins++
			case "/verify/error?reason=expired":
			default:
				t.Errorf("a callback ended at %q", end)
			}
		}
		if wins != 1 {
			t.Errorf("%d callbacks linked, want 1 (%v)", wins, ends)
		}
		expectCount(t, "links", r.count(t, "roblox_links", "discord_id = ?", id), 1)
		expectCount(t, "attempts left", r.count(t, "roblox_attempts", "discord_id = ?", id), 0)
	}},
)
