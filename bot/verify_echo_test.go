package bot

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"zocalo/core"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/roblox"
	"zocalo/internal/config"
	"zocalo/internal/discordfake"
	"zocalo/internal/robloxgroups"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// memberWrites counts the role PUTs and nickname PATCHes the fake received for a member.
func memberWrites(f *discordfake.Fake, memberID string) (rolePuts, nickPatches int) {
	member := "/guilds/" + testenv.GuildID + "/members/" + memberID
	for _, q := range f.Requests() {
		path := unversioned(q.Path)
		switch {
		case q.Method == http.MethodPut && strings.HasPrefix(path, member+"/roles/"):
			rolePuts++
		case q.Method == http.MethodPatch && path == member && strings.Contains(q.Body, `"nick"`):
			nickPatches++
		}
	}
	return rolePuts, nickPatches
}

// unversioned drops /api/vN from a recorded path.
func unversioned(p string) string {
	rest, ok := strings.CutPrefix(p, "/api/v")
	if !ok {
		return p
	}
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		return rest[i:]
	}
	return p
}

// The member events Discord sends back for the bot's own role and nickname changes are
// not read as changes by hand: each link, and each rank bind, changes Discord once. A
// change by hand after them is still put back, once.
func TestTheBotsOwnVerificationChangesAreNotAppliedAgain(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		const officerRole, group = "720000000000000002", "4100"
		r := newRigWith(t, d, func(cfg *config.Config, deps *core.Deps, fakeURL string) {
			cfg.Verify.Binds = []config.RankBind{{GroupID: group, MinRank: 100, MaxRank: 255, RoleID: officerRole}}
			deps.RobloxGroups = robloxgroups.New(fakeURL+"/roblox/groups", nil)
		})
		r.fake.AddRole(officerRole, "Oficial")
		ctx := context.Background()
		// Each member's markers tell when the events before them are handled (settled).
		members := []struct{ id, name, account, roblox, linked, bound string }{
			{"560000000000000051", "ana", "5100000011", "AnaMX", "560000000000000081", "560000000000000083"},
			{"560000000000000052", "beto", "5100000012", "BetoMX", "560000000000000082", "560000000000000084"},
		}
		for _, m := range members {
			r.member(m.id, m.name, authz.Diputado)
			r.fake.AddRobloxAccount(discordfake.RobloxAccount{UserID: m.account, Username: m.roblox})
			r.fake.SetRobloxGroupRank(m.account, discordfake.RobloxGroupRank{GroupID: 4100, GroupName: "Policía Federal", RoleName: "Oficial", Rank: 120})
		}
		b := r.newBot()
		r.start(b, true)
		for _, m := range members {
			if _, err := r.app.Roblox.Link(ctx, m.id, roblox.Account{UserID: m.account, Username: m.roblox}); err != nil {
				t.Fatal(err)
			}
		}
		for _, m := range members {
			r.eventually("the verified role and nickname are set", func() bool {
				nick, verified := r.discordState(m.id)
				return verified && nick == m.roblox
			})
			r.settled(m.id, m.linked)
		}
		// A link: the verified role and the nickname, one request each.
		for _, m := range members {
			puts, patches := memberWrites(r.fake, m.id)
			if puts != 1 || patches != 1 {
				t.Fatalf("%s linked: %d role PUTs and %d nickname PATCHes, want 1 and 1", m.name, puts, patches)
			}
		}

		// The rank bind: the whole state again (the verified role and the nickname are
		// already there, so only the bound role changes Discord), once.
		if err := b.refreshVerification(ctx); err != nil {
			t.Fatal(err)
		}
		for _, m := range members {
			r.eventually("the bound role is given", func() bool {
				fm, _ := r.fake.Member(m.id)
				return slices.Contains(fm.Roles, officerRole)
			})
			r.settled(m.id, m.bound)
		}
		for _, m := range members {
			puts, patches := memberWrites(r.fake, m.id)
			if puts != 3 || patches != 2 {
				t.Fatalf("%s bound: %d role PUTs and %d nickname PATCHes in all, want 3 and 2", m.name, puts, patches)
			}
		}

		// A moderator takes the verified role from one of them by hand: it comes back, once.
		ana := members[0]
		if err := r.fake.UpdateMemberRoles(ana.id, testenv.RoleIDs(authz.Diputado)...); err != nil {
			t.Fatal(err)
		}
		r.eventually("the roles are given back", func() bool {
			fm, _ := r.fake.Member(ana.id)
			return slices.Contains(fm.Roles, testVerifiedRole) && slices.Contains(fm.Roles, officerRole)
		})
		r.settled(ana.id, "560000000000000085")
		if puts, patches := memberWrites(r.fake, ana.id); puts != 5 || patches != 3 {
			t.Fatalf("put back by hand: %d role PUTs and %d nickname PATCHes in all, want 5 and 3", puts, patches)
		}
	})
}
