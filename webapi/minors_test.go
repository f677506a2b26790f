package webapi

import (
	"strings"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/internal/testdb"
)

// A member who says they are under 18 keeps their record from other players; staff still
// read it, marked as a minor's, and so does the member.
func TestMinorsRecordIsForStaffAndThemselves(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		const minor, other, mod = "600000000000000101", "600000000000000102", "600000000000000103"
		e.addUser("menor", minor, true)
		e.addUser("otro", other, true)
		e.addUser("mod", mod, true, authz.Moderador)
		tokens := map[string]string{"menor": e.signIn("menor"), "otro": e.signIn("otro"), "mod": e.signIn("mod")}
		if code := e.call("POST", "/api/records/charges", tokens["mod"], strings.NewReader(`{"discordId":"`+minor+`","description":"Conducir sin licencia"}`), nil); code != 201 {
			t.Fatalf("charge: %d", code)
		}
		search := func(who string) []struct{ Minor bool } {
			t.Helper()
			var out []struct{ Minor bool }
			if code := e.call("GET", "/api/records/search?discordId="+minor, tokens[who], nil, &out); code != 200 {
				t.Fatalf("%s searching: %d", who, code)
			}
			return out
		}
		if got := search("otro"); len(got) != 1 || got[0].Minor {
			t.Fatalf("before saying so, another player reads %+v", got)
		}
		var choices struct{ Minor bool }
		if code := e.call("PUT", "/api/me/privacy", tokens["menor"], strings.NewReader(`{"minor":true}`), &choices); code != 200 || !choices.Minor {
			t.Fatalf("saying one is a minor: %d %+v", code, choices)
		}
		if got := search("otro"); len(got) != 0 {
			t.Fatalf("another player still reads a minor's record: %+v", got)
		}
		for _, who := range []string{"mod", "menor"} {
			if got := search(who); len(got) != 1 || !got[0].Minor {
				t.Fatalf("%s reads %+v", who, got)
			}
		}
	})
}
