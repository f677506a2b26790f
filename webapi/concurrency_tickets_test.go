package webapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/tickets"
)

// ticketForm is a multipart ticket form, built anew for every request that sends it.
func ticketForm(fields map[string]string, files ...upload) func() (io.Reader, string) {
	return func() (io.Reader, string) {
		var buf bytes.Buffer
		w := multipart.NewWriter(&buf)
		for k, v := range fields {
			_ = w.WriteField(k, v)
		}
		for _, f := range files {
			part, _ := w.CreateFormFile("attachments", f.name)
			_, _ = part.Write(f.data)
		}
		_ = w.Close()
		return &buf, w.FormDataContentType()
	}
}

// openTicket opens a ticket as token's member and returns its id.
func (r *raceEnv) openTicket(t *testing.T, token string) string {
	t.Helper()
	a := r.do(t, request{method: "POST", path: "/api/tickets", token: token,
		raw: ticketForm(map[string]string{"title": "No puedo entrar", "message": "Me sale un error"})})
	id := ticketIDOf(a)
	if a.status != 201 || id == "" {
		t.Fatalf("opening a ticket: %d %s", a.status, a.body)
	}
	return id
}

func ticketIDOf(a answer) string {
	var env ticketEnvelope
	_ = json.Unmarshal(a.body, &env)
	return env.Ticket.TicketID
}

// ticketJSON sends a JSON change to a ticket.
func (r *raceEnv) ticketJSON(method, id, action, token string, body any) request {
	return request{method: method, path: "/api/tickets/" + id + "/" + action, token: token, body: body}
}

// threadPosts counts the posts queued for a ticket's thread of one kind (message, status,
// assign, priority, close).
func (r *raceEnv) threadPosts(t *testing.T, id, kind string) int64 {
	t.Helper()
	return r.posts(t, tickets.KindPost, fmt.Sprintf(`"ticketId":%s,"kind":"%s"`, id, kind))
}

// ticketEvents counts a ticket's timeline entries of a kind.
func (r *raceEnv) ticketEvents(t *testing.T, id, kind string) int64 {
	t.Helper()
	return r.count(t, "ticket_events", "ticket_id = ? AND kind = ?", id, kind)
}

func (r *raceEnv) ticketStatus(t *testing.T, id string) string {
	t.Helper()
	var status string
	if err := r.d.Conn(t.Context()).Table("tickets").Where("id = ?", id).Select("status").Scan(&status).Error; err != nil {
		t.Fatal(err)
	}
	return status
}

const (
	msgTooManyOpen   = "Ya tienes 3 tickets abiertos. Espera a que se resuelvan antes de abrir otro."
	msgTooManyAnHour = "Has abierto 5 tickets en la última hora. Inténtalo más tarde."
	msgTicketClosed  = "El ticket está cerrado y ya no admite mensajes."
)

