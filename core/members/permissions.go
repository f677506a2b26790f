package members

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm/clause"

	"zocalo/core/audit"
	"zocalo/core/authz"
)

// GuildRole is a role of the Discord guild, as the role sync last saw it.
type GuildRole struct {
	DiscordID string    `gorm:"primaryKey;size:32"`
	Name      string    `gorm:"size:100;not null"`
	Position  int       `gorm:"not null;default:0"`
	UpdatedAt time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (GuildRole) TableName() string { return "guild_roles" }

// PanelPermission is a role's rights on a panel, set on /admin/roles. A role with no row
// for a panel has the seeded defaults of the specification.
type PanelPermission struct {
	RoleID    string    `gorm:"primaryKey;size:32"`
	Panel     string    `gorm:"primaryKey;size:16"`
	CanRead   bool      `gorm:"not null;default:false"`
	CanModify bool      `gorm:"not null;default:false"`
	CanManage bool      `gorm:"not null;default:false"`
	UpdatedAt time.Time `gorm:"not null"`
	UpdatedBy string    `gorm:"size:100;not null;default:''"`
}

// TableName keeps the table's name explicit.
func (PanelPermission) TableName() string { return "panel_permissions" }

// Flags are the row's rights.
func (p PanelPermission) Flags() authz.Flags {
	return authz.Flags{Read: p.CanRead, Modify: p.CanModify, Manage: p.CanManage}
}

// RoleFlags are a role's rights on a panel: its row, or the seeded defaults for the role
// names that id stands for.
func (s *Service) RoleFlags(ctx context.Context, roleIDs []string, panel authz.Panel) (map[string]authz.Flags, error) {
	var rows []PanelPermission
	if len(roleIDs) > 0 {
		if err := s.db.Conn(ctx).Where("role_id IN ? AND panel = ?", roleIDs, string(panel)).Find(&rows).Error; err != nil {
			return nil, err
		}
	}
	stored := map[string]authz.Flags{}
	for _, r := range rows {
		stored[r.RoleID] = r.Flags()
	}
	out := make(map[string]authz.Flags, len(roleIDs))
	for _, id := range roleIDs {
		if f, ok := stored[id]; ok {
			out[id] = f
		} else {
			out[id] = authz.DefaultFlags(s.roles.Names([]string{id}), panel)
		}
	}
	return out, nil
}

// rights combines the roles' stored flags per panel (keyed role id, NUL, panel), with
// the specification's defaults for a role and panel without a row.
func (s *Service) rights(roleIDs []string, stored map[string]authz.Flags) map[authz.Panel]authz.Flags {
	out := make(map[authz.Panel]authz.Flags, len(authz.Panels))
	for _, p := range authz.Panels {
		var f authz.Flags
		for _, id := range roleIDs {
			if row, ok := stored[id+"\x00"+string(p)]; ok {
				f = f.Or(row)
			} else {
				f = f.Or(authz.DefaultFlags(s.roles.Names([]string{id}), p))
			}
		}
		out[p] = f
	}
	return out
}

// SetRoleFlags stores a role's rights on a panel.
func (s *Service) SetRoleFlags(ctx context.Context, roleID string, panel authz.Panel, f authz.Flags, by string) error {
	defer s.version.Add(1)
	row := PanelPermission{RoleID: roleID, Panel: string(panel), CanRead: f.Read, CanModify: f.Modify, CanManage: f.Manage,
		UpdatedAt: s.now(), UpdatedBy: by}
	if err := s.db.Conn(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "role_id"}, {Name: "panel"}},
		DoUpdates: clause.AssignmentColumns([]string{"can_read", "can_modify", "can_manage", "updated_at", "updated_by"}),
	}).Create(&row).Error; err != nil {
		return err
	}
	// Whoever holds the role may see more or less now.
	return s.live.AccessChanged(ctx, "*")
}

