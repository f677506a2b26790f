package members

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm/clause"

	"zocalo/core/outbox"
)

// PendingRemoval is a role the portal took off a member that Discord has not confirmed
// removing. Until it does, what Discord reports of the member leaves the role off: a
// refused removal must not give the role back.
type PendingRemoval struct {
	MemberID string `gorm:"primaryKey;size:32"`
	RoleID   string `gorm:"primaryKey;size:32"`
	// EventID is the outbox event that removes the role in Discord. Once an operator
	// discards it, the removal no longer holds the role back.
	EventID   uint64    `gorm:"not null"`
	OrderedAt time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (PendingRemoval) TableName() string { return "member_role_removals" }

// liveRemovalStates are the states of an outbox event that may still reach Discord.
var liveRemovalStates = []string{outbox.StatusPending, outbox.StatusBlocked, outbox.StatusFailed}

// MarkRemovalPending records, in the transaction of ctx, that the roles are being taken
// off the member in Discord by the outbox event eventID.
func (s *Service) MarkRemovalPending(ctx context.Context, memberID string, roleIDs []string, eventID uint64) error {
	if len(roleIDs) == 0 {
		return nil
	}
	now := s.now()
	rows := make([]PendingRemoval, len(roleIDs))
	for i, r := range roleIDs {
		rows[i] = PendingRemoval{MemberID: memberID, RoleID: r, EventID: eventID, OrderedAt: now}
	}
	return s.db.Conn(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "member_id"}, {Name: "role_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"event_id", "ordered_at"}),
	}).Create(&rows).Error
}

// ConfirmRemoval forgets the pending removal of the roles: Discord took them off the
// member (or the member or the role is gone), so what it reports is the truth again.
func (s *Service) ConfirmRemoval(ctx context.Context, memberID string, roleIDs []string) error {
	if len(roleIDs) == 0 {
		return nil
	}
	defer s.version.Add(1)
	return s.db.Conn(ctx).Where("member_id = ? AND role_id IN ?", memberID, roleIDs).Delete(&PendingRemoval{}).Error
}

// PendingRemovals lists the roles of a member that are pending removal, sorted.
func (s *Service) PendingRemovals(ctx context.Context, memberID string) ([]string, error) {
	held, err := s.pendingRemovals(ctx, []string{memberID})
	return held[memberID], err
}

// pendingRemovals maps each of the members to the roles held back from them: removals
// whose outbox event may still reach Discord.
func (s *Service) pendingRemovals(ctx context.Context, memberIDs []string) (map[string][]string, error) {
	out := map[string][]string{}
	if len(memberIDs) == 0 {
		return out, nil
	}
	var rows []PendingRemoval
	err := s.db.Conn(ctx).Model(&PendingRemoval{}).Select("member_role_removals.member_id, member_role_removals.role_id").
		Joins("JOIN outbox_events ON outbox_events.id = member_role_removals.event_id").
		Where("member_role_removals.member_id IN ? AND outbox_events.status IN ?", memberIDs, liveRemovalStates).
		Order("member_role_removals.member_id, member_role_removals.role_id").Find(&rows).Error
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out[r.MemberID] = append(out[r.MemberID], r.RoleID)
	}
	return out, nil
}

// withoutPending takes the roles held back from roles.
func withoutPending(roles, pending []string) []string {
	if len(pending) == 0 {
		return roles
	}
	return slices.DeleteFunc(slices.Clone(roles), func(r string) bool { return slices.Contains(pending, r) })
}
