package webapi

import (
	"encoding/json"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/outbox"
	"zocalo/core/staff"
)

var _ = addRaceRows(
	raceRow{name: "ending another's shift", routes: []string{"POST /api/staff/shifts/:discordId/end"}, run: func(t *testing.T, r *raceEnv) {
		target, _ := r.member(t, authz.Moderador)
		if _, err := r.app.Shifts.ClockIn(t.Context(), &authz.Actor{DiscordID: target, Roles: authz.RoleSet{authz.Moderador: true}}, "Principal"); err != nil {
			t.Fatal(err)
		}
		end := func(token string) request {
			return request{method: "POST", path: "/api/staff/shifts/" + target + "/end", token: token,
				body: map[string]string{"reason": "Se olvidó de salir"}}
		}
		answers := r.race(t, append(same(15, end(r.tokens["rh"])), same(15, end(r.tokens["comite"]))...)...)
		expectOneWinner(t, answers, 200, 409, "Esa persona no tiene un turno abierto.")
		expectCount(t, "forced-end audits", r.audits(t, staff.ActionShiftEndForced, target), 1)
		expectCount(t, "open shifts", r.count(t, "staff_shifts", "member_id = ? AND ended_at IS NULL", target), 0)
	}},
	raceRow{name: "dismissing one member", routes: []string{"POST /api/staff/dismiss"}, run: func(t *testing.T, r *raceEnv) {
		target, _ := r.member(t, authz.Moderador)
		answers := r.race(t, same(30, request{method: "POST", path: "/api/staff/dismiss", token: r.tokens["comite"],
			body: map[string]string{"userId": target, "reason": "Inactividad"}})...)
		expectOneWinner(t, answers, 200, 409, "Esta persona ya fue dada de baja del staff.")
		expectCount(t, "dismissal audits", r.audits(t, "dismiss", target), 1)
		expectCount(t, "role removals queued", r.posts(t, staff.KindRemoveRoles, target), 1)
		expectCount(t, "staff channel posts", r.count(t, "outbox_events", "kind = ? AND payload LIKE ?",
			outbox.KindChannelMessage, "%Baja de staff: m"+target[len(target)-6:]+"%"), 1)
	}},
	raceRow{name: "subtracting hours at once, then adding", routes: []string{"PUT /api/staff/hours"}, run: func(t *testing.T, r *raceEnv) {
		target, _ := r.member(t, authz.Moderador)
		hours := func(h int, op string) request {
			return request{method: "PUT", path: "/api/staff/hours", token: r.tokens["rh"],
				body: map[string]any{"userId": target, "hours": h, "minutes": 0, "operation": op}}
		}
		if a := r.do(t, hours(10, "add")); a.status != 200 {
			t.Fatalf("add 10 h: %d %s", a.status, a.body)
		}
		// 30 subtractions of 1 h from 10 h: ten take an hour each, the rest find nothing
		// left; the ledger never goes below zero and no subtraction is lost.
		answers := r.race(t, same(30, hours(1, "subtract"))...)
		expectAll(t, answers, 200)
		last := r.do(t, hours(1, "add"))
		var got struct{ TiempoTotal int64 }
		_ = json.Unmarshal(last.body, &got)
		if last.status != 200 || got.TiempoTotal != 3600 {
			t.Fatalf("add 1 h after the subtractions: %d %s, want TiempoTotal 3600", last.status, last.body)
		}
		var mods []staff.Moderator
		r.call("GET", "/api/staff/moderators", r.tokens["rh"], nil, &mods)
		for _, m := range mods {
			if m.UserID == target && m.TiempoTotal != 3600 {
				t.Errorf("the roster shows %d s, the answer said 3600", m.TiempoTotal)
			}
		}
		expectCount(t, "subtraction audits", r.audits(t, "hours.subtract", target), 30)
	}},
	raceRow{name: "adding and subtracting hours at once", routes: []string{"PUT /api/staff/hours"}, run: func(t *testing.T, r *raceEnv) {
		target, _ := r.member(t, authz.Moderador)
		var reqs []request
		for i := range raceN {
			op := "add"
			if i%2 == 1 {
				op = "subtract"
			}
			reqs = append(reqs, request{method: "PUT", path: "/api/staff/hours", token: r.tokens["comite"],
				body: map[string]any{"userId": target, "hours": 1, "minutes": 0, "operation": op}})
		}
		expectAll(t, r.race(t, reqs...), 200)
		// Whatever the order, the ledger's sum is what the roster shows and never negative.
		var sum int64
		if err := r.d.Conn(t.Context()).Model(&staff.Adjustment{}).Where("member_id = ?", target).
			Select("COALESCE(SUM(seconds), 0)").Scan(&sum).Error; err != nil {
			t.Fatal(err)
		}
		var mods []staff.Moderator
		r.call("GET", "/api/staff/moderators", r.tokens["rh"], nil, &mods)
		for _, m := range mods {
			if m.UserID == target && (m.TiempoTotal != sum || sum < 0) {
				t.Errorf("the roster shows %d s, the ledger sums %d", m.TiempoTotal, sum)
			}
		}
	}},
	raceRow{name: "a staff note and a warning sent with one key each", routes: []string{"POST /api/staff/:userId/notes", "POST /api/staff/:userId/warns"},
		run: func(t *testing.T, r *raceEnv) {
			target, _ := r.member(t, authz.Moderador)
			for _, kind := range []struct{ path, field, kind string }{{"notes", "nota", staff.KindNote}, {"warns", "warn", staff.KindWarn}} {
				q := request{method: "POST", path: "/api/staff/" + target + "/" + kind.path, token: r.tokens["rh"],
					body: map[string]string{kind.field: "Llegó tarde"}, key: r.newKey()}
				expectReplays(t, r.race(t, same(raceN, q)...), 201)
				expectCount(t, kind.kind+" rows", r.count(t, "staff_notes", "member_id = ? AND kind = ?", target, kind.kind), 1)
				expectCount(t, kind.kind+" audits", r.audits(t, kind.kind+".add", target), 1)
				// Without a key every request is its own note.
				q.key = ""
				expectAll(t, r.race(t, same(3, q)...), 201)
				expectCount(t, kind.kind+" rows without a key", r.count(t, "staff_notes", "member_id = ? AND kind = ?", target, kind.kind), 4)
			}
		}},
	raceRow{name: "a shift report sent with one key", routes: []string{"POST /api/staff/report"}, run: func(t *testing.T, r *raceEnv) {
		q := request{method: "POST", path: "/api/staff/report", token: r.tokens["moderador"],
			body: map[string]string{"date": "2026-02-27", "content": "Turno sin incidentes " + r.id()}, key: r.newKey()}
		expectReplays(t, r.race(t, same(raceN, q)...), 201)
		text := q.body.(map[string]string)["content"]
		expectCount(t, "reports", r.count(t, "staff_reports", "content = ?", text), 1)
		expectCount(t, "report posts", r.posts(t, outbox.KindChannelMessage, text), 1)
	}},
	raceRow{name: "correcting a hire date at once", routes: []string{"PUT /api/staff/:userId/hired"}, run: func(t *testing.T, r *raceEnv) {
		target, _ := r.member(t, authz.Moderador)
		q := request{method: "PUT", path: "/api/staff/" + target + "/hired", token: r.tokens["comite"], body: map[string]string{"date": "2025-06-01"}}
		expectAll(t, r.race(t, same(raceN, q)...), 200)
		// The first sets the date; the others find it already set and record nothing.
		expectCount(t, "hire date audits", r.audits(t, "hired", target), 1)
	}},
)
