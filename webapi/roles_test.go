package webapi

import (
	"fmt"
	"strings"
	"testing"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/internal/testdb"
)

func rolesPersonas(e *env) map[string]string {
	e.addUser("comite", "590000000000000001", true, authz.Comite)
	e.addUser("rh", "590000000000000002", true, authz.RH)
	e.addUser("tesoreria", "590000000000000003", true, authz.Tesoreria)
	e.addUser("auditor", "590000000000000004", true, authz.Auditor)
	e.addUser("moderador", "590000000000000005", true, authz.Moderador)
	e.addUser("soporte", "590000000000000006", true, authz.SoporteTecnico)
	e.addUser("ministro", "590000000000000007", true, authz.Ministro)
	e.addUser("jugador", "590000000000000008", true)
	tokens := map[string]string{"": ""}
	for _, p := range []string{"comite", "rh", "tesoreria", "auditor", "moderador", "soporte", "ministro", "jugador"} {
		tokens[p] = e.signIn(p)
	}
	return tokens
}

// The seeded matrix gives each persona what the specification's group rules gave them.
func TestSeededMatrixKeepsTheGroupRules(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := rolesPersonas(e)
		routes := []struct{ name, method, path string }{
			{"staff read", "GET", "/api/staff/moderators"},
			{"treasury read", "GET", "/api/treasury/sales"},
			{"legislative read", "GET", "/api/legislative/initiatives?type=SCJN"},
			{"support stats", "GET", "/api/tickets/stats/summary"},
			{"SAT read", "GET", "/api/sat/businesses"},
			{"roles", "GET", "/api/roles/roles"},
			{"audit", "GET", "/api/audit"},
		}
		want := map[string][]int{
			"comite":    {200, 200, 200, 200, 200, 200, 200},
			"rh":        {200, 200, 403, 200, 200, 200, 403},
			"tesoreria": {403, 200, 403, 403, 403, 403, 403},
			"auditor":   {403, 200, 403, 403, 403, 403, 403},
			"moderador": {200, 403, 403, 200, 403, 403, 403},
			"soporte":   {200, 403, 403, 200, 403, 403, 403},
			"ministro":  {403, 403, 200, 403, 403, 403, 403},
			"jugador":   {403, 403, 403, 403, 403, 403, 403},
		}
		for who, codes := range want {
			for i, r := range routes {
				if code := e.call(r.method, r.path, tok[who], nil, nil); code != codes[i] {
					t.Errorf("%s, %s: %d, want %d", who, r.name, code, codes[i])
				}
			}
		}
	})
}

