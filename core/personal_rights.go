package core

import (
	"context"
	"fmt"
	"slices"
	"time"

	"zocalo/core/audit"
	"zocalo/core/auth"
	"zocalo/core/datarights"
	"zocalo/core/db"
	"zocalo/core/personaldata"
	"zocalo/core/privacy"
	"zocalo/core/roblox"
)

// dataRightsEffects does what an approved cancellation needs beyond its feature: the
// person's Roblox account, to block what the game filed, and the registry, to say what will
// be kept.
type dataRightsEffects struct{ app *App }

func (e dataRightsEffects) Block(ctx context.Context, r datarights.Request, suppressAt time.Time) ([]datarights.Kept, error) {
	a := e.app
	person, link, err := a.personOf(ctx, r.DiscordID)
	if err != nil {
		return nil, err
	}
	b := privacy.Block{DiscordID: r.DiscordID, RobloxUserID: person.RobloxUserID, RequestID: r.ID, BlockedAt: a.Now(), SuppressAt: suppressAt}
	if link != nil {
		b.RobloxKey = link.RobloxKey
	}
	if err := privacy.AddBlock(ctx, a.DB, b); err != nil {
		return nil, err
	}
	registry, err := PersonalData()
	if err != nil {
		return nil, err
	}
	return registry.Keeps(ctx, a.DB.Conn(ctx), person)
}

func (e dataRightsEffects) Opposed(ctx context.Context, discordID string, uses []privacy.Use) error {
	if slices.Contains(uses, privacy.UseRankRoles) {
		return e.app.Verification.ReadRanksSoon(ctx, discordID)
	}
	return nil
}

// personOf is whom the registry looks for: the member's Discord id, linked Roblox account
// (also returned) and sign-in address.
func (a *App) personOf(ctx context.Context, discordID string) (personaldata.Person, *roblox.Link, error) {
	person := personaldata.Person{DiscordID: discordID}
	var user auth.User
	if err := a.DB.Conn(ctx).Select("email").Where("discord_id = ?", discordID).Take(&user).Error; err != nil && !db.IsNotFound(err) {
		return person, nil, err
	}
	person.Email = user.Email
	link, err := a.Roblox.LinkOf(ctx, discordID)
	if err != nil {
		return person, nil, err
	}
	if link != nil {
		person.RobloxUserID = link.RobloxUserID
	}
	return person, link, nil
}

// suppressBatch is how many blocks one run suppresses; the job runs again soon.
const suppressBatch = 20

// SuppressDue suppresses the data of the members whose blocking term ended: every declared
// table redacts or deletes what it holds about them, the audit log keeps its entries with
// "[suprimido]", their files leave storage and the Discord messages about them are deleted
// through the outbox. Each member's suppression happens once, whichever process runs it.
func (a *App) SuppressDue(ctx context.Context) (int, error) {
	registry, err := PersonalData()
	if err != nil {
		return 0, err
	}
	due, err := privacy.Due(ctx, a.DB, a.Now(), suppressBatch)
	if err != nil {
		return 0, err
	}
	done := 0
	for _, b := range due {
		var files []string
		err := a.DB.InTx(ctx, func(ctx context.Context) error {
			now := a.Now()
			claimed, err := privacy.MarkSuppressed(ctx, a.DB, b.DiscordID, now)
			if err != nil || !claimed {
				return err
			}
			person, _, err := a.personOf(ctx, b.DiscordID)
			if err != nil {
				return err
			}
			// The account the block named, should they have unlinked it since: what the game
			// filed under it is theirs.
			if person.RobloxUserID == "" {
				person.RobloxUserID = b.RobloxUserID
			}
			// Their tickets' threads in the staff channel lose the title and their words; their
			// cards there are drawn again once the rows are suppressed.
			tickets, err := a.Tickets.ForgetThreads(ctx, b.DiscordID)
			if err != nil {
				return err
			}
			// The posts that name them are edited from their text before the suppression rewrites
			// it (a post of their own rows is then deleted too, after its edit).
			if _, err := a.Outbox.RedactMentions(ctx, b.DiscordID, privacy.Suppressed, nil); err != nil {
				return err
			}
			res, err := registry.Suppress(ctx, a.DB.Conn(ctx), person)
			if err != nil {
				return err
			}
			if err := a.Tickets.RedrawCards(ctx, tickets); err != nil {
				return err
			}
			if err := a.Outbox.DeleteMessages(ctx, res.Posts); err != nil {
				return err
			}
			files = res.Files
			done++
			return audit.Write(ctx, a.DB, now, audit.Change{ActorName: "sistema", Area: audit.AreaPersonal, Action: "suppress",
				EntityType: "data_request", EntityID: fmt.Sprint(b.RequestID),
				After: map[string]any{"tables": len(registry.Holdings), "files": len(res.Files), "posts": len(res.Posts)}})
		})
		if err != nil {
			return done, err
		}
		// Files go once the change committed: a failed suppression keeps them for the next run.
		for _, key := range files {
			if a.Files == nil {
				break
			}
			if err := a.Files.Delete(ctx, key); err != nil {
				return done, err
			}
		}
	}
	return done, nil
}
