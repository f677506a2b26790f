package webapi

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/live"
	"zocalo/core/privacy"
	"zocalo/internal/testdb"
)

// A member who says they are under 18 keeps their record from other players; staff still
// read it, marked as a minor's, and so does the member.
func TestMinorsRecordIsForStaffAndThemselves(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		const minor, other, mod = "600000000000000101", "600000000000000102", "600000000000000103"
		e.addUser("menor", minor, true)
		e.addUser("otro", other, true)
		e.addUser("mod", mod, true, authz.Moderador)
		tokens := map[string]string{"menor": e.signIn("menor"), "otro": e.signIn("otro"), "mod": e.signIn("mod")}
		if code := e.call("POST", "/api/records/charges", tokens["mod"], strings.NewReader(`{"discordId":"`+minor+`","description":"Conducir sin licencia"}`), nil); code != 201 {
			t.Fatalf("charge: %d", code)
		}
		search := func(who string) []struct{ Minor bool } {
			t.Helper()
			var out []struct{ Minor bool }
			if code := e.call("GET", "/api/records/search?discordId="+minor, tokens[who], nil, &out); code != 200 {
				t.Fatalf("%s searching: %d", who, code)
			}
			return out
		}
		if got := search("otro"); len(got) != 1 || got[0].Minor {
			t.Fatalf("before saying so, another player reads %+v", got)
		}
		var choices struct{ Minor bool }
		if code := e.call("PUT", "/api/me/privacy", tokens["menor"], strings.NewReader(`{"minor":true}`), &choices); code != 200 || !choices.Minor {
			t.Fatalf("saying one is a minor: %d %+v", code, choices)
		}
		if got := search("otro"); len(got) != 0 {
			t.Fatalf("another player still reads a minor's record: %+v", got)
		}
		if code := e.call("GET", "/api/records/pdf?discordId="+minor, tokens["otro"], nil, nil); code != 404 {
			t.Fatalf("another player downloads a minor's record as a PDF: %d", code)
		}
		for _, who := range []string{"mod", "menor"} {
			if got := search(who); len(got) != 1 || !got[0].Minor {
				t.Fatalf("%s reads %+v", who, got)
			}
		}
	})
}

// A blocked person (an approved cancellation, in its term) leaves the support desk's views and
// every search: their ticket stays, with "[bloqueado]" for their name, title and words.
func TestBlockedPeopleLeaveTicketsAndSearches(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		const player, support, treasurer = "600000000000000201", "600000000000000202", "600000000000000203"
		e.addUser("bloqueada", player, true)
		e.addUser("soporte", support, true, authz.SoporteTecnico)
		e.addUser("tesorera", treasurer, true, authz.Tesoreria)
		tokens := map[string]string{"bloqueada": e.signIn("bloqueada"), "soporte": e.signIn("soporte"), "tesorera": e.signIn("tesorera")}
		var opened ticketEnvelope
		if code := e.form("POST", "/api/tickets", tokens["bloqueada"], map[string]string{"title": "Perdí mi casa", "message": "Vivía en la calle Olmo 12"}, nil, &opened); code != 201 {
			t.Fatalf("opening: %d", code)
		}
		buyers := func() string {
			var raw json.RawMessage
			if code := e.call("GET", "/api/treasury/buyers?search=bloq", tokens["tesorera"], nil, &raw); code != 200 {
				t.Fatalf("buyer search: %d", code)
			}
			return string(raw)
		}
		if !strings.Contains(buyers(), player) {
			t.Fatalf("before the block the search misses her: %s", buyers())
		}
		if err := privacy.AddBlock(context.Background(), d, privacy.Block{DiscordID: player, RequestID: 1, BlockedAt: e.clock.Now(), SuppressAt: e.clock.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		var seen ticketEnvelope
		if code := e.call("GET", "/api/tickets/"+opened.Ticket.TicketID, tokens["soporte"], nil, &seen); code != 200 {
			t.Fatalf("reading the ticket: %d", code)
		}
		v := seen.Ticket
		if v.Author.StaffUsername != privacy.Blocked || v.Title != privacy.Blocked || len(v.Messages) == 0 || v.Messages[0].Content != privacy.Blocked {
			t.Fatalf("the blocked author shows: %+v", v)
		}
		req, _ := http.NewRequest("GET", e.http.URL+"/api/tickets/"+opened.Ticket.TicketID+"/transcript", nil)
		req.Header.Set("Authorization", "Bearer "+tokens["soporte"])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		transcript, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || strings.Contains(string(transcript), "Olmo") || strings.Contains(string(transcript), "Perdí") ||
			!strings.Contains(string(transcript), privacy.Blocked) {
			t.Fatalf("the transcript (%d) still shows what she wrote", res.StatusCode)
		}
		if strings.Contains(buyers(), player) {
			t.Fatalf("the buyer search still finds her: %s", buyers())
		}
		// What she writes while blocked reaches the live pages masked too.
		if code := e.form("POST", "/api/tickets/"+opened.Ticket.TicketID+"/messages", tokens["bloqueada"], map[string]string{"message": "Me mudé a la calle Pino 4"}, nil, nil); code != 201 {
			t.Fatalf("replying: %d", code)
		}
		var payloads []string
		if err := d.Conn(context.Background()).Table("live_events").Where("kind = ?", live.KindTicketMessage).Pluck("payload", &payloads).Error; err != nil || len(payloads) == 0 {
			t.Fatalf("live events: %v %v", payloads, err)
		}
		for _, p := range payloads {
			if strings.Contains(p, "Pino") {
				t.Fatalf("a live event carries what she wrote: %s", p)
			}
		}
	})
}

// A blocked staff member keeps their place on the staff list (their hours count) under
// "[bloqueado]".
func TestBlockedStaffReadBlockedOnTheStaffList(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		const mod, rh = "600000000000000301", "600000000000000302"
		e.addUser("moderadora", mod, true, authz.Moderador)
		e.addUser("rh", rh, true, authz.RH)
		e.signIn("moderadora")
		token := e.signIn("rh")
		list := func() string {
			var raw json.RawMessage
			if code := e.call("GET", "/api/staff/moderators", token, nil, &raw); code != 200 {
				t.Fatalf("the staff list: %d", code)
			}
			return string(raw)
		}
		if !strings.Contains(list(), "moderadora") {
			t.Fatalf("the list misses her: %s", list())
		}
		if err := privacy.AddBlock(context.Background(), d, privacy.Block{DiscordID: mod, RequestID: 1, BlockedAt: e.clock.Now(), SuppressAt: e.clock.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if got := list(); strings.Contains(got, "moderadora") || !strings.Contains(got, privacy.Blocked) {
			t.Fatalf("the list after the block: %s", got)
		}
		// On shift, too.
		modActor, err := e.app.Members.MemberActor(context.Background(), mod)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.app.Shifts.ClockIn(context.Background(), modActor, e.cfg.Servers[0].Name); err != nil {
			t.Fatal(err)
		}
		var onShift json.RawMessage
		if code := e.call("GET", "/api/staff/on-shift", token, nil, &onShift); code != 200 || strings.Contains(string(onShift), "moderadora") ||
			!strings.Contains(string(onShift), privacy.Blocked) {
			t.Fatalf("on shift after the block: %d %s", code, onShift)
		}
	})
}
