package webapi

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/internal/testdb"
)

func TestLegislativeOverHTTP(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addUser("comite", "580000000000000001", true, authz.Comite)
		e.addUser("ministro", "580000000000000002", true, authz.Ministro)
		e.addUser("diputado", "580000000000000003", true, authz.Diputado)
		e.addUser("jugador", "580000000000000004", true)
		tok := map[string]string{}
		for _, p := range []string{"comite", "ministro", "diputado", "jugador"} {
			tok[p] = e.signIn(p)
		}
		var created struct {
			ID uint64 `json:"_id"`
		}
		in := map[string]string{"title": "Ley de Tránsito", "summary": "Regula la velocidad.", "type": "SCJN"}
		for who, want := range map[string]int{"jugador": 403, "ministro": 403, "diputado": 403} {
			if code := e.call("POST", "/api/legislative/initiatives", tok[who], body(in), nil); code != want {
				t.Fatalf("%s creates: %d", who, code)
			}
		}
		if code := e.call("POST", "/api/legislative/initiatives", tok["comite"], body(in), &created); code != 201 {
			t.Fatalf("comite creates: %d", code)
		}
		base := fmt.Sprintf("/api/legislative/initiatives/%d", created.ID)
		var msg messageBody
		if code := e.call("PUT", base+"/voting", tok["comite"], body(map[string]any{"votingEnabled": true, "votingEndDate": "mañana"}), &msg); code != 400 {
			t.Fatalf("a bad end date: %d", code)
		}
		end := e.clock.Now().Add(24 * time.Hour).Format(time.RFC3339)
		if code := e.call("PUT", base+"/voting", tok["comite"], body(map[string]any{"votingEnabled": true, "votingEndDate": end}), nil); code != 200 {
			t.Fatalf("open voting: %d", code)
		}
		if code := e.call("POST", base+"/vote", tok["diputado"], body(map[string]string{"voteType": "infavor"}), &msg); code != 403 {
			t.Fatalf("diputado votes in SCJN: %d", code)
		}
		var voted struct {
			UserVoted    bool
			UserVoteType string
			Votes        struct{ Infavor int }
		}
		if code := e.call("POST", base+"/vote", tok["ministro"], body(map[string]string{"voteType": "infavor"}), &voted); code != 200 || !voted.UserVoted || voted.UserVoteType != "infavor" || voted.Votes.Infavor != 1 {
			t.Fatalf("ministro votes: %d %+v", code, voted)
		}
		if code := e.call("POST", base+"/vote", tok["ministro"], body(map[string]string{"voteType": "against"}), nil); code != 409 {
			t.Fatalf("a second vote: %d", code)
		}
		if code := e.call("GET", "/api/legislative/initiatives?type=SCJN", tok["jugador"], nil, nil); code != 403 {
			t.Fatalf("jugador reads: %d", code)
		}
		var agenda struct {
			ID uint64 `json:"_id"`
		}
		if code := e.call("POST", "/api/legislative/agenda", tok["comite"], body(map[string]string{"title": "Sesión", "time": "10:00", "date": "2026-03-02", "type": "SCJN"}), &agenda); code != 201 {
			t.Fatalf("agenda: %d", code)
		}
		if code := e.call("DELETE", fmt.Sprintf("/api/legislative/agenda/%d", agenda.ID), tok["ministro"], nil, nil); code != 403 {
			t.Fatalf("a legislator deletes agenda: %d", code)
		}
		if code := e.call("DELETE", fmt.Sprintf("/api/legislative/agenda/%d", agenda.ID), tok["comite"], nil, nil); code != 200 {
			t.Fatalf("delete agenda: %d", code)
		}
		// Voted on: it stays, and is withdrawn instead.
		if code := e.call("DELETE", base, tok["comite"], nil, &msg); code != 409 || msg.Message != "Esta iniciativa ya tiene votos: no se puede eliminar. Puedes retirarla." {
			t.Fatalf("deleting a voted initiative: %d %+v", code, msg)
		}
		var rec struct {
			Initiative struct {
				Status      string
				Votes       struct{ Infavor int }
				MayDelete   bool
				MayWithdraw bool
			}
			Votes []struct{ MemberName string }
		}
		if code := e.call("GET", base, tok["comite"], nil, &rec); code != 200 || rec.Initiative.Votes.Infavor != 1 || len(rec.Votes) != 1 ||
			rec.Initiative.MayDelete || !rec.Initiative.MayWithdraw {
			t.Fatalf("after the refused delete: %d %+v", code, rec)
		}
		for _, who := range []string{"ministro", "jugador"} {
			if code := e.call("POST", base+"/withdraw", tok[who], nil, nil); code != 403 {
				t.Fatalf("%s withdraws: %d", who, code)
			}
		}
		var withdrawn struct {
			Status      string
			Result      *string
			VotingOpen  bool
			MayWithdraw bool
			Votes       struct{ Infavor int }
		}
		if code := e.call("POST", base+"/withdraw", tok["comite"], nil, &withdrawn); code != 200 || withdrawn.Status != "withdrawn" ||
			withdrawn.Result != nil || withdrawn.VotingOpen || withdrawn.MayWithdraw || withdrawn.Votes.Infavor != 1 {
			t.Fatalf("withdraw: %d %+v", code, withdrawn)
		}
		if code := e.call("POST", base+"/withdraw", tok["comite"], nil, &msg); code != 409 || msg.Message != "Esta iniciativa ya estaba retirada." {
			t.Fatalf("withdrawing again: %d %+v", code, msg)
		}
		if code := e.call("POST", base+"/vote", tok["comite"], body(map[string]string{"voteType": "against"}), &msg); code != 409 ||
			msg.Message != "Esta iniciativa fue retirada: ya no se puede votar ni reabrir." {
			t.Fatalf("voting on a withdrawn initiative: %d %+v", code, msg)
		}
		if code := e.call("GET", base, tok["ministro"], nil, &rec); code != 200 || rec.Initiative.Status != "withdrawn" || rec.Initiative.Votes.Infavor != 1 {
			t.Fatalf("the withdrawn initiative: %d %+v", code, rec)
		}
		if code := e.call("POST", "/api/legislative/initiatives/999999/withdraw", tok["comite"], nil, nil); code != 404 {
			t.Fatalf("withdrawing an unknown initiative: %d", code)
		}
		// Nobody voted on this one: it may be deleted.
		if code := e.call("POST", "/api/legislative/initiatives", tok["comite"], body(in), &created); code != 201 {
			t.Fatalf("comite creates: %d", code)
		}
		fresh := fmt.Sprintf("/api/legislative/initiatives/%d", created.ID)
		if code := e.call("DELETE", fresh, tok["comite"], nil, nil); code != 200 {
			t.Fatalf("delete: %d", code)
		}
		if code := e.call("GET", fresh, tok["ministro"], nil, nil); code != 404 {
			t.Fatalf("deleted initiative: %d", code)
		}
	})
}

