package audit_test

import (
	"context"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/internal/testdb"
)

// A page of the log counts the entries that match up to audit.CountCap, says when it
// stopped counting, and pages on past it.
func TestTheLogCountsUpToACap(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		comite := &authz.Actor{DiscordID: "1", Username: "comite", Roles: authz.RoleSet{authz.Comite: true}}
		at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		seed := func(n int, area string) {
			t.Helper()
			// One statement for thousands of entries.
			if err := d.Conn(ctx).Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
				INSERT INTO audit_entries (at, actor_id, actor_name, area, action, entity_type, entity_id, before, after)
				SELECT ?, '1', 'comite', ?, 'create', 'news', '', '', '' FROM n`, n, at, area).Error; err != nil {
				t.Fatal(err)
			}
		}
		list := func(q audit.Query) audit.Page {
			t.Helper()
			page, err := audit.List(ctx, d, time.UTC, comite, q)
			if err != nil {
				t.Fatal(err)
			}
			return page
		}

		seed(audit.CountCap, audit.AreaNews)
		if p := list(audit.Query{}); p.Total != audit.CountCap || p.TotalCapped || len(p.Entries) != 25 {
			t.Fatalf("at the cap: total %d, capped %v, %d entries", p.Total, p.TotalCapped, len(p.Entries))
		}
		seed(1, audit.AreaNews)
		seed(3, audit.AreaTreasury)
		if p := list(audit.Query{}); p.Total != audit.CountCap || !p.TotalCapped {
			t.Fatalf("past the cap: total %d, capped %v", p.Total, p.TotalCapped)
		}
		// A filter under the cap is counted exactly.
		if p := list(audit.Query{Area: audit.AreaTreasury}); p.Total != 3 || p.TotalCapped || len(p.Entries) != 3 {
			t.Fatalf("a narrow filter: total %d, capped %v, %d entries", p.Total, p.TotalCapped, len(p.Entries))
		}
		// The pages past the cap still read: 10,004 entries make 101 pages of 100, the last of 4.
		if p := list(audit.Query{Page: 101, Limit: 100}); len(p.Entries) != 4 || !p.TotalCapped {
			t.Fatalf("the last page: %d entries, capped %v", len(p.Entries), p.TotalCapped)
		}
		if p := list(audit.Query{Page: 102, Limit: 100}); len(p.Entries) != 0 {
			t.Fatalf("past the end: %d entries", len(p.Entries))
		}
	})
}
