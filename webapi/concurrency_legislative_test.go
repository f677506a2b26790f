package webapi

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/outbox"
	"zocalo/internal/testenv"
)

const (
	noVoteOpen       = "La votación de esta iniciativa no está abierta."
	alreadyVoted     = "Ya votaste en esta iniciativa."
	alreadyWithdrawn = "Esta iniciativa ya estaba retirada."
	withdrawnNoVotes = "Esta iniciativa fue retirada: ya no se puede votar ni reabrir."
	keptForItsVotes  = "Esta iniciativa ya tiene votos: no se puede eliminar. Puedes retirarla."
)

// initiative files a Congreso initiative and returns its id.
func (r *raceEnv) initiative(t *testing.T, title string) uint64 {
	t.Helper()
	a := r.do(t, request{method: "POST", path: "/api/legislative/initiatives", token: r.tokens["oficina"],
		body: map[string]string{"title": title, "summary": "Resumen", "type": "Congreso"}})
	var v struct {
		ID uint64 `json:"_id"`
	}
	if a.status != 201 || json.Unmarshal(a.body, &v) != nil {
		t.Fatalf("filing an initiative: %d %s", a.status, a.body)
	}
	return v.ID
}

// voting is the request that opens (with an end date, or none) or stops an initiative's vote.
func (r *raceEnv) voting(id uint64, open bool, end *time.Time) request {
	in := map[string]any{"votingEnabled": open}
	if end != nil {
		in["votingEndDate"] = end.UTC().Format(time.RFC3339)
	}
	return request{method: "PUT", path: fmt.Sprintf("/api/legislative/initiatives/%d/voting", id), token: r.tokens["oficina"], body: in}
}

func (r *raceEnv) withdraw(id uint64) request {
	return request{method: "POST", path: fmt.Sprintf("/api/legislative/initiatives/%d/withdraw", id), token: r.tokens["oficina"]}
}

func (r *raceEnv) deleteInitiative(id uint64) request {
	return request{method: "DELETE", path: fmt.Sprintf("/api/legislative/initiatives/%d", id), token: r.tokens["oficina"]}
}

// votedInitiative files an initiative, opens its vote and casts one vote in favour.
func (r *raceEnv) votedInitiative(t *testing.T, title string) uint64 {
	t.Helper()
	id := r.initiative(t, title)
	if a := r.do(t, r.voting(id, true, nil)); a.status != 200 {
		t.Fatalf("opening the vote: %d %s", a.status, a.body)
	}
	_, token := r.member(t, authz.Diputado)
	if a := r.do(t, voteOn(id, token)); a.status != 200 {
		t.Fatalf("voting: %d %s", a.status, a.body)
	}
	return id
}

// postedField is a field of the one post whose payload contains text.
func (r *raceEnv) postedField(t *testing.T, text, field string) string {
	t.Helper()
	var posts []outbox.Event
	r.d.Conn(t.Context()).Where("kind = ? AND payload LIKE ?", outbox.KindChannelMessage, "%"+text+"%").Find(&posts)
	if len(posts) != 1 {
		t.Fatalf("%d posts of %q, want 1", len(posts), text)
	}
	var msg outbox.ChannelMessage
	_ = json.Unmarshal([]byte(posts[0].Payload), &msg)
	for _, f := range msg.Embeds[0].Fields {
		if f.Name == field {
			return f.Value
		}
	}
	return ""
}

func voteOn(id uint64, token string) request {
	return request{method: "POST", path: fmt.Sprintf("/api/legislative/initiatives/%d/vote", id), token: token,
		body: map[string]string{"voteType": "infavor"}}
}

// seats signs in n diputados.
func (r *raceEnv) seats(t *testing.T, n int) []string {
	tokens := make([]string, n)
	for i := range tokens {
		_, tokens[i] = r.member(t, authz.Diputado)
	}
	return tokens
}

// legislativeAudits counts the legislative audit entries of an action on an initiative.
func (r *raceEnv) legislativeAudits(t *testing.T, action string, id uint64) int64 {
	t.Helper()
	return r.areaAudits(t, audit.AreaLegislative, action, id)
}

