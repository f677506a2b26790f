package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The shape of the house: core knows no transport, and the web API and the bot meet only
// in core.
func TestLayering(t *testing.T) {
	cases := []struct {
		pkgs      string
		forbidden []string
	}{
		{"./core/...", []string{"github.com/gin-gonic/gin", "github.com/bwmarrin/discordgo", "zocalo/webapi", "zocalo/bot"}},
		{"./webapi/...", []string{"zocalo/bot"}},
		{"./bot/...", []string{"zocalo/webapi", "github.com/gin-gonic/gin"}},
	}
	for _, c := range cases {
		out, err := exec.Command("go", "list", "-deps", "-test=false", c.pkgs).CombinedOutput()
		if err != nil {
			if strings.Contains(string(out), "matched no packages") {
				continue
			}
			t.Fatalf("go list %s: %v\n%s", c.pkgs, err, out)
		}
		deps := strings.Fields(string(out))
		for _, f := range c.forbidden {
			for _, d := range deps {
				if d == f || strings.HasPrefix(d, f+"/") {
					t.Errorf("%s depends on %s", c.pkgs, d)
				}
			}
		}
	}
}

// coreFoundation is what every core package may import: the database, errors, the actor
// and its rights, audit, the outbox, live events, idempotency, caches, labels, validation,
// file storage, the declarations of personal data each package makes of its tables, what a
// member decided about their data (privacy) and the business-day calendar. None
// of them knows a feature: they import only one another.
var coreFoundation = []string{
	"audit", "authz", "businessdays", "db", "errs", "idempotency", "labels", "live", "outbox", "personaldata", "privacy", "recent", "storage", "validate",
}

// coreImports lists every other package of core (by its path under core/) and what it may
// import beyond the foundation, each with why. A new package, or a new import of one
// feature by another, fails TestCoreImports until it is added here on purpose; an entry
// no longer imported fails too, so the table stays the truth. The root package is left
// out: core.New wires every service.
var coreImports = map[string][]string{
	"db": {
		"zocalo/migrations", // the SQL it applies at start
	},
	"access": {
		// It names every rule outside the matrix and asks the feature that owns each.
		"apikeys",     // MayManage
		"contact",     // MayRead
		"datarights",  // MayHandle: who answers requests about personal data
		"legislative", // HasSeat: who sits in each body
		"news",        // CanManage
		"permissions", // MayManage: the matrix page
		"records",     // MayAddCharges, MayExpungeCharges
		"sat",         // SeesConfidential
		"staff",       // the dashboard, reports, leaves, quotas, records and Trial's notice
		"tickets",     // MayManageCanned
	},
	"apikeys": nil,
	"artists": nil,
	"auth": {
		"access",  // the signed-in profile carries the person's abilities
		"members", // a sign-in writes the member and their roles; the actor is read from them
	},
	"contact":    nil,
	"datarights": nil,
	"documents": {
		"roblox", // a document's Roblox name is a claim, judged against the name holds and links
	},
	"export":     nil,
	"identifies": nil,
	"legislative": {
		"members", // vote reminders go to the members who hold a seat's role
	},
	"members": nil,
	"news":    nil,
	"permissions": {
		"members", // the matrix is stored per guild role, which members owns
	},
	"players": {
		// It gathers the others for the player profile, /whois and the game servers.
		"documents", // the player's documents
		"members",   // the player's name and avatar
		"records",   // the player's record
		"roblox",    // the player's Roblox link and its status
		"tickets",   // the player's open tickets
	},
	"ratelimit": nil,
	"records": {
		"documents", // a person the portal knows only by their document
		"members",   // a person's name and avatar
		"roblox",    // game charges hang on whoever verified the account; a verification adopts them
	},
	"roblox": nil,
	"sat": {
		"members", // a business's owner must be a known member
	},
	"staff": {
		"members", // hire dates from role changes; a dismissal drops the STAFF roles
	},
	"tickets": {
		"members", // names on messages, and the actor of a staff reply from Discord
	},
	"treasury": {
		"members", // a sale's buyer must be in the guild; who holds TESORERIA or AUDITOR
	},
	"verification": {
		"roblox", // every link and unlink changes what the member should show in Discord
	},
}

// TestCoreImports holds core's packages to coreFoundation and coreImports.
func TestCoreImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "./core/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list ./core/...: %v\n%s", err, out)
	}
	foundation := map[string]bool{}
	for _, f := range coreFoundation {
		foundation[f] = true
	}
	seen := map[string]bool{}
	used := map[string]bool{} // "pkg → import" of the table's entries in use
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := coreName(fields[0])
		seen[pkg] = true
		if pkg == "" {
			continue
		}
		allowed, listed := coreImports[pkg]
		if !listed && !foundation[pkg] {
			t.Errorf("core/%s has no row in coreImports: add it with what it may import beyond the foundation", pkg)
			continue
		}
		for _, imp := range fields[1:] {
			if !strings.HasPrefix(imp, "zocalo/") {
				continue
			}
			name := coreName(imp)
			switch {
			case foundation[name]:
			case slices.Contains(allowed, name):
				used[pkg+" → "+name] = true
			case foundation[pkg]:
				t.Errorf("core/%s imports %s: a foundation package imports no feature", pkg, imp)
			default:
				t.Errorf("core/%s imports %s, which coreImports does not allow: add it there with the reason, or drop the import", pkg, imp)
			}
		}
	}
	for pkg, allowed := range coreImports {
		if !seen[pkg] {
			t.Errorf("coreImports names core/%s, which does not exist", pkg)
			continue
		}
		for _, a := range allowed {
			if !used[pkg+" → "+a] {
				t.Errorf("core/%s no longer imports %s: remove it from coreImports", pkg, a)
			}
		}
	}
	for _, f := range coreFoundation {
		if !seen[f] {
			t.Errorf("coreFoundation names core/%s, which does not exist", f)
		}
	}
}

// coreName is an import path as the table writes it: a core package by its path under
// core/ ("" for core itself), anything else whole.
func coreName(importPath string) string {
	if importPath == "zocalo/core" {
		return ""
	}
	if name, ok := strings.CutPrefix(importPath, "zocalo/core/"); ok {
		return name
	}
	return importPath
}
