package staff_test

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/outbox"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
)

func TestLeaveRequestsAreChecked(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		// Wednesday 2026-03-04 10:00 in Mexico City.
		k := newClockedDesk(t, d, time.Date(2026, 3, 4, 10, 0, 0, 0, mexico))
		k.join(t, "1", "ana", authz.Moderador)
		cases := []struct {
			name, start, end, reason string
			actor                    *authz.Actor
			kind                     errs.Kind
			message                  string
		}{
			{"a player", "05/03/2026", "06/03/2026", "Viaje", player, errs.KindForbidden, "Solo el staff"},
			{"not a date", "mañana", "06/03/2026", "Viaje", moderator("1"), errs.KindInvalid, "DD/MM/AAAA"},
			{"an impossible date", "31/02/2026", "06/03/2026", "Viaje", moderator("1"), errs.KindInvalid, "DD/MM/AAAA"},
			{"start after end", "08/03/2026", "06/03/2026", "Viaje", moderator("1"), errs.KindInvalid, "posterior"},
			{"in the past", "03/03/2026", "06/03/2026", "Viaje", moderator("1"), errs.KindInvalid, "antes de hoy"},
			{"too long", "04/03/2026", "03/04/2026", "Viaje", moderator("1"), errs.KindInvalid, "30 días"},
			{"too far ahead", "2027-03-10", "2027-03-11", "Viaje", moderator("1"), errs.KindInvalid, "próximo año"},
			{"no reason", "05/03/2026", "06/03/2026", "  ", moderator("1"), errs.KindInvalid, "motivo"},
			{"a long reason", "05/03/2026", "06/03/2026", strings.Repeat("x", 501), moderator("1"), errs.KindInvalid, "motivo"},
		}
		for _, c := range cases {
			_, err := k.staff.RequestLeave(ctx, c.actor, c.start, c.end, c.reason)
			e, ok := errs.As(err)
			if !ok || e.Kind != c.kind || !strings.Contains(e.Message, c.message) {
				t.Errorf("%s: %v", c.name, err)
			}
		}
		var n int64
		d.Conn(ctx).Model(&staff.Leave{}).Count(&n)
		if n != 0 {
			t.Fatalf("refused requests left %d leaves", n)
		}
		// Today and 30 days are allowed, in either format.
		lv := got(k.staff.RequestLeave(ctx, moderator("1"), "04/03/2026", "2026-04-02", " Vacaciones ")).must(t)
		if lv.StartsOn != "2026-03-04" || lv.EndsOn != "2026-04-02" || lv.Days != 30 || lv.Status != staff.LeavePending || lv.Reason != "Vacaciones" {
			t.Fatalf("leave %+v", lv)
		}
		_, err := k.staff.RequestLeave(ctx, moderator("1"), "1/4/2026", "5/4/2026", "Otra")
		if e, ok := errs.As(err); !ok || e.Kind != errs.KindConflict || !strings.Contains(e.Message, "pendiente del 04/03/2026 al 02/04/2026") {
			t.Fatalf("an overlapping request: %v", err)
		}
		mine := got(k.staff.MyLeaves(ctx, moderator("1"))).must(t)
		if len(mine) != 1 || mine[0].ID != lv.ID {
			t.Fatalf("my leaves %+v", mine)
		}
		if _, err := k.staff.Leaves(ctx, moderator("1"), ""); errs.KindOf(err) != errs.KindForbidden {
			t.Fatalf("a moderator lists every leave: %v", err)
		}
		if _, err := k.staff.Leaves(ctx, rh, "maybe"); errs.KindOf(err) != errs.KindInvalid {
			t.Fatalf("an unknown status: %v", err)
		}
	})
}

func TestDirectorsDecideALeaveOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newClockedDesk(t, d, time.Date(2026, 3, 4, 10, 0, 0, 0, mexico))
		k.join(t, "1", "ana", authz.Moderador)
		// Twenty copies of one request at once make one leave.
		var wg sync.WaitGroup
		var made atomic.Int32
		for range 20 {
			wg.Go(func() {
				_, err := k.staff.RequestLeave(ctx, moderator("1"), "09/03/2026", "10/03/2026", "Examen")
				if err == nil {
					made.Add(1)
				} else if errs.KindOf(err) != errs.KindConflict {
					t.Error(err)
				}
			})
		}
		wg.Wait()
		pending := got(k.staff.Leaves(ctx, rh, staff.LeavePending)).must(t)
		if made.Load() != 1 || len(pending) != 1 || pending[0].Username != "ana" {
			t.Fatalf("made %d, pending %+v", made.Load(), pending)
		}
		id := pending[0].ID
		if _, err := k.staff.DecideLeave(ctx, moderator("2"), id, "approve"); errs.KindOf(err) != errs.KindForbidden {
			t.Fatalf("a moderator decided: %v", err)
		}
		if _, err := k.staff.DecideLeave(ctx, rh, id, "maybe"); errs.KindOf(err) != errs.KindInvalid {
			t.Fatalf("an unknown decision: %v", err)
		}
		if _, err := k.staff.DecideLeave(ctx, rh, 999, "approve"); errs.KindOf(err) != errs.KindNotFound {
			t.Fatalf("an unknown leave: %v", err)
		}
		var ok, refused atomic.Int32
		for i := range 20 {
			decision := "approve"
			if i%2 == 1 {
				decision = "refuse"
			}
			wg.Go(func() {
				_, err := k.staff.DecideLeave(ctx, rh, id, decision)
				switch {
				case err == nil:
					ok.Add(1)
				case errs.KindOf(err) == errs.KindConflict:
					refused.Add(1)
				default:
					t.Error(err)
				}
			})
		}
		wg.Wait()
		if ok.Load() != 1 || refused.Load() != 19 {
			t.Fatalf("ok %d, refused %d", ok.Load(), refused.Load())
		}
		var entries []audit.Entry
		d.Conn(ctx).Where("action IN ?", []string{staff.ActionLeaveApprove, staff.ActionLeaveRefuse}).Find(&entries)
		var dms []outbox.Event
		d.Conn(ctx).Where("channel_id = ?", "dm:1").Find(&dms)
		if len(entries) != 1 || entries[0].ActorID != "900" || len(dms) != 1 {
			t.Fatalf("audit %+v, DMs %d", entries, len(dms))
		}
		decided := got(k.staff.MyLeaves(ctx, moderator("1"))).must(t)[0]
		verb := map[string]string{staff.LeaveApproved: "aprobada", staff.LeaveRefused: "rechazada"}[decided.Status]
		if verb == "" || decided.DecidedBy != "rh" || decided.DecidedAt == nil || !strings.Contains(dms[0].Payload, "fue "+verb+" por rh") {
			t.Fatalf("decided %+v, DM %s", decided, dms[0].Payload)
		}
	})
}
