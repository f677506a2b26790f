package webapi

import (
	"strconv"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/outbox"
	"zocalo/core/staff"
	"zocalo/internal/testenv"
)

var _ = addRaceRows(
	raceRow{name: "approving and refusing one leave at once", routes: []string{"POST /api/staff/leaves/:id/decision"}, run: func(t *testing.T, r *raceEnv) {
		target, _ := r.member(t, authz.Moderador)
		start := r.app.Now().In(r.app.Shifts.Location()).AddDate(0, 0, 1).Format("02/01/2006")
		lv, err := r.app.Staff.RequestLeave(t.Context(), &authz.Actor{DiscordID: target, Username: "m", Roles: authz.RoleSet{authz.Moderador: true}},
			start, start, "Cita médica")
		if err != nil {
			t.Fatal(err)
		}
		path := "/api/staff/leaves/" + strconv.FormatUint(lv.ID, 10) + "/decision"
		reqs := same(15, request{method: "POST", path: path, token: r.tokens["rh"], body: map[string]string{"decision": "approve"}})
		reqs = append(reqs, same(15, request{method: "POST", path: path, token: r.tokens["comite"], body: map[string]string{"decision": "refuse"}})...)
		answers := r.race(t, reqs...)
		wins := 0
		for _, a := range answers {
			switch {
			case a.status == 200:
				wins++
			case a.status != 409 || (a.message() != "Esta ausencia ya fue aprobada." && a.message() != "Esta ausencia ya fue rechazada."):
				t.Errorf("an answer %d %s", a.status, a.body)
			}
		}
		if wins != 1 {
			t.Errorf("%d decisions took, want 1", wins)
		}
		decided := r.audits(t, staff.ActionLeaveApprove, lv.ID) + r.audits(t, staff.ActionLeaveRefuse, lv.ID)
		expectCount(t, "decision audits", decided, 1)
		expectCount(t, "DMs to the member", r.count(t, "outbox_events", "kind = ? AND channel_id = ?", outbox.KindDM, "dm:"+target), 1)
	}},
	raceRow{name: "setting one role's quota at once", routes: []string{"PUT /api/staff/quotas/:roleId"}, run: func(t *testing.T, r *raceEnv) {
		role := testenv.Roles[authz.SoporteTecnico]
		set := func(token string) request {
			return request{method: "PUT", path: "/api/staff/quotas/" + role, token: token, body: map[string]int{"hours": 12, "minutes": 30}}
		}
		answers := r.race(t, append(same(15, set(r.tokens["rh"])), same(15, set(r.tokens["comite"]))...)...)
		expectAll(t, answers, 200)
		expectCount(t, "quota audits", r.audits(t, staff.ActionQuotaSet, role), 1)
		expectCount(t, "quota rows", r.count(t, "staff_quotas", "role_id = ? AND seconds = ?", role, 12*3600+1800), 1)
	}},
)
