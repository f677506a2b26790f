package webapi

import (
	"slices"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// A page added to routes.tsx must say who may open it, or the portal could not offer it.
func TestEveryWebPageHasAnAccessRule(t *testing.T) {
	t.Parallel()
	seen := map[string]int{}
	for _, p := range publicPages {
		seen[p]++
	}
	for _, p := range signedInPages {
		seen[p]++
	}
	for p := range pageRules {
		seen[p]++
	}
	for _, p := range webRoutes {
		if seen[p] != 1 {
			t.Errorf("page %s has %d access rules, want 1 (publicPages, signedInPages or pageRules)", p, seen[p])
		}
		delete(seen, p)
	}
	for p := range seen {
		t.Errorf("access rule for %s, which routes.tsx does not have", p)
	}
}

type pagesProfile struct {
	Pages     []string
	Menu      []string
	Abilities map[string]bool
	Panels    map[string]struct{ Read, Modify, Manage bool }
}

func (e *env) pagesOf(token string) pagesProfile {
	e.t.Helper()
	var p pagesProfile
	if code := e.call("GET", "/api/auth/profile", token, nil, &p); code != 200 {
		e.t.Fatalf("profile: %d", code)
	}
	return p
}

// Each persona is offered the pages whose first read the server answers for them.
func TestProfileListsThePagesEachPersonMayOpen(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := rolesPersonas(e)
		e.addUser("trial", "590000000000000009", true, authz.Trial)
		e.addUser("diputado", "590000000000000010", true, authz.Diputado)
		tok["trial"], tok["diputado"] = e.signIn("trial"), e.signIn("diputado")
		cases := []struct {
			who        string
			has, lacks []string
		}{
			{"jugador", []string{"/records", "/support", "/support/tickets/:id", "/shop"}, []string{"/dashboard", "/admin/support", "/admin/support/tickets/:id", "/treasury", "/legislative"}},
			{"trial", []string{"/dashboard", "/admin/support", "/staff/profile"}, []string{"/treasury", "/staff/:userId", "/admin/roles"}},
			{"moderador", []string{"/dashboard", "/admin/support", "/staff/stats"}, []string{"/treasury", "/sat/business", "/staff/:userId"}},
			{"soporte", []string{"/dashboard", "/admin/support", "/admin/support/tickets/:id"}, []string{"/treasury", "/admin/news"}},
			{"rh", []string{"/dashboard", "/staff/:userId", "/treasury", "/sat/business", "/admin/roles", "/admin/api-keys"}, []string{"/security", "/legislative", "/admin/news"}},
			{"tesoreria", []string{"/treasury", "/treasury/register", "/treasury/history"}, []string{"/dashboard", "/admin/support", "/admin/support/tickets/:id"}},
			{"ministro", []string{"/legislative", "/legislative/initiatives/:id"}, []string{"/dashboard", "/treasury"}},
			{"comite", []string{"/dashboard", "/security", "/admin/news", "/admin/deliveries", "/legislative", "/treasury/register"}, nil},
		}
		for _, c := range cases {
			pages := e.pagesOf(tok[c.who]).Pages
			for _, p := range c.has {
				if !slices.Contains(pages, p) {
					t.Errorf("%s may open %s; pages = %v", c.who, p, pages)
				}
			}
			for _, p := range c.lacks {
				if slices.Contains(pages, p) {
					t.Errorf("%s may not open %s; pages = %v", c.who, p, pages)
				}
			}
		}
		if got := e.pagesOf(tok["trial"]).Abilities; !got["trialNotice"] || got["reportShift"] {
			t.Errorf("trial's abilities = %v", got)
		}
		if got := e.pagesOf(tok["diputado"]).Abilities; !got["voteCongreso"] || got["voteScjn"] || !got["seeConfidentialSat"] {
			t.Errorf("diputado's abilities = %v", got)
		}
	})
}

