package staff_test

import (
	"context"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/members"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

func TestModeratorsAreTheStaffGroup(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		m := members.NewService(d, authz.RoleIDs(testenv.Roles), func() time.Time { return time.Now().UTC() })
		for _, p := range []struct {
			id, name string
			roles    []authz.Role
			in       bool
		}{
			{"1", "zeta", []authz.Role{authz.Moderador, authz.SoporteTecnico}, true},
			{"2", "alfa", []authz.Role{authz.Trial}, true},
			{"3", "jugador", nil, true},
			{"4", "comite", []authz.Role{authz.Comite}, true},
			{"5", "ido", []authz.Role{authz.Moderador}, false},
		} {
			if _, err := m.Upsert(ctx, members.Snapshot{DiscordID: p.id, Username: p.name, InGuild: p.in, RoleIDs: testenv.RoleIDs(p.roles...)}); err != nil {
				t.Fatal(err)
			}
		}
		s := staff.NewService(d, authz.RoleIDs(testenv.Roles), staff.NewShifts(d, []string{"Principal"}, 0, nil, time.Now), nil, nil, staff.Settings{})
		mods, err := s.Moderators(ctx, &authz.Actor{Roles: authz.RoleSet{authz.RH: true}})
		if err != nil {
			t.Fatal(err)
		}
		if len(mods) != 2 || mods[0].Username != "alfa" || mods[1].Username != "zeta" {
			t.Fatalf("roster %+v", mods)
		}
		if _, err := s.Moderators(ctx, &authz.Actor{Roles: authz.RoleSet{authz.Diputado: true}}); err == nil {
			t.Fatal("a legislator read the roster")
		}
	})
}
