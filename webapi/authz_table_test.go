package webapi

import (
	"net/http"
	"sort"
	"strings"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/internal/testdb"
)

// The personas of the authorization table, with the roles they hold.
var tablePersonas = []struct {
	name  string
	id    string
	roles []authz.Role
}{
	{"jugador", "600000000000000001", nil},
	{"moderador", "600000000000000002", []authz.Role{authz.Moderador}},
	{"trial", "600000000000000003", []authz.Role{authz.Trial}},
	{"soporte", "600000000000000004", []authz.Role{authz.SoporteTecnico}},
	{"tesoreria", "600000000000000005", []authz.Role{authz.Tesoreria}},
	{"auditor", "600000000000000006", []authz.Role{authz.Auditor}},
	{"rh", "600000000000000007", []authz.Role{authz.RH}},
	{"comite", "600000000000000008", []authz.Role{authz.Comite}},
	{"oficina", "600000000000000009", []authz.Role{authz.Oficina}},
	{"ministro", "600000000000000010", []authz.Role{authz.Ministro}},
	{"diputado", "600000000000000011", []authz.Role{authz.Diputado}},
	{"revisor", "500000000000000099", nil}, // on the artist-application allowlist of newEnv
}

// Who gets past the permission checks of a route. Everyone else signed in is refused with
// 403; signed out, 401 (unless the route is public).
var (
	public      = []string{"*", "anon"}
	member      = []string{"*"}
	staffOrAdm  = []string{"moderador", "trial", "soporte", "rh", "comite", "oficina"}
	directors   = []string{"rh", "comite", "oficina"}
	reporters   = []string{"moderador", "soporte", "comite", "oficina"}
	treasurers  = []string{"tesoreria", "auditor", "rh", "comite", "oficina"}
	admin       = []string{"rh", "comite", "oficina"}
	legislators = []string{"ministro", "diputado", "comite", "oficina"}
	legisAdmin  = []string{"comite", "oficina"}
	superusers  = []string{"comite", "oficina"}
	chargers    = []string{"moderador", "rh", "comite", "oficina"}
	reviewers   = []string{"revisor"}
	gameKeys    = []string{} // an API key, never a session
	// The support panel's manage right: SoporteTecnico, SCJN_ADMIN (COMITE) and CONGRESO_ADMIN (OFICINA).
	cannedManagers = []string{"soporte", "comite", "oficina"}
)

