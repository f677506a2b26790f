package bot

import (
	"context"
	"testing"

	"zocalo/core/roblox"
	"zocalo/core/verification"
	"zocalo/internal/testenv"
)

var _ = addBotRaceRows(
	botRaceRow{
		name:   "a verified member's role taken away by hand, the event delivered 20 times: put back once",
		covers: []string{"event GUILD_MEMBER_UPDATE"},
		run: func(t *testing.T, e *botRace) {
			ctx := context.Background()
			e.fake.AddRole(testVerifiedRole, "Verificado")
			id := e.member(t)
			if _, err := e.app.Roblox.Link(ctx, id, roblox.Account{UserID: "59" + id[len(id)-8:], Username: "Verificado" + id[len(id)-6:]}); err != nil {
				t.Fatal(err)
			}
			e.settled(id, e.id())
			before := len(verifyEvents(t, e.d, id))
			if err := e.fake.SetRoles(id); err != nil {
				t.Fatal(err)
			}
			e.atOnce(botRaceN, func(int) {
				if _, err := e.app.Verification.Reapply(ctx, verification.Observed{DiscordID: id, Nick: "Verificado" + id[len(id)-6:]}); err != nil {
					t.Error(err)
				}
			})
			testenv.ExpectCount(t, "deliveries putting the role back", int64(len(verifyEvents(t, e.d, id))-before), 1)
			e.eventually("the role is back", func() bool { _, verified := e.discordState(id); return verified })
		},
	},
)
