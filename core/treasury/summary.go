package treasury

import (
	"context"
	"time"

	"zocalo/core/authz"
	"zocalo/core/members"
)

// The treasury panel's figures: read from running counts and a month's sales, never by
// reading every sale or every member.

// Summary is the treasury panel's figures.
type Summary struct {
	TotalSales      int64   `json:"totalSales"`
	MonthIncomeMXN  float64 `json:"monthIncomeMXN"`
	MonthIncomeRbx  int64   `json:"monthIncomeRobux"`
	Members         int     `json:"members"`
	MonthSalesCount int64   `json:"monthSales"`
}

// Tally counts the sales not voided, kept by database triggers in the same transaction as
// every insert, void and deletion of a sale, so the panel's figure reads a few rows instead
// of counting every sale. On PostgreSQL the count is split over 16 rows (a sale counts in the
// one of its id modulo 16), so registrations at once seldom wait on one row lock; SQLite,
// with one writer, keeps one row. Nothing in Go writes it.
type Tally struct {
	Shard int16 `gorm:"primaryKey;autoIncrement:false;not null;default:0"`
	Sales int64 `gorm:"not null;default:0"`
}

// TableName keeps the table's name explicit.
func (Tally) TableName() string { return "sale_tallies" }

// Summary is the panel's figures: sales not voided, this month's income (community time)
// and the member count.
func (s *Service) Summary(ctx context.Context, actor *authz.Actor) (Summary, error) {
	if !MayRead(actor) {
		return Summary{}, errRead
	}
	var out Summary
	if err := s.db.Conn(ctx).Model(&Tally{}).Select("COALESCE(SUM(sales), 0)").Scan(&out.TotalSales).Error; err != nil {
		return out, err
	}
	now := s.set.Now().In(s.set.Location)
	monthStart := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, s.set.Location).UTC()
	var sums []struct {
		Currency string
		Total    int64
		N        int64
	}
	if err := s.db.Conn(ctx).Model(&Sale{}).Select("currency, COALESCE(SUM(final_price), 0) AS total, COUNT(*) AS n").
		Where("voided_at IS NULL AND created_at >= ?", monthStart).Group("currency").Scan(&sums).Error; err != nil {
		return out, err
	}
	for _, r := range sums {
		out.MonthSalesCount += r.N
		if r.Currency == CurrencyMXN {
			out.MonthIncomeMXN = float64(r.Total) / 100
		} else {
			out.MonthIncomeRbx = r.Total / 100
		}
	}
	held, err := members.CountHolding(ctx, s.db, s.roles.IDsOf(authz.Tesoreria, authz.Auditor))
	out.Members = int(held)
	return out, err
}