// authzTable holds one row per route. A route without a row fails the test, so a new
// route cannot ship without deciding who may call it.
var authzTable = map[string][]string{
	"GET /healthz": public, "GET /readyz": public, "GET /metrics": public,
	"GET /api/config": public, "GET /api/auth/discord": public, "GET /api/auth/discord/callback": public,
	"GET /api/auth/profile": member, "POST /api/auth/logout": member, "GET /api/events": member, "POST /api/auth/exchange": public,
	"GET /api/news/news-cards": public, "POST /api/news/news-cards": superusers, "GET /api/news/news-cards/:id": public,
	"PUT /api/news/news-cards/:id": superusers, "DELETE /api/news/news-cards/:id": superusers,
	"POST /api/contact": public, "POST /api/artists/submit": public, "GET /api/diario-oficial": public,
	"GET /api/artists/applications": reviewers, "PUT /api/artists/applications/:id/status": reviewers,
	// Tickets: ids that do not exist answer 404 to everyone, readers or not.
	"POST /api/tickets": member, "GET /api/tickets": member, "GET /api/tickets/stats/summary": staffOrAdm,
	"GET /api/tickets/stats/daily": staffOrAdm,
	"GET /api/tickets/unread":      member, "GET /api/tickets/:ticketId": member,
	"POST /api/tickets/:ticketId/messages": member, "PUT /api/tickets/:ticketId/status": member,
	"PUT /api/tickets/:ticketId/assign": member, "PUT /api/tickets/:ticketId/priority": member,
	"POST /api/tickets/:ticketId/rating": member, "GET /api/tickets/:ticketId/transcript": member,
	"GET /api/tickets/:ticketId/attachments/:attachmentId": member,
	// Notes: any signed-in caller reaches the rule; only support staff get past it.
	"POST /api/tickets/:ticketId/notes": member,
	"GET /api/tickets/canned-replies":   staffOrAdm, "POST /api/tickets/canned-replies": cannedManagers,
	"PUT /api/tickets/canned-replies/:cannedId": cannedManagers, "DELETE /api/tickets/canned-replies/:cannedId": cannedManagers,
	"GET /api/staff/moderators": staffOrAdm, "PUT /api/staff/hours": directors, "POST /api/staff/dismiss": directors,
	"GET /api/staff/hours": staffOrAdm, "GET /api/staff/stats/hours": staffOrAdm,
	"GET /api/staff/stats": staffOrAdm, "GET /api/staff/profile": staffOrAdm, "POST /api/staff/report": reporters,
	"GET /api/staff/reports/weekly": staffOrAdm, "POST /api/staff/:userId/notes": directors,
	"POST /api/staff/:userId/warns": directors, "PUT /api/staff/:userId/hired": directors, "GET /api/staff/members/:userId": directors,
	"GET /api/staff/on-shift": staffOrAdm, "POST /api/staff/shifts/:discordId/end": directors,
	"GET /api/staff/leaves": directors, "GET /api/staff/leaves/mine": staffOrAdm, "POST /api/staff/leaves/:id/decision": directors,
	"GET /api/staff/quotas": staffOrAdm, "PUT /api/staff/quotas/:roleId": directors,
	"GET /api/documents/status": member, "GET /api/documents/mine": member,
	"POST /api/documents/ine": member, "POST /api/documents/pasaporte": member, "PUT /api/documents/mine/roblox": member,
	"GET /api/records/search": member, "GET /api/records/pdf": member, "POST /api/records/charges": chargers,
	"POST /api/records/charges/:id/void": chargers, "POST /api/records/charges/:id/expunge": superusers,
	"GET /api/players/me": member, "GET /api/me/export": member, "GET /api/me/export/pdf": member,
	"GET /api/me/privacy": member, "PUT /api/me/privacy": member, "GET /api/me/data-requests": member, "POST /api/me/data-requests": member,
	"GET /api/admin/data-requests": superusers, "POST /api/admin/data-requests/:id/answer": superusers, "GET /api/verify/status": member, "POST /api/verify/initiate": member, "DELETE /api/verify/link": member,
	"GET /api/verify/callback": public,
	"GET /api/admin/api-keys":  admin, "POST /api/admin/api-keys": admin, "DELETE /api/admin/api-keys/:id": admin,
	"GET /api/admin/deliveries": admin, "GET /api/admin/contact-messages": admin, "POST /api/admin/deliveries/retry-all": admin,
	"POST /api/admin/deliveries/:id/retry": admin, "POST /api/admin/deliveries/:id/discard": admin, "POST /api/admin/deliveries/retry-group": admin,
	"GET /api/treasury/sales": treasurers, "POST /api/treasury/sales": treasurers, "GET /api/treasury/sales/export": treasurers,
	"POST /api/treasury/sales/:id/void": treasurers, "GET /api/treasury/members": treasurers, "GET /api/treasury/buyers": treasurers,
	"GET /api/treasury/summary": treasurers, "GET /api/treasury/income": treasurers, "GET /api/treasury/catalogue": treasurers,
	"GET /api/sat/businesses": admin, "POST /api/sat/businesses": admin, "PUT /api/sat/businesses/:id": admin,
	"PUT /api/sat/businesses/:id/status": admin, "GET /api/sat/businesses/:id/documents/:documentId": admin,
	"GET /api/sat/businesses/:id/logo": public,
	"GET /api/legislative/initiatives": legislators, "POST /api/legislative/initiatives": legisAdmin,
	"GET /api/legislative/initiatives/:id": legislators, "DELETE /api/legislative/initiatives/:id": legisAdmin,
	"POST /api/legislative/initiatives/:id/withdraw": legisAdmin,
	// Voting is a seat, checked after the initiative is found; the seat rules have their own tests.
	"POST /api/legislative/initiatives/:id/vote":  member,
	"PUT /api/legislative/initiatives/:id/voting": legisAdmin,
	"GET /api/legislative/agenda":                 legislators, "POST /api/legislative/agenda": legisAdmin,
	"DELETE /api/legislative/agenda/:id": legisAdmin,
	"GET /api/roles/roles":               admin, "GET /api/roles/panels/:panelId/permissions": admin,
	"PUT /api/roles/panels/:panelId/permissions": admin, "GET /api/audit": superusers,
	"GET /api/integrations/players/:robloxUsername": gameKeys, "POST /api/integrations/records/charges": gameKeys,
	"POST /api/integrations/records/charges/:id/void": gameKeys, "GET /api/integrations/players/by-id/:robloxUserId": gameKeys,
}

