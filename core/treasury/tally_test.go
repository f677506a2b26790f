package treasury_test

import (
	"context"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/members"
	"zocalo/core/treasury"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
	"zocalo/migrations"
)

// The panel's count of sales not voided is kept by the database (sale_tallies): it must be
// the real count after registrations (20 at once), voids, un-voids, deletions and rows
// written outside the service, and the migration must count the sales that came before it.
func TestSaleTallyIsTheRealCount(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := testenv.NewClock(time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC))
		roles := authz.RoleIDs(testenv.Roles)
		pesos := 100
		s := treasury.NewService(d, nil, members.NewService(d, roles, clock.Now), roles,
			treasury.Settings{Catalogue: []treasury.Item{{Key: "vip", Label: "VIP", MXN: &pesos, Robux: 500}}, Now: clock.Now})
		tesoreria := &authz.Actor{DiscordID: "610000000000000001", Username: "tesoreria", Roles: authz.RoleSet{authz.Tesoreria: true}}

		// Buyers in the guild, and three treasury members (one holding both roles, one gone).
		for i := range 20 {
			id := fmt.Sprintf("6200000000000000%02d", i)
			if err := d.Conn(ctx).Create(&members.Member{DiscordID: id, Username: "comprador" + id, InGuild: true,
				CreatedAt: clock.Now(), UpdatedAt: clock.Now()}).Error; err != nil {
				t.Fatal(err)
			}
		}
		for i, held := range [][]authz.Role{{authz.Tesoreria}, {authz.Tesoreria, authz.Auditor}, {authz.Auditor}} {
			id := fmt.Sprintf("63000000000000000%d", i)
			if err := d.Conn(ctx).Create(&members.Member{DiscordID: id, Username: "tesorero", InGuild: i < 2,
				CreatedAt: clock.Now(), UpdatedAt: clock.Now()}).Error; err != nil {
				t.Fatal(err)
			}
			for _, r := range held {
				if err := d.Conn(ctx).Omit("Member").Create(&members.MemberRole{MemberID: id, RoleID: testenv.Roles[r]}).Error; err != nil {
					t.Fatal(err)
				}
			}
		}

		check := func(step string) {
			t.Helper()
			var real, kept int64
			if err := d.Conn(ctx).Model(&treasury.Sale{}).Where("voided_at IS NULL").Count(&real).Error; err != nil {
				t.Fatal(err)
			}
			if err := d.Conn(ctx).Model(&treasury.Tally{}).Select("COALESCE(SUM(sales), 0)").Scan(&kept).Error; err != nil {
				t.Fatal(err)
			}
			sum, err := s.Summary(ctx, tesoreria)
			if err != nil {
				t.Fatal(err)
			}
			if kept != real || sum.TotalSales != real {
				t.Fatalf("%s: %d sales not voided, the tally says %d, the summary %d", step, real, kept, sum.TotalSales)
			}
			list, err := s.Members(ctx, tesoreria)
			if err != nil {
				t.Fatal(err)
			}
			if sum.Members != len(list) || sum.Members != 2 {
				t.Fatalf("%s: the summary counts %d members, the list has %d", step, sum.Members, len(list))
			}
		}
		check("empty")

		// Twenty registrations at once.
		var wg sync.WaitGroup
		start := make(chan struct{})
		failures := make(chan error, 20)
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, err := s.Register(ctx, tesoreria, treasury.Input{BuyerDiscordID: fmt.Sprintf("6200000000000000%02d", i), Item: "vip"})
				failures <- err
			}()
		}
		close(start)
		wg.Wait()
		close(failures)
		for err := range failures {
			if err != nil {
				t.Fatal(err)
			}
		}
		check("20 registrations at once")

		var ids []uint64
		if err := d.Conn(ctx).Model(&treasury.Sale{}).Order("id").Pluck("id", &ids).Error; err != nil || len(ids) != 20 {
			t.Fatalf("%d sales (%v)", len(ids), err)
		}
		// Five voids of one sale at once: one wins, the count drops by one.
		var voids sync.WaitGroup
		var won atomic.Int32
		for range 5 {
			voids.Add(1)
			go func() {
				defer voids.Done()
				_, err := s.Void(ctx, tesoreria, ids[0], "duplicada")
				if err == nil {
					won.Add(1)
				} else if errs.KindOf(err) != errs.KindConflict {
					t.Error(err)
				}
			}()
		}
		voids.Wait()
		if won.Load() != 1 {
			t.Fatalf("%d voids of one sale won", won.Load())
		}
		check("five voids of one sale")

		// Many changes, some outside the service: inserts live and voided, voids, un-voids,
		// deletions of live and voided sales, a deletion of many at once.
		rng := rand.New(rand.NewPCG(7, 38))
		at := clock.Now()
		for step := range 200 {
			switch op := rng.IntN(6); op {
			case 0:
				if _, err := s.Register(ctx, tesoreria, treasury.Input{BuyerDiscordID: fmt.Sprintf("6200000000000000%02d", rng.IntN(20)), Item: "vip"}); err != nil {
					t.Fatal(err)
				}
			case 1:
				row := treasury.Sale{BuyerDiscordID: "1", Item: "vip", Currency: treasury.CurrencyMXN, OriginalPrice: 100, FinalPrice: 100, SellerID: "2", CreatedAt: at}
				if rng.IntN(2) == 0 {
					row.VoidedAt, row.VoidedBy = &at, "tesoreria"
				}
				if err := d.Conn(ctx).Create(&row).Error; err != nil {
					t.Fatal(err)
				}
			case 2:
				var live []uint64
				if err := d.Conn(ctx).Model(&treasury.Sale{}).Where("voided_at IS NULL").Order("id").Limit(1).Pluck("id", &live).Error; err != nil {
					t.Fatal(err)
				}
				for _, id := range live {
					if _, err := s.Void(ctx, tesoreria, id, "error"); err != nil {
						t.Fatal(err)
					}
				}
			case 3:
				if err := d.Conn(ctx).Model(&treasury.Sale{}).Where("id IN (?)",
					d.Conn(ctx).Model(&treasury.Sale{}).Select("id").Where("voided_at IS NOT NULL").Order("id DESC").Limit(1)).
					Update("voided_at", nil).Error; err != nil {
					t.Fatal(err)
				}
			case 4:
				if err := d.Conn(ctx).Where("id IN (?)", d.Conn(ctx).Model(&treasury.Sale{}).Select("id").Order("id").Limit(1+rng.IntN(2))).
					Delete(&treasury.Sale{}).Error; err != nil {
					t.Fatal(err)
				}
			case 5:
				// A change of other columns leaves the count as it was.
				if err := d.Conn(ctx).Model(&treasury.Sale{}).Where("id % 3 = ?", rng.IntN(3)).Update("void_reason", "nota").Error; err != nil {
					t.Fatal(err)
				}
			}
			if step%20 == 19 {
				check(fmt.Sprintf("after %d changes", step+1))
			}
		}
		if err := d.Conn(ctx).Where("voided_at IS NULL AND id % 2 = 0").Delete(&treasury.Sale{}).Error; err != nil {
			t.Fatal(err)
		}
		check("a deletion of many")

		// The migration counts what was there before it: taken back, sales added meanwhile, applied again.
		p := migrationsOf(t, d)
		if _, err := p.DownTo(ctx, 37); err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if err := d.Conn(ctx).Create(&treasury.Sale{BuyerDiscordID: "1", Item: "vip", Currency: treasury.CurrencyMXN,
				OriginalPrice: 100, FinalPrice: 100, SellerID: "2", CreatedAt: at}).Error; err != nil {
				t.Fatal(err)
			}
		}
		if _, err := p.Up(ctx); err != nil {
			t.Fatal(err)
		}
		check("migrated with sales already there")
	})
}

// migrationsOf is a goose provider of the migrations of d's engine.
func migrationsOf(t *testing.T, d *db.DB) *goose.Provider {
	t.Helper()
	sqlDB, err := d.SQL()
	if err != nil {
		t.Fatal(err)
	}
	dir, dialect := "sqlite", goose.DialectSQLite3
	if d.Dialect() == db.Postgres {
		dir, dialect = "postgres", goose.DialectPostgres
	}
	fsys, err := fs.Sub(migrations.FS, dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(dialect, sqlDB, fsys)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