// SyncGuildRoles records the guild's roles as Discord lists them; roles it no longer lists
// are dropped.
func (s *Service) SyncGuildRoles(ctx context.Context, roles []GuildRole) error {
	return s.db.InTx(ctx, func(ctx context.Context) error {
		ids := make([]string, 0, len(roles))
		for i := range roles {
			roles[i].UpdatedAt = s.now()
			ids = append(ids, roles[i].DiscordID)
		}
		// A role sync lists every role, so any other row is a deleted role.
		q := s.db.Conn(ctx).Where("1 = 1")
		if len(ids) > 0 {
			q = q.Where("discord_id NOT IN ?", ids)
		}
		if err := q.Delete(&GuildRole{}).Error; err != nil {
			return err
		}
		if len(roles) == 0 {
			return nil
		}
		return s.db.Conn(ctx).Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "discord_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"name", "position", "updated_at"}),
		}).Create(&roles).Error
	})
}

// GuildRoles lists the guild's roles, highest first.
func (s *Service) GuildRoles(ctx context.Context) ([]GuildRole, error) {
	var rows []GuildRole
	err := s.db.Conn(ctx).Order("position DESC, name").Find(&rows).Error
	return rows, err
}

// DeleteGuildRole applies the deletion of a role in Discord at once, in one transaction:
// the role leaves the guild's roles, every member who held it, its rights on every panel
// and any pending removal. Each member who held it gets an audit entry, and the role's
// deletion one more; a repeat finds nothing left and records nothing.
func (s *Service) DeleteGuildRole(ctx context.Context, roleID string) error {
	defer s.version.Add(1)
	return s.db.InTx(ctx, func(ctx context.Context) error {
		// Deliveries of the same event take turns, so only the first finds the role.
		if err := s.db.LockKey(ctx, "guild.role:"+roleID); err != nil {
			return err
		}
		conn := s.db.Conn(ctx)
		var holders []string
		if err := conn.Model(&MemberRole{}).Where("role_id = ?", roleID).Order("member_id").
			Pluck("member_id", &holders).Error; err != nil {
			return err
		}
		var changes []RoleChange
		if len(holders) > 0 {
			var held []MemberRole
			if err := conn.Select("member_id", "role_id").Where("member_id IN ?", holders).
				Order("member_id, role_id").Find(&held).Error; err != nil {
				return err
			}
			before := map[string][]string{}
			for _, r := range held {
				before[r.MemberID] = append(before[r.MemberID], r.RoleID)
			}
			for _, id := range holders {
				after := slices.DeleteFunc(slices.Clone(before[id]), func(r string) bool { return r == roleID })
				changes = append(changes, RoleChange{DiscordID: id, Before: before[id], After: after})
			}
			if err := conn.Where("role_id = ?", roleID).Delete(&MemberRole{}).Error; err != nil {
				return err
			}
		}
		var role GuildRole
		if err := conn.Where("discord_id = ?", roleID).Limit(1).Find(&role).Error; err != nil {
			return err
		}
		var rights []PanelPermission
		if err := conn.Where("role_id = ?", roleID).Order("panel").Find(&rights).Error; err != nil {
			return err
		}
		if err := conn.Where("discord_id = ?", roleID).Delete(&GuildRole{}).Error; err != nil {
			return err
		}
		if err := conn.Where("role_id = ?", roleID).Delete(&PanelPermission{}).Error; err != nil {
			return err
		}
		if err := conn.Where("role_id = ?", roleID).Delete(&PendingRemoval{}).Error; err != nil {
			return err
		}
		if err := s.notify(ctx, changes...); err != nil {
			return err
		}
		if role.DiscordID == "" && len(rights) == 0 {
			return nil
		}
		panels := map[string]authz.Flags{}
		for _, r := range rights {
			panels[r.Panel] = r.Flags()
		}
		return audit.Write(ctx, s.db, s.now(), audit.Change{ActorName: syncActor, Area: audit.AreaRoles,
			Action: "role.delete", EntityType: "role", EntityID: roleID,
			Before: map[string]any{"name": role.Name, "panels": panels}})
	})
}
