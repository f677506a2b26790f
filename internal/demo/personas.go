// Package demo holds the sample community of demo mode: one persona per role, each a user
// of the fake Discord, and the data seeded for them.
package demo

import (
	"slices"

	"zocalo/core/authz"
	"zocalo/internal/discordfake"
)

// Persona is a demo user with the roles they hold in the fake guild.
type Persona struct {
	Name      string
	DiscordID string
	Username  string
	Roles     []authz.Role
	InGuild   bool
}

// Personas are listed on the fake Discord's sign-in picker in this order. comite holds
// SCJN_ADMIN through the shared id; oficina holds CONGRESO_ADMIN the same way, and DIPUTADO
// too so the SAT's confidential view can be tried; revisor is on the artist-application
// allowlist (configs/demo.yaml) and holds no role.
var Personas = []Persona{
	{"comite", "1400000000000000001", "comite", []authz.Role{authz.Comite}, true},
	{"oficina", "1400000000000000002", "oficina", []authz.Role{authz.Oficina, authz.Diputado}, true},
	{"rh", "1400000000000000003", "rh", []authz.Role{authz.RH}, true},
	{"ai", "1400000000000000004", "ai", []authz.Role{authz.AI}, true},
	{"moderador", "1400000000000000005", "moderador", []authz.Role{authz.Moderador}, true},
	{"trial", "1400000000000000006", "trial", []authz.Role{authz.Trial}, true},
	{"soporte", "1400000000000000007", "soporte", []authz.Role{authz.SoporteTecnico}, true},
	{"tesoreria", "1400000000000000008", "tesoreria", []authz.Role{authz.Tesoreria}, true},
	{"auditor", "1400000000000000009", "auditor", []authz.Role{authz.Auditor}, true},
	{"diputado", "1400000000000000010", "diputado", []authz.Role{authz.Diputado}, true},
	{"senador", "1400000000000000011", "senador", []authz.Role{authz.Senador}, true},
	{"ministro", "1400000000000000012", "ministro", []authz.Role{authz.Ministro}, true},
	{"revisor", "1400000000000000013", "revisor", nil, true},
	{"jugador", "1400000000000000014", "jugador", nil, true},
}

// Staffers are members of the demo staff who are not on the sign-in picker: they fill the
// staff table with realistic hours and can be dismissed without taking a persona away.
var Staffers = []Persona{
	{"halcon", "1400000000000000101", "halcon_mx", []authz.Role{authz.Moderador}, true},
	{"ajolote", "1400000000000000102", "ajolote_rp", []authz.Role{authz.Moderador}, true},
	{"quetzal", "1400000000000000103", "quetzal", []authz.Role{authz.SoporteTecnico}, true},
	{"coyote", "1400000000000000104", "coyote_trial", []authz.Role{authz.Trial}, true},
}

// Community is every demo member: the personas, then the staffers.
func Community() []Persona {
	return append(slices.Clone(Personas), Staffers...)
}

// RoleIDsOf resolves a persona's role names to the configured ids.
func RoleIDsOf(p Persona, ids authz.RoleIDs) []string {
	var out []string
	for _, r := range p.Roles {
		if id := ids[r]; id != "" {
			out = append(out, id)
		}
	}
	return out
}

// RobloxAccounts are the fake Roblox's accounts, offered when a persona verifies.
var RobloxAccounts = []discordfake.RobloxAccount{
	{UserID: "5100000001", Username: "JugadorMX", DisplayName: "Jugador"},
	{UserID: "5100000002", Username: "ModeradorRP", DisplayName: "Moderador"},
	{UserID: "5100000003", Username: "ElDiputado", DisplayName: "Diputado"},
	{UserID: "5100000004", Username: "Halcon_MX", DisplayName: "Halcón"},
	{UserID: "5100000005", Username: "Turista_2026", DisplayName: "Turista"},
}
