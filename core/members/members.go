// Package members keeps the guild's members and the roles they hold, as the bot's role
// sync and each sign-in report them. The web reads roles from here on every request, so
// a role changed in Discord takes effect without signing in again.
package members

import (
	"context"
	"slices"
	"sync/atomic"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/live"
	"zocalo/core/privacy"
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

// syncActor names the role sync in the audit log: it acts for Discord, not for a member.
const syncActor = "sincronización de roles"

// Service reads and writes members.
type Service struct {
	db       *db.DB
	roles    authz.RoleIDs
	now      func() time.Time
	onChange []func(ctx context.Context, c RoleChange) error
	// version counts this process's writes to roles and panel rights, so that what was
	// built from them before can tell it is out of date.
	version atomic.Uint64
	live    *live.Publisher
}

// PublishLive makes changes of roles and rights tell the members' live streams, on every
// replica, to check what the member may see again.
func (s *Service) PublishLive(p *live.Publisher) *Service {
	s.live = p
	return s
}

// Version changes whenever this process writes a member's roles or a role's rights.
func (s *Service) Version() uint64 { return s.version.Load() }

// OnRoleChange registers a function called, in the same transaction, with every change
// of a member's roles.
func (s *Service) OnRoleChange(fn func(ctx context.Context, c RoleChange) error) {
	s.onChange = append(s.onChange, fn)
}

func (s *Service) notify(ctx context.Context, changes ...RoleChange) error {
	var entries []audit.Change
	for _, c := range changes {
		if c.Changed() {
			entries = append(entries, audit.Change{ActorName: syncActor, Area: audit.AreaRoles,
				Action: "member.roles", EntityType: "member", EntityID: c.DiscordID,
				Before: s.roleNames(c.Before), After: s.roleNames(c.After)})
		}
	}
	if err := audit.WriteMany(ctx, s.db, s.now(), entries); err != nil {
		return err
	}
	for _, c := range changes {
		if c.Changed() {
			if err := s.live.AccessChanged(ctx, c.DiscordID); err != nil {
				return err
			}
		}
	}
	for _, c := range changes {
		for _, fn := range s.onChange {
			if err := fn(ctx, c); err != nil {
				return err
			}
		}
	}
	return nil
}

// roleNames shows role ids with the names they stand for, for the audit log.
func (s *Service) roleNames(ids []string) map[string]any {
	names := []string{}
	for _, r := range s.roles.Names(ids).Sorted() {
		names = append(names, string(r))
	}
	if ids == nil {
		ids = []string{}
	}
	return map[string]any{"roleIds": ids, "roles": names}
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

// Upsert records a snapshot: identity, presence in the guild and the exact set of roles,
// less the roles pending removal. It returns the role change, empty when the roles stayed
// the same.
func (s *Service) Upsert(ctx context.Context, snap Snapshot) (RoleChange, error) {
	defer s.version.Add(1)
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
		pending, err := s.pendingRemovals(ctx, []string{snap.DiscordID})
		if err != nil {
			return err
		}
		roles = withoutPending(roles, pending[snap.DiscordID])
		change.Before = before
		change.After = roles
		if slices.Equal(before, roles) {
			return nil
		}
		if err := conn.Where("member_id = ?", snap.DiscordID).Delete(&MemberRole{}).Error; err != nil {
			return err
		}
		if len(roles) > 0 {
			rows := make([]MemberRole, len(roles))
			for i, r := range roles {
				rows[i] = MemberRole{MemberID: snap.DiscordID, RoleID: r}
			}
			if err := conn.Omit("Member").Create(&rows).Error; err != nil {
				return err
			}
		}
		return s.notify(ctx, change)
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

// DropRoles takes those of roleIDs the member holds off them here, ahead of Discord (the
// bot removes them there), and tells which they held.
func (s *Service) DropRoles(ctx context.Context, memberID string, roleIDs []string) ([]string, error) {
	defer s.version.Add(1)
	var held []string
	if err := s.db.Conn(ctx).Model(&MemberRole{}).Where("member_id = ? AND role_id IN ?", memberID, roleIDs).
		Pluck("role_id", &held).Error; err != nil {
		return nil, err
	}
	if len(held) == 0 {
		return held, nil
	}
	if err := s.db.Conn(ctx).Where("member_id = ? AND role_id IN ?", memberID, held).Delete(&MemberRole{}).Error; err != nil {
		return nil, err
	}
	return held, s.live.AccessChanged(ctx, memberID)
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
// Every signed-in request builds one, so the roles and their stored panel rights come in
// a single statement.
func (s *Service) Actor(ctx context.Context, discordID, username string) (*authz.Actor, error) {
	var rows []struct {
		RoleID                        string
		Panel                         *string // nil: the role has no stored rights
		CanRead, CanModify, CanManage *bool
	}
	err := s.db.Conn(ctx).Table("member_roles").
		Select("member_roles.role_id, panel_permissions.panel, panel_permissions.can_read, "+
			"panel_permissions.can_modify, panel_permissions.can_manage").
		Joins("LEFT JOIN panel_permissions ON panel_permissions.role_id = member_roles.role_id").
		Where("member_roles.member_id = ?", discordID).Order("member_roles.role_id").Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	ids := []string{}
	stored := map[string]authz.Flags{}
	for _, r := range rows {
		if len(ids) == 0 || ids[len(ids)-1] != r.RoleID {
			ids = append(ids, r.RoleID)
		}
		if r.Panel != nil {
			stored[r.RoleID+"\x00"+*r.Panel] = authz.Flags{Read: *r.CanRead, Modify: *r.CanModify, Manage: *r.CanManage}
		}
	}
	panels := s.rights(ids, stored)
	return &authz.Actor{DiscordID: discordID, Username: username, RoleIDs: ids, Roles: s.roles.Names(ids), Panels: panels}, nil
}

// ReconcileResult counts what a full reconcile changed.
type ReconcileResult struct {
	Seen    int
	Changes []RoleChange
	Left    int
}

// Reconcile records the complete member list of the guild: every snapshot is upserted,
// and members the guild no longer lists are marked as gone, keeping their row but no
// roles. Snapshots are written in batches, each batch in one transaction.
//
// newer names members whose state was written from fresher news (a member event that
// came after the list was asked for): the list's snapshot of them is skipped, and they
// are not taken for gone when it does not name them.
func (s *Service) Reconcile(ctx context.Context, snaps []Snapshot, newer map[string]bool) (ReconcileResult, error) {
	defer s.version.Add(1)
	res := ReconcileResult{Seen: len(snaps)}
	present := make(map[string]bool, len(snaps)+len(newer))
	for id := range newer {
		present[id] = true
	}
	if len(newer) > 0 {
		snaps = slices.DeleteFunc(slices.Clone(snaps), func(snap Snapshot) bool { return newer[snap.DiscordID] })
	}
	for _, snap := range snaps {
		present[snap.DiscordID] = true
	}
	changes, err := s.upsertMany(ctx, snaps)
	if err != nil {
		return res, err
	}
	res.Changes = changes
	var inGuild []Member
	if err := s.db.Conn(ctx).Select("discord_id", "username", "global_name", "avatar").
		Where("in_guild = ?", true).Find(&inGuild).Error; err != nil {
		return res, err
	}
	for _, m := range inGuild {
		if present[m.DiscordID] {
			continue
		}
		change, err := s.Upsert(ctx, Snapshot{DiscordID: m.DiscordID, Username: m.Username,
			GlobalName: m.GlobalName, Avatar: m.Avatar, InGuild: false})
		if err != nil {
			return res, err
		}
		res.Left++
		if change.Changed() {
			res.Changes = append(res.Changes, change)
		}
	}
	return res, nil
}

const reconcileBatch = 500

// upsertMany writes many snapshots with a few statements per batch instead of several per
// member: members are upserted in bulk, and only the members whose roles differ have their
// role rows rewritten.
func (s *Service) upsertMany(ctx context.Context, snaps []Snapshot) ([]RoleChange, error) {
	var changes []RoleChange
	for start := 0; start < len(snaps); start += reconcileBatch {
		batch := snaps[start:min(start+reconcileBatch, len(snaps))]
		err := s.db.InTx(ctx, func(ctx context.Context) error {
			conn := s.db.Conn(ctx)
			now := s.now()
			rows := make([]Member, len(batch))
			ids := make([]string, len(batch))
			want := make(map[string][]string, len(batch))
			for i, snap := range batch {
				rows[i] = Member{DiscordID: snap.DiscordID, Username: snap.Username, GlobalName: snap.GlobalName,
					Avatar: snap.Avatar, InGuild: snap.InGuild, JoinedAt: snap.JoinedAt, CreatedAt: now, UpdatedAt: now}
				ids[i] = snap.DiscordID
				roles := slices.Clone(snap.RoleIDs)
				if !snap.InGuild {
					roles = nil
				}
				slices.Sort(roles)
				want[snap.DiscordID] = slices.Compact(roles)
			}
			if err := conn.Clauses(clause.OnConflict{
				Columns: []clause.Column{{Name: "discord_id"}},
				DoUpdates: clause.Assignments(map[string]any{
					"username": clause.Column{Table: "excluded", Name: "username"}, "global_name": clause.Column{Table: "excluded", Name: "global_name"},
					"avatar": clause.Column{Table: "excluded", Name: "avatar"}, "in_guild": clause.Column{Table: "excluded", Name: "in_guild"},
					"joined_at": clause.Column{Table: "excluded", Name: "joined_at"}, "left_at": nil, "updated_at": now,
				}),
				// Only the members who changed: the hourly list of a 50,000-member guild
				// rewrote every row to change a few hundred.
				Where: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "members.username <> excluded.username OR " +
					"members.global_name <> excluded.global_name OR members.avatar <> excluded.avatar OR " +
					"members.in_guild <> excluded.in_guild OR members.joined_at IS DISTINCT FROM excluded.joined_at OR " +
					"members.left_at IS NOT NULL"}}},
			}).CreateInBatches(rows, 100).Error; err != nil {
				return err
			}
			var held []MemberRole
			if err := conn.Select("member_id", "role_id").Where("member_id IN ?", ids).
				Order("member_id, role_id").Find(&held).Error; err != nil {
				return err
			}
			pending, err := s.pendingRemovals(ctx, ids)
			if err != nil {
				return err
			}
			for id, roles := range pending {
				want[id] = withoutPending(want[id], roles)
			}
			have := make(map[string][]string, len(batch))
			for _, r := range held {
				have[r.MemberID] = append(have[r.MemberID], r.RoleID)
			}
			var changed []string
			var insert []MemberRole
			for _, id := range ids {
				if slices.Equal(have[id], want[id]) {
					continue
				}
				changes = append(changes, RoleChange{DiscordID: id, Before: have[id], After: want[id]})
				changed = append(changed, id)
				for _, r := range want[id] {
					insert = append(insert, MemberRole{MemberID: id, RoleID: r})
				}
			}
			if len(changed) == 0 {
				return nil
			}
			if err := conn.Where("member_id IN ?", changed).Delete(&MemberRole{}).Error; err != nil {
				return err
			}
			if len(insert) > 0 {
				if err := conn.Omit("Member").CreateInBatches(insert, 200).Error; err != nil {
					return err
				}
			}
			return s.notify(ctx, changes[len(changes)-len(changed):]...)
		})
		if err != nil {
			return nil, err
		}
	}
	return changes, nil
}

// Summary is what the portal knows of a member, for the bot's /perfil.
type Summary struct {
	Member Member
	Roles  []authz.Role
}

// ErrNotAMember refuses those the guild does not list.
var ErrNotAMember = errs.Forbidden("Este comando es solo para miembros de la comunidad.")

// Describe summarises a member who is in the guild.
func (s *Service) Describe(ctx context.Context, discordID string) (Summary, error) {
	m, err := s.Get(ctx, discordID)
	if err != nil {
		return Summary{}, err
	}
	if m == nil || !m.InGuild {
		return Summary{}, ErrNotAMember
	}
	ids, err := s.RoleIDs(ctx, discordID)
	if err != nil {
		return Summary{}, err
	}
	return Summary{Member: *m, Roles: s.roles.Names(ids).Sorted()}, nil
}

// MemberActor is the acting identity of someone who is in the guild now; others are
// refused, since commands act for members only.
func (s *Service) MemberActor(ctx context.Context, discordID string) (*authz.Actor, error) {
	m, err := s.Get(ctx, discordID)
	if err != nil {
		return nil, err
	}
	if m == nil || !m.InGuild {
		return nil, ErrNotAMember
	}
	return s.Actor(ctx, m.DiscordID, m.Username)
}

// Holding lists the members in the guild who hold any of the role ids, by name: their id,
// names and avatar.
func Holding(ctx context.Context, d *db.DB, roleIDs []string) ([]Member, error) {
	rows := []Member{}
	if len(roleIDs) == 0 {
		return rows, nil
	}
	// Scanned by hand: the staff roster reads hundreds of members a call, where GORM's
	// reflection was a fifth of the team's list.
	// From the role's members (the index on member_roles.role_id), not from every member:
	// SQLite ran an EXISTS per member of the guild.
	// Their names and avatars only: what the rosters show, and a quarter of the columns.
	list, err := HeldRoles(d.Conn(ctx), roleIDs).Distinct("members.discord_id, members.username, members.global_name, members.avatar").
		Order("members.username, members.discord_id").Rows()
	if err != nil {
		return rows, err
	}
	defer list.Close()
	for list.Next() {
		var m Member
		m.InGuild = true
		if err := list.Scan(&m.DiscordID, &m.Username, &m.GlobalName, &m.Avatar); err != nil {
			return rows, err
		}
		rows = append(rows, m)
	}
	if err := list.Err(); err != nil {
		return rows, err
	}
	return rows, MaskBlocked(ctx, d, rows)
}

// HeldRoles is the roles among roleIDs held by members in the guild, one row per member and
// role (member_roles joined to members), from the role's index: for a roster to read, to
// count, or to name in a subquery.
func HeldRoles(conn *gorm.DB, roleIDs []string) *gorm.DB {
	return conn.Table("member_roles").Joins("JOIN members ON members.discord_id = member_roles.member_id").
		Where("members.in_guild = ? AND member_roles.role_id IN ?", true, roleIDs)
}

// CountHolding counts the members in the guild who hold any of the role ids, each once,
// without reading them.
func CountHolding(ctx context.Context, d *db.DB, roleIDs []string) (int64, error) {
	var n int64
	if len(roleIDs) == 0 {
		return 0, nil
	}
	err := HeldRoles(d.Conn(ctx), roleIDs).Distinct("members.discord_id").Count(&n).Error
	return n, err
}

// MaskBlocked hides, in a list of members, those whose data a cancellation blocked: they keep
// their place (their hours, their leaves) under "[bloqueado]".
func MaskBlocked(ctx context.Context, d *db.DB, rows []Member) error {
	blocked, err := privacy.BlockedNow(ctx, d)
	if err != nil || len(blocked) == 0 {
		return err
	}
	for i := range rows {
		if blocked[rows[i].DiscordID] {
			rows[i].Username, rows[i].GlobalName, rows[i].Avatar = privacy.Blocked, privacy.Blocked, ""
		}
	}
	return nil
}
