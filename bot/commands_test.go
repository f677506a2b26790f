package bot

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"zocalo/core"
	"zocalo/core/db"
	"zocalo/internal/config"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// registered is the last set of commands the bot sent Discord, as it went on the wire.
func (r *rig) registered() []map[string]json.RawMessage {
	r.t.Helper()
	path := "/applications/" + testenv.ClientID + "/guilds/" + testenv.GuildID + "/commands"
	var last string
	r.eventually("the commands are registered", func() bool {
		for _, q := range r.fake.Requests() {
			if q.Method == http.MethodPut && unversioned(q.Path) == path {
				last = q.Body
			}
		}
		return last != ""
	})
	var defs []map[string]json.RawMessage
	if err := json.Unmarshal([]byte(last), &defs); err != nil {
		r.t.Fatalf("registration body %s: %v", last, err)
	}
	return defs
}

// The staff's commands carry default_member_permissions, a string as Discord requires
// ("0" by default: admins and whom they grant the commands), so 5,000 players do not
// see them; everyone's commands carry none. The bot's own checks stay (a player who
// sends /turno anyway is refused: TestTurnoCommand).
func TestStaffCommandsAreHiddenFromPlayers(t *testing.T) {
	t.Parallel()
	staff := []string{"ausencia", "nota", "respuesta", "turno", "whois"}
	everyone := []string{"antecedentes", "perfil", "ticket", "verificar"}
	for _, c := range []struct {
		name, setting, want string
	}{
		{"by default", "", `"0"`},
		{"configured", "8192", `"8192"`}, // MANAGE_MESSAGES
	} {
		t.Run(c.name, func(t *testing.T) {
			testdb.Each(t, func(t *testing.T, d *db.DB) {
				r := newRigWith(t, d, func(cfg *config.Config, _ *core.Deps, _ string) {
					if c.setting != "" {
						cfg.Discord.StaffCommandPermissions = c.setting
					}
				})
				r.start(r.newBot(), true)
				seen := map[string]string{}
				for _, def := range r.registered() {
					var name string
					if err := json.Unmarshal(def["name"], &name); err != nil {
						t.Fatal(err)
					}
					seen[name] = string(def["default_member_permissions"])
				}
				for _, name := range staff {
					if got := seen[name]; got != c.want {
						t.Errorf("/%s default_member_permissions = %s, want %s", name, got, c.want)
					}
				}
				for _, name := range everyone {
					if got, ok := seen[name]; !ok || (got != "" && got != "null") {
						t.Errorf("/%s registered %v with default_member_permissions %s", name, ok, got)
					}
				}
				var names []string
				for name := range seen {
					names = append(names, name)
				}
				want := append(slices.Clone(staff), everyone...)
				slices.Sort(names)
				slices.Sort(want)
				if !slices.Equal(names, want) {
					t.Errorf("registered %v, want %v", names, want)
				}
			})
		})
	}
}
