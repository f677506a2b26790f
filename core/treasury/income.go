package treasury

import (
	"cmp"
	"context"
	"slices"
	"time"

	"zocalo/core/authz"
)

// MonthIncome is what one item brought in one month (community time) in one currency, voided
// sales left out. Amount is in the currency's unit: pesos (two decimals) or robux.
type MonthIncome struct {
	Month     string  `json:"month"` // YYYY-MM
	Currency  string  `json:"currency"`
	Item      string  `json:"item"`
	ItemLabel string  `json:"itemLabel"`
	Amount    float64 `json:"amount"`
	Sales     int64   `json:"sales"`
}

// MaxIncomeMonths bounds how far back the income chart reaches; DefaultIncomeMonths is its usual span.
const (
	MaxIncomeMonths     = 36
	DefaultIncomeMonths = 12
)

// Income is the span's months (every one, sales or not) and the income rows.
type Income struct {
	Months []string      `json:"months"`
	Income []MonthIncome `json:"income"`
}

// Income is the income of the last `months` months (this one included) per month, currency
// and item: oldest month first, then currency, then items in catalogue order; a month,
// currency and item without sales has no row. Months are cut in Go in the community's zone,
// so SQLite and PostgreSQL agree. The treasury's readers may read it.
func (s *Service) Income(ctx context.Context, actor *authz.Actor, months int) (Income, error) {
	if !MayRead(actor) {
		return Income{}, errRead
	}
	if months <= 0 {
		months = DefaultIncomeMonths
	}
	months = min(months, MaxIncomeMonths)
	loc := s.set.Location
	if loc == nil {
		loc = time.UTC
	}
	now := s.set.Now().In(loc)
	first := time.Date(now.Year(), now.Month()-time.Month(months-1), 1, 0, 0, 0, 0, loc)
	end := time.Date(now.Year(), now.Month()+1, 1, 0, 0, 0, 0, loc)
	labels := make([]string, months)
	for i := range months {
		labels[i] = first.AddDate(0, i, 0).Format("2006-01")
	}
	var sales []Sale
	if err := s.db.Conn(ctx).Select("item, currency, final_price, created_at").
		Where("voided_at IS NULL AND created_at >= ? AND created_at < ?", first.UTC(), end.UTC()).Order("id").Find(&sales).Error; err != nil {
		return Income{}, err
	}
	type key struct{ month, currency, item string }
	cents := map[key]int64{}
	counts := map[key]int64{}
	for _, sale := range sales {
		k := key{sale.CreatedAt.In(loc).Format("2006-01"), sale.Currency, sale.Item}
		cents[k] += sale.FinalPrice
		counts[k]++
	}
	rows := make([]MonthIncome, 0, len(cents))
	for k, c := range cents {
		rows = append(rows, MonthIncome{Month: k.month, Currency: k.currency, Item: k.item, ItemLabel: s.ItemLabel(k.item),
			Amount: float64(c) / 100, Sales: counts[k]})
	}
	place := make(map[string]int, len(s.set.Catalogue))
	for i, it := range s.set.Catalogue {
		place[it.Key] = i
	}
	order := func(item string) int { // items no longer in the catalogue go last
		if i, ok := place[item]; ok {
			return i
		}
		return len(place)
	}
	slices.SortFunc(rows, func(a, b MonthIncome) int {
		return cmp.Or(cmp.Compare(a.Month, b.Month), cmp.Compare(a.Currency, b.Currency), cmp.Compare(order(a.Item), order(b.Item)),
			cmp.Compare(a.Item, b.Item))
	})
	return Income{Months: labels, Income: rows}, nil
}
