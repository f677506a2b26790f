package bot

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"

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
			id := e.member(t)
			if _, err := e.app.Roblox.Link(ctx, id, roblox.Account{UserID: "59" + id[len(id)-8:], Username: "Verificado" + id[len(id)-6:]}); err != nil {
				t.Fatal(err)
			}
			e.settled(id, e.id())
			before := len(verifyEvents(t, e.d, id))
			if err := e.fake.SetRoles(id); err != nil {
				t.Fatal(err)
			}
			// Discord holds the put-back until the copies are in: a gateway event showing it
			// done would be newer than the copies, which Discord never sends after it.
			e.fake.StartOutage(503)
			e.atOnce(botRaceN, func(int) {
				if _, err := e.app.Verification.Reapply(ctx, verification.Observed{DiscordID: id, Nick: "Verificado" + id[len(id)-6:]}); err != nil {
					t.Error(err)
				}
			})
			e.fake.EndOutage()
			testenv.ExpectCount(t, "deliveries putting the role back", int64(len(verifyEvents(t, e.d, id))-before), 1)
			e.eventually("the role is back", func() bool { _, verified := e.discordState(id); return verified })
		},
	},
	botRaceRow{
		name:   "verificar writes nothing",
		covers: []string{"command verificar"},
		run: func(t *testing.T, e *botRace) {
			id := e.member(t)
			e.settle(t)
			before := e.snapshot(t)
			for _, a := range e.commandsAtOnce(t, botRaceN, func(int) discordgo.Interaction { return interaction("verificar", id) }) {
				if !strings.Contains(a, "Vincula tu cuenta de Roblox") || !strings.Contains(a, "http://portal.test/verify") {
					t.Errorf("verificar said %q", a)
				}
			}
			expectUnchanged(t, before, e.snapshot(t))
		},
	},
	botRaceRow{
		name:   "whois writes nothing",
		covers: []string{"command whois"},
		run: func(t *testing.T, e *botRace) {
			mod, player := e.member(t, authz.Moderador), e.member(t)
			name := "Quien" + player[len(player)-6:]
			if _, err := e.app.Roblox.Link(context.Background(), player, roblox.Account{UserID: "58" + player[len(player)-8:], Username: name}); err != nil {
				t.Fatal(err)
			}
			e.settled(player, e.id())
			e.settle(t)
			before := e.snapshot(t)
			for _, a := range e.commandsAtOnce(t, botRaceN, func(int) discordgo.Interaction { return whois(mod, robloxOption(name)) }) {
				if !strings.Contains(a, "<@"+player+">") || !strings.Contains(a, "Sin antecedentes") {
					t.Errorf("whois said %q", a)
				}
			}
			expectUnchanged(t, before, e.snapshot(t))
		},
	},
	botRaceRow{
		// The rig configures no binds (they come from the YAML file only); twenty refreshes of
		// ranks at once are in core/verification's TestRefreshBinds, on both engines.
		name:   "verify-refresh, run 20 times at once, gives a member linked before verification was configured the role once",
		covers: []string{"job verify-refresh"},
		run: func(t *testing.T, e *botRace) {
			id := e.member(t)
			// A link stored as it was before verification changed anything in Discord.
			if err := e.d.Conn(context.Background()).Create(&roblox.Link{DiscordID: id, RobloxUserID: "57" + id[len(id)-8:],
				RobloxUsername: "Antes" + id[len(id)-6:], RobloxKey: "antes" + id[len(id)-6:], VerifiedAt: e.app.Now()}).Error; err != nil {
				t.Fatal(err)
			}
			e.runJob(t, "verify-refresh", botRaceN)
			testenv.ExpectCount(t, "deliveries giving the role and nickname", int64(len(verifyEvents(t, e.d, id))), 1)
			e.eventually("the role and nickname are set", func() bool {
				nick, verified := e.discordState(id)
				return verified && nick == "Antes"+id[len(id)-6:]
			})
			e.settled(id, e.id())
			// The events of the role and the nickname landing are the bot's own: nothing more.
			testenv.ExpectCount(t, "deliveries", int64(len(verifyEvents(t, e.d, id))), 1)
		},
	},
)
