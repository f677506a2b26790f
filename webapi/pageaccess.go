package webapi

import (
	"zocalo/core/access"
	"zocalo/core/authz"
	"zocalo/core/legislative"
	"zocalo/core/sat"
	"zocalo/core/staff"
	"zocalo/core/tickets"
	"zocalo/core/treasury"
)

// publicPages open for anyone; signedInPages for anyone signed in.
var (
	publicPages = []string{"/", "/shop", "/news", "/news/:id", "/login", "/auth/callback", "/unauthorized", "/diario-oficial",
		"/verify/*", "/contact", "/artist-application", "/privacy-policy"}
	signedInPages = []string{"/records", "/documents", "/support", "/support/tickets/:id", "/perfil"}
)

type pageRule func(a *authz.Actor, may access.Abilities) bool

// pageRules say who may open each other page of the web app: the rule of the service that
// answers the page's first read, so a page the web offers never opens onto a refusal.
var pageRules = map[string]pageRule{
	"/dashboard":                   func(_ *authz.Actor, may access.Abilities) bool { return may.OpenDashboard },
	"/staff/profile":               func(_ *authz.Actor, may access.Abilities) bool { return may.OwnStaffRecord },
	"/staff/stats":                 func(_ *authz.Actor, may access.Abilities) bool { return may.OwnStaffRecord },
	"/staff/:userId":               func(a *authz.Actor, _ access.Abilities) bool { return staff.Directors(a) },
	"/staff/ausencias":             func(_ *authz.Actor, may access.Abilities) bool { return may.DecideLeaves },
	"/admin/support":               func(a *authz.Actor, _ access.Abilities) bool { return tickets.IsStaff(a) },
	"/admin/support/tickets/:id":   func(a *authz.Actor, _ access.Abilities) bool { return tickets.IsStaff(a) },
	"/treasury":                    func(a *authz.Actor, _ access.Abilities) bool { return treasury.MayRead(a) },
	"/treasury/history":            func(a *authz.Actor, _ access.Abilities) bool { return treasury.MayRead(a) },
	"/treasury/members":            func(a *authz.Actor, _ access.Abilities) bool { return treasury.MayRead(a) },
	"/treasury/register":           func(a *authz.Actor, _ access.Abilities) bool { return treasury.MayRegister(a) },
	"/sat/business":                func(a *authz.Actor, _ access.Abilities) bool { return sat.MayRead(a) },
	"/legislative":                 func(a *authz.Actor, _ access.Abilities) bool { return legislative.MayRead(a) },
	"/legislative/initiatives/:id": func(a *authz.Actor, _ access.Abilities) bool { return legislative.MayRead(a) },
	"/admin/news":                  func(_ *authz.Actor, may access.Abilities) bool { return may.ManageNews },
	"/admin/roles":                 func(_ *authz.Actor, may access.Abilities) bool { return may.ManageRoles },
	"/security":                    func(_ *authz.Actor, may access.Abilities) bool { return may.ReadAudit },
	"/admin/api-keys":              func(_ *authz.Actor, may access.Abilities) bool { return may.ManageAPIKeys },
	"/admin/deliveries":            func(_ *authz.Actor, may access.Abilities) bool { return may.OperateDeliveries },
	"/admin/contact-messages":      func(_ *authz.Actor, may access.Abilities) bool { return may.ReadContactMessages },
	"/admin/artist-applications":   func(_ *authz.Actor, may access.Abilities) bool { return may.ReviewArtists },
	"/admin/datos":                 func(_ *authz.Actor, may access.Abilities) bool { return may.HandleDataRequests },
}

// pagesFor lists, in the web's route order, the page paths the actor may open.
func pagesFor(a *authz.Actor, may access.Abilities) []string {
	open := map[string]bool{}
	for _, p := range publicPages {
		open[p] = true
	}
	for _, p := range signedInPages {
		open[p] = true
	}
	out := []string{}
	for _, p := range webRoutes {
		if rule, ok := pageRules[p]; (ok && rule(a, may)) || open[p] {
			out = append(out, p)
		}
	}
	return out
}

// deadEnds are pages a person may open that would only tell them the page is not for them:
// the navigation does not offer them to that person. A Trial member's dashboard says
// "Acceso No Disponible" (spec §6), so it is no entry of a Trial member's menu.
var deadEnds = map[string]pageRule{
	"/dashboard": func(_ *authz.Actor, may access.Abilities) bool { return may.TrialNotice },
}

// menuFor lists, in the web's route order, the pages the navigation offers the actor: those
// they may open (pages, from pagesFor) less the dead ends.
func menuFor(a *authz.Actor, may access.Abilities, pages []string) []string {
	out := []string{}
	for _, p := range pages {
		if dead, ok := deadEnds[p]; ok && dead(a, may) {
			continue
		}
		out = append(out, p)
	}
	return out
}
