package bot

import (
	"context"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/staff"
)

var _ = addBotRaceRows(botRaceRow{
	name:   "past shifts folded into running totals, run 20 times at once: each member's time added once",
	covers: []string{"job fold-staff-time"},
	run: func(t *testing.T, e *botRace) {
		ctx := context.Background()
		mod := e.member(t, authz.Moderador)
		e.lastWeeksShift(t, mod)
		e.runJob(t, "fold-staff-time", botRaceN)
		var fold staff.Fold
		if err := e.d.Conn(ctx).Where("member_id = ?", mod).Take(&fold).Error; err != nil {
			t.Fatal(err)
		}
		totals, err := e.app.Shifts.TotalsFor(ctx, []string{mod})
		if err != nil {
			t.Fatal(err)
		}
		if fold.WorkedSeconds != 7200 || totals[mod].TotalSeconds != 7200 {
			t.Errorf("folded %d s, total %d s, want 2 h each", fold.WorkedSeconds, totals[mod].TotalSeconds)
		}
	},
})
