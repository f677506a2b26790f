package webapi

import (
	"sync/atomic"
	"testing"

	"zocalo/core/documents"
	"zocalo/core/records"
	"zocalo/core/roblox"
	"zocalo/internal/discordfake"
	"zocalo/internal/testenv"
)

// Rows of the concurrency table for Roblox links and the names documents claim.

const nameTakenMessage = "Ese usuario de Roblox ya está verificado por otra persona."

// robloxAccount makes a fake Roblox account unique to this run and returns its name and id.
func (r *raceEnv) robloxAccount(prefix string) (name, userID string) {
	id := r.id()
	name, userID = prefix+id[len(id)-6:], "93"+id[len(id)-8:]
	r.fake.AddRobloxAccount(discordfake.RobloxAccount{UserID: userID, Username: name})
	return name, userID
}

// preparedVerification starts a verification for token and consents on the fake Roblox as
// account; finishing it is left to the race. It returns the callback URL and the state.
func (r *raceEnv) preparedVerification(t *testing.T, token, account string) (callback, state string) {
	t.Helper()
	consent, state := stateOf(t, r.do(t, request{method: "POST", path: "/api/verify/initiate", token: token}))
	return consentAs(t, consent, account), state
}

var _ = addRaceRows(
	raceRow{name: "unlinking one Roblox account many times at once", routes: []string{"DELETE /api/verify/link"}, run: func(t *testing.T, r *raceEnv) {
		id, token := r.member(t)
		name, userID := r.robloxAccount("RacerUnlink")
		if _, err := r.app.Roblox.Link(t.Context(), id, roblox.Account{UserID: userID, Username: name}); err != nil {
			t.Fatal(err)
		}
		// Unlinking what is already unlinked is harmless: every copy answers the status.
		answers := r.race(t, same(raceN, request{method: "DELETE", path: "/api/verify/link", token: token})...)
		expectAll(t, answers, 200)
		for _, a := range answers {
			if a.message() != "Cuenta de Roblox desvinculada." {
				t.Errorf("an unlink said %s", a.body)
			}
		}
		expectCount(t, "links", r.count(t, "roblox_links", "discord_id = ?", id), 0)
		expectCount(t, "held names", r.count(t, "roblox_name_holds", "discord_id = ?", id), 0)
		expectCount(t, "unlink audits", r.audits(t, roblox.ActionUnlink, id), 1)
	}},
	raceRow{name: "correcting one document's Roblox name many times at once", routes: []string{"PUT /api/documents/mine/roblox"}, run: func(t *testing.T, r *raceEnv) {
		id, token := r.member(t)
		old, _ := r.robloxAccount("RacerOld")
		if a := r.do(t, request{method: "POST", path: "/api/documents/ine", token: token, body: ineForm(old)}); a.status != 201 {
			t.Fatalf("INE: %d %s", a.status, a.body)
		}
		fixed, _ := r.robloxAccount("RacerNew")
		answers := r.race(t, same(raceN, request{method: "PUT", path: "/api/documents/mine/roblox", token: token,
			body: map[string]string{"RobloxName": fixed}})...)
		// The first changes the name; the others find it changed: the same answer, no audit.
		expectAll(t, answers, 200)
		expectCount(t, "documents with the new name", r.count(t, "documents", "discord_id = ? AND roblox_name = ?", id, fixed), 1)
		expectCount(t, "correction audits", r.count(t, "audit_entries", "action = ? AND actor_id = ?", documents.ActionRobloxName, id), 1)
		// The old name's claim was let go, the new one held.
		expectCount(t, "claims of the old name", r.count(t, "roblox_name_holds", "roblox_key = ?", roblox.NameKey(old)), 0)
		expectCount(t, "claims of the new name", r.count(t, "roblox_name_holds", "roblox_key = ? AND discord_id = ?", roblox.NameKey(fixed), id), 1)
	}},
	raceRow{name: "a member claiming a name while its owner verifies it", routes: []string{"PUT /api/documents/mine/roblox", "GET /api/verify/callback"},
		run: func(t *testing.T, r *raceEnv) {
			claimant, claimantToken := r.member(t)
			owner, ownerToken := r.member(t)
			old, _ := r.robloxAccount("RacerMine")
			if a := r.do(t, request{method: "POST", path: "/api/documents/ine", token: claimantToken, body: ineForm(old)}); a.status != 201 {
				t.Fatalf("INE: %d %s", a.status, a.body)
			}
			name, _ := r.robloxAccount("RacerOwned")
			callback, state := r.preparedVerification(t, ownerToken, name)
			claims := make([]answer, raceN)
			var end string
			testenv.Together(r.d, raceN, func(i int) {
				if i == 0 {
					end = finishVerification(t, callback, state)
					return
				}
				claims[i] = r.do(t, request{method: "PUT", path: "/api/documents/mine/roblox", token: claimantToken,
					body: map[string]string{"RobloxName": name}})
			})
			if end != "/verify/success" {
				t.Fatalf("the owner's verification ended at %q", end)
			}
			// Each claim came before the verification (200) or after it (409): never both kept.
			for _, a := range claims[1:] {
				if a.status != 200 && (a.status != 409 || a.message() != nameTakenMessage) {
					t.Errorf("a claim answered %d %s", a.status, a.body)
				}
			}
			expectCount(t, "the owner's verified hold", r.count(t, "roblox_name_holds", "roblox_key = ? AND discord_id = ? AND verified = ?",
				roblox.NameKey(name), owner, true), 1)
			doc, err := r.app.Documents.Of(t.Context(), claimant)
			if err != nil {
				t.Fatal(err)
			}
			claimed := doc.RobloxName == name
			if claimed && doc.RobloxNameStatus != documents.NameFlagged {
				t.Errorf("the claimant kept the owner's name unflagged: %+v", doc)
			}
			if !claimed && doc.RobloxName != old {
				t.Errorf("the claimant's document names %q", doc.RobloxName)
			}
			want := int64(0)
			if claimed {
				want = 1
			}
			expectCount(t, "correction audits", r.count(t, "audit_entries", "action = ? AND actor_id = ?", documents.ActionRobloxName, claimant), want)
		}},
	raceRow{name: "game charges filed under a name while its owner verifies it", routes: []string{"POST /api/integrations/records/charges", "GET /api/verify/callback"},
		run: func(t *testing.T, r *raceEnv) {
			owner, ownerToken := r.member(t)
			name, _ := r.robloxAccount("RacerWanted")
			key, err := r.app.APIKeys.Issue(t.Context(), "Servidor "+r.id(), "test")
			if err != nil {
				t.Fatal(err)
			}
			callback, state := r.preparedVerification(t, ownerToken, name)
			var end string
			var filed atomic.Int64
			testenv.Together(r.d, raceN, func(i int) {
				if i == 0 {
					end = finishVerification(t, callback, state)
					return
				}
				a := r.do(t, request{method: "POST", path: "/api/integrations/records/charges", token: key.Key,
					body: map[string]string{"robloxUsername": name, "description": "Robo en carrera"}})
				if a.status == 201 {
					filed.Add(1)
				} else {
					t.Errorf("a game charge answered %d %s", a.status, a.body)
				}
			})
			if end != "/verify/success" {
				t.Fatalf("the verification ended at %q", end)
			}
			// Filed before the verification, a charge was taken over by it; after, it was filed
			// under the owner. None is left unverified under the owner's name.
			nameKey := roblox.NameKey(name)
			expectCount(t, "charges filed", filed.Load(), raceN-1)
			expectCount(t, "the owner's charges", r.count(t, "charges", "roblox_key = ? AND discord_id = ?", nameKey, owner), raceN-1)
			expectCount(t, "unverified charges", r.count(t, "charges", "roblox_key = ? AND discord_id = ''", nameKey), 0)
			moved := r.count(t, "audit_entries", "action = ? AND after LIKE ?", records.ActionMove, "%"+owner+"%")
			if moved > raceN-1 {
				t.Errorf("%d moves audited for %d charges", moved, raceN-1)
			}
		}},
)
