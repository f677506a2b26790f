package webapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"testing"

	"zocalo/core/access"
	"zocalo/core/authz"
)

const accessFixture = "../web/src/test/access.gen.json"

// accessOf is what the profile tells the portal about a member with these roles and the
// seeded matrix.
type accessOf struct {
	Panels    map[authz.Panel]authz.Flags `json:"panels"`
	Abilities access.Abilities            `json:"abilities"`
	Pages     []string                    `json:"pages"`
	Menu      []string                    `json:"menu"`
}

func accessFor(ids authz.RoleIDs, roleIDs []string, reviewer bool) accessOf {
	a := &authz.Actor{RoleIDs: roleIDs, Roles: ids.Names(roleIDs)}
	out := accessOf{Panels: map[authz.Panel]authz.Flags{}, Abilities: access.Of(a, access.Configured{ArtistReviewer: reviewer})}
	for _, p := range authz.Panels {
		out.Panels[p] = authz.Flags{Read: a.Can(p, authz.Read), Modify: a.Can(p, authz.Modify), Manage: a.Can(p, authz.Manage)}
	}
	out.Pages = pagesFor(a, out.Abilities)
	out.Menu = menuFor(a, out.Abilities, out.Pages)
	return out
}

// The web's unit tests sign people in with the access the server gives each role, read from
// a file this test writes (ZOCALO_UPDATE_ACCESS_FIXTURE=1) and otherwise checks, so that
// they never keep a copy of the rules of their own.
func TestWebAccessFixtureIsCurrent(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../core/authz/testdata/permission_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors struct {
		RoleIDs authz.RoleIDs `json:"roleIds"`
	}
	if err := json.Unmarshal(raw, &vectors); err != nil {
		t.Fatal(err)
	}
	// Keyed by the role ids held, sorted and joined with "+" ("" for none): every role and
	// every pair, since some rules weigh one role against another.
	distinct := map[string]bool{}
	for _, id := range vectors.RoleIDs {
		distinct[id] = true
	}
	ids := slices.Sorted(maps.Keys(distinct))
	byRoles := map[string]accessOf{"": accessFor(vectors.RoleIDs, nil, false), "reviewer": accessFor(vectors.RoleIDs, nil, true)}
	for i, id := range ids {
		byRoles[id] = accessFor(vectors.RoleIDs, []string{id}, false)
		for _, other := range ids[i+1:] {
			byRoles[id+"+"+other] = accessFor(vectors.RoleIDs, []string{id, other}, false)
		}
	}
	keys := slices.Sorted(maps.Keys(byRoles))
	var want bytes.Buffer
	want.WriteString("{\n")
	for i, k := range keys {
		line, err := json.Marshal(byRoles[k])
		if err != nil {
			t.Fatal(err)
		}
		sep := ","
		if i == len(keys)-1 {
			sep = ""
		}
		fmt.Fprintf(&want, "  %q: %s%s\n", k, line, sep)
	}
	want.WriteString("}\n")
	if os.Getenv("ZOCALO_UPDATE_ACCESS_FIXTURE") != "" {
		if err := os.WriteFile(accessFixture, want.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(accessFixture)
	if err != nil || !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("%s is stale (%v): run ZOCALO_UPDATE_ACCESS_FIXTURE=1 go test -run TestWebAccessFixtureIsCurrent ./webapi/", accessFixture, err)
	}
}
