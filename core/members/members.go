// Package members keeps the guild's members and the roles they hold, as the bot's role
// sync and each sign-in report them. The web reads roles from here on every request, so
// a role changed in Discord takes effect without signing in again.
package members

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm/clause"

	"zocalo/core/authz"
	"zocalo/core/db"
)

// Member is a Discord user as the guild knows them. Members who left keep their row (and
// their history elsewhere) with InGuild false and no roles.
type Member struct {
	DiscordID  string     `gorm:"primaryKey;size:32"`
	Username   string     `gorm:"size:100;not null;default:''"`
	GlobalName string     `gorm:"size:100;not null;default:''"`
	Avatar     string     `gorm:"size:100;not null;default:''"`
	InGuild    bool       `gorm:"not null;default:false"`
	JoinedAt   *time.Time `gorm:""`
	LeftAt     *time.Time `gorm:""`
	CreatedAt  time.Time  `gorm:"not null"`
	UpdatedAt  time.Time  `gorm:"not null"`
}

// MemberRole is one role a member holds.
type MemberRole struct {
	MemberID string `gorm:"primaryKey;size:32"`
	RoleID   string `gorm:"primaryKey;size:32;index:idx_member_roles_role_id"`
	Member   Member `gorm:"foreignKey:MemberID;references:DiscordID;constraint:OnDelete:CASCADE"`
}

// Snapshot is what Discord says of a member at one moment.
type Snapshot struct {
	DiscordID  string
	Username   string
	GlobalName string
	Avatar     string
	InGuild    bool
	JoinedAt   *time.Time
	RoleIDs    []string
}

// Service reads and writes members.
type Service struct {
	db    *db.DB
	roles authz.RoleIDs
	now   func() time.Time
}

// NewService builds the members service.
func NewService(d *db.DB, roles authz.RoleIDs, now func() time.Time) *Service {
	return &Service{db: d, roles: roles, now: now}
}

// RoleChange is the difference a sync made to one member's roles.
type RoleChange struct {
	DiscordID string
	Before    []string
	After     []string
}

// Upsert records a snapshot: identity, presence in the guild and the exact set of roles.
// It returns the role change, empty when the roles stayed the same.
func (s *Service) Upsert(ctx context.Context, snap Snapshot) (RoleChange, error) {
	change := RoleChange{DiscordID: snap.DiscordID}
	roles := slices.Clone(snap.RoleIDs)
	if !snap.InGuild {
		roles = nil
	}
	slices.Sort(roles)
	roles = slices.Compact(roles)
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		conn := s.db.Conn(ctx)
		now := s.now()
		m := Member{
			DiscordID: snap.DiscordID, Username: snap.Username, GlobalName: snap.GlobalName,
			Avatar: snap.Avatar, InGuild: snap.InGuild, JoinedAt: snap.JoinedAt,
			CreatedAt: now, UpdatedAt: now,
		}
		cols := []string{"username", "global_name", "avatar", "in_guild", "updated_at"}
		if snap.InGuild {
			m.LeftAt = nil
			cols = append(cols, "left_at")
			if snap.JoinedAt != nil {
				cols = append(cols, "joined_at")
			}
		} else {
			m.LeftAt = &now
			cols = append(cols, "left_at")
		}
		if err := conn.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "discord_id"}},
			DoUpdates: clause.AssignmentColumns(cols),
		}).Create(&m).Error; err != nil {
			return err
		}
		var before []string
		if err := conn.Model(&MemberRole{}).Where("member_id = ?", snap.DiscordID).
			Order("role_id").Pluck("role_id", &before).Error; err != nil {
			return err
		}
		change.Before = before
		change.After = roles
		if slices.Equal(before, roles) {
			return nil
		}
		if err := conn.Where("member_id = ?", snap.DiscordID).Delete(&MemberRole{}).Error; err != nil {
			return err
		}
		if len(roles) == 0 {
			return nil
		}
		rows := make([]MemberRole, len(roles))
		for i, r := range roles {
			rows[i] = MemberRole{MemberID: snap.DiscordID, RoleID: r}
		}
		return conn.Omit("Member").Create(&rows).Error
	})
	if err != nil {
		return RoleChange{}, err
	}
	if slices.Equal(change.Before, change.After) {
		return RoleChange{DiscordID: snap.DiscordID}, nil
	}
	return change, nil
}

// Changed tells whether the roles changed.
func (c RoleChange) Changed() bool { return !slices.Equal(c.Before, c.After) }

// RoleIDs returns the role ids a member holds now; none for unknown members.
func (s *Service) RoleIDs(ctx context.Context, discordID string) ([]string, error) {
	var ids []string
	err := s.db.Conn(ctx).Model(&MemberRole{}).Where("member_id = ?", discordID).
		Order("role_id").Pluck("role_id", &ids).Error
	return ids, err
}

// Get returns a member, or nil when the guild never reported them.
func (s *Service) Get(ctx context.Context, discordID string) (*Member, error) {
	var m Member
	err := s.db.Conn(ctx).Where("discord_id = ?", discordID).Take(&m).Error
	if db.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &m, nil
}

// Actor builds the acting identity of a member with the roles they hold now.
func (s *Service) Actor(ctx context.Context, discordID, username string) (*authz.Actor, error) {
	ids, err := s.RoleIDs(ctx, discordID)
	if err != nil {
		return nil, err
	}
	return &authz.Actor{DiscordID: discordID, Username: username, RoleIDs: ids, Roles: s.roles.Names(ids)}, nil
}
