package documents

import (
	"context"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/roblox"
	"zocalo/core/validate"
)

// ActionRobloxName is the audit action of a document's Roblox name corrected by its holder.
const ActionRobloxName = "roblox_name"

var errNoDocument = errs.NotFound("Todavía no tienes un documento de identidad.")

// CorrectRobloxName changes the Roblox name on the signed-in player's document: the way
// out of a flagged name, or of a typo. The new name is claimed like a new document's, so a
// name someone else verified is refused. Writing the name the document already has is a
// repeat: it answers the document and records nothing.
func (s *Service) CorrectRobloxName(ctx context.Context, actor *authz.Actor, robloxName string) (View, error) {
	if actor == nil || actor.DiscordID == "" {
		return View{}, errSignIn
	}
	name, ok := validate.RobloxUsername(robloxName)
	if !ok {
		return View{}, errRobloxName
	}
	var d Document
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		err := s.db.ForUpdate(ctx, s.db.Conn(ctx).Where("discord_id = ?", actor.DiscordID)).Take(&d).Error
		if db.IsNotFound(err) {
			return errNoDocument
		}
		if err != nil || d.RobloxName == name {
			return err
		}
		if err := s.links.Claim(ctx, actor.DiscordID, name); err != nil {
			return err
		}
		before := d.RobloxName
		res := s.db.Conn(ctx).Model(&Document{}).Where("id = ? AND roblox_name = ?", d.ID, before).
			Updates(map[string]any{"roblox_name": name, "roblox_key": roblox.NameKey(name)})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			// Only on an engine without the row lock: another correction won; answer its result.
			return s.db.Conn(ctx).Where("id = ?", d.ID).Take(&d).Error
		}
		if roblox.NameKey(before) != roblox.NameKey(name) {
			if err := s.links.Release(ctx, actor.DiscordID, before); err != nil {
				return err
			}
		}
		d.RobloxName, d.RobloxKey = name, roblox.NameKey(name)
		return audit.Write(ctx, s.db, s.now(), audit.Change{Actor: actor, Area: audit.AreaDocuments, Action: ActionRobloxName,
			EntityType: "document", EntityID: d.Number, Before: map[string]string{"RobloxName": before},
			After: map[string]string{"RobloxName": name}})
	})
	if err != nil {
		return View{}, err
	}
	return s.checkedView(ctx, d)
}
