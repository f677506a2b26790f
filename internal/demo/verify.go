package demo

import (
	"zocalo/internal/config"
	"zocalo/internal/discordfake"
)

// demoGroup is the fake Roblox's community group, which configs/demo.yaml binds to roles.
const demoGroup = 35000001

// AddVerifyRoles adds the roles verification gives (the verified role and the binds') to
// the fake guild, and puts some demo Roblox accounts in the community's group.
func AddVerifyRoles(f *discordfake.Fake, cfg *config.Config) {
	if id := cfg.Verify.VerifiedRoleID; id != "" {
		f.AddRole(id, "Verificado")
	}
	names := map[string]string{"1300000000000000221": "Grupo Zócalo", "1300000000000000222": "Moderación del grupo"}
	seen := map[string]bool{}
	for _, b := range cfg.Verify.Binds {
		if seen[b.RoleID] {
			continue
		}
		seen[b.RoleID] = true
		name := names[b.RoleID]
		if name == "" {
			name = "Rango de Roblox " + b.GroupID
		}
		f.AddRole(b.RoleID, name)
	}
	for _, m := range []struct {
		userID, role string
		rank         int
	}{
		{"5100000001", "Ciudadano", 1},    // JugadorMX
		{"5100000002", "Moderación", 200}, // ModeradorRP
		{"5100000003", "Ciudadano", 1},    // ElDiputado
		{"5100000004", "Moderación", 200}, // Halcon_MX
	} {
		f.SetRobloxGroupRank(m.userID, discordfake.RobloxGroupRank{GroupID: demoGroup, GroupName: "Zócalo RP", RoleName: m.role, Rank: m.rank})
	}
}
