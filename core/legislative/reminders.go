package legislative

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm/clause"

	"zocalo/core/authz"
	"zocalo/core/members"
	"zocalo/core/privacy"
)

// Reminder records that a seat holder was reminded of a vote closing soon: one per member
// and initiative, whoever runs the reminders and however often.
type Reminder struct {
	InitiativeID uint64     `gorm:"primaryKey;autoIncrement:false;not null"`
	Initiative   Initiative `gorm:"foreignKey:InitiativeID;constraint:OnDelete:CASCADE"`
	MemberID     string     `gorm:"primaryKey;size:32;not null"`
	SentAt       time.Time  `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Reminder) TableName() string { return "initiative_reminders" }

// seatRoles are the roles that vote in a body (HasSeat).
func seatRoles(body string) []authz.Role {
	if body == BodySCJN {
		return []authz.Role{authz.Ministro, authz.ScjnAdmin}
	}
	return []authz.Role{authz.Diputado, authz.Senador, authz.CongresoAdmin}
}

// RemindDue sends a DM to every seat holder (in the guild) who has not voted on an open
// vote closing within before. Each member is reminded once per initiative: the reminder's
// row and its DM are written together, and only the run whose insert lands sends it, so
// two runs at once (or on two replicas) send one. It answers how many reminders it sent.
func (s *Service) RemindDue(ctx context.Context, before time.Duration) (int, error) {
	if before <= 0 {
		return 0, nil
	}
	now := s.set.Now()
	var due []Initiative
	if err := s.db.Conn(ctx).Where("status = ? AND voting_enabled = ? AND voting_end_date > ? AND voting_end_date <= ?",
		StatusVoting, true, now, now.Add(before)).Order("id").Find(&due).Error; err != nil {
		return 0, err
	}
	sent := 0
	for _, in := range due {
		ids := s.set.Roles.IDsOf(seatRoles(in.Body)...)
		if len(ids) == 0 {
			continue
		}
		var waiting []string
		voted := s.db.Conn(ctx).Model(&Vote{}).Select("member_id").Where("initiative_id = ?", in.ID)
		reminded := s.db.Conn(ctx).Model(&Reminder{}).Select("member_id").Where("initiative_id = ?", in.ID)
		if err := s.db.Conn(ctx).Model(&members.MemberRole{}).Distinct("member_roles.member_id").
			Joins("JOIN members ON members.discord_id = member_roles.member_id AND members.in_guild = ?", true).
			Where("member_roles.role_id IN ? AND member_roles.member_id NOT IN (?) AND member_roles.member_id NOT IN (?)", ids, voted, reminded).
			Order("member_roles.member_id").Pluck("member_roles.member_id", &waiting).Error; err != nil {
			return sent, err
		}
		for _, memberID := range waiting {
			ok, err := s.remind(ctx, in, memberID, now)
			if err != nil {
				return sent, err
			}
			if ok {
				sent++
			}
		}
	}
	return sent, nil
}

// remind records one reminder and queues its DM in one transaction; a reminder already
// recorded sends nothing.
func (s *Service) remind(ctx context.Context, in Initiative, memberID string, now time.Time) (bool, error) {
	sent := false
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		res := s.db.Conn(ctx).Omit("Initiative").Clauses(clause.OnConflict{DoNothing: true}).
			Create(&Reminder{InitiativeID: in.ID, MemberID: memberID, SentAt: now})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		sent = true
		return s.outbox.EnqueueDM(ctx, memberID, privacy.UseVoteReminders, ReminderText(in, s.closeDetail(in), s.set.PublicURL))
	})
	return sent, err
}

// ReminderText is the DM that reminds a seat holder to vote.
func ReminderText(in Initiative, closes, publicURL string) string {
	return fmt.Sprintf("Recordatorio: aún no votas la iniciativa «%s» (%s). La votación está abierta %s. "+
		"Vota con los botones de su aviso en el canal legislativo o en el portal: %s/legislative/initiatives/%d",
		in.Title, bodyName(in.Body), closes, publicURL, in.ID)
}