func TestUntickingAFlagChangesTheAnswerAtOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := rolesPersonas(e)
		tesoreriaRole := testRoles[authz.Tesoreria]
		sale := map[string]any{"buyerDiscordId": "590000000000000008", "item": "VIP", "discount": 0}
		set := func(who, panel, role string, read, modify, manage bool) (int, string) {
			var msg messageBody
			code := e.call("PUT", "/api/roles/panels/"+panel+"/permissions", tok[who], body(map[string]any{"roleId": role,
				"permissions": map[string]bool{"read": read, "modify": modify, "manage": manage}}), &msg)
			return code, msg.Message
		}
		if code := e.call("POST", "/api/treasury/sales", tok["tesoreria"], body(sale), nil); code != 201 {
			t.Fatalf("before: %d", code)
		}
		if code, _ := set("tesoreria", "treasury", tesoreriaRole, true, false, true); code != 403 {
			t.Fatalf("tesoreria changes the matrix: %d", code)
		}
		if code, msg := set("comite", "treasury", tesoreriaRole, true, false, true); code != 200 || msg != "Permisos actualizados correctamente" {
			t.Fatalf("untick: %d %q", code, msg)
		}
		if code := e.call("POST", "/api/treasury/sales", tok["tesoreria"], body(sale), nil); code != 403 {
			t.Fatalf("after unticking Modificación: %d", code)
		}
		if code := e.call("GET", "/api/treasury/sales", tok["tesoreria"], nil, nil); code != 200 {
			t.Fatalf("reading still allowed: %d", code)
		}
		// The profile tells the portal the same, so that it hides the new-sale button.
		var profile struct {
			Panels map[string]struct{ Read, Modify, Manage bool }
		}
		if code := e.call("GET", "/api/auth/profile", tok["tesoreria"], nil, &profile); code != 200 {
			t.Fatalf("profile: %d", code)
		}
		if got := profile.Panels["treasury"]; !got.Read || got.Modify || !got.Manage {
			t.Fatalf("tesoreria's treasury rights in the profile: %+v", got)
		}
		if got := profile.Panels["SAT"]; got.Read {
			t.Fatalf("tesoreria's SAT rights in the profile: %+v", got)
		}
		var entries []struct {
			RoleID      string
			Permissions struct{ Read, Modify, Manage bool }
			Locked      bool
		}
		if code := e.call("GET", "/api/roles/panels/treasury/permissions", tok["rh"], nil, &entries); code != 200 {
			t.Fatalf("panel: %d", code)
		}
		for _, en := range entries {
			if en.RoleID == tesoreriaRole && (en.Permissions.Modify || !en.Permissions.Read || en.Locked) {
				t.Fatalf("TESORERIA's row: %+v", en)
			}
			if en.RoleID == testRoles[authz.Comite] && (!en.Locked || !en.Permissions.Manage) {
				t.Fatalf("COMITE's row: %+v", en)
			}
		}
		if code, _ := set("comite", "treasury", tesoreriaRole, true, true, true); code != 200 {
			t.Fatalf("tick back: %d", code)
		}
		if code := e.call("POST", "/api/treasury/sales", tok["tesoreria"], body(sale), nil); code != 201 {
			t.Fatalf("after ticking back: %d", code)
		}
		// COMITE keeps every right: its row cannot change, and it passes regardless.
		if code, msg := set("rh", "staff", testRoles[authz.Comite], false, false, false); code != 400 || !strings.Contains(msg, "Comité") {
			t.Fatalf("locking COMITE out: %d %q", code, msg)
		}
		if code, _ := set("comite", "staff", testRoles[authz.RH], false, false, false); code != 200 {
			t.Fatalf("untick RH on staff: %d", code)
		}
		if code := e.call("GET", "/api/staff/moderators", tok["comite"], nil, nil); code != 200 {
			t.Fatalf("comite after changes: %d", code)
		}
		if code := e.call("GET", "/api/staff/reports/weekly", tok["rh"], nil, nil); code != 403 {
			t.Fatalf("rh after unticking its staff read: %d", code)
		}
		if code, _ := set("comite", "nada", tesoreriaRole, true, true, true); code != 404 {
			t.Fatalf("unknown panel: %d", code)
		}
		if code, _ := set("comite", "treasury", "123", true, true, true); code != 400 {
			t.Fatalf("unknown role: %d", code)
		}
		var page struct {
			Entries []struct {
				Area, Action, ActorName, EntityID string
				Before, After                     map[string]bool
			}
			Total int
		}
		if code := e.call("GET", "/api/audit?area=permissions", tok["comite"], nil, &page); code != 200 || page.Total != 3 {
			t.Fatalf("permission changes in the log: %d %+v", code, page)
		}
		last := page.Entries[len(page.Entries)-1]
		if last.EntityID != tesoreriaRole || last.ActorName != "comite" || !last.Before["modify"] || last.After["modify"] {
			t.Fatalf("the first change: %+v", last)
		}
	})
}

func auditCount(t *testing.T, d *db.DB, area string) int64 {
	t.Helper()
	return count(t, d, &audit.Entry{}, "area = ?", area)
}

