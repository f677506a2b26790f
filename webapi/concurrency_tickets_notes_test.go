package webapi

import (
	"encoding/json"
	"testing"

	"zocalo/core/outbox"
	"zocalo/core/tickets"
)

// cannedIDOf is the id of the canned reply an answer holds.
func cannedIDOf(a answer) string {
	var env struct {
		CannedReply struct {
			ID string `json:"id"`
		} `json:"cannedReply"`
	}
	_ = json.Unmarshal(a.body, &env)
	return env.CannedReply.ID
}

const (
	msgCannedTaken   = "Ya hay una respuesta predefinida con ese nombre."
	msgCannedMissing = "No existe esa respuesta predefinida."
)

var _ = addRaceRows(
	raceRow{name: "a staff note with one key", routes: []string{"POST /api/tickets/:ticketId/notes"}, run: func(t *testing.T, r *raceEnv) {
		_, token := r.member(t)
		id := r.openTicket(t, token)
		note := request{method: "POST", path: "/api/tickets/" + id + "/notes", token: r.tokens["soporte"],
			body: map[string]string{"content": "Nota " + id + ": pedir captura del error"}, key: r.newKey()}
		expectReplays(t, r.race(t, same(raceN, note)...), 201)
		expectCount(t, "notes", r.count(t, "ticket_notes", "ticket_id = ?", id), 1)
		expectCount(t, "note audits", r.audits(t, "note", id), 1)
		expectCount(t, "note posts", r.threadPosts(t, id, tickets.PostNote), 1)
		// Nothing of it goes to the player.
		expectCount(t, "DMs with the note", r.posts(t, outbox.KindDM, "pedir captura"), 0)
		// Without a key, two notes are two notes; the player may write none.
		note.key = ""
		for range 2 {
			if a := r.do(t, note); a.status != 201 {
				t.Fatalf("a note without a key: %d %s", a.status, a.body)
			}
		}
		if a := r.do(t, request{method: "POST", path: "/api/tickets/" + id + "/notes", token: token,
			body: map[string]string{"content": "yo también"}}); a.status != 403 {
			t.Errorf("the player writing a note: %d %s", a.status, a.body)
		}
		expectCount(t, "notes", r.count(t, "ticket_notes", "ticket_id = ?", id), 3)
	}},
	raceRow{name: "closing a ticket 20 times tells the player once", routes: []string{"PUT /api/tickets/:ticketId/status"}, run: func(t *testing.T, r *raceEnv) {
		_, token := r.member(t)
		id := r.openTicket(t, token)
		expectAll(t, r.race(t, same(raceN, r.ticketJSON("PUT", id, "status", r.tokens["soporte"], map[string]string{"status": "closed"}))...), 200)
		expectCount(t, "close DMs", r.posts(t, outbox.KindDM, "#"+id+" «No puedo entrar» fue cerrado"), 1)
	}},
	raceRow{name: "creating a canned reply", routes: []string{"POST /api/tickets/canned-replies"}, run: func(t *testing.T, r *raceEnv) {
		name := "Reinicio " + r.id()
		create := request{method: "POST", path: "/api/tickets/canned-replies", token: r.tokens["soporte"],
			body: map[string]string{"name": name, "content": "Cierra el juego y vuelve a entrar."}, key: r.newKey()}
		answers := r.race(t, same(raceN, create)...)
		expectReplays(t, answers, 201)
		id := cannedIDOf(answers[0])
		expectCount(t, "replies", r.count(t, "ticket_canned_replies", "id = ?", id), 1)
		expectCount(t, "create audits", r.audits(t, "canned.create", id), 1)
		// The same name in another case, without a key, is refused every time.
		create.key, create.body = "", map[string]string{"name": "reinicio " + name[len("Reinicio "):], "content": "otra"}
		for _, a := range r.race(t, same(raceN, create)...) {
			if a.status != 409 || a.message() != msgCannedTaken {
				t.Errorf("the same name again: %d %s", a.status, a.body)
				break
			}
		}
		// A new name, 20 times at once without a key: one reply.
		fresh := "Saludo " + r.id()
		create.body = map[string]string{"name": fresh, "content": "¡Hola!"}
		expectOneWinner(t, r.race(t, same(raceN, create)...), 201, 409, msgCannedTaken)
		expectCount(t, "replies named so", r.count(t, "ticket_canned_replies", "name = ?", fresh), 1)
		// Moderators lack the right.
		create.body = map[string]string{"name": "Otra " + r.id(), "content": "x"}
		create.token = r.tokens["moderador"]
		if a := r.do(t, create); a.status != 403 {
			t.Errorf("a moderator creating a canned reply: %d %s", a.status, a.body)
		}
	}},
	raceRow{name: "editing a canned reply 20 times", routes: []string{"PUT /api/tickets/canned-replies/:cannedId"}, run: func(t *testing.T, r *raceEnv) {
		a := r.do(t, request{method: "POST", path: "/api/tickets/canned-replies", token: r.tokens["soporte"],
			body: map[string]string{"name": "Espera " + r.id(), "content": "Estamos revisando."}})
		id := cannedIDOf(a)
		if a.status != 201 || id == "" {
			t.Fatalf("create: %d %s", a.status, a.body)
		}
		edit := request{method: "PUT", path: "/api/tickets/canned-replies/" + id, token: r.tokens["soporte"],
			body: map[string]string{"name": "Espera " + id, "content": "Estamos revisando tu caso."}}
		expectAll(t, r.race(t, same(raceN, edit)...), 200)
		expectCount(t, "update audits", r.audits(t, "canned.update", id), 1)
		expectCount(t, "replies with the new text", r.count(t, "ticket_canned_replies", "id = ? AND content = ?", id, "Estamos revisando tu caso."), 1)
	}},
	raceRow{name: "deleting a canned reply 20 times", routes: []string{"DELETE /api/tickets/canned-replies/:cannedId"}, run: func(t *testing.T, r *raceEnv) {
		a := r.do(t, request{method: "POST", path: "/api/tickets/canned-replies", token: r.tokens["soporte"],
			body: map[string]string{"name": "Borrar " + r.id(), "content": "x"}})
		id := cannedIDOf(a)
		if a.status != 201 || id == "" {
			t.Fatalf("create: %d %s", a.status, a.body)
		}
		del := request{method: "DELETE", path: "/api/tickets/canned-replies/" + id, token: r.tokens["soporte"]}
		expectOneWinner(t, r.race(t, same(raceN, del)...), 200, 404, msgCannedMissing)
		expectCount(t, "delete audits", r.audits(t, "canned.delete", id), 1)
		expectCount(t, "replies", r.count(t, "ticket_canned_replies", "id = ?", id), 0)
	}},
)
