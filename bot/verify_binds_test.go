package bot

import (
	"context"
	"slices"
	"testing"

	"zocalo/core"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/roblox"
	"zocalo/core/verification"
	"zocalo/internal/config"
	"zocalo/internal/discordfake"
	"zocalo/internal/robloxgroups"
	"zocalo/internal/testdb"
)

// A rank bind, read by the running bot's verify-refresh job from the Roblox groups API,
// gives its role in Discord to a linked member whose rank is in range, and takes it away
// once Roblox says the member was demoted and the day's read comes round again.
func TestRankBindsGiveAndTakeTheirRoleThroughTheBot(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		const officerRole, group, account = "720000000000000002", "4100", "5100000007"
		r := newRigWith(t, d, func(cfg *config.Config, deps *core.Deps, fakeURL string) {
			cfg.Verify.Binds = []config.RankBind{{GroupID: group, MinRank: 100, MaxRank: 255, RoleID: officerRole}}
			deps.RobloxGroups = robloxgroups.New(fakeURL+"/roblox/groups", nil)
		})
		r.fake.AddRole(officerRole, "Oficial")
		r.fake.AddRobloxAccount(discordfake.RobloxAccount{UserID: account, Username: "AnaMX", DisplayName: "Ana"})
		r.fake.SetRobloxGroupRank(account, discordfake.RobloxGroupRank{GroupID: 4100, GroupName: "Policía Federal", RoleName: "Oficial", Rank: 120})
		ctx := context.Background()
		const ana = "560000000000000041"
		r.member(ana, "ana", authz.Diputado)
		b := r.newBot()
		r.start(b, true)
		if _, err := r.app.Roblox.Link(ctx, ana, roblox.Account{UserID: account, Username: "AnaMX", DisplayName: "Ana"}); err != nil {
			t.Fatal(err)
		}
		holds := func(role string) bool {
			m, _ := r.fake.Member(ana)
			return slices.Contains(m.Roles, role)
		}
		r.eventually("the verified role is given", func() bool { return holds(testVerifiedRole) })
		if err := b.refreshVerification(ctx); err != nil {
			t.Fatal(err)
		}
		r.eventually("the bound role is given", func() bool { return holds(officerRole) })

		// Demoted in Roblox: nothing changes until the member's next daily read.
		r.fake.SetRobloxGroupRank(account, discordfake.RobloxGroupRank{GroupID: 4100, GroupName: "Policía Federal", RoleName: "Cadete", Rank: 10})
		if err := b.refreshVerification(ctx); err != nil {
			t.Fatal(err)
		}
		r.settled(ana, "560000000000000096")
		if !holds(officerRole) {
			t.Fatal("the bound role went before the member's ranks were read again")
		}
		if err := d.Conn(ctx).Model(&verification.Identity{}).Where("discord_id = ?", ana).
			Update("binds_checked_at", nil).Error; err != nil {
			t.Fatal(err)
		}
		if err := b.refreshVerification(ctx); err != nil {
			t.Fatal(err)
		}
		r.eventually("the bound role is taken away", func() bool { return !holds(officerRole) })
		if !holds(testVerifiedRole) {
			t.Fatal("the verified role went with the bound one")
		}
	})
}
