package webapi

import (
	"context"
	"net/http"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
)

func staffPersonas(e *env) map[string]string {
	e.addUser("comite", "550000000000000001", true, authz.Comite)
	e.addUser("rh", "550000000000000002", true, authz.RH)
	e.addUser("moderador", "550000000000000003", true, authz.Moderador)
	e.addUser("trial", "550000000000000004", true, authz.Trial)
	e.addUser("jugador", "550000000000000005", true)
	e.addUser("tesoreria", "550000000000000006", true, authz.Tesoreria)
	tokens := map[string]string{"": ""}
	for _, p := range []string{"comite", "rh", "moderador", "trial", "jugador", "tesoreria"} {
		tokens[p] = e.signIn(p)
	}
	return tokens
}

func TestStaffHours(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := staffPersonas(e)
		var applied int64
		var refusal string
		hours := func(who string, h, m any, op string) (int, int64) {
			var out struct {
				Message     string
				TiempoTotal int64
				Applied     *int64 `json:"applied"`
			}
			code := e.call("PUT", "/api/staff/hours", tok[who], body(map[string]any{"userId": "550000000000000003", "hours": h, "minutes": m, "operation": op}), &out)
			applied, refusal = -1, out.Message
			if out.Applied != nil {
				applied = *out.Applied
			}
			return code, out.TiempoTotal
		}
		for who, want := range map[string]int{"": 401, "jugador": 403, "moderador": 403, "tesoreria": 403} {
			if code, _ := hours(who, 1, 0, "add"); code != want {
				t.Fatalf("%q: %d, want %d", who, code, want)
			}
		}
		if code, total := hours("rh", 1, 30, "add"); code != 200 || total != 5400 || applied != 5400 {
			t.Fatalf("add 1 h 30 min: %d %d, applied %d", code, total, applied)
		}
		// A change of nothing is refused, however it is sent.
		for _, zero := range [][2]any{{0, 0}, {nil, nil}, {nil, 0}} {
			if code, _ := hours("rh", zero[0], zero[1], "add"); code != 400 || refusal != "Indica un cambio de al menos 1 minuto: 0 h 0 min no cambia nada." {
				t.Fatalf("a zero change %v: %d %q", zero, code, refusal)
			}
		}
		if code, _ := hours("rh", 0, 60, "add"); code != 400 {
			t.Fatalf("60 minutes: %d", code)
		}
		if code, _ := hours("rh", -1, 0, "add"); code != 400 {
			t.Fatalf("negative hours: %d", code)
		}
		if code, _ := hours("rh", 1, 0, "multiply"); code != 400 {
			t.Fatalf("bad operation: %d", code)
		}
		if code, total := hours("comite", nil, 15, "subtract"); code != 200 || total != 4500 {
			t.Fatalf("empty hours count as 0: %d %d", code, total)
		}
		// Subtracting more than the total stops at zero, and the answer says how much went.
		if code, total := hours("comite", 5, 0, "subtract"); code != 200 || total != 0 || applied != 4500 {
			t.Fatalf("floor at zero: %d %d, applied %d", code, total, applied)
		}
		if code, total := hours("rh", 0, 30, "add"); code != 200 || total != 1800 {
			t.Fatalf("after the floor: %d %d", code, total)
		}
		// Only staff members have hours.
		var m messageBody
		if code := e.call("PUT", "/api/staff/hours", tok["rh"], body(map[string]any{"userId": "550000000000000005", "hours": 1, "operation": "add"}), &m); code != 404 {
			t.Fatalf("a player's hours: %d %q", code, m.Message)
		}
		var mods []staff.Moderator
		e.call("GET", "/api/staff/moderators", tok["rh"], nil, &mods)
		if len(mods) != 2 || mods[0].UserID != "550000000000000003" || mods[0].TiempoTotal != 1800 {
			t.Fatalf("roster %+v", mods)
		}
	})
}

func TestDismissalTakesEffectAtOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := staffPersonas(e)
		if code := e.call("GET", "/api/staff/stats", tok["moderador"], nil, nil); code != 200 {
			t.Fatalf("moderador stats before: %d", code)
		}
		if code := e.call("POST", "/api/staff/dismiss", tok["moderador"], body(map[string]string{"userId": "550000000000000004", "reason": "x"}), nil); code != 403 {
			t.Fatalf("moderador dismissing: %d", code)
		}
		if code := e.call("POST", "/api/staff/dismiss", tok["rh"], body(map[string]string{"userId": "550000000000000003", "reason": "Inactividad prolongada"}), nil); code != 200 {
			t.Fatalf("dismiss: %d", code)
		}
		// Refused on the web at once, before Discord has heard of it.
		if code := e.call("GET", "/api/staff/stats", tok["moderador"], nil, nil); code != 403 {
			t.Fatalf("dismissed stats: %d", code)
		}
		if code := e.call("GET", "/api/staff/moderators", tok["moderador"], nil, nil); code != 403 {
			t.Fatalf("dismissed roster: %d", code)
		}
		var remove []outbox.Event
		d.Conn(context.Background()).Where("kind = ?", staff.KindRemoveRoles).Find(&remove)
		var notice int64
		d.Conn(context.Background()).Model(&outbox.Event{}).Where("kind = ? AND channel_id = ?", outbox.KindChannelMessage, e.cfg.Channels.StaffReports).Count(&notice)
		if len(remove) != 1 || notice != 1 {
			t.Fatalf("%d removals, %d notices queued", len(remove), notice)
		}
		var again messageBody
		if code := e.call("POST", "/api/staff/dismiss", tok["rh"], body(map[string]string{"userId": "550000000000000003"}), &again); code != 409 ||
			again.Message != "Esta persona ya fue dada de baja del staff." {
			t.Fatalf("dismissing twice: %d %q", code, again.Message)
		}
	})
}