func allowedFor(who []string, persona string) bool {
	for _, w := range who {
		if w == "*" && persona != "anon" || w == persona {
			return true
		}
	}
	return false
}

func TestEveryRouteHasItsAuthorizationRow(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.server.signIns.perMin = 10000
		e.server.publicWrites.perMin = 10000
		tokens := map[string]string{"anon": ""}
		for _, p := range tablePersonas {
			e.addUser(p.name, p.id, true, p.roles...)
			tokens[p.name] = e.signIn(p.name)
		}
		var routes []string
		for _, r := range e.server.Routes() {
			routes = append(routes, r.Method+" "+r.Path)
		}
		sort.Strings(routes)
		for _, route := range routes {
			who, ok := authzTable[route]
			if !ok {
				t.Errorf("%s has no row in the authorization table", route)
				continue
			}
			method, path, _ := strings.Cut(route, " ")
			for _, persona := range append([]string{"anon"}, names()...) {
				token := tokens[persona]
				if route == "POST /api/auth/logout" && token != "" {
					token = e.signIn(persona) // logging out revokes the token it is given
				}
				code := e.probe(method, path, token)
				allowed := allowedFor(who, persona)
				switch {
				case allowed && (code == http.StatusUnauthorized || code == http.StatusForbidden):
					t.Errorf("%s as %s: %d, want admitted", route, persona, code)
				case !allowed && persona == "anon" && code != http.StatusUnauthorized:
					t.Errorf("%s signed out: %d, want 401", route, code)
				case !allowed && persona != "anon" && len(who) == 0 && code != http.StatusUnauthorized:
					t.Errorf("%s as %s with a session instead of a key: %d, want 401", route, persona, code)
				case !allowed && persona != "anon" && len(who) > 0 && code != http.StatusForbidden:
					t.Errorf("%s as %s: %d, want 403", route, persona, code)
				case code >= 500:
					t.Errorf("%s as %s: %d", route, persona, code)
				}
			}
		}
		for route := range authzTable {
			found := false
			for _, r := range routes {
				found = found || r == route
			}
			if !found {
				t.Errorf("the table names %s, which is not a route", route)
			}
		}
	})
}

func names() []string {
	out := make([]string, len(tablePersonas))
	for i, p := range tablePersonas {
		out[i] = p.name
	}
	return out
}

// probe calls a route with ids that do not exist and an empty JSON body where one is
// expected, and returns the status.
func (e *env) probe(method, path, token string) int {
	e.t.Helper()
	path = strings.NewReplacer(":ticketId", "999999", ":attachmentId", "999999", ":cannedId", "999999", ":id", "999999", ":documentId", "999999",
		":userId", "600000000000000099", ":panelId", "treasury", ":robloxUsername", "Alguien", ":robloxUserId", "4242").Replace(path)
	if strings.HasSuffix(path, "/initiatives") || strings.HasSuffix(path, "/agenda") {
		path += "?type=SCJN"
	}
	var b *strings.Reader
	if method == http.MethodPost || method == http.MethodPut {
		b = strings.NewReader("{}")
	}
	req, _ := http.NewRequest(method, e.http.URL+path, nil)
	if b != nil {
		req, _ = http.NewRequest(method, e.http.URL+path, b)
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}
