// Package authz holds the role names, the groups and the permission check of the portal.
// Roles are Discord role ids; configuration maps each role name to its id. COMITE and
// SCJN_ADMIN share one id, as do OFICINA and CONGRESO_ADMIN, so holding that id means
// holding both names.
package authz

import (
	"fmt"
	"slices"
)

// Role is a role name of the community.
type Role string

const (
	Comite         Role = "COMITE"
	ScjnAdmin      Role = "SCJN_ADMIN"
	Oficina        Role = "OFICINA"
	CongresoAdmin  Role = "CONGRESO_ADMIN"
	RH             Role = "RH"
	AI             Role = "AI"
	SoporteTecnico Role = "SoporteTecnico"
	Moderador      Role = "MODERADOR"
	Trial          Role = "TRIAL"
	Tesoreria      Role = "TESORERIA"
	Auditor        Role = "AUDITOR"
	Diputado       Role = "DIPUTADO"
	Senador        Role = "SENADOR"
	Ministro       Role = "MINISTRO"
)

// AllRoles lists every role name, in the order of the specification.
var AllRoles = []Role{Comite, ScjnAdmin, Oficina, CongresoAdmin, RH, AI, SoporteTecnico,
	Moderador, Trial, Tesoreria, Auditor, Diputado, Senador, Ministro}

// Group is a named list of roles.
type Group string

const (
	Admin       Group = "ADMIN"
	Staff       Group = "STAFF"
	Treasury    Group = "TREASURY"
	Legislative Group = "LEGISLATIVE"
)

// Groups maps each group to its roles.
var Groups = map[Group][]Role{
	Admin:       {Comite, Oficina, RH, AI},
	Staff:       {Moderador, Trial, SoporteTecnico},
	Treasury:    {Tesoreria, Auditor},
	Legislative: {ScjnAdmin, CongresoAdmin, Diputado, Senador, Ministro},
}

// Roles of a group; several groups give the union.
func RolesOf(groups ...Group) []Role {
	var out []Role
	for _, g := range groups {
		for _, r := range Groups[g] {
			if !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
	}
	return out
}

// RoleIDs maps role names to Discord role ids.
type RoleIDs map[Role]string

// Validate reports a role name that is unknown or has no id.
func (ids RoleIDs) Validate() error {
	for name := range ids {
		if !slices.Contains(AllRoles, name) {
			return fmt.Errorf("unknown role name %q", name)
		}
	}
	return nil
}

// IDsOf lists the configured ids of the roles, skipping unconfigured ones.
func (ids RoleIDs) IDsOf(roles ...Role) []string {
	var out []string
	for _, r := range roles {
		if id := ids[r]; id != "" && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// Names resolves a member's role ids to the role names they hold.
func (ids RoleIDs) Names(roleIDs []string) RoleSet {
	set := RoleSet{}
	for _, name := range AllRoles {
		id := ids[name]
		if id != "" && slices.Contains(roleIDs, id) {
			set[name] = true
		}
	}
	return set
}

// RoleSet is the set of role names someone holds.
type RoleSet map[Role]bool

// Has tells whether the set holds role r (a plain role check, no superusers).
func (s RoleSet) Has(r Role) bool { return s[r] }

// HasAny tells whether the set holds one of the roles (a plain role check, no superusers).
func (s RoleSet) HasAny(roles ...Role) bool {
	for _, r := range roles {
		if s[r] {
			return true
		}
	}
	return false
}

// Permits is the permission check of the specification: an empty list passes; COMITE and
// OFICINA pass everything; AUDITOR passes where TESORERIA is required; otherwise any
// listed role passes.
func (s RoleSet) Permits(required ...Role) bool {
	if len(required) == 0 {
		return true
	}
	if s[Comite] || s[Oficina] {
		return true
	}
	if s[Auditor] && slices.Contains(required, Tesoreria) {
		return true
	}
	return s.HasAny(required...)
}

// InGroup is Permits for the roles of the groups.
func (s RoleSet) InGroup(groups ...Group) bool { return s.Permits(RolesOf(groups...)...) }

// Sorted lists the names held, in specification order.
func (s RoleSet) Sorted() []Role {
	var out []Role
	for _, r := range AllRoles {
		if s[r] {
			out = append(out, r)
		}
	}
	return out
}