func TestStaffReportsNotesAndProfile(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := staffPersonas(e)
		report := map[string]string{"date": "2026-03-01", "content": "Turno tranquilo, dos tickets."}
		for who, want := range map[string]int{"jugador": 403, "trial": 403, "moderador": 201} {
			if code := e.call("POST", "/api/staff/report", tok[who], body(report), nil); code != want {
				t.Fatalf("%q report: %d, want %d", who, code, want)
			}
		}
		for name, bad := range map[string]map[string]string{"no date": {"content": "x"}, "no content": {"date": "2026-03-01"}, "bad date": {"date": "ayer", "content": "x"}} {
			if code := e.call("POST", "/api/staff/report", tok["moderador"], body(bad), nil); code != 400 {
				t.Fatalf("%s: %d", name, code)
			}
		}
		if code := e.call("POST", "/api/staff/550000000000000003/notes", tok["rh"], body(map[string]string{"nota": "Buen trato con los jugadores"}), nil); code != 201 {
			t.Fatalf("note: %d", code)
		}
		if code := e.call("POST", "/api/staff/550000000000000003/warns", tok["comite"], body(map[string]string{"warn": "Llegó tarde al evento"}), nil); code != 201 {
			t.Fatalf("warn: %d", code)
		}
		if code := e.call("POST", "/api/staff/550000000000000003/warns", tok["moderador"], body(map[string]string{"warn": "x"}), nil); code != 403 {
			t.Fatalf("moderador warning: %d", code)
		}
		var p staff.Profile
		if code := e.call("GET", "/api/staff/profile", tok["moderador"], nil, &p); code != http.StatusOK {
			t.Fatalf("profile: %d", code)
		}
		if p.Inactividad != "No" || p.TiempoContratado == nil || len(p.NotaAdministrativa) != 1 || p.NotaAdministrativa[0].Aplicador != "rh" ||
			len(p.WarnAdministrativo) != 1 || len(p.WarnAdministrativo[0].Warn) != 1 || p.WarnAdministrativo[0].Warn[0].Warn != "Llegó tarde al evento" {
			t.Fatalf("profile %+v", p)
		}
		if code := e.call("PUT", "/api/staff/550000000000000003/hired", tok["moderador"], body(map[string]string{"date": "2025-06-01"}), nil); code != 403 {
			t.Fatalf("moderador setting a hire date: %d", code)
		}
		if code := e.call("PUT", "/api/staff/550000000000000003/hired", tok["rh"], body(map[string]string{"date": "2999-01-01"}), nil); code != 400 {
			t.Fatalf("future hire date: %d", code)
		}
		if code := e.call("PUT", "/api/staff/550000000000000003/hired", tok["rh"], body(map[string]string{"date": "2025-06-01"}), nil); code != 200 {
			t.Fatalf("hire date: %d", code)
		}
		e.call("GET", "/api/staff/profile", tok["moderador"], nil, &p)
		if p.TiempoContratado == nil || p.TiempoContratado.In(e.cfg.Location()).Format("2006-01-02") != "2025-06-01" {
			t.Fatalf("hired %v", p.TiempoContratado)
		}
		if code := e.call("GET", "/api/staff/profile", tok["jugador"], nil, nil); code != 403 {
			t.Fatalf("player profile: %d", code)
		}
	})
}

func TestWhoIsOnShiftAndEndingIt(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := staffPersonas(e)
		const mod = "550000000000000003"
		if _, err := e.app.Shifts.ClockIn(t.Context(), &authz.Actor{DiscordID: mod, Roles: authz.RoleSet{authz.Moderador: true}}, "Principal"); err != nil {
			t.Fatal(err)
		}
		var list []staff.OnShiftEntry
		if code := e.call("GET", "/api/staff/on-shift", tok["trial"], nil, &list); code != 200 ||
			len(list) != 1 || list[0].DiscordID != mod || list[0].Username != "moderador" || list[0].Server != "Principal" {
			t.Fatalf("on shift: %d %+v", code, list)
		}
		if code := e.call("GET", "/api/staff/on-shift", tok["jugador"], nil, nil); code != 403 {
			t.Fatalf("a player reads who is on shift: %d", code)
		}
		if code := e.call("POST", "/api/staff/shifts/"+mod+"/end", tok["moderador"], nil, nil); code != 403 {
			t.Fatalf("a moderator ends a shift: %d", code)
		}
		// No body: no reason.
		var out struct{ Message, DiscordID, EndedAt string }
		if code := e.call("POST", "/api/staff/shifts/"+mod+"/end", tok["rh"], nil, &out); code != 200 || out.Message != "Turno terminado." || out.DiscordID != mod || out.EndedAt == "" {
			t.Fatalf("end: %d %+v", code, out)
		}
		var msg messageBody
		if code := e.call("POST", "/api/staff/shifts/"+mod+"/end", tok["rh"], body(map[string]string{"reason": "otra vez"}), &msg); code != 409 || msg.Message != "Esa persona no tiene un turno abierto." {
			t.Fatalf("a second end: %d %q", code, msg.Message)
		}
		if code := e.call("GET", "/api/staff/on-shift", tok["rh"], nil, &list); code != 200 || len(list) != 0 {
			t.Fatalf("after the end: %d %+v", code, list)
		}
	})
}
