package outbox_test

import (
	"context"
	"encoding/json"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

const missingPermissions = "Discord: Missing Permissions (50013)"

// groupAudits are the audit entries of group retries in a lane.
func (r rig) groupAudits(t *testing.T, lane string) []audit.Entry {
	t.Helper()
	var entries []audit.Entry
	if err := r.d.Conn(context.Background()).Where("area = ? AND action = ? AND entity_id = ?", audit.AreaDeliveries,
		outbox.ActionRetryGroup, lane).Order("id").Find(&entries).Error; err != nil {
		t.Fatal(err)
	}
	return entries
}

// verifyLanes seeds n members' verification lanes blocked by reason, the first retry at next.
func (r rig) verifyLanes(t *testing.T, n int, first int64, reason string, next time.Time) {
	t.Helper()
	testenv.SeedLanes(t, r.d, testenv.Lanes{N: n, Prefix: "verify:", FirstMember: first, Kind: "member.verify",
		Status: outbox.StatusBlocked, Reason: reason, Attempts: 3, Next: next, Created: r.clock.Now()})
}

// Blocked deliveries read as groups: a member lane's every member together, a channel
// apart, each cause apart; the largest first, with Discord's words and the soonest retry.
func TestBlockedDeliveriesAreGroupedByLaneAndCause(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(d)
		ctx := context.Background()
		soon := r.clock.Now().Add(3 * time.Minute)
		r.verifyLanes(t, 1000, 600000000000000000, missingPermissions, r.clock.Now().Add(time.Hour))
		r.verifyLanes(t, 1, 600000000000009999, missingPermissions, soon)
		r.verifyLanes(t, 2, 610000000000000000, "Discord: HTTP 403", r.clock.Now().Add(time.Hour))
		r.event(t, "900", "Aviso", outbox.StatusBlocked, "Discord: Missing Access (50001)")
		r.event(t, "901", "Aviso", outbox.StatusBlocked, missingPermissions)
		r.event(t, "902", "Falla", outbox.StatusFailed, "Discord: Invalid Form Body (50035)")

		if _, err := r.store.BlockedGroups(ctx, staff, nil); errs.KindOf(err) != errs.KindForbidden {
			t.Fatalf("a moderator read the groups: %v", err)
		}
		groups, err := r.store.BlockedGroups(ctx, admin, map[string]string{"900": "Noticias"})
		if err != nil {
			t.Fatal(err)
		}
		type row struct {
			lane, name, cause string
			count             int64
		}
		var got []row
		for _, g := range groups {
			got = append(got, row{g.Lane, g.LaneName, g.Cause, g.Count})
		}
		want := []row{
			{"verify", "verificación", "Missing Permissions", 1001},
			{"verify", "verificación", "HTTP 403", 2},
			{"900", "Noticias", "Missing Access", 1},
			{"901", "901", "Missing Permissions", 1},
		}
		if !slices.Equal(got, want) {
			t.Fatalf("groups\n%v\nwant\n%v", got, want)
		}
		if g := groups[0]; g.Reason != missingPermissions || !g.NextAttemptAt.Equal(soon) {
			t.Fatalf("the largest group: reason %q, next attempt %v, want %v", g.Reason, g.NextAttemptAt, soon)
		}

		page, err := r.store.List(ctx, admin, outbox.DeliveryQuery{State: outbox.StatusFailed, ChannelNames: map[string]string{"900": "Noticias"}})
		if err != nil {
			t.Fatal(err)
		}
		if len(page.BlockedGroups) != len(want) || page.BlockedGroups[2].LaneName != "Noticias" {
			t.Fatalf("the list's groups: %+v", page.BlockedGroups)
		}
	})
}

