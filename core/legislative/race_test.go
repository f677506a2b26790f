package legislative_test

import (
	"context"
	"encoding/json"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/legislative"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// replica is another instance of the service over the same database, with its own clock.
func (r rig) replica(at time.Time) *legislative.Service {
	clock := testenv.NewClock(at)
	return legislative.NewService(r.d, outbox.NewStore(r.d, clock.Now), legislative.Settings{Channel: channel,
		Quorum: map[string]int64{legislative.BodySCJN: 0, legislative.BodyCongreso: 0}, Now: clock.Now})
}

// results are the announced results of an initiative.
func results(t *testing.T, d *db.DB, id uint64) []outbox.ChannelMessage {
	t.Helper()
	var events []outbox.Event
	if err := d.Conn(context.Background()).Where("kind = ? AND payload LIKE ?", outbox.KindChannelMessage,
		fmt.Sprintf("%%/legislative/initiatives/%d\"%%Resultado%%", id)).Find(&events).Error; err != nil {
		t.Fatal(err)
	}
	out := make([]outbox.ChannelMessage, len(events))
	for i, e := range events {
		if err := json.Unmarshal([]byte(e.Payload), &out[i]); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func field(m outbox.ChannelMessage, name string) string {
	for _, f := range m.Embeds[0].Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

func TestTwoReplicasCloseOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		end := r.clock.Now().Add(time.Hour)
		ids := []uint64{r.open(t, legislative.BodySCJN, &end), r.open(t, legislative.BodyCongreso, &end)}
		if _, err := r.svc.Vote(ctx, ministro, ids[0], legislative.VoteInFavor); err != nil {
			t.Fatal(err)
		}
		later := end.Add(time.Second)
		replicas := []*legislative.Service{r.replica(later), r.replica(later)}
		var closed atomic.Int64
		testenv.Together(d, len(replicas), func(i int) {
			n, err := replicas[i].CloseDue(ctx)
			if err != nil {
				t.Errorf("replica %d: %v", i, err)
			}
			closed.Add(int64(n))
		})
		if closed.Load() != int64(len(ids)) {
			t.Errorf("%d closings for %d initiatives", closed.Load(), len(ids))
		}
		for _, id := range ids {
			if got := results(t, d, id); len(got) != 1 {
				t.Errorf("initiative %d: %d results announced", id, len(got))
			}
		}
	})
}

// Votes cast just before the end race the closing run just after it: each is counted in
// the announced result or refused because the vote closed.
func TestVotesRacingTheCloseAreCountedOrRefused(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		end := r.clock.Now().Add(time.Hour)
		id := r.open(t, legislative.BodyCongreso, &end)
		voter := r.replica(end.Add(-time.Second))
		closer := r.replica(end.Add(time.Second))
		const voters = 20
		var taken atomic.Int64
		testenv.Together(d, voters+1, func(i int) {
			if i == voters {
				if _, err := closer.CloseDue(ctx); err != nil {
					t.Errorf("closing: %v", err)
				}
				return
			}
			_, err := voter.Vote(ctx, actor(fmt.Sprint(9000+i), authz.Diputado), id, legislative.VoteInFavor)
			switch {
			case err == nil:
				taken.Add(1)
			case kindOf(err) != errs.KindConflict:
				t.Errorf("a vote: %v", err)
			}
		})
		var stored int64
		d.Conn(ctx).Model(&legislative.Vote{}).Where("initiative_id = ?", id).Count(&stored)
		announced := results(t, d, id)
		if len(announced) != 1 {
			t.Fatalf("%d results announced", len(announced))
		}
		if got := field(announced[0], "A favor"); stored != taken.Load() || got != fmt.Sprint(stored) {
			t.Errorf("%d votes taken, %d stored, %s announced", taken.Load(), stored, got)
		}
	})
}
