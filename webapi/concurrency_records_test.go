package webapi

import (
	"encoding/json"
	"fmt"
	"testing"

	"zocalo/core/outbox"
)

// Records: corrections of charges (void, expunge, a game server's void) and the records
// channel's post of each new charge.

const (
	alreadyVoided = "Ese cargo ya estaba anulado."
	noSuchCharge  = "No existe ese cargo."
)

// chargeOf reads the newest charge's id of a "record" in an answer.
func chargeOf(t *testing.T, a answer) uint64 {
	t.Helper()
	var v struct {
		Record struct {
			Charges []struct {
				ID uint64 `json:"_id"`
			} `json:"charges"`
		} `json:"record"`
	}
	if err := json.Unmarshal(a.body, &v); err != nil || len(v.Record.Charges) == 0 || v.Record.Charges[0].ID == 0 {
		t.Fatalf("answer %d %s: %v", a.status, a.body, err)
	}
	return v.Record.Charges[0].ID
}

// fileCharge files a charge against a new member on the web, as the moderator.
func (r *raceEnv) fileCharge(t *testing.T, text string) uint64 {
	t.Helper()
	target, _ := r.member(t)
	a := r.do(t, request{method: "POST", path: "/api/records/charges", token: r.tokens["moderador"],
		body: map[string]string{"discordId": target, "description": text}})
	if a.status != 201 {
		t.Fatalf("filing %q: %d %s", text, a.status, a.body)
	}
	return chargeOf(t, a)
}

// fileGameCharge files a charge as a game server with apiKey.
func (r *raceEnv) fileGameCharge(t *testing.T, apiKey, robloxName, text string) uint64 {
	t.Helper()
	a := r.do(t, request{method: "POST", path: "/api/integrations/records/charges", token: apiKey,
		body: map[string]string{"robloxUsername": robloxName, "description": text}})
	if a.status != 201 {
		t.Fatalf("filing %q: %d %s", text, a.status, a.body)
	}
	return chargeOf(t, a)
}

// expectCorrections counts what a charge's corrections left: audit entries and posts.
func (r *raceEnv) expectCorrections(t *testing.T, id uint64, voids, expunges int64) {
	t.Helper()
	expectCount(t, "void audits", r.audits(t, "charge.void", id), voids)
	expectCount(t, "void posts", r.posts(t, outbox.KindChannelMessage, fmt.Sprintf(`Cargo anulado #%d"`, id)), voids)
	expectCount(t, "expunge audits", r.audits(t, "charge.expunge", id), expunges)
	expectCount(t, "expunge posts", r.posts(t, outbox.KindChannelMessage, fmt.Sprintf(`Cargo eliminado #%d"`, id)), expunges)
}

