package bot

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/members"
)

// syncGuildRoles records the guild's roles, for the permission matrix of /admin/roles.
func (r *roleSync) syncGuildRoles(ctx context.Context, roles []*discordgo.Role) {
	rows := make([]members.GuildRole, 0, len(roles))
	seen := map[string]bool{}
	for _, role := range roles {
		// @everyone has the guild's id and governs nothing on the portal. A role listed
		// twice is written once: PostgreSQL refuses an upsert that touches a row twice.
		if role.ID == r.guildID() || role.Managed || seen[role.ID] {
			continue
		}
		seen[role.ID] = true
		rows = append(rows, members.GuildRole{DiscordID: role.ID, Name: role.Name, Position: role.Position})
	}
	if err := r.b.deps.App.Members.SyncGuildRoles(ctx, rows); err != nil {
		r.b.log.Error("record the guild's roles", "error", err)
	}
}

// onRoleChange re-reads the guild's roles when one is created or edited.
func (r *roleSync) onRoleChange(s *discordgo.Session, guildID string) {
	if guildID != r.guildID() {
		return
	}
	r.offerRoles(func(ctx context.Context) { r.refreshGuildRoles(ctx, s, guildID) })
}

// refreshGuildRoles reads the guild's roles from Discord and records them.
func (r *roleSync) refreshGuildRoles(ctx context.Context, s *discordgo.Session, guildID string) {
	roles, err := s.GuildRoles(guildID, discordgo.WithContext(ctx))
	if err != nil {
		r.b.log.Warn("read the guild's roles", "error", err)
		return
	}
	r.syncGuildRoles(ctx, roles)
}

func (r *roleSync) onRoleCreate(s *discordgo.Session, e *discordgo.GuildRoleCreate) {
	r.onRoleChange(s, e.GuildID)
}
func (r *roleSync) onRoleUpdate(s *discordgo.Session, e *discordgo.GuildRoleUpdate) {
	r.onRoleChange(s, e.GuildID)
}

// onRoleDelete takes the role's rights away at once, from what the event says: no REST
// read to wait for, and nothing left until the hourly sync.
func (r *roleSync) onRoleDelete(_ *discordgo.Session, e *discordgo.GuildRoleDelete) {
	if e.GuildID != r.guildID() || e.RoleID == "" {
		return
	}
	roleID := e.RoleID
	r.offerRoles(func(ctx context.Context) { r.deleteRole(ctx, roleID) })
}

// deleteRole removes a deleted role from the guild's roles, from its members and from
// the permission matrix.
func (r *roleSync) deleteRole(ctx context.Context, roleID string) {
	if err := r.b.deps.App.Members.DeleteGuildRole(ctx, roleID); err != nil {
		r.b.log.Error("remove a deleted role", "role", roleID, "error", err)
		return
	}
	r.b.log.Info("role deleted in Discord", "role", roleID, "roles", r.b.deps.App.Roles.Names([]string{roleID}).Sorted())
}