// The Diario Oficial is public: anyone reads the approved laws, searchable, with text,
// dates and tally, and never who voted what.
func TestDiarioOficialOverHTTP(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addUser("comite", "580000000000000001", true, authz.Comite)
		e.addUser("ministro", "580000000000000002", true, authz.Ministro)
		admin, ministro := e.signIn("comite"), e.signIn("ministro")
		var created struct {
			ID uint64 `json:"_id"`
		}
		if code := e.call("POST", "/api/legislative/initiatives", admin, body(map[string]string{"title": "Ley de Tránsito",
			"summary": "Artículo 1. La velocidad máxima es de 60 km/h.", "type": "SCJN"}), &created); code != 201 {
			t.Fatalf("create: %d", code)
		}
		base := fmt.Sprintf("/api/legislative/initiatives/%d", created.ID)
		end := e.clock.Now().Add(time.Hour).Format(time.RFC3339)
		if code := e.call("PUT", base+"/voting", admin, body(map[string]any{"votingEnabled": true, "votingEndDate": end}), nil); code != 200 {
			t.Fatalf("open: %d", code)
		}
		if code := e.call("POST", base+"/vote", ministro, body(map[string]string{"voteType": "infavor"}), nil); code != 200 {
			t.Fatalf("vote: %d", code)
		}
		var page struct {
			Laws []struct {
				ID       uint64 `json:"_id"`
				Title    string
				Text     string
				BodyName string
				Votes    struct{ Infavor int }
			}
			Total int
		}
		if code := e.call("GET", "/api/diario-oficial", "", nil, &page); code != 200 || page.Total != 0 {
			t.Fatalf("before the close: %d %+v", code, page)
		}
		e.clock.Advance(2 * time.Hour)
		if _, err := e.app.Legislative.CloseDue(t.Context()); err != nil {
			t.Fatal(err)
		}
		if code := e.call("GET", "/api/diario-oficial?q=velocidad", "", nil, &page); code != 200 || page.Total != 1 || len(page.Laws) != 1 ||
			page.Laws[0].ID != created.ID || page.Laws[0].Votes.Infavor != 1 || page.Laws[0].BodyName != "SCJN" ||
			page.Laws[0].Text != "Artículo 1. La velocidad máxima es de 60 km/h." {
			t.Fatalf("after the close: %d %+v", code, page)
		}
		var raw map[string]any
		e.call("GET", "/api/diario-oficial", "", nil, &raw)
		if s := fmt.Sprint(raw); strings.Contains(s, "580000000000000002") || strings.Contains(s, "ministro") {
			t.Fatalf("the Diario Oficial names a voter: %s", s)
		}
		if code := e.call("GET", "/api/diario-oficial?q=sanciones", "", nil, &page); code != 200 || page.Total != 0 || len(page.Laws) != 0 {
			t.Fatalf("a search that matches nothing: %d %+v", code, page)
		}
		var msg messageBody
		for _, q := range []string{"?limit=0", "?page=x", "?q=" + strings.Repeat("a", 101)} {
			if code := e.call("GET", "/api/diario-oficial"+q, "", nil, &msg); code != 400 || msg.Message == "" {
				t.Fatalf("%s: %d %+v", q, code, msg)
			}
		}
	})
}