// A write in each area leaves exactly one entry; a refused write leaves none.
func TestEveryWriteIsAudited(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := rolesPersonas(e)
		check := func(area string, want int64, what string) {
			t.Helper()
			if n := auditCount(t, d, area); n != want {
				t.Fatalf("%s: %d entries in %s, want %d", what, n, area, want)
			}
		}
		// News.
		e.call("POST", "/api/news/news-cards", tok["comite"], body(map[string]any{"title": "", "content": "x", "type": "update"}), nil)
		check(audit.AreaNews, 0, "a refused news item")
		var card struct {
			ID string `json:"_id"`
		}
		e.call("POST", "/api/news/news-cards", tok["comite"], body(map[string]any{"title": "Hola", "content": "Texto", "type": "update", "active": true}), &card)
		check(audit.AreaNews, 1, "a news item")
		// Staff hours: refused, then accepted.
		e.call("PUT", "/api/staff/hours", tok["rh"], body(map[string]any{"userId": "590000000000000005", "hours": 1, "minutes": 60, "operation": "add"}), nil)
		check(audit.AreaStaff, 0, "refused hours")
		e.call("PUT", "/api/staff/hours", tok["rh"], body(map[string]any{"userId": "590000000000000005", "hours": 1, "minutes": 30, "operation": "add"}), nil)
		check(audit.AreaStaff, 1, "hours")
		var page struct {
			Entries []struct {
				Action        string
				Before, After map[string]int
			}
		}
		e.call("GET", "/api/audit?area=staff", tok["comite"], nil, &page)
		if page.Entries[0].Action != "hours.add" || page.Entries[0].Before["TiempoTotal"] != 0 || page.Entries[0].After["TiempoTotal"] != 5400 {
			t.Fatalf("hours entry: %+v", page.Entries[0])
		}
		// Treasury.
		e.call("POST", "/api/treasury/sales", tok["tesoreria"], body(map[string]any{"buyerDiscordId": "590000000000000008", "item": "NADA"}), nil)
		check(audit.AreaTreasury, 0, "a refused sale")
		var sale struct {
			ID uint64 `json:"_id"`
		}
		e.call("POST", "/api/treasury/sales", tok["tesoreria"], body(map[string]any{"buyerDiscordId": "590000000000000008", "item": "VIP"}), &sale)
		e.call("POST", fmt.Sprintf("/api/treasury/sales/%d/void", sale.ID), tok["tesoreria"], body(map[string]string{"reason": "Devolución"}), nil)
		check(audit.AreaTreasury, 2, "a sale and its void")
		// Records and documents.
		e.call("POST", "/api/records/charges", tok["moderador"], body(map[string]string{"discordId": "590000000000000008", "description": "Robo"}), nil)
		check(audit.AreaRecords, 1, "a charge")
		e.call("POST", "/api/documents/ine", tok["jugador"], body(map[string]string{"RobloxName": "Jugador", "Nombre": "A", "Apellido": "B",
			"Estado": "Jalisco", "Municipio": "Zapopan", "FechaNacimiento": "01/01/2000"}), nil)
		e.call("POST", "/api/documents/pasaporte", tok["jugador"], body(map[string]string{"RobloxName": "Jugador", "Nombre": "A", "Apellido": "B",
			"Pais": "Chile", "FechaNacimiento": "01/01/2000"}), nil)
		check(audit.AreaDocuments, 1, "an INE, then a refused passport")
		// Legislative.
		var ini struct {
			ID uint64 `json:"_id"`
		}
		e.call("POST", "/api/legislative/initiatives", tok["comite"], body(map[string]string{"title": "Ley", "summary": "Resumen", "type": "SCJN"}), &ini)
		e.call("PUT", fmt.Sprintf("/api/legislative/initiatives/%d/voting", ini.ID), tok["comite"], body(map[string]any{"votingEnabled": true}), nil)
		check(audit.AreaLegislative, 2, "an initiative and its voting")
		// API keys.
		e.call("POST", "/api/admin/api-keys", tok["comite"], body(map[string]string{"name": "Servidor"}), nil)
		check(audit.AreaAPIKeys, 1, "a key")

		// The log refuses changes.
		if err := d.Conn(t.Context()).Exec("UPDATE audit_entries SET actor_name = 'otro'").Error; err == nil {
			t.Fatal("an audit entry was changed")
		}
		if err := d.Conn(t.Context()).Exec("DELETE FROM audit_entries").Error; err == nil {
			t.Fatal("audit entries were deleted")
		}
	})
}
