package demo

import (
	"zocalo/internal/config"
	"zocalo/internal/discordfake"
)

// AddVerifyRoles adds the roles verification gives (the verified role and the binds') to
// the fake guild.
func AddVerifyRoles(f *discordfake.Fake, cfg *config.Config) {
	if id := cfg.Verify.VerifiedRoleID; id != "" {
		f.AddRole(id, "Verificado")
	}
}
