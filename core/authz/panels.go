package authz

import "slices"

// Panel is an area whose rights the permission matrix of /admin/roles governs.
type Panel string

const (
	PanelStaff       Panel = "staff"
	PanelTreasury    Panel = "treasury"
	PanelLegislative Panel = "legislative"
	PanelSupport     Panel = "support"
	PanelSAT         Panel = "SAT"
)

// Panels lists every panel, in the order of the specification.
var Panels = []Panel{PanelStaff, PanelTreasury, PanelLegislative, PanelSupport, PanelSAT}

// Level is one of a panel's three rights.
type Level int

const (
	Read   Level = iota // Lectura
	Modify              // Modificación
	Manage              // Gestión
)

// Flags are a role's rights on a panel.
type Flags struct {
	Read   bool `json:"read"`
	Modify bool `json:"modify"`
	Manage bool `json:"manage"`
}

// Has tells whether the flags grant the level. Modificación and Gestión imply Lectura: a
// right to change what one may not read would be no right at all.
func (f Flags) Has(l Level) bool {
	switch l {
	case Read:
		return f.Read || f.Modify || f.Manage
	case Modify:
		return f.Modify
	case Manage:
		return f.Manage
	}
	return false
}

// Consistent tells whether the flags hold Lectura wherever they hold Modificación or Gestión.
func (f Flags) Consistent() bool { return f.Read || (!f.Modify && !f.Manage) }

// Or is the union of two sets of rights.
func (f Flags) Or(g Flags) Flags {
	return Flags{Read: f.Read || g.Read, Modify: f.Modify || g.Modify, Manage: f.Manage || g.Manage}
}

// defaultRoles are, per panel and level, the roles the specification's rules admit; the
// seeded matrix is exactly this. COMITE and OFICINA pass everything anyway.
var defaultRoles = map[Panel][3][]Role{
	// Read: the roster and figures; Modify: hours, dismissals, notes; Manage: hire dates.
	PanelStaff: {RolesOf(Staff, Admin), {RH, AI}, {RH}},
	// Read: the sales; Modify: register a sale; Manage: void one. AUDITOR passes where
	// TESORERIA is required, so it holds what TESORERIA holds.
	PanelTreasury: {RolesOf(Treasury, Admin), RolesOf(Treasury, Admin), RolesOf(Treasury, Admin)},
	// Read: initiatives and agendas; Modify: create and delete them; Manage: open and stop voting.
	PanelLegislative: {RolesOf(Legislative), {ScjnAdmin, CongresoAdmin}, {ScjnAdmin, CongresoAdmin}},
	// Read: every ticket; Modify: assign, priority, status; Manage: close.
	PanelSupport: {RolesOf(Staff, Admin), RolesOf(Staff, Admin), {ScjnAdmin, CongresoAdmin, SoporteTecnico}},
	// Read: the registry and its documents; Modify: register and edit; Manage: suspend.
	PanelSAT: {RolesOf(Admin), RolesOf(Admin), RolesOf(Admin)},
}

// DefaultFlags are the seeded rights of a set of role names on a panel.
func DefaultFlags(roles RoleSet, p Panel) Flags {
	var f Flags
	levels := defaultRoles[p]
	for r := range roles {
		if !roles[r] {
			continue
		}
		f = f.Or(Flags{Read: slices.Contains(levels[Read], r), Modify: slices.Contains(levels[Modify], r), Manage: slices.Contains(levels[Manage], r)})
	}
	return f
}

// IsSuperuser tells whether the set holds COMITE or OFICINA, who keep every right.
func (s RoleSet) IsSuperuser() bool { return s[Comite] || s[Oficina] }

// Can tells whether the actor holds a right on a panel: COMITE and OFICINA always do;
// others through the matrix loaded with their roles (the seeded defaults when none was).
func (a *Actor) Can(p Panel, l Level) bool {
	if a == nil {
		return false
	}
	if a.Roles.IsSuperuser() {
		return true
	}
	if a.Panels != nil {
		return a.Panels[p].Has(l)
	}
	return DefaultFlags(a.Roles, p).Has(l)
}