var _ = addRaceRows(
	raceRow{name: "voiding one charge from twenty clicks", routes: []string{"POST /api/records/charges/:id/void"}, run: func(t *testing.T, r *raceEnv) {
		id := r.fileCharge(t, "Robo para anular")
		var reqs []request
		for i := range raceN {
			who := []string{"moderador", "rh", "comite", "oficina"}[i%4]
			reqs = append(reqs, request{method: "POST", path: fmt.Sprintf("/api/records/charges/%d/void", id), token: r.tokens[who],
				body: map[string]string{"reason": "Registrado por error"}})
		}
		expectOneWinner(t, r.race(t, reqs...), 200, 409, alreadyVoided)
		expectCount(t, "voided", r.count(t, "charges", "id = ? AND voided_at IS NOT NULL", id), 1)
		r.expectCorrections(t, id, 1, 0)
	}},
	raceRow{name: "expunging one charge twenty times", routes: []string{"POST /api/records/charges/:id/expunge"}, run: func(t *testing.T, r *raceEnv) {
		id := r.fileCharge(t, "Dato para eliminar")
		var announced []uint64
		if err := r.d.Conn(t.Context()).Table("charges").Where("id = ?", id).Pluck("post_event_id", &announced).Error; err != nil || len(announced) != 1 {
			t.Fatalf("the announcement of charge %d: %v %v", id, announced, err)
		}
		var reqs []request
		for i := range raceN {
			who := []string{"comite", "oficina"}[i%2]
			reqs = append(reqs, request{method: "POST", path: fmt.Sprintf("/api/records/charges/%d/expunge", id), token: r.tokens[who],
				body: map[string]string{"reason": "Datos personales"}})
		}
		expectOneWinner(t, r.race(t, reqs...), 200, 404, noSuchCharge)
		expectCount(t, "charges", r.count(t, "charges", "id = ?", id), 0)
		r.expectCorrections(t, id, 0, 1)
		// The post that announced the charge is deleted once.
		expectCount(t, "deletes of the announcement", r.posts(t, outbox.KindMessageDelete, fmt.Sprintf(`"refEventId":%d}`, announced[0])), 1)
	}},
	raceRow{name: "voiding and expunging one charge at once", routes: []string{"POST /api/records/charges/:id/void", "POST /api/records/charges/:id/expunge"},
		run: func(t *testing.T, r *raceEnv) {
			id := r.fileCharge(t, "Cargo disputado")
			var reqs []request
			for i := range raceN {
				action, who := "void", "moderador"
				if i%2 == 1 {
					action, who = "expunge", "comite"
				}
				reqs = append(reqs, request{method: "POST", path: fmt.Sprintf("/api/records/charges/%d/%s", id, action), token: r.tokens[who],
					body: map[string]string{"reason": "Corrección"}})
			}
			answers := r.race(t, reqs...)
			var voids, expunges int64
			for i, a := range answers {
				switch {
				case i%2 == 1 && a.status == 200:
					expunges++
				case i%2 == 1 && a.status == 404 && a.message() == noSuchCharge:
				case i%2 == 0 && a.status == 200:
					voids++
				case i%2 == 0 && (a.status == 409 && a.message() == alreadyVoided || a.status == 404 && a.message() == noSuchCharge):
				default:
					t.Errorf("answer %d: %d %s", i, a.status, a.body)
				}
			}
			// One expunge wins; a void may land before it, never after, and at most once.
			if expunges != 1 || voids > 1 {
				t.Errorf("%d expunges and %d voids succeeded (%v)", expunges, voids, tally(answers))
			}
			expectCount(t, "charges", r.count(t, "charges", "id = ?", id), 0)
			r.expectCorrections(t, id, voids, 1)
		}},
	raceRow{name: "game servers voiding one game charge twenty times", routes: []string{"POST /api/integrations/records/charges/:id/void"}, run: func(t *testing.T, r *raceEnv) {
		first, err := r.app.APIKeys.Issue(t.Context(), "Servidor que anula", "test")
		if err != nil {
			t.Fatal(err)
		}
		second, _ := r.app.APIKeys.Issue(t.Context(), "Otro servidor", "test")
		id := r.fileGameCharge(t, first.Key, "Racer_Void", "Exceso de velocidad")
		var reqs []request
		for i := range raceN {
			apiKey := []string{first.Key, second.Key}[i%2]
			reqs = append(reqs, request{method: "POST", path: fmt.Sprintf("/api/integrations/records/charges/%d/void", id), token: apiKey,
				body: map[string]string{"reason": "Arresto revertido"}})
		}
		expectOneWinner(t, r.race(t, reqs...), 200, 409, alreadyVoided)
		r.expectCorrections(t, id, 1, 0)
		// A web charge is not the game's to void, however many ask.
		web := r.fileCharge(t, "Cargo del portal")
		answers := r.race(t, same(raceN, request{method: "POST", path: fmt.Sprintf("/api/integrations/records/charges/%d/void", web), token: first.Key,
			body: map[string]string{"reason": "No"}})...)
		expectAll(t, answers, 403)
		r.expectCorrections(t, web, 0, 0)
	}},
	raceRow{name: "a new charge with one key is posted once", routes: []string{"POST /api/records/charges", "POST /api/integrations/records/charges"},
		run: func(t *testing.T, r *raceEnv) {
			target, _ := r.member(t)
			web := request{method: "POST", path: "/api/records/charges", token: r.tokens["rh"], key: r.newKey(),
				body: map[string]string{"discordId": target, "description": "Cargo publicado una vez"}}
			answers := r.race(t, same(raceN, web)...)
			expectReplays(t, answers, 201)
			id := chargeOf(t, answers[0])
			expectCount(t, "posts of the web charge", r.posts(t, outbox.KindChannelMessage, fmt.Sprintf(`Cargo registrado #%d"`, id)), 1)

			k, err := r.app.APIKeys.Issue(t.Context(), "Servidor que publica", "test")
			if err != nil {
				t.Fatal(err)
			}
			game := request{method: "POST", path: "/api/integrations/records/charges", token: k.Key, key: r.newKey(),
				body: map[string]string{"robloxUsername": "Racer_Post", "description": "Cargo del juego publicado una vez"}}
			answers = r.race(t, same(raceN, game)...)
			expectReplays(t, answers, 201)
			id = chargeOf(t, answers[0])
			expectCount(t, "posts of the game charge", r.posts(t, outbox.KindChannelMessage, fmt.Sprintf(`Cargo registrado #%d"`, id)), 1)
		}},
)
