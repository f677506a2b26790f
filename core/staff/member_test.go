package staff_test

import (
	"context"
	"errors"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/staff"
	"zocalo/internal/testdb"
)

// Directors read a staff member's file: hire date, standing, hours and the notes and
// warnings newest first, with who wrote them. Others are refused; a member who is not
// (and never was) staff is not found; a dismissed one keeps their file.
func TestDirectorsReadAStaffMembersRecord(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRoster(d)
		const modID, rhID, aiID, playerID = "560000000000000001", "560000000000000002", "560000000000000003", "560000000000000004"
		r.join(t, modID, "moderadora", authz.Moderador)
		r.join(t, rhID, "rh", authz.RH)
		r.join(t, aiID, "ai", authz.AI)
		r.join(t, playerID, "jugador")
		rh, err := r.members.MemberActor(ctx, rhID)
		if err != nil {
			t.Fatal(err)
		}
		ai, err := r.members.MemberActor(ctx, aiID)
		if err != nil {
			t.Fatal(err)
		}
		mod, err := r.members.MemberActor(ctx, modID)
		if err != nil {
			t.Fatal(err)
		}

		empty, err := r.staff.MemberRecord(ctx, rh, modID)
		if err != nil {
			t.Fatal(err)
		}
		if empty.Username != "moderadora" || !empty.Active || empty.HiredAt == nil || len(empty.Notes) != 0 ||
			len(empty.Warnings) != 0 || !empty.CanSetHired {
			t.Fatalf("new staff member's record = %+v", empty)
		}

		for _, n := range []struct{ kind, text string }{
			{staff.KindNote, "Primera nota"}, {staff.KindWarn, "Primer aviso"}, {staff.KindNote, "Segunda nota"}, {staff.KindWarn, "Segundo aviso"},
		} {
			if err := r.staff.AddNote(ctx, rh, modID, n.kind, n.text); err != nil {
				t.Fatal(err)
			}
		}
		if err := r.staff.SetHired(ctx, rh, modID, "2024-03-05"); err != nil {
			t.Fatal(err)
		}
		if _, err := r.staff.AdjustHours(ctx, rh, modID, 3, 30, "add"); err != nil {
			t.Fatal(err)
		}

		got, err := r.staff.MemberRecord(ctx, ai, modID)
		if err != nil {
			t.Fatal(err)
		}
		if got.CanSetHired {
			t.Error("AI may not correct the hire date, yet the record says so")
		}
		if got.HiredAt == nil || (*got.HiredAt)[:10] != "2024-03-05" {
			t.Errorf("hiredAt = %v, want 2024-03-05", got.HiredAt)
		}
		if got.TotalSeconds != 3*3600+30*60 {
			t.Errorf("totalSeconds = %d", got.TotalSeconds)
		}
		if len(got.Notes) != 2 || got.Notes[0].Text != "Segunda nota" || got.Notes[1].Text != "Primera nota" {
			t.Errorf("notes = %+v, want newest first", got.Notes)
		}
		if len(got.Warnings) != 2 || got.Warnings[0].Text != "Segundo aviso" || got.Warnings[0].Author != "rh" ||
			got.Warnings[0].Kind != staff.KindWarn || got.Warnings[0].CreatedAt == "" {
			t.Errorf("warnings = %+v, want newest first by rh", got.Warnings)
		}

		if _, err := r.staff.MemberRecord(ctx, mod, modID); errs.KindOf(err) != errs.KindForbidden {
			t.Errorf("a moderator read a record: %v", err)
		}
		for _, id := range []string{playerID, "569999999999999999"} {
			if _, err := r.staff.MemberRecord(ctx, rh, id); !isNotStaff(err) {
				t.Errorf("record of %s: %v, want not found", id, err)
			}
		}

		if err := r.staff.Dismiss(ctx, rh, modID, "Inactividad"); err != nil {
			t.Fatal(err)
		}
		gone, err := r.staff.MemberRecord(ctx, rh, modID)
		if err != nil {
			t.Fatal(err)
		}
		if gone.Active || gone.DismissedAt == nil || gone.DismissedBy != "rh" || gone.DismissReason != "Inactividad" || len(gone.Warnings) != 2 {
			t.Errorf("dismissed member's record = %+v", gone)
		}
	})
}

func isNotStaff(err error) bool {
	var e *errs.Error
	return errors.As(err, &e) && e.Kind == errs.KindNotFound && e.Message == "Esa persona no es parte del staff."
}
