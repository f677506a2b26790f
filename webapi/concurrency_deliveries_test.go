package webapi

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"zocalo/core/outbox"
	"zocalo/internal/testenv"
)

// stuckDelivery queues a message and puts it in status, as the relay leaves it when
// Discord refuses it.
func (r *raceEnv) stuckDelivery(t *testing.T, status string) uint64 {
	t.Helper()
	ev, err := r.app.Outbox.Enqueue(t.Context(), outbox.KindChannelMessage, "race-"+r.id(),
		outbox.ChannelMessage{Embeds: []outbox.Embed{{Title: "Carrera"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.d.Conn(t.Context()).Model(&outbox.Event{}).Where("id = ?", ev.ID).
		Updates(map[string]any{"status": status, "last_error": "Discord: Missing Permissions (50013)", "attempts": 1}).Error; err != nil {
		t.Fatal(err)
	}
	return ev.ID
}

// blockedGroup seeds n members' verification lanes blocked for a reason of this row's own,
// so the group is the row's alone in the shared database; it returns the reason.
func (r *raceEnv) blockedGroup(t *testing.T, n int) string {
	t.Helper()
	reason := "Discord: Missing Permissions " + r.id() + " (50013)"
	now := time.Now().UTC()
	testenv.SeedLanes(t, r.d, testenv.Lanes{N: n, Prefix: "verify:", FirstMember: 620000000000000000 + int64(r.next.Add(1000)),
		Kind: "member.verify", Status: outbox.StatusBlocked, Reason: reason, Attempts: 1, Next: now.Add(time.Hour), Created: now})
	return reason
}

// deliveryStatus is an event's status now.
func (r *raceEnv) deliveryStatus(t *testing.T, id uint64) string {
	t.Helper()
	ev, err := r.app.Outbox.Get(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return ev.Status
}

// operators alternate the ADMIN group's personas.
func operators(i int) string { return []string{"rh", "comite", "oficina"}[i%3] }

var _ = addRaceRows(
	raceRow{name: "retrying one blocked delivery", routes: []string{"POST /api/admin/deliveries/:id/retry"}, run: func(t *testing.T, r *raceEnv) {
		id := r.stuckDelivery(t, outbox.StatusBlocked)
		var reqs []request
		for i := range raceN {
			reqs = append(reqs, request{method: "POST", path: fmt.Sprintf("/api/admin/deliveries/%d/retry", id), token: r.tokens[operators(i)],
				body: map[string]string{"expectedStatus": outbox.StatusBlocked}})
		}
		// A repeat of a retry finds the delivery already due: it answers as the first did.
		expectAll(t, r.race(t, reqs...), 200)
		expectCount(t, "retry audits", r.audits(t, outbox.ActionRetry, id), 1)
		if got := r.deliveryStatus(t, id); got != outbox.StatusPending {
			t.Errorf("the delivery is %s, want pending", got)
		}
	}},
	raceRow{name: "discarding one delivery", routes: []string{"POST /api/admin/deliveries/:id/discard"}, run: func(t *testing.T, r *raceEnv) {
		id := r.stuckDelivery(t, outbox.StatusFailed)
		var reqs []request
		for i := range raceN {
			reqs = append(reqs, request{method: "POST", path: fmt.Sprintf("/api/admin/deliveries/%d/discard", id), token: r.tokens[operators(i)]})
		}
		expectAll(t, r.race(t, reqs...), 200)
		expectCount(t, "discard audits", r.audits(t, outbox.ActionDiscard, id), 1)
		if got := r.deliveryStatus(t, id); got != outbox.StatusDiscarded {
			t.Errorf("the delivery is %s, want discarded", got)
		}
	}},
	raceRow{name: "retries racing discards of one delivery", routes: []string{"POST /api/admin/deliveries/:id/retry", "POST /api/admin/deliveries/:id/discard"},
		run: func(t *testing.T, r *raceEnv) {
			id := r.stuckDelivery(t, outbox.StatusBlocked)
			var reqs []request
			for i := range raceN {
				act := []string{"retry", "discard"}[i%2]
				reqs = append(reqs, request{method: "POST", path: fmt.Sprintf("/api/admin/deliveries/%d/%s", id, act), token: r.tokens[operators(i)],
					body: map[string]string{"expectedStatus": outbox.StatusBlocked}})
			}
			answers := r.race(t, reqs...)
			// One act wins; its repeats answer 200 and the other act is told the delivery moved on.
			retries, discards := r.audits(t, outbox.ActionRetry, id), r.audits(t, outbox.ActionDiscard, id)
			if retries+discards != 1 {
				t.Fatalf("%d retries and %d discards recorded, want one act", retries, discards)
			}
			winner, final := 0, outbox.StatusPending
			if discards == 1 {
				winner, final = 1, outbox.StatusDiscarded
			}
			for i, a := range answers {
				switch {
				case i%2 == winner && a.status != 200:
					t.Errorf("a repeat of the winning act answered %d %s", a.status, a.body)
				case i%2 != winner && a.status != 409:
					t.Errorf("the losing act answered %d %s, want 409", a.status, a.body)
				}
			}
			if got := r.deliveryStatus(t, id); got != final {
				t.Errorf("the delivery is %s, want %s", got, final)
			}
		}},
	raceRow{name: "retrying every delivery at once", routes: []string{"POST /api/admin/deliveries/retry-all"}, run: func(t *testing.T, r *raceEnv) {
		before := r.count(t, "outbox_events", "status IN ?", []string{outbox.StatusBlocked, outbox.StatusFailed})
		ids := []uint64{r.stuckDelivery(t, outbox.StatusBlocked), r.stuckDelivery(t, outbox.StatusFailed), r.stuckDelivery(t, outbox.StatusBlocked)}
		var reqs []request
		for i := range raceN {
			reqs = append(reqs, request{method: "POST", path: "/api/admin/deliveries/retry-all", token: r.tokens[operators(i)]})
		}
		answers := r.race(t, reqs...)
		expectAll(t, answers, 200)
		var moved int64
		for _, a := range answers {
			var got struct{ Retried int64 }
			if err := json.Unmarshal(a.body, &got); err != nil {
				t.Fatalf("%s: %v", a.body, err)
			}
			moved += got.Retried
		}
		expectCount(t, "deliveries sent back", moved, before+int64(len(ids)))
		for _, id := range ids {
			expectCount(t, fmt.Sprintf("retry audits of %d", id), r.audits(t, outbox.ActionRetryAll, id), 1)
			if got := r.deliveryStatus(t, id); got != outbox.StatusPending {
				t.Errorf("delivery %d is %s, want pending", id, got)
			}
		}
	}},
)

var _ = addRaceRows(
	raceRow{name: "retrying one group of blocked deliveries", routes: []string{"POST /api/admin/deliveries/retry-group", "POST /api/admin/deliveries/retry-all"},
		run: func(t *testing.T, r *raceEnv) {
			const lanes = 200
			reason := r.blockedGroup(t, lanes)
			var reqs []request
			for i := range raceN {
				if i%5 == 4 {
					// Retries of everything among them take their turn too.
					reqs = append(reqs, request{method: "POST", path: "/api/admin/deliveries/retry-all", token: r.tokens[operators(i)]})
					continue
				}
				reqs = append(reqs, request{method: "POST", path: "/api/admin/deliveries/retry-group", token: r.tokens[operators(i)],
					body: map[string]string{"lane": "verify", "reason": reason}})
			}
			answers := r.race(t, reqs...)
			expectAll(t, answers, 200)
			var moved, groupWins int64
			for i, a := range answers {
				var got struct{ Retried int64 }
				if err := json.Unmarshal(a.body, &got); err != nil {
					t.Fatalf("%s: %v", a.body, err)
				}
				if i%5 != 4 {
					moved += got.Retried
					if got.Retried > 0 {
						groupWins++
					}
				}
			}
			// The group goes back once: by one group retry (one audit entry for all), or by
			// a retry of everything that came first (one entry per delivery, none for the group).
			group := r.audits(t, outbox.ActionRetryGroup, "verify")
			if groupWins > 1 || moved != lanes*groupWins || group != groupWins {
				t.Fatalf("%d group retries moved %d deliveries with %d audit entries", groupWins, moved, group)
			}
			expectCount(t, "the group's deliveries sent back",
				r.count(t, "outbox_events", "last_error = ? AND status = ?", reason, outbox.StatusPending), lanes)
		}},
)
