package live_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/core/live"
	"zocalo/internal/testdb"
)

// Positions are handed out at commit, in commit order and without gaps, however many
// transactions publish at once and whatever else they do first: a reader that has seen
// position P never later finds an event before P.
func TestPositionsCommitInOrderWithoutGaps(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		pub := live.NewPublisher(d, func() time.Time { return time.Now().UTC() })
		const writers = 40
		stop := make(chan struct{})
		seen := make(chan []int64, 1)
		go func() {
			var cursor int64
			var order []int64
			defer func() { seen <- order }()
			for {
				// Once the writers are done, one more read that starts after their last
				// commit ends the loop when it finds nothing new.
				stopping := false
				select {
				case <-stop:
					stopping = true
				default:
				}
				var evs []live.Event
				if err := d.Conn(ctx).Where("position > ?", cursor).Order("position").Find(&evs).Error; err != nil {
					t.Error(err)
					return
				}
				for _, ev := range evs {
					if ev.Position != cursor+1 {
						t.Errorf("after %d the reader found %d: an earlier position committed later", cursor, ev.Position)
					}
					cursor = ev.Position
					order = append(order, ev.Position)
				}
				if stopping && len(evs) == 0 {
					return
				}
			}
		}()
		var wg sync.WaitGroup
		for i := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				err := d.InTx(ctx, func(ctx context.Context) error {
					if err := pub.Publish(ctx, "test.event", live.AudienceEveryone, "", map[string]int{"i": i}); err != nil {
						return err
					}
					// Work after the publish call still happens before the position is taken.
					time.Sleep(time.Duration(i%5) * time.Millisecond)
					if i%7 == 0 {
						return errors.New("rolled back")
					}
					return nil
				})
				if err != nil && err.Error() != "rolled back" {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		close(stop)
		order := <-seen
		committed := writers - (writers+6)/7
		if len(order) != committed || order[len(order)-1] != int64(committed) {
			t.Fatalf("read %d events ending at %v, want 1..%d", len(order), order[len(order)-1:], committed)
		}
	})
}

// An event exists exactly when its change does: a rolled-back transaction leaves none.
func TestARolledBackChangeAnnouncesNothing(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		pub := live.NewPublisher(d, time.Now)
		_ = d.InTx(ctx, func(ctx context.Context) error {
			if err := pub.Publish(ctx, "test.event", live.AudienceEveryone, "", struct{}{}); err != nil {
				t.Fatal(err)
			}
			return errors.New("refused")
		})
		if err := pub.Publish(ctx, "test.event", live.AudienceEveryone, "", struct{}{}); err != nil {
			t.Fatal(err)
		}
		var evs []live.Event
		if err := d.Conn(ctx).Order("position").Find(&evs).Error; err != nil {
			t.Fatal(err)
		}
		if len(evs) != 1 || evs[0].Position != 1 {
			t.Fatalf("events %+v, want one at position 1", evs)
		}
	})
}
