package db_test

import (
	"context"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/internal/testdb"
)

// Times compare as instants on both engines, whatever zone they were written or bound in:
// Sunday 21:00 in Mexico City (03:00 UTC on Monday) falls before the week that starts on
// Monday 00:00 there, read by a plain connection and inside a transaction alike.
func TestTimesCompareAsInstantsWhateverTheirZone(t *testing.T) {
	t.Parallel()
	mexico := time.FixedZone("CST", -6*3600)
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		type moment struct {
			ID uint64 `gorm:"primaryKey"`
			At time.Time
		}
		if err := d.Conn(ctx).Table("moments").AutoMigrate(&moment{}); err != nil {
			t.Fatal(err)
		}
		sunday := time.Date(2026, 3, 9, 3, 0, 0, 0, time.UTC)
		monday := time.Date(2026, 3, 9, 1, 0, 0, 0, mexico)
		if err := d.Conn(ctx).Table("moments").Create(&[]moment{{At: sunday}, {At: monday}}).Error; err != nil {
			t.Fatal(err)
		}
		week := time.Date(2026, 3, 9, 0, 0, 0, 0, mexico)
		count := func(ctx context.Context) int64 {
			var n int64
			if err := d.Conn(ctx).Table("moments").Where("at >= ?", week).Count(&n).Error; err != nil {
				t.Fatal(err)
			}
			return n
		}
		if n := count(ctx); n != 1 {
			t.Fatalf("%d moments from Monday, want 1", n)
		}
		if err := d.InTx(ctx, func(ctx context.Context) error {
			if n := count(ctx); n != 1 {
				t.Errorf("in a transaction: %d moments from Monday, want 1", n)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		// Written in two zones, the two columns' order is the instants' order.
		var later int64
		if err := d.Conn(ctx).Raw("SELECT COUNT(*) FROM moments a JOIN moments b ON a.at > b.at WHERE a.id = 2").Scan(&later).Error; err != nil {
			t.Fatal(err)
		}
		if later != 1 {
			t.Fatalf("Monday 01:00 is later than Sunday 21:00 by %d rows, want 1", later)
		}
	})
}
