package records

import (
	"context"
	"time"

	"zocalo/core/audit"
	"zocalo/core/roblox"
)

// Charges move between people only in two ways, each audited charge by charge: a
// verification takes the game charges filed under its account while nobody had verified
// it, and the one-time repair re-keys the charges filed before a person was a Discord id.

// ActionMove is the audit action of a charge moved to another person (or to nobody).
const ActionMove = "charge.move"

// adoptedBy is who the audit log says moved charges to a member who verified.
const adoptedBy = "verificación de Roblox"

// AdoptGameCharges gives a member who has just verified a Roblox account the game
// charges filed under it while nobody had: those filed with its user id, and those filed
// with its name and no user id (a charge naming another user id was another account that
// once had the name). It runs in the verification's transaction, which holds the name's and
// the user id's locks, so no charge under them is filed meanwhile. Nothing else moves: a
// member's own charges stay theirs whatever account they link.
func (s *Service) AdoptGameCharges(ctx context.Context, c roblox.LinkChange) error {
	if c.After == nil {
		return nil
	}
	var charges []Charge
	err := s.db.ForUpdate(ctx, s.db.Conn(ctx).
		Where("discord_id = '' AND (roblox_user_id = ? OR (roblox_key = ? AND roblox_user_id = ''))", c.After.RobloxUserID, c.After.RobloxKey)).
		Order("id").Find(&charges).Error
	if err != nil {
		return err
	}
	for _, ch := range charges {
		if _, err := s.move(ctx, ch, c.DiscordID, ch.RobloxUsername, adoptedBy, "verificó la cuenta de Roblox "+c.After.RobloxUsername); err != nil {
			return err
		}
	}
	return nil
}

// move hangs a charge on discordID (or on nobody, "") under robloxUsername, if it is still
// where it was read, and writes the audit entry. It tells whether it moved the charge.
func (s *Service) move(ctx context.Context, c Charge, discordID, robloxUsername, by, reason string) (bool, error) {
	res := s.db.Conn(ctx).Model(&Charge{}).
		Where("id = ? AND discord_id = ? AND roblox_key = ?", c.ID, c.DiscordID, c.RobloxKey).
		Updates(map[string]any{"discord_id": discordID, "roblox_username": robloxUsername, "roblox_key": roblox.NameKey(robloxUsername)})
	if res.Error != nil || res.RowsAffected == 0 {
		return false, res.Error
	}
	return true, audit.Write(ctx, s.db, s.now(), audit.Change{ActorName: by, Area: audit.AreaRecords, Action: ActionMove,
		EntityType: "charge", EntityID: c.ID,
		Before: map[string]string{"discordId": c.DiscordID, "robloxUsername": c.RobloxUsername, "robloxUserId": c.RobloxUserID, "source": c.Source},
		After:  map[string]string{"discordId": discordID, "robloxUsername": robloxUsername, "robloxUserId": c.RobloxUserID, "reason": reason}})
}

// Repair is a one-time data repair, recorded when it ran so that it runs once.
type Repair struct {
	Name      string    `gorm:"primaryKey;size:64"`
	AppliedAt time.Time `gorm:"not null"`
	Changed   int64     `gorm:"not null;default:0"`
}

// TableName keeps the table's name explicit.
func (Repair) TableName() string { return "data_repairs" }

// RepairChargeKeysName is the record of RepairChargeKeys in data_repairs.
const RepairChargeKeysName = "records.charge-keys"

// repairedBy is who the audit log says moved the repaired charges.
const repairedBy = "reparación de expedientes"

// RepairResult says what a repair did: whether it ran now (false when it had run before,
// at RanAt) and how many charges it moved.
type RepairResult struct {
	Ran   bool
	RanAt time.Time
	Moved int64
}

