package identifies_test

import (
	"context"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/core/identifies"
	"zocalo/internal/testdb"
)

// Identifies count per token over the last 24 hours; older ones drop out, and are
// forgotten (whatever their token) at the next record.
func TestIdentifiesCountOverTheWindow(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := identifies.NewStore(d)
		key, other := identifies.KeyOf("token"), identifies.KeyOf("another token")
		t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		for _, at := range []time.Time{t0, t0.Add(time.Hour), t0.Add(2 * time.Hour)} {
			if err := s.Record(ctx, key, at); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Record(ctx, other, t0); err != nil {
			t.Fatal(err)
		}
		u, err := s.Since(ctx, key, t0.Add(2*time.Hour))
		if err != nil || u.Count != 3 || !u.Oldest.Equal(t0) {
			t.Fatalf("within the window: %+v %v", u, err)
		}
		if u, err := s.Since(ctx, other, t0.Add(time.Hour)); err != nil || u.Count != 1 {
			t.Fatalf("the other token: %+v %v", u, err)
		}
		u, err = s.Since(ctx, key, t0.Add(24*time.Hour+30*time.Minute))
		if err != nil || u.Count != 2 || !u.Oldest.Equal(t0.Add(time.Hour)) {
			t.Fatalf("after the first left the window: %+v %v", u, err)
		}
		if err := s.Record(ctx, key, t0.Add(26*time.Hour)); err != nil {
			t.Fatal(err)
		}
		var rows int64
		if err := d.Conn(ctx).Model(&identifies.Identify{}).Count(&rows).Error; err != nil || rows != 1 {
			t.Fatalf("%d rows kept, want only the one within the window (%v)", rows, err)
		}
	})
}