// A group's retry sends every blocked delivery of that lane and cause back at once, its
// waits started again, in one audit entry that names them; nothing else moves, and a
// repeat finds nothing to move. Bad input and a moderator change nothing.
func TestRetryGroupMovesItsGroupOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(d)
		ctx := context.Background()
		r.verifyLanes(t, 1000, 600000000000000000, missingPermissions, r.clock.Now().Add(time.Hour))
		r.verifyLanes(t, 2, 610000000000000000, "Discord: HTTP 403", r.clock.Now().Add(time.Hour))
		channel := r.event(t, "901", "Aviso", outbox.StatusBlocked, missingPermissions)

		for _, c := range []struct {
			name         string
			op           outbox.Operator
			lane, reason string
			kind         errs.Kind
		}{
			{"a moderator", staff, "verify", missingPermissions, errs.KindForbidden},
			{"no lane", admin, "", missingPermissions, errs.KindInvalid},
			{"no reason", admin, "verify", "", errs.KindInvalid},
			{"a lane too long", admin, string(make([]byte, 33)), missingPermissions, errs.KindInvalid},
		} {
			if n, err := r.store.RetryGroup(ctx, c.op, c.lane, c.reason); errs.KindOf(err) != c.kind || n != 0 {
				t.Fatalf("%s: moved %d, %v", c.name, n, err)
			}
		}
		if n := testenv.CountRows(t, d, "outbox_events", "status = ?", outbox.StatusPending); n != 0 {
			t.Fatalf("refused retries moved %d events", n)
		}

		r.clock.Advance(time.Minute)
		n, err := r.store.RetryGroup(ctx, admin, "verify", missingPermissions)
		if err != nil || n != 1000 {
			t.Fatalf("the group's retry moved %d: %v", n, err)
		}
		testenv.ExpectCount(t, "the group, due now and its waits started again",
			testenv.CountRows(t, d, "outbox_events", "channel_id LIKE 'verify:%' AND status = ? AND next_attempt_at = ? AND blocked_attempts = 0 AND attempts = 3",
				outbox.StatusPending, r.clock.Now()), 1000)
		testenv.ExpectCount(t, "the other cause's lanes, still blocked",
			testenv.CountRows(t, d, "outbox_events", "channel_id LIKE 'verify:%' AND status = ? AND last_error = ?", outbox.StatusBlocked, "Discord: HTTP 403"), 2)
		if got := r.status(t, channel.ID); got.Status != outbox.StatusBlocked {
			t.Fatalf("a channel blocked for the same reason moved: %s", got.Status)
		}

		entries := r.groupAudits(t, "verify")
		if len(entries) != 1 || entries[0].ActorID != "700000000000000001" {
			t.Fatalf("%d audit entries for the group: %+v", len(entries), entries)
		}
		var before struct {
			Status, Reason string
			Count          int
			Events         []uint64
		}
		if err := json.Unmarshal([]byte(entries[0].Before), &before); err != nil {
			t.Fatal(err)
		}
		if before.Status != outbox.StatusBlocked || before.Reason != missingPermissions || before.Count != 1000 ||
			len(before.Events) != 1000 || !slices.IsSorted(before.Events) {
			t.Fatalf("the audit's before: %s, %q, %d events (%d listed)", before.Status, before.Reason, before.Count, len(before.Events))
		}

		if n, err := r.store.RetryGroup(ctx, admin, "verify", missingPermissions); err != nil || n != 0 {
			t.Fatalf("a repeat moved %d: %v", n, err)
		}
		if got := outbox.GroupRetriedMessage(0); got != "Ese grupo ya no tiene entregas bloqueadas: se reintentaron o cambiaron mientras tanto." {
			t.Fatalf("a repeat says %q", got)
		}
		if n, err := r.store.RetryGroup(ctx, outbox.CommandLine, "901", missingPermissions); err != nil || n != 1 {
			t.Fatalf("the channel's group moved %d: %v", n, err)
		}
		testenv.ExpectCount(t, "group audits", int64(len(r.groupAudits(t, "verify"))+len(r.groupAudits(t, "901"))), 2)
	})
}

// Twenty retries of one group at once, with retries of everything among them: each event
// moves once, and the group's retry is audited once.
func TestConcurrentGroupRetriesMoveTheGroupOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(d)
		ctx := context.Background()
		r.verifyLanes(t, 300, 600000000000000000, missingPermissions, r.clock.Now().Add(time.Hour))
		var moved, groupMoves atomic.Int64
		testenv.Together(d, 20, func(i int) {
			var n int
			var err error
			if i%5 == 4 {
				n, err = r.store.RetryAll(ctx, admin)
			} else {
				n, err = r.store.RetryGroup(ctx, admin, "verify", missingPermissions)
				if n > 0 {
					groupMoves.Add(1)
				}
			}
			if err != nil {
				t.Errorf("retry %d: %v", i, err)
			}
			moved.Add(int64(n))
		})
		testenv.ExpectCount(t, "events moved", moved.Load(), 300)
		testenv.ExpectCount(t, "pending events", testenv.CountRows(t, d, "outbox_events", "status = ?", outbox.StatusPending), 300)
		testenv.ExpectCount(t, "group audits", int64(len(r.groupAudits(t, "verify"))), groupMoves.Load())
		if groupMoves.Load() > 1 {
			t.Fatalf("%d group retries moved events, want at most one", groupMoves.Load())
		}
	})
}
