package authz

import (
	"encoding/json"
	"os"
	"testing"
)

type vectorFile struct {
	RoleIDs map[Role]string  `json:"roleIds"`
	Groups  map[Group][]Role `json:"groups"`
	Cases   []struct {
		Name      string   `json:"name"`
		UserRoles []string `json:"userRoles"`
		Required  []Role   `json:"required"`
		Expected  bool     `json:"expected"`
	} `json:"cases"`
}

func loadVectors(t *testing.T) vectorFile {
	t.Helper()
	raw, err := os.ReadFile("testdata/permission_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v vectorFile
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) == 0 {
		t.Fatal("no cases in the vector file")
	}
	return v
}

// The same vectors run against the TypeScript copy in web/src/auth.
func TestPermissionVectors(t *testing.T) {
	t.Parallel()
	v := loadVectors(t)
	ids := RoleIDs(v.RoleIDs)
	if err := ids.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range v.Cases {
		t.Run(c.Name, func(t *testing.T) {
			got := ids.Names(c.UserRoles).Permits(c.Required...)
			if got != c.Expected {
				t.Fatalf("Permits(%v) with roles %v = %v, want %v", c.Required, c.UserRoles, got, c.Expected)
			}
		})
	}
}

func TestGroupsMatchVectorFile(t *testing.T) {
	t.Parallel()
	v := loadVectors(t)
	if len(v.Groups) != len(Groups) {
		t.Fatalf("vector file has %d groups, code has %d", len(v.Groups), len(Groups))
	}
	for g, roles := range Groups {
		want := v.Groups[g]
		if len(want) != len(roles) {
			t.Fatalf("group %s: file %v, code %v", g, want, roles)
		}
		for i := range roles {
			if roles[i] != want[i] {
				t.Fatalf("group %s: file %v, code %v", g, want, roles)
			}
		}
	}
}

func TestSharedIDsHoldBothNames(t *testing.T) {
	t.Parallel()
	ids := RoleIDs{Comite: "1", ScjnAdmin: "1", Oficina: "2", CongresoAdmin: "2"}
	set := ids.Names([]string{"1"})
	if !set.Has(Comite) || !set.Has(ScjnAdmin) || set.Has(Oficina) {
		t.Fatalf("got %v", set.Sorted())
	}
}

func TestNilActorHasNothing(t *testing.T) {
	t.Parallel()
	var a *Actor
	if a.Permits() || a.InGroup(Admin) || a.HasRole(Comite) {
		t.Fatal("a missing actor must pass no check")
	}
}

func TestHasRoleIgnoresSuperusers(t *testing.T) {
	t.Parallel()
	a := &Actor{Roles: RoleSet{Comite: true}}
	if a.HasRole(Diputado) {
		t.Fatal("a role check is not the permission check")
	}
	if !a.Permits(Diputado) {
		t.Fatal("COMITE passes the permission check")
	}
}

func TestEveryRoleHasOneSpanishLabel(t *testing.T) {
	t.Parallel()
	if len(RoleLabels) != len(AllRoles) {
		t.Fatalf("RoleLabels has %d entries for %d roles", len(RoleLabels), len(AllRoles))
	}
	for i, r := range AllRoles {
		if RoleLabels[i].Value != string(r) {
			t.Errorf("RoleLabels[%d] is %s, want %s (the order of AllRoles)", i, RoleLabels[i].Value, r)
		}
		if label := r.Label(); label == "" || label == string(r) {
			t.Errorf("%s has no Spanish label (%q)", r, label)
		}
	}
}
