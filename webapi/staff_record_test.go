package webapi

import (
	"net/http"
	"testing"

	"zocalo/core/db"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
)

// A director reads a staff member's file with the warning just written; others are
// refused, and a member who is not staff is not found, in Spanish.
func TestDirectorsReadAStaffRecord(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := staffPersonas(e)
		const path = "/api/staff/members/550000000000000003"
		if code := e.call("POST", "/api/staff/550000000000000003/warns", tok["rh"], body(map[string]string{"warn": "Llegó tarde al evento"}), nil); code != 201 {
			t.Fatalf("warn: %d", code)
		}
		var rec staff.MemberRecord
		if code := e.call("GET", path, tok["comite"], nil, &rec); code != http.StatusOK {
			t.Fatalf("record: %d", code)
		}
		if rec.Username != "moderador" || !rec.Active || len(rec.Warnings) != 1 || rec.Warnings[0].Text != "Llegó tarde al evento" ||
			rec.Warnings[0].Author != "rh" || len(rec.Notes) != 0 || !rec.CanSetHired {
			t.Fatalf("record %+v", rec)
		}
		for _, who := range []string{"moderador", "trial", "jugador", "tesoreria"} {
			if code := e.call("GET", path, tok[who], nil, nil); code != http.StatusForbidden {
				t.Errorf("%s read a record: %d, want 403", who, code)
			}
		}
		var fail struct {
			Message string `json:"message"`
		}
		if code := e.call("GET", "/api/staff/members/550000000000000005", tok["rh"], nil, &fail); code != http.StatusNotFound {
			t.Fatalf("a player's record: %d, want 404", code)
		}
		if fail.Message != "Esa persona no es parte del staff." {
			t.Errorf("404 says %q", fail.Message)
		}
	})
}
