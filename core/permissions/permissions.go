// Package permissions is the matrix of /admin/roles: for each panel and each of the guild's
// roles, the rights to read, modify and manage. Every request loads the actor's rights
// from it (see members.Service.Actor), so a change applies at the next request.
package permissions

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/members"
	"zocalo/core/outbox"
)

// Role is one of the guild's roles (spec §3: _id, name, discordId).
type Role struct {
	ID        string `json:"_id"`
	Name      string `json:"name"`
	DiscordID string `json:"discordId"`
}

// Entry is a role's rights on a panel (spec §3), and whether they can change.
type Entry struct {
	RoleID      string      `json:"roleId"`
	RoleName    string      `json:"roleName"`
	PanelID     string      `json:"panelId"`
	Permissions authz.Flags `json:"permissions"`
	// Locked rows belong to COMITE and OFICINA, who keep every right.
	Locked bool `json:"locked"`
}

var (
	errAdmin   = errs.Forbidden("Solo la administración puede gestionar los roles y permisos.")
	errPanel   = errs.NotFound("No existe ese panel: staff, treasury, legislative, support o SAT.")
	errRole    = errs.Invalid("Ese rol no existe en el servidor de Discord.")
	errFlags   = errs.Invalid("Faltan los permisos: read, modify y manage.")
	errLocked  = errs.Invalid("Comité y Oficina conservan todos los permisos: no se pueden quitar.")
	errImplied = errs.Invalid("Modificación y Gestión requieren Lectura: marca también Lectura.")
)

// Service reads and changes the matrix.
type Service struct {
	db      *db.DB
	members *members.Service
	outbox  *outbox.Store
	roles   authz.RoleIDs
	channel string // the staff reports channel, told of every change
	now     func() time.Time
}

// NewService builds the service.
func NewService(d *db.DB, m *members.Service, o *outbox.Store, roles authz.RoleIDs, channel string, now func() time.Time) *Service {
	return &Service{db: d, members: m, outbox: o, roles: roles, channel: channel, now: now}
}

// MayManage tells who may read and change the matrix: the ADMIN group.
func MayManage(actor *authz.Actor) bool { return actor.InGroup(authz.Admin) }

// ParsePanel reads a panel id as the API names it.
func ParsePanel(id string) (authz.Panel, error) {
	for _, p := range authz.Panels {
		if strings.EqualFold(string(p), id) {
			return p, nil
		}
	}
	return "", errPanel
}

// Roles lists the guild's roles as the role sync last saw them; before any sync, the
// configured ones.
func (s *Service) Roles(ctx context.Context, actor *authz.Actor) ([]Role, error) {
	if !MayManage(actor) {
		return nil, errAdmin
	}
	rows, err := s.members.GuildRoles(ctx)
	if err != nil {
		return nil, err
	}
	out := []Role{}
	for _, r := range rows {
		out = append(out, Role{ID: r.DiscordID, Name: r.Name, DiscordID: r.DiscordID})
	}
	if len(out) > 0 {
		return out, nil
	}
	for _, id := range s.roles.IDsOf(authz.AllRoles...) {
		out = append(out, Role{ID: id, Name: s.nameOf(id), DiscordID: id})
	}
	return out, nil
}

// nameOf names a configured role id by the role names it stands for (COMITE / SCJN_ADMIN).
func (s *Service) nameOf(id string) string {
	var names []string
	for _, r := range s.roles.Names([]string{id}).Sorted() {
		names = append(names, string(r))
	}
	return strings.Join(names, " / ")
}

// locked tells whether a role id stands for COMITE or OFICINA.
func (s *Service) locked(id string) bool { return s.roles.Names([]string{id}).IsSuperuser() }

// Panel lists every role's rights on a panel.
func (s *Service) Panel(ctx context.Context, actor *authz.Actor, panelID string) ([]Entry, error) {
	if !MayManage(actor) {
		return nil, errAdmin
	}
	p, err := ParsePanel(panelID)
	if err != nil {
		return nil, err
	}
	roles, err := s.Roles(ctx, actor)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(roles))
	for i, r := range roles {
		ids[i] = r.ID
	}
	flags, err := s.members.RoleFlags(ctx, ids, p)
	if err != nil {
		return nil, err
	}
	out := make([]Entry, len(roles))
	for i, r := range roles {
		e := Entry{RoleID: r.ID, RoleName: r.Name, PanelID: string(p), Permissions: flags[r.ID], Locked: s.locked(r.ID)}
		if e.Locked {
			e.Permissions = authz.Flags{Read: true, Modify: true, Manage: true}
		}
		out[i] = e
	}
	return out, nil
}

// Set changes a role's rights on a panel. The change is audited and posted to the staff
// reports channel in the same transaction. Rights set to what they are change nothing: no
// entry, no post. Changes of one role and panel are serialised, so each compares with
// what the one before it stored.
func (s *Service) Set(ctx context.Context, actor *authz.Actor, panelID, roleID string, flags *authz.Flags) (Entry, error) {
	if !MayManage(actor) {
		return Entry{}, errAdmin
	}
	if flags == nil {
		return Entry{}, errFlags
	}
	f := *flags
	if !f.Consistent() {
		return Entry{}, errImplied
	}
	p, err := ParsePanel(panelID)
	if err != nil {
		return Entry{}, err
	}
	if s.locked(roleID) {
		return Entry{}, errLocked
	}
	roles, err := s.Roles(ctx, actor)
	if err != nil {
		return Entry{}, err
	}
	i := slices.IndexFunc(roles, func(r Role) bool { return r.ID == roleID })
	if i < 0 {
		return Entry{}, errRole
	}
	entry := Entry{RoleID: roleID, RoleName: roles[i].Name, PanelID: string(p), Permissions: f}
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		// The role may have no row yet (its rights are the defaults): lock the pair instead.
		if err := s.db.LockKey(ctx, "permissions.panel:"+roleID+":"+string(p)); err != nil {
			return err
		}
		before, err := s.members.RoleFlags(ctx, []string{roleID}, p)
		if err != nil {
			return err
		}
		if before[roleID] == f {
			return nil
		}
		if err := s.members.SetRoleFlags(ctx, roleID, p, f, actor.Username); err != nil {
			return err
		}
		if err := audit.Write(ctx, s.db, s.now(), audit.Change{Actor: actor, Area: audit.AreaPermissions, Action: "panel." + string(p),
			EntityType: "role", EntityID: roleID, Before: before[roleID], After: f}); err != nil {
			return err
		}
		if s.channel == "" {
			return nil
		}
		now := s.now()
		_, err = s.outbox.Enqueue(ctx, outbox.KindChannelMessage, s.channel, outbox.ChannelMessage{Embeds: []outbox.Embed{{
			Title: fmt.Sprintf("Permisos de %s en %s", entry.RoleName, p), Color: 0xf59e0b, Timestamp: &now,
			Fields: []outbox.EmbedField{
				{Name: "Antes", Value: describe(before[roleID]), Inline: true},
				{Name: "Ahora", Value: describe(f), Inline: true},
				{Name: "Por", Value: actor.Username, Inline: true},
			},
		}}})
		return err
	})
	return entry, err
}

func describe(f authz.Flags) string {
	mark := func(b bool) string {
		if b {
			return "sí"
		}
		return "no"
	}
	return fmt.Sprintf("Lectura: %s · Modificación: %s · Gestión: %s", mark(f.Read), mark(f.Modify), mark(f.Manage))
}
