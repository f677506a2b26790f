package webapi

import (
	"strconv"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
)

func TestLeavesAndQuotasOverHTTP(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := staffPersonas(e)
		const mod = "550000000000000003"
		today := e.app.Now().In(e.app.Shifts.Location()).Format("02/01/2006")
		lv, err := e.app.Staff.RequestLeave(t.Context(), &authz.Actor{DiscordID: mod, Username: "moderador", Roles: authz.RoleSet{authz.Moderador: true}},
			today, today, "Cita médica")
		if err != nil {
			t.Fatal(err)
		}
		var mine []staff.LeaveView
		if code := e.call("GET", "/api/staff/leaves/mine", tok["moderador"], nil, &mine); code != 200 || len(mine) != 1 || mine[0].Status != "pending" {
			t.Fatalf("my leaves: %d %+v", code, mine)
		}
		var msg messageBody
		if code := e.call("GET", "/api/staff/leaves?status=quizas", tok["rh"], nil, &msg); code != 400 || msg.Message != "El estado debe ser Pendiente (pending), Aprobada (approved) o Rechazada (refused)." {
			t.Fatalf("an unknown status: %d %q", code, msg.Message)
		}
		path := "/api/staff/leaves/" + strconv.FormatUint(lv.ID, 10) + "/decision"
		if code := e.call("POST", path, tok["moderador"], body(map[string]string{"decision": "approve"}), nil); code != 403 {
			t.Fatalf("a moderator decides: %d", code)
		}
		if code := e.call("POST", path, tok["rh"], body(map[string]string{"decision": "quizas"}), &msg); code != 400 || msg.Message != "La decisión debe ser aprobar o rechazar." {
			t.Fatalf("an unknown decision: %d %q", code, msg.Message)
		}
		if code := e.call("POST", "/api/staff/leaves/999999/decision", tok["rh"], body(map[string]string{"decision": "approve"}), &msg); code != 404 || msg.Message != "No existe esa ausencia." {
			t.Fatalf("an unknown leave: %d %q", code, msg.Message)
		}
		var decided staff.LeaveView
		if code := e.call("POST", path, tok["rh"], body(map[string]string{"decision": "approve"}), &decided); code != 200 || decided.Status != "approved" || decided.DecidedBy == "" {
			t.Fatalf("approve: %d %+v", code, decided)
		}

		roleID := testRoles[authz.Moderador]
		if code := e.call("PUT", "/api/staff/quotas/"+roleID, tok["rh"], body(map[string]int{"hours": 200}), &msg); code != 400 || msg.Message != "La cuota va de 0 a 168 horas por semana y los minutos de 0 a 59." {
			t.Fatalf("a quota past the week: %d %q", code, msg.Message)
		}
		if code := e.call("PUT", "/api/staff/quotas/123", tok["rh"], body(map[string]int{"hours": 5}), &msg); code != 404 {
			t.Fatalf("a role outside the staff: %d %q", code, msg.Message)
		}
		var role staff.QuotaRole
		if code := e.call("PUT", "/api/staff/quotas/"+roleID, tok["comite"], body(map[string]int{"hours": 21}), &role); code != 200 || role.Seconds != 21*3600 || !role.Custom {
			t.Fatalf("set a quota: %d %+v", code, role)
		}
		var board staff.QuotaBoard
		if code := e.call("GET", "/api/staff/quotas", tok["trial"], nil, &board); code != 200 {
			t.Fatalf("the board: %d", code)
		}
		found := false
		for _, l := range board.Members {
			if l.UserID == mod {
				found = true
				if l.LeaveDays != 1 || l.QuotaSeconds != 21*3600*6/7 || !l.UnderQuota {
					t.Errorf("moderador's line %+v", l)
				}
			}
		}
		if !found {
			t.Fatalf("moderador not on the board %+v", board.Members)
		}
		if code := e.call("GET", "/api/staff/quotas", tok["jugador"], nil, nil); code != 403 {
			t.Fatalf("a player reads the quotas: %d", code)
		}
	})
}