// countedOrRefused checks that every vote was either taken or refused because the vote had
// closed, and returns how many were taken.
func countedOrRefused(t *testing.T, votes []answer) int64 {
	t.Helper()
	var taken int64
	for _, a := range votes {
		switch {
		case a.status == 200:
			taken++
		case a.status != 409 || a.message() != noVoteOpen:
			t.Errorf("a vote answered %d %s", a.status, a.body)
		}
	}
	return taken
}

var legislativeRows = []raceRow{
	{name: "filing an initiative with one key", routes: []string{"POST /api/legislative/initiatives"}, run: func(t *testing.T, r *raceEnv) {
		title := "Ley " + r.id()
		create := request{method: "POST", path: "/api/legislative/initiatives", token: r.tokens["comite"], key: r.newKey(),
			body: map[string]string{"title": title, "summary": "Resumen", "type": "SCJN"}}
		answers := r.race(t, same(raceN, create)...)
		expectReplays(t, answers, 201)
		var v struct {
			ID uint64 `json:"_id"`
		}
		_ = json.Unmarshal(answers[0].body, &v)
		expectCount(t, "initiatives", r.count(t, "initiatives", "title = ?", title), 1)
		expectCount(t, "creation audits", r.legislativeAudits(t, "initiative.create", v.ID), 1)
		var distinct []request
		for range 5 {
			q := create
			q.key = r.newKey()
			distinct = append(distinct, q)
		}
		expectAll(t, r.race(t, distinct...), 201)
		expectCount(t, "initiatives with distinct keys", r.count(t, "initiatives", "title = ?", title), 6)
	}},
	{name: "deleting an initiative", routes: []string{"DELETE /api/legislative/initiatives/:id"}, run: func(t *testing.T, r *raceEnv) {
		id := r.initiative(t, "Ley "+r.id())
		answers := r.race(t, same(raceN, r.deleteInitiative(id))...)
		expectOneWinner(t, answers, 200, 404, noInitiative)
		expectCount(t, "initiatives left", r.count(t, "initiatives", "id = ?", id), 0)
		expectCount(t, "deletion audits", r.legislativeAudits(t, "initiative.delete", id), 1)
	}},
	{name: "deleting a voted initiative", routes: []string{"DELETE /api/legislative/initiatives/:id"}, run: func(t *testing.T, r *raceEnv) {
		id := r.votedInitiative(t, "Ley "+r.id())
		for _, a := range r.race(t, same(raceN, r.deleteInitiative(id))...) {
			if a.status != 409 || a.message() != keptForItsVotes {
				t.Errorf("deleting a voted initiative: %d %s", a.status, a.body)
			}
		}
		expectCount(t, "initiatives left", r.count(t, "initiatives", "id = ? AND votes_in_favor = 1", id), 1)
		expectCount(t, "votes left", r.count(t, "initiative_votes", "initiative_id = ?", id), 1)
		expectCount(t, "deletion audits", r.legislativeAudits(t, "initiative.delete", id), 0)
	}},
	{name: "deleting while legislators vote", routes: []string{"DELETE /api/legislative/initiatives/:id", "POST /api/legislative/initiatives/:id/vote"}, run: func(t *testing.T, r *raceEnv) {
		id := r.initiative(t, "Ley "+r.id())
		if a := r.do(t, r.voting(id, true, nil)); a.status != 200 {
			t.Fatalf("opening the vote: %d %s", a.status, a.body)
		}
		var reqs []request
		for _, token := range r.seats(t, raceN) {
			reqs = append(reqs, voteOn(id, token))
		}
		answers := r.race(t, append(reqs, r.deleteInitiative(id))...)
		// Either the delete came first and every vote finds no initiative, or a vote came
		// first and the delete is refused: never an initiative deleted with votes in it.
		switch del := answers[raceN]; {
		case del.status == 200:
			for _, a := range answers[:raceN] {
				if a.status != 404 || a.message() != noInitiative {
					t.Errorf("a vote after the delete: %d %s", a.status, a.body)
				}
			}
			expectCount(t, "initiatives left", r.count(t, "initiatives", "id = ?", id), 0)
		case del.status == 409 && del.message() == keptForItsVotes:
			var taken int64
			for _, a := range answers[:raceN] {
				if a.status == 200 {
					taken++
				} else if a.status != 404 {
					t.Errorf("a vote: %d %s", a.status, a.body)
				}
			}
			expectCount(t, "votes stored", r.count(t, "initiative_votes", "initiative_id = ?", id), taken)
			expectCount(t, "the initiative with its votes", r.count(t, "initiatives", "id = ? AND votes_in_favor = ?", id, taken), 1)
		default:
			t.Errorf("the delete answered %d %s", del.status, del.body)
		}
	}},
	{name: "withdrawing an initiative", routes: []string{"POST /api/legislative/initiatives/:id/withdraw"}, run: func(t *testing.T, r *raceEnv) {
		title := "Ley " + r.id()
		id := r.votedInitiative(t, title)
		winner := expectOneWinner(t, r.race(t, same(raceN, r.withdraw(id))...), 200, 409, alreadyWithdrawn)
		var v struct {
			Status      string
			Result      *string
			VotingOpen  bool
			MayWithdraw bool
			Votes       struct{ Infavor int }
		}
		if json.Unmarshal(winner.body, &v) != nil || v.Status != "withdrawn" || v.Result != nil || v.VotingOpen || v.MayWithdraw || v.Votes.Infavor != 1 {
			t.Errorf("the withdrawal answered %s", winner.body)
		}
		expectCount(t, "withdrawal audits", r.legislativeAudits(t, "initiative.withdraw", id), 1)
		expectCount(t, "withdrawal posts", r.posts(t, outbox.KindChannelMessage, "Iniciativa retirada: "+title), 1)
		expectCount(t, "withdrawal steps", r.count(t, "initiative_events", "initiative_id = ? AND kind = ?", id, "withdrawn"), 1)
		expectCount(t, "votes kept", r.count(t, "initiative_votes", "initiative_id = ?", id), 1)
		if a := r.do(t, r.voting(id, true, nil)); a.status != 409 || a.message() != withdrawnNoVotes {
			t.Errorf("re-opening a withdrawn initiative: %d %s", a.status, a.body)
		}
	}},
	{name: "voting while the initiative is withdrawn", routes: []string{"POST /api/legislative/initiatives/:id/vote", "POST /api/legislative/initiatives/:id/withdraw"}, run: func(t *testing.T, r *raceEnv) {
		title := "Ley " + r.id()
		id := r.initiative(t, title)
		if a := r.do(t, r.voting(id, true, nil)); a.status != 200 {
			t.Fatalf("opening the vote: %d %s", a.status, a.body)
		}
		var reqs []request
		for _, token := range r.seats(t, raceN) {
			reqs = append(reqs, voteOn(id, token))
		}
		answers := r.race(t, append(reqs, r.withdraw(id))...)
		if w := answers[raceN]; w.status != 200 {
			t.Fatalf("withdrawing: %d %s", w.status, w.body)
		}
		var taken int64
		for _, a := range answers[:raceN] {
			if a.status == 200 {
				taken++
			} else if a.status != 409 || a.message() != withdrawnNoVotes {
				t.Errorf("a vote answered %d %s", a.status, a.body)
			}
		}
		expectCount(t, "votes stored", r.count(t, "initiative_votes", "initiative_id = ?", id), taken)
		expectCount(t, "the count shown", r.count(t, "initiatives", "id = ? AND votes_in_favor = ?", id, taken), 1)
		if got := r.postedField(t, "Iniciativa retirada: "+title, "A favor"); got != fmt.Sprint(taken) {
			t.Errorf("the withdrawal posted %s votes in favour; %d were taken", got, taken)
		}
	}},
	{name: "voting twice at once", routes: []string{"POST /api/legislative/initiatives/:id/vote"}, run: func(t *testing.T, r *raceEnv) {
		id := r.initiative(t, "Ley "+r.id())
		if a := r.do(t, r.voting(id, true, nil)); a.status != 200 {
			t.Fatalf("opening the vote: %d %s", a.status, a.body)
		}
		_, token := r.member(t, authz.Diputado)
		expectOneWinner(t, r.race(t, same(raceN, voteOn(id, token))...), 200, 409, alreadyVoted)
		expectCount(t, "votes", r.count(t, "initiative_votes", "initiative_id = ?", id), 1)
		expectCount(t, "the count shown", r.count(t, "initiatives", "id = ? AND votes_in_favor = 1", id), 1)
	}},
	{name: "opening and stopping a vote at once", routes: []string{"PUT /api/legislative/initiatives/:id/voting"}, run: func(t *testing.T, r *raceEnv) {
		title := "Ley " + r.id()
		id := r.initiative(t, title)
		opened := func() int64 { return r.posts(t, outbox.KindChannelMessage, "Votación abierta: "+title) }
		stopped := func() int64 { return r.posts(t, outbox.KindChannelMessage, "Votación suspendida: "+title) }
		end := r.clock.Now().Add(48 * time.Hour).Truncate(time.Second)
		expectAll(t, r.race(t, same(raceN, r.voting(id, true, &end))...), 200)
		expectCount(t, "opening audits", r.legislativeAudits(t, "voting.open", id), 1)
		expectCount(t, "opening posts", opened(), 1)
		// Opening an open vote with its end date is a repeat.
		if a := r.do(t, r.voting(id, true, &end)); a.status != 200 {
			t.Fatalf("opening again: %d %s", a.status, a.body)
		}
		expectCount(t, "audits after a repeated opening", r.legislativeAudits(t, "voting.open", id), 1)
		expectCount(t, "posts after a repeated opening", opened(), 1)
		// A new end date is an edit, made once however often it is sent.
		later := end.Add(24 * time.Hour)
		expectAll(t, r.race(t, same(raceN, r.voting(id, true, &later))...), 200)
		expectCount(t, "audits after a new end date", r.legislativeAudits(t, "voting.reschedule", id), 1)
		expectCount(t, "opening audits after a new end date", r.legislativeAudits(t, "voting.open", id), 1)
		expectCount(t, "posts after a new end date", r.posts(t, outbox.KindChannelMessage, "Nuevo cierre de la votación: "+title), 1)
		expectCount(t, "opening posts after a new end date", opened(), 1)
		// Stopping: once.
		expectAll(t, r.race(t, same(raceN, r.voting(id, false, nil))...), 200)
		expectCount(t, "stop audits", r.legislativeAudits(t, "voting.stop", id), 1)
		expectCount(t, "stop posts", stopped(), 1)
		if a := r.do(t, r.voting(id, false, nil)); a.status != 200 {
			t.Fatalf("stopping again: %d %s", a.status, a.body)
		}
		expectCount(t, "audits after a repeated stop", r.legislativeAudits(t, "voting.stop", id), 1)
		expectCount(t, "posts after a repeated stop", stopped(), 1)
	}},
	{name: "voting while the vote is stopped", routes: []string{"POST /api/legislative/initiatives/:id/vote", "PUT /api/legislative/initiatives/:id/voting"}, run: func(t *testing.T, r *raceEnv) {
		id := r.initiative(t, "Ley "+r.id())
		if a := r.do(t, r.voting(id, true, nil)); a.status != 200 {
			t.Fatalf("opening the vote: %d %s", a.status, a.body)
		}
		var reqs []request
		for _, token := range r.seats(t, raceN) {
			reqs = append(reqs, voteOn(id, token))
		}
		answers := r.race(t, append(reqs, r.voting(id, false, nil))...)
		if stop := answers[raceN]; stop.status != 200 {
			t.Fatalf("stopping: %d %s", stop.status, stop.body)
		}
		taken := countedOrRefused(t, answers[:raceN])
		expectCount(t, "votes stored", r.count(t, "initiative_votes", "initiative_id = ?", id), taken)
		expectCount(t, "the count shown", r.count(t, "initiatives", "id = ? AND votes_in_favor = ?", id, taken), 1)
		expectCount(t, "stop audits", r.legislativeAudits(t, "voting.stop", id), 1)
	}},
	{name: "voting while the vote closes", routes: []string{"POST /api/legislative/initiatives/:id/vote"}, run: func(t *testing.T, r *raceEnv) {
		title := "Ley " + r.id()
		id := r.initiative(t, title)
		end := r.clock.Now().Add(time.Hour)
		if a := r.do(t, r.voting(id, true, &end)); a.status != 200 {
			t.Fatalf("opening the vote: %d %s", a.status, a.body)
		}
		tokens := r.seats(t, raceN)
		answers := make([]answer, raceN)
		testenv.Together(r.d, raceN+1, func(i int) {
			if i < raceN {
				answers[i] = r.do(t, voteOn(id, tokens[i]))
				return
			}
			r.clock.Advance(time.Hour + time.Second)
			if _, err := r.app.Legislative.CloseDue(t.Context()); err != nil {
				t.Errorf("closing: %v", err)
			}
		})
		taken := countedOrRefused(t, answers)
		expectCount(t, "votes stored", r.count(t, "initiative_votes", "initiative_id = ?", id), taken)
		expectCount(t, "closing audits", r.legislativeAudits(t, "voting.close", id), 1)
		var results []outbox.Event
		r.d.Conn(t.Context()).Where("kind = ? AND (payload LIKE ? OR payload LIKE ?)", outbox.KindChannelMessage,
			"%Aprobada: "+title+"%", "%Rechazada: "+title+"%").Find(&results)
		if len(results) != 1 {
			t.Fatalf("%d results posted, want 1", len(results))
		}
		var msg outbox.ChannelMessage
		_ = json.Unmarshal([]byte(results[0].Payload), &msg)
		for _, f := range msg.Embeds[0].Fields {
			if f.Name == "A favor" && f.Value != fmt.Sprint(taken) {
				t.Errorf("the result posted %s votes in favour; %d were taken", f.Value, taken)
			}
		}
	}},
	{name: "adding an agenda point with one key", routes: []string{"POST /api/legislative/agenda"}, run: func(t *testing.T, r *raceEnv) {
		title := "Sesión " + r.id()
		create := request{method: "POST", path: "/api/legislative/agenda", token: r.tokens["comite"], key: r.newKey(),
			body: map[string]string{"title": title, "time": "18:00", "date": "2026-03-10", "type": "SCJN"}}
		expectReplays(t, r.race(t, same(raceN, create)...), 201)
		expectCount(t, "agenda points", r.count(t, "agenda_items", "title = ?", title), 1)
		var distinct []request
		for range 5 {
			q := create
			q.key = r.newKey()
			distinct = append(distinct, q)
		}
		expectAll(t, r.race(t, distinct...), 201)
		expectCount(t, "agenda points with distinct keys", r.count(t, "agenda_items", "title = ?", title), 6)
	}},
	{name: "deleting an agenda point", routes: []string{"DELETE /api/legislative/agenda/:id"}, run: func(t *testing.T, r *raceEnv) {
		a := r.do(t, request{method: "POST", path: "/api/legislative/agenda", token: r.tokens["comite"],
			body: map[string]string{"title": "Sesión " + r.id(), "time": "18:00", "date": "2026-03-10", "type": "SCJN"}})
		var v struct {
			ID uint64 `json:"_id"`
		}
		if a.status != 201 || json.Unmarshal(a.body, &v) != nil {
			t.Fatalf("adding a point: %d %s", a.status, a.body)
		}
		answers := r.race(t, same(raceN, request{method: "DELETE", path: fmt.Sprintf("/api/legislative/agenda/%d", v.ID), token: r.tokens["comite"]})...)
		expectOneWinner(t, answers, 200, 404, noAgendaItem)
		expectCount(t, "agenda points left", r.count(t, "agenda_items", "id = ?", v.ID), 0)
	}},
}

var _ = addRaceRows(legislativeRows...)