var _ = addRaceRows(
	raceRow{name: "opening a ticket with one key", routes: []string{"POST /api/tickets"}, run: func(t *testing.T, r *raceEnv) {
		author, token := r.member(t)
		filesBefore := uploadedFiles(t, r.uploadsDir)
		form := ticketForm(map[string]string{"title": "Doble clic", "message": "Se envió dos veces"}, upload{"captura.png", tinyPNG})
		answers := r.race(t, same(raceN, request{method: "POST", path: "/api/tickets", token: token, raw: form, key: r.newKey()})...)
		expectReplays(t, answers, 201)
		id := ticketIDOf(answers[0])
		expectCount(t, "tickets", r.count(t, "tickets", "author_id = ?", author), 1)
		expectCount(t, "threads opened", r.posts(t, tickets.KindOpen, `"ticketId":`+id+`,`), 1)
		expectCount(t, "attachments", r.count(t, "ticket_attachments", "ticket_id = ?", id), 1)
		// The repeats' copies of the file are discarded.
		expectCount(t, "stored files", int64(uploadedFiles(t, r.uploadsDir)-filesBefore), 1)
		// Another key, or none, is another ticket.
		other := r.do(t, request{method: "POST", path: "/api/tickets", token: token, raw: form, key: r.newKey()})
		plain := r.do(t, request{method: "POST", path: "/api/tickets", token: token, raw: form})
		if other.status != 201 || plain.status != 201 || ticketIDOf(other) == id || ticketIDOf(plain) == ticketIDOf(other) {
			t.Errorf("another key: %d %s; no key: %d %s", other.status, other.body, plain.status, plain.body)
		}
		expectCount(t, "tickets", r.count(t, "tickets", "author_id = ?", author), 3)
	}},
	raceRow{name: "a member opening tickets past the limits", routes: []string{"POST /api/tickets"}, run: func(t *testing.T, r *raceEnv) {
		author, token := r.member(t)
		open := func() []answer {
			return r.race(t, same(raceN, request{method: "POST", path: "/api/tickets", token: token,
				raw: ticketForm(map[string]string{"title": "Ayuda", "message": "otra vez"})})...)
		}
		// At most 3 tickets open at once.
		answers := open()
		if got := tally(answers); got[201] != 3 || got[409] != raceN-3 {
			t.Errorf("20 at once: %v, want 3 opened and 17 refused", got)
		}
		for _, a := range answers {
			if a.status == 409 && a.message() != msgTooManyOpen {
				t.Errorf("refusal %q, want %q", a.message(), msgTooManyOpen)
				break
			}
		}
		expectCount(t, "tickets", r.count(t, "tickets", "author_id = ?", author), 3)
		expectCount(t, "threads opened", r.count(t, "outbox_events", "kind = ? AND payload LIKE ?", tickets.KindOpen,
			`%"value":"m`+author[len(author)-6:]+`"%`), 3)
		// Once they are resolved, 2 more within the hour (5 an hour).
		for _, a := range answers {
			if a.status == 201 {
				if res := r.do(t, r.ticketJSON("PUT", ticketIDOf(a), "status", r.tokens["moderador"], map[string]string{"status": "resolved"})); res.status != 200 {
					t.Fatalf("resolve: %d %s", res.status, res.body)
				}
			}
		}
		answers = open()
		if got := tally(answers); got[201] != 2 || got[429] != raceN-2 {
			t.Errorf("20 more at once: %v, want 2 opened and 18 refused", got)
		}
		for _, a := range answers {
			if a.status == 429 && a.message() != msgTooManyAnHour {
				t.Errorf("refusal %q, want %q", a.message(), msgTooManyAnHour)
				break
			}
		}
		expectCount(t, "tickets", r.count(t, "tickets", "author_id = ?", author), 5)
	}},
	raceRow{name: "staff opening tickets past the limits", routes: []string{"POST /api/tickets"}, run: func(t *testing.T, r *raceEnv) {
		author, token := r.member(t, authz.Moderador)
		answers := r.race(t, same(raceN, request{method: "POST", path: "/api/tickets", token: token,
			raw: ticketForm(map[string]string{"title": "Por un jugador", "message": "abierto por staff"})})...)
		expectAll(t, answers, 201)
		expectCount(t, "tickets", r.count(t, "tickets", "author_id = ?", author), raceN)
	}},
	raceRow{name: "replying with one key", routes: []string{"POST /api/tickets/:ticketId/messages"}, run: func(t *testing.T, r *raceEnv) {
		_, token := r.member(t)
		id := r.openTicket(t, token)
		reply := request{method: "POST", path: "/api/tickets/" + id + "/messages", token: token,
			raw: ticketForm(map[string]string{"message": "¿Alguna novedad?"}), key: r.newKey()}
		expectReplays(t, r.race(t, same(raceN, reply)...), 201)
		// The first message, the assistant's answer and one reply.
		expectCount(t, "messages", r.count(t, "ticket_messages", "ticket_id = ?", id), 3)
		expectCount(t, "thread posts", r.threadPosts(t, id, tickets.PostMessage), 1)
		expectCount(t, "status changes", r.ticketEvents(t, id, "status"), 1)
		// Without a key, two replies are two messages.
		reply.key = ""
		for range 2 {
			if a := r.do(t, reply); a.status != 201 {
				t.Fatalf("reply without a key: %d %s", a.status, a.body)
			}
		}
		expectCount(t, "messages", r.count(t, "ticket_messages", "ticket_id = ?", id), 5)
	}},
	raceRow{name: "closing and reopening a ticket 20 times", routes: []string{"PUT /api/tickets/:ticketId/status"}, run: func(t *testing.T, r *raceEnv) {
		_, token := r.member(t)
		id := r.openTicket(t, token)
		// A repeat of a status change answers the ticket as it is, and changes nothing.
		closes := r.race(t, same(raceN, r.ticketJSON("PUT", id, "status", r.tokens["soporte"], map[string]string{"status": "closed"}))...)
		expectAll(t, closes, 200)
		expectCount(t, "status audits", r.audits(t, "status", id), 1)
		expectCount(t, "status changes", r.ticketEvents(t, id, "status"), 1)
		expectCount(t, "close posts", r.threadPosts(t, id, tickets.PostClose), 1)
		reopens := r.race(t, same(raceN, r.ticketJSON("PUT", id, "status", r.tokens["moderador"], map[string]string{"status": "in_progress"}))...)
		expectAll(t, reopens, 200)
		expectCount(t, "status audits", r.audits(t, "status", id), 2)
		expectCount(t, "status posts", r.threadPosts(t, id, tickets.PostStatus), 1)
		if s := r.ticketStatus(t, id); s != tickets.StatusInProgress {
			t.Errorf("status %s", s)
		}
	}},
	raceRow{name: "assigning a ticket 20 times", routes: []string{"PUT /api/tickets/:ticketId/assign"}, run: func(t *testing.T, r *raceEnv) {
		_, token := r.member(t)
		id := r.openTicket(t, token)
		soporte := "600000000000000004"
		expectAll(t, r.race(t, same(raceN, r.ticketJSON("PUT", id, "assign", r.tokens["moderador"], map[string]any{"staffId": soporte}))...), 200)
		expectCount(t, "assign audits", r.audits(t, "assign", id), 1)
		expectCount(t, "assign posts", r.threadPosts(t, id, tickets.PostAssign), 1)
		// The first assignment also moved it to in progress, once.
		expectCount(t, "status audits", r.audits(t, "status", id), 1)
		expectAll(t, r.race(t, same(raceN, r.ticketJSON("PUT", id, "assign", r.tokens["moderador"], map[string]any{"staffId": nil}))...), 200)
		expectCount(t, "assign audits", r.audits(t, "assign", id), 2)
		expectCount(t, "assign posts", r.threadPosts(t, id, tickets.PostAssign), 2)
	}},
	raceRow{name: "setting a ticket's priority 20 times", routes: []string{"PUT /api/tickets/:ticketId/priority"}, run: func(t *testing.T, r *raceEnv) {
		_, token := r.member(t)
		id := r.openTicket(t, token)
		expectAll(t, r.race(t, same(raceN, r.ticketJSON("PUT", id, "priority", r.tokens["moderador"], map[string]string{"priority": "High"}))...), 200)
		expectCount(t, "priority audits", r.audits(t, "priority", id), 1)
		expectCount(t, "priority posts", r.threadPosts(t, id, tickets.PostPriority), 1)
		// The current priority again changes nothing.
		if a := r.do(t, r.ticketJSON("PUT", id, "priority", r.tokens["soporte"], map[string]string{"priority": "High"})); a.status != 200 {
			t.Errorf("the current priority: %d %s", a.status, a.body)
		}
		expectCount(t, "priority audits", r.audits(t, "priority", id), 1)
	}},
	raceRow{name: "rating a ticket 20 times", routes: []string{"POST /api/tickets/:ticketId/rating"}, run: func(t *testing.T, r *raceEnv) {
		_, token := r.member(t)
		id := r.openTicket(t, token)
		if a := r.do(t, r.ticketJSON("PUT", id, "status", r.tokens["moderador"], map[string]string{"status": "resolved"})); a.status != 200 {
			t.Fatalf("resolve: %d %s", a.status, a.body)
		}
		answers := r.race(t, same(raceN, r.ticketJSON("POST", id, "rating", token, map[string]int{"rating": 5}))...)
		expectOneWinner(t, answers, 200, 409, "Ya calificaste este ticket.")
		expectCount(t, "rating audits", r.audits(t, "rating", id), 1)
	}},
	raceRow{name: "closing while replying", routes: []string{"POST /api/tickets/:ticketId/messages", "PUT /api/tickets/:ticketId/status"},
		run: func(t *testing.T, r *raceEnv) {
			_, token := r.member(t)
			id := r.openTicket(t, token)
			// The author's first reply leaves it waiting on staff; further replies keep it so.
			first := request{method: "POST", path: "/api/tickets/" + id + "/messages", token: token,
				raw: ticketForm(map[string]string{"message": "¿Hay alguien?"})}
			if a := r.do(t, first); a.status != 201 {
				t.Fatalf("first reply: %d %s", a.status, a.body)
			}
			statusBefore := r.audits(t, "status", id)
			var reqs []request
			for i := range raceN {
				if i%2 == 0 {
					reqs = append(reqs, first)
				} else {
					reqs = append(reqs, r.ticketJSON("PUT", id, "status", r.tokens["soporte"], map[string]string{"status": "closed"}))
				}
			}
			answers := r.race(t, reqs...)
			replied := int64(0)
			for i, a := range answers {
				switch {
				case i%2 == 1 && a.status != 200:
					t.Errorf("a close answered %d %s", a.status, a.body)
				case i%2 == 0 && a.status == 201:
					replied++
				case i%2 == 0 && (a.status != 409 || a.message() != msgTicketClosed):
					t.Errorf("a reply answered %d %s, want 201 or 409 %q", a.status, a.body, msgTicketClosed)
				}
			}
			if s := r.ticketStatus(t, id); s != tickets.StatusClosed {
				t.Errorf("status %s, want closed", s)
			}
			expectCount(t, "status audits", r.audits(t, "status", id)-statusBefore, 1)
			expectCount(t, "close posts", r.threadPosts(t, id, tickets.PostClose), 1)
			// Every reply answered 201 is stored and posted; no refused one is.
			expectCount(t, "messages", r.count(t, "ticket_messages", "ticket_id = ?", id), 3+replied)
			expectCount(t, "message posts", r.threadPosts(t, id, tickets.PostMessage), 1+replied)
		}},
)