// RepairChargeKeys re-keys the charges filed before charges hung on a person. Those charges
// were filed under a Roblox name as well as a Discord id, and read by either, so a name
// typed on someone's document pulled in another member's charges. It moves:
//   - charges filed on the portal or in Discord to the Discord id they were filed against
//     (they keep it), dropping a Roblox name that is not that person's verified account;
//   - game charges to whoever has verified the name they were filed under, else to nobody:
//     the name's unverified charges.
//
// Each move gets an audit entry. The repair runs once: the first run records itself in
// data_repairs in the same transaction, and a later call (another replica starting at the
// same moment included) finds the record and does nothing.
func (s *Service) RepairChargeKeys(ctx context.Context) (RepairResult, error) {
	var out RepairResult
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		now := s.now()
		res := s.db.Conn(ctx).Exec(`INSERT INTO data_repairs (name, applied_at, changed) VALUES (?, ?, 0)
			ON CONFLICT (name) DO NOTHING`, RepairChargeKeysName, now)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			var done Repair
			if err := s.db.Conn(ctx).Where("name = ?", RepairChargeKeysName).Take(&done).Error; err != nil {
				return err
			}
			out.RanAt, out.Moved = done.AppliedAt, done.Changed
			return nil
		}
		out.Ran, out.RanAt = true, now
		var lastID uint64
		for {
			var batch []Charge
			if err := s.db.Conn(ctx).Where("id > ?", lastID).Order("id").Limit(500).Find(&batch).Error; err != nil {
				return err
			}
			if len(batch) == 0 {
				break
			}
			moved, err := s.repairBatch(ctx, batch)
			if err != nil {
				return err
			}
			out.Moved += moved
			lastID = batch[len(batch)-1].ID
		}
		return s.db.Conn(ctx).Model(&Repair{}).Where("name = ?", RepairChargeKeysName).Update("changed", out.Moved).Error
	})
	return out, err
}

func (s *Service) repairBatch(ctx context.Context, batch []Charge) (int64, error) {
	var names []string
	var ids []string
	for _, c := range batch {
		if c.RobloxKey != "" {
			names = append(names, c.RobloxKey)
		}
		if c.DiscordID != "" {
			ids = append(ids, c.DiscordID)
		}
	}
	holds, err := s.links.VerifiedHolds(ctx, names...)
	if err != nil {
		return 0, err
	}
	linked, err := s.verifiedNames(ctx, ids)
	if err != nil {
		return 0, err
	}
	var moved int64
	for _, c := range batch {
		discordID, name, reason := c.DiscordID, c.RobloxUsername, ""
		switch {
		case c.Source != SourceGame && c.DiscordID == "":
			continue // filed against nobody: there is no one to give it to
		case c.Source != SourceGame:
			if c.RobloxKey != "" && linked[c.DiscordID] != c.RobloxKey {
				name, reason = "", "el nombre de Roblox del cargo no era la cuenta verificada de la persona"
			}
		default:
			owner := holds[c.RobloxKey].DiscordID
			if owner != c.DiscordID {
				discordID = owner
				reason = "un cargo del juego pertenece a quien verificó el nombre de Roblox"
				if owner == "" {
					reason = "nadie ha verificado ese nombre de Roblox: el cargo queda sin verificar"
				}
			}
		}
		if reason == "" {
			continue
		}
		ok, err := s.move(ctx, c, discordID, name, repairedBy, reason)
		if err != nil {
			return moved, err
		}
		if ok {
			moved++
		}
	}
	return moved, nil
}

// verifiedNames are the names (lower case) of the verified accounts of some members, by
// Discord id, counting only names they still hold.
func (s *Service) verifiedNames(ctx context.Context, discordIDs []string) (map[string]string, error) {
	out := map[string]string{}
	if len(discordIDs) == 0 {
		return out, nil
	}
	var holds []roblox.NameHold
	if err := s.db.Conn(ctx).Where("discord_id IN ? AND verified = ?", discordIDs, true).Find(&holds).Error; err != nil {
		return nil, err
	}
	for _, h := range holds {
		out[h.DiscordID] = h.RobloxKey
	}
	return out, nil
}
