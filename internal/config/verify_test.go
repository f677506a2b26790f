package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Verification's settings are checked at start, each error naming its key.
func TestVerifySettings(t *testing.T) {
	t.Parallel()
	file := func(t *testing.T, yaml string) string {
		p := filepath.Join(t.TempDir(), "zocalo.yaml")
		if err := os.WriteFile(p, []byte(yaml), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	demo := envOf(map[string]string{"ZOCALO_DEMO": "true"})
	for _, c := range []struct {
		name, yaml string
		env        map[string]string
		want       string // "" accepts
	}{
		{"the example's defaults", "", nil, ""},
		{"a role and a template", "", map[string]string{"ZOCALO_VERIFY_VERIFIED_ROLE_ID": "123456789012345678",
			"ZOCALO_VERIFY_NICKNAME_TEMPLATE": "{display} (@{roblox})"}, ""},
		{"a role id that is not one", "", map[string]string{"ZOCALO_VERIFY_VERIFIED_ROLE_ID": "Verificado"}, "ZOCALO_VERIFY_VERIFIED_ROLE_ID"},
		{"an unknown placeholder", "", map[string]string{"ZOCALO_VERIFY_NICKNAME_TEMPLATE": "{user}"}, "{user} is not a placeholder"},
		{"a template without a placeholder", "", map[string]string{"ZOCALO_VERIFY_NICKNAME_TEMPLATE": "Verificado"}, "ZOCALO_VERIFY_NICKNAME_TEMPLATE"},
		{"no rate", "", map[string]string{"ZOCALO_VERIFY_REQUESTS_PER_MINUTE": "0"}, "ZOCALO_VERIFY_REQUESTS_PER_MINUTE"},
		{"a bind", "verify:\n  binds:\n    - {groupID: \"35000001\", minRank: 200, maxRank: 255, roleID: \"123456789012345678\"}\n", nil, ""},
		{"a bind's group id", "verify:\n  binds:\n    - {groupID: \"zocalo\", minRank: 1, maxRank: 255, roleID: \"123456789012345678\"}\n", nil, "verify.binds[0].groupID"},
		{"a bind's role id", "verify:\n  binds:\n    - {groupID: \"1\", minRank: 1, maxRank: 255, roleID: \"x\"}\n", nil, "verify.binds[0].roleID"},
		{"a rank out of range", "verify:\n  binds:\n    - {groupID: \"1\", minRank: 0, maxRank: 255, roleID: \"123456789012345678\"}\n", nil, "verify.binds[0].minRank"},
		{"ranks the wrong way round", "verify:\n  binds:\n    - {groupID: \"1\", minRank: 200, maxRank: 100, roleID: \"123456789012345678\"}\n", nil, "verify.binds[0].maxRank"},
		{"binds without the API", "verify:\n  robloxAPIBaseURL: \"groups.roblox.com\"\n  binds:\n    - {groupID: \"1\", minRank: 1, maxRank: 255, roleID: \"123456789012345678\"}\n", nil, "ZOCALO_VERIFY_ROBLOX_API_BASE_URL"},
	} {
		t.Run(c.name, func(t *testing.T) {
			env := production()
			for k, v := range c.env {
				env[k] = v
			}
			path := ""
			if c.yaml != "" {
				path = file(t, c.yaml)
			}
			_, err := Load(path, envOf(env))
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("error %v should name %s", err, c.want)
			}
		})
	}
	// Demo mode reads the fake Roblox's groups.
	c, err := Load("", demo)
	if err != nil || !strings.HasSuffix(c.Verify.RobloxAPIBaseURL, DemoDiscordPath+"/roblox/groups") || len(c.Verify.Binds) != 2 {
		t.Fatalf("demo verify %+v, %v", c.Verify, err)
	}
}
