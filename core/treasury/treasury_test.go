package treasury_test

import (
	"testing"

	"zocalo/core/errs"
	"zocalo/core/treasury"
	"zocalo/internal/config"
)

// The prices of spec §9, as the configuration ships them.
func catalogue(t *testing.T) []treasury.Item {
	t.Helper()
	cfg, err := config.Load("", func(string) string { return "" })
	if err != nil {
		// Outside demo mode the defaults need secrets; the demo overlay has none of them.
		cfg, err = config.Load("", func(k string) string {
			if k == "ZOCALO_DEMO" {
				return "true"
			}
			return ""
		})
	}
	if err != nil {
		t.Fatal(err)
	}
	return cfg.CoreSettings("", nil).Catalogue
}

func TestPricesForEveryItemAndDiscount(t *testing.T) {
	t.Parallel()
	items := catalogue(t)
	if len(items) != 28 {
		t.Fatalf("the catalogue has %d items, the spec lists 28", len(items))
	}
	s := treasury.NewService(nil, nil, nil, nil, treasury.Settings{Catalogue: items})
	for _, it := range items {
		for _, discount := range []float64{-5, 0, 37.5, 100, 150} {
			currency, original, final, bp, err := s.Price(it.Key, discount)
			if err != nil {
				t.Fatalf("%s at %v: %v", it.Key, discount, err)
			}
			clamped := min(max(discount, 0), 100)
			if bp != int64(clamped*100) {
				t.Errorf("%s at %v: discount %d bp", it.Key, discount, bp)
			}
			var base int64
			if it.MXN != nil {
				base = int64(*it.MXN) * 100
				if currency != treasury.CurrencyMXN {
					t.Errorf("%s: currency %s", it.Key, currency)
				}
			} else {
				base = int64(it.Robux) * 100
				if currency != treasury.CurrencyRobux {
					t.Errorf("%s: currency %s", it.Key, currency)
				}
			}
			if original != base {
				t.Errorf("%s: original %d, want %d", it.Key, original, base)
			}
			// Exact expectation in hundredths, rounding half up (whole robux for robux).
			want := map[float64]int64{0: base, 100: 0}[clamped]
			if clamped == 37.5 {
				want = (base*625 + 500) / 1000
				if currency == treasury.CurrencyRobux {
					want = (base*625/1000 + 50) / 100 * 100
				}
			}
			if final != want {
				t.Errorf("%s at %v: final %d, want %d", it.Key, discount, final, want)
			}
		}
	}
	if _, o, f, _, _ := s.Price("PAQUETE1_LEGAL", 37.5); o != 8000 || f != 5000 {
		t.Fatalf("80 MXN at 37.5 %%: %d → %d", o, f)
	}
	if c, o, f, _, _ := s.Price("PASE", 20); c != treasury.CurrencyRobux || o != 55000 || f != 44000 {
		t.Fatalf("the pass at 20 %%: %s %d → %d", c, o, f)
	}
	if _, _, _, _, err := s.Price("COCHE_VOLADOR", 0); err == nil {
		t.Fatal("an unknown item has a price")
	} else if e, _ := errs.As(err); e == nil || e.Kind != errs.KindInvalid {
		t.Fatalf("unknown item: %v", err)
	}
}

func TestMoneyAndPercent(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ got, want string }{
		{treasury.Money(treasury.CurrencyMXN, 123450), "$1,234.50 MXN"},
		{treasury.Money(treasury.CurrencyMXN, 5000), "$50.00 MXN"},
		{treasury.Money(treasury.CurrencyRobux, 1500000), "15,000 robux"},
		{treasury.Percent(3750), "37.5 %"},
		{treasury.Percent(2000), "20 %"},
		{treasury.Percent(0), "0 %"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