// The navigation offers what a person may open, less what would only tell them it is not for
// them: a Trial member keeps /dashboard (it says "Acceso No Disponible") out of the menu.
func TestTheMenuLeavesOutDeadEnds(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := rolesPersonas(e)
		e.addUser("trial", "590000000000000009", true, authz.Trial)
		e.addUser("trialrh", "590000000000000011", true, authz.Trial, authz.RH)
		tok["trial"], tok["trialrh"] = e.signIn("trial"), e.signIn("trialrh")
		trial := e.pagesOf(tok["trial"])
		if !slices.Contains(trial.Pages, "/dashboard") || slices.Contains(trial.Menu, "/dashboard") {
			t.Errorf("trial: pages %v, menu %v; want /dashboard openable and not offered", trial.Pages, trial.Menu)
		}
		for _, p := range []string{"/admin/support", "/staff/profile", "/staff/stats", "/support"} {
			if !slices.Contains(trial.Menu, p) {
				t.Errorf("trial's menu lacks %s: %v", p, trial.Menu)
			}
		}
		for _, who := range []string{"moderador", "trialrh", "comite"} {
			p := e.pagesOf(tok[who])
			if !slices.Contains(p.Menu, "/dashboard") {
				t.Errorf("%s's menu lacks /dashboard: %v", who, p.Menu)
			}
			for _, m := range p.Menu {
				if !slices.Contains(p.Pages, m) {
					t.Errorf("%s is offered %s, which they may not open", who, m)
				}
			}
		}
	})
}

// A right granted on /admin/roles opens its pages at the next profile read; a read revoked
// closes them, and the server refuses the page's reads alike.
func TestGrantingAndRevokingRightsChangesThePages(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := rolesPersonas(e)
		set := func(panel, role string, read, modify, manage bool) (int, string) {
			var msg messageBody
			code := e.call("PUT", "/api/roles/panels/"+panel+"/permissions", tok["comite"], body(map[string]any{"roleId": role,
				"permissions": map[string]bool{"read": read, "modify": modify, "manage": manage}}), &msg)
			return code, msg.Message
		}
		if code, _ := set("treasury", testRoles[authz.Moderador], true, false, false); code != 200 {
			t.Fatalf("grant: %d", code)
		}
		if pages := e.pagesOf(tok["moderador"]).Pages; !slices.Contains(pages, "/treasury") || slices.Contains(pages, "/treasury/register") {
			t.Fatalf("moderador granted treasury Lectura: %v", pages)
		}
		if code := e.call("GET", "/api/treasury/summary", tok["moderador"], nil, nil); code != 200 {
			t.Fatalf("moderador reads the treasury: %d", code)
		}
		if code, _ := set("treasury", testRoles[authz.Tesoreria], false, false, false); code != 200 {
			t.Fatalf("revoke: %d", code)
		}
		if pages := e.pagesOf(tok["tesoreria"]).Pages; slices.Contains(pages, "/treasury") {
			t.Fatalf("tesoreria without treasury rights still has %v", pages)
		}
		if code := e.call("GET", "/api/treasury/summary", tok["tesoreria"], nil, nil); code != 403 {
			t.Fatalf("tesoreria reads the treasury after the revoke: %d", code)
		}
	})
}

// Modificación and Gestión imply Lectura: a change that breaks that is refused and changes
// nothing.
func TestModifyWithoutReadIsRefused(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := rolesPersonas(e)
		for _, flags := range []map[string]bool{{"read": false, "modify": true, "manage": false}, {"read": false, "modify": false, "manage": true}} {
			var msg messageBody
			code := e.call("PUT", "/api/roles/panels/legislative/permissions", tok["comite"],
				body(map[string]any{"roleId": testRoles[authz.Ministro], "permissions": flags}), &msg)
			if code != 400 || msg.Message != "Modificación y Gestión requieren Lectura: marca también Lectura." {
				t.Fatalf("%v: %d %q", flags, code, msg.Message)
			}
		}
		if n := testenv.CountRows(t, d, "panel_permissions", "1 = 1"); n != 0 {
			t.Fatalf("rows stored: %d", n)
		}
		if got := e.pagesOf(tok["ministro"]).Panels["legislative"]; !got.Read || got.Modify {
			t.Fatalf("ministro's legislative rights: %+v", got)
		}
	})
}
