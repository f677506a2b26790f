package treasury_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/treasury"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

func TestIncomePerMonthItemAndCurrency(t *testing.T) {
	t.Parallel()
	mexico, err := time.LoadLocation("America/Mexico_City")
	if err != nil {
		t.Fatal(err)
	}
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := testenv.NewClock(time.Date(2026, 11, 20, 12, 0, 0, 0, mexico))
		pesos := 100
		items := []treasury.Item{{Key: "vip", Label: "VIP", MXN: &pesos, Robux: 500}, {Key: "auto", Label: "Auto deportivo", Robux: 1000}}
		s := treasury.NewService(d, nil, nil, authz.RoleIDs(testenv.Roles), treasury.Settings{Catalogue: items, Location: mexico, Now: clock.Now})
		at := func(month time.Month, day, hour int) time.Time {
			return time.Date(2026, month, day, hour, 0, 0, 0, mexico).UTC()
		}
		sale := func(item, currency string, cents int64, when time.Time, voided bool) {
			t.Helper()
			row := treasury.Sale{BuyerDiscordID: "1", Item: item, Currency: currency, OriginalPrice: cents, FinalPrice: cents, SellerID: "2", CreatedAt: when}
			if voided {
				row.VoidedAt, row.VoidedBy, row.VoidReason = &when, "tesoreria", "error"
			}
			if err := d.Conn(ctx).Create(&row).Error; err != nil {
				t.Fatal(err)
			}
		}
		sale("vip", treasury.CurrencyMXN, 10000, at(11, 2, 10), false)
		sale("vip", treasury.CurrencyMXN, 9050, at(11, 15, 10), false) // with a discount
		sale("vip", treasury.CurrencyMXN, 10000, at(11, 16, 10), true) // voided: left out
		sale("auto", treasury.CurrencyRobux, 100000, at(11, 3, 9), false)
		// 31 October 20:00 in Mexico City is already 1 November in UTC: it is October's.
		sale("vip", treasury.CurrencyMXN, 10000, at(10, 31, 20), false)
		sale("auto", treasury.CurrencyRobux, 100000, at(8, 1, 9), false) // before the three months asked for

		got, err := s.Income(ctx, &authz.Actor{DiscordID: "2", Roles: authz.RoleSet{authz.Tesoreria: true}}, 3)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Months, []string{"2026-09", "2026-10", "2026-11"}) {
			t.Fatalf("months %v", got.Months)
		}
		want := []treasury.MonthIncome{
			{Month: "2026-10", Currency: "MXN", Item: "vip", ItemLabel: "VIP", Amount: 100, Sales: 1},
			{Month: "2026-11", Currency: "MXN", Item: "vip", ItemLabel: "VIP", Amount: 190.5, Sales: 2},
			{Month: "2026-11", Currency: "ROBUX", Item: "auto", ItemLabel: "Auto deportivo", Amount: 1000, Sales: 1},
		}
		if !slices.Equal(got.Income, want) {
			t.Fatalf("income %+v", got.Income)
		}
		if _, err := s.Income(ctx, &authz.Actor{DiscordID: "3", Roles: authz.RoleSet{authz.Moderador: true}}, 3); errs.KindOf(err) != errs.KindForbidden {
			t.Fatalf("a moderator read the income: %v", err)
		}
	})
}
