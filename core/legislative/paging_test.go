package legislative_test

import (
	"context"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/legislative"
	"zocalo/internal/testdb"
)

// A body's initiatives come a page at a time, newest first: the pages put together are the
// whole list once each, ties of creation time included, with the caller's votes on every page.
func TestInitiativesComeAPageAtATime(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 3)
		base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		for i := range 25 {
			// Pairs share a creation time, so the order must break ties by id.
			at := base.Add(time.Duration(i/2) * time.Minute)
			in := legislative.Initiative{Body: legislative.BodySCJN, Title: "Iniciativa", Summary: "Resumen",
				Status: legislative.StatusVoting, VotingEnabled: true, CreatedBy: "1", CreatedAt: at, UpdatedAt: at}
			if err := d.Conn(ctx).Create(&in).Error; err != nil {
				t.Fatal(err)
			}
			if i%5 == 0 {
				if err := d.Conn(ctx).Omit("Initiative").Create(&legislative.Vote{InitiativeID: in.ID, MemberID: ministro.DiscordID,
					Choice: legislative.VoteAgainst, CreatedAt: at}).Error; err != nil {
					t.Fatal(err)
				}
			}
		}
		other := legislative.Initiative{Body: legislative.BodyCongreso, Title: "Otra", Summary: "Resumen", CreatedBy: "1",
			CreatedAt: base, UpdatedAt: base}
		if err := d.Conn(ctx).Create(&other).Error; err != nil {
			t.Fatal(err)
		}
		var want []uint64
		if err := d.Conn(ctx).Model(&legislative.Initiative{}).Where("body = ?", legislative.BodySCJN).
			Order("created_at DESC, id DESC").Pluck("id", &want).Error; err != nil {
			t.Fatal(err)
		}

		var got []uint64
		var sizes []int
		voted := 0
		var before uint64
		for range 5 {
			page, err := r.svc.Initiatives(ctx, ministro, legislative.InitiativesQuery{Body: legislative.BodySCJN, Limit: 10, Before: before})
			if err != nil {
				t.Fatal(err)
			}
			sizes = append(sizes, len(page))
			for _, v := range page {
				got = append(got, v.ID)
				if v.UserVoted {
					voted++
				}
			}
			if len(page) < 10 {
				break
			}
			before = page[len(page)-1].ID
		}
		if len(sizes) != 3 || sizes[0] != 10 || sizes[1] != 10 || sizes[2] != 5 {
			t.Fatalf("pages of %v", sizes)
		}
		if len(got) != len(want) {
			t.Fatalf("%d initiatives over the pages, %d in the body", len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("position %d: %d, want %d (%v)", i, got[i], want[i], got)
			}
		}
		if voted != 5 {
			t.Fatalf("the caller's votes on %d initiatives, want 5", voted)
		}

		first, err := r.svc.Initiatives(ctx, ministro, legislative.InitiativesQuery{Body: legislative.BodySCJN})
		if err != nil || len(first) != legislative.DefaultInitiativesPage {
			t.Fatalf("a page without a limit holds %d (%v)", len(first), err)
		}
		for name, q := range map[string]legislative.InitiativesQuery{
			"a limit past the most":      {Body: legislative.BodySCJN, Limit: legislative.MaxInitiativesPage + 1},
			"a negative limit":           {Body: legislative.BodySCJN, Limit: -1},
			"a cursor that is not there": {Body: legislative.BodySCJN, Before: 999999},
			"a cursor of the other body": {Body: legislative.BodySCJN, Before: other.ID},
		} {
			_, err := r.svc.Initiatives(ctx, ministro, q)
			if e, ok := errs.As(err); !ok || e.Kind != errs.KindInvalid || e.Message != "Página o límite no válidos." {
				t.Errorf("%s: %v", name, err)
			}
		}
	})
}

// The Diario Oficial counts the laws that match up to a cap, and says when it stopped.
func TestTheDiarioOficialCountsUpToACap(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 3)
		at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		seed := func(n int) {
			t.Helper()
			// One statement for thousands of rows.
			if err := d.Conn(ctx).Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
				INSERT INTO initiatives (body, title, summary, status, voting_enabled, created_by, created_by_name, created_at, updated_at)
				SELECT 'SCJN', 'Ley', 'Texto', 'approved', false, '1', 'admin', ?, ? FROM n`, n, at, at).Error; err != nil {
				t.Fatal(err)
			}
		}
		seed(legislative.GazetteCountCap)
		page, err := r.svc.Gazette(ctx, legislative.GazetteQuery{})
		if err != nil || page.Total != legislative.GazetteCountCap || page.TotalCapped {
			t.Fatalf("at the cap: %d, capped %v (%v)", page.Total, page.TotalCapped, err)
		}
		seed(1)
		page, err = r.svc.Gazette(ctx, legislative.GazetteQuery{Search: "ley"})
		if err != nil || page.Total != legislative.GazetteCountCap || !page.TotalCapped || len(page.Laws) != 20 {
			t.Fatalf("past the cap: %d, capped %v, %d laws (%v)", page.Total, page.TotalCapped, len(page.Laws), err)
		}
		// Pages past the cap still read.
		page, err = r.svc.Gazette(ctx, legislative.GazetteQuery{Page: 501, Limit: 20})
		if err != nil || len(page.Laws) != 1 || !page.TotalCapped {
			t.Fatalf("the last page: %d laws, capped %v (%v)", len(page.Laws), page.TotalCapped, err)
		}
	})
}
