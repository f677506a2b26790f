package tickets

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm/clause"

	"zocalo/core/authz"
	"zocalo/core/db"
)

// DayFigures are one community-time day of the support desk: tickets opened and resolved
// that day, the median time to the first staff reply of the tickets opened that day, and the
// median time from opening to resolution of the tickets resolved that day (seconds; nil
// when no ticket had one).
type DayFigures struct {
	Day                        string `json:"day"` // YYYY-MM-DD in the community's zone
	Opened                     int64  `json:"opened"`
	Resolved                   int64  `json:"resolved"`
	MedianFirstResponseSeconds *int64 `json:"medianFirstResponseSeconds"`
	MedianResolutionSeconds    *int64 `json:"medianResolutionSeconds"`
}

// MaxDailyDays bounds how far back the daily figures reach; DefaultDailyDays is their usual span.
const (
	MaxDailyDays     = 180
	DefaultDailyDays = 30
)

// Daily is the support desk's figures for each of the last `days` days, today included,
// every day listed. Days are cut in Go in the community's zone, so both engines agree, and
// counted in SQL.
// Readable by the staff who read the summary.
func (s *Service) Daily(ctx context.Context, actor *authz.Actor, days int) ([]DayFigures, error) {
	if !IsStaff(actor) {
		return nil, errStaffOnly
	}
	if days <= 0 {
		days = DefaultDailyDays
	}
	days = min(days, MaxDailyDays)
	loc := s.s.Location
	if loc == nil {
		loc = time.UTC
	}
	now := s.s.Now().In(loc)
	y, m, d := now.Date()
	// Day i runs from bounds[i] to bounds[i+1], each cut in the community's zone.
	bounds := make([]time.Time, days+1)
	for i := range bounds {
		bounds[i] = time.Date(y, m, d-(days-1-i), 0, 0, 0, 0, loc)
	}
	out := make([]DayFigures, days)
	for i := range out {
		out[i].Day = bounds[i].Format(time.DateOnly)
	}
	cached, err := s.cachedDays(ctx, bounds)
	if err != nil {
		return nil, err
	}
	var missing []int
	for i := range out {
		// A day kept under another zone's cut is not this day.
		if c, ok := cached[bounds[i].UnixNano()]; ok && c.DayEnd.Equal(bounds[i+1]) {
			out[i].Opened, out[i].Resolved = c.Opened, c.Resolved
			out[i].MedianFirstResponseSeconds, out[i].MedianResolutionSeconds = c.MedianFirstResponseSeconds, c.MedianResolutionSeconds
		} else {
			missing = append(missing, i)
		}
	}
	if len(missing) == 0 {
		return out, nil
	}
	if err := s.computeDays(ctx, bounds, missing, out); err != nil {
		return nil, err
	}
	return out, nil
}

// DayCache is a day of the chart already computed, kept until a ticket of that day changes
// (the triggers of migration 00039 forget it) or, at most, for dayCacheLife.
type DayCache struct {
	DayStart                   time.Time `gorm:"primaryKey"`
	DayEnd                     time.Time `gorm:"not null"`
	Opened                     int64     `gorm:"not null"`
	Resolved                   int64     `gorm:"not null"`
	MedianFirstResponseSeconds *int64    `gorm:""`
	MedianResolutionSeconds    *int64    `gorm:""`
	ComputedAt                 time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (DayCache) TableName() string { return "ticket_day_figures" }

// dayCacheLife bounds how long a computed day is trusted: a change committed while its day
// was being computed is forgotten before the row it should have forgotten is written, and
// this is how long the chart can show that day as it was.
const dayCacheLife = time.Hour

// cachedDays are the span's days still kept, by the start of each day (Unix nanoseconds).
func (s *Service) cachedDays(ctx context.Context, bounds []time.Time) (map[int64]DayCache, error) {
	var rows []DayCache
	if err := s.db.Conn(ctx).Where("day_start >= ? AND day_start < ? AND computed_at > ?", bounds[0].UTC(), bounds[len(bounds)-1].UTC(),
		s.s.Now().Add(-dayCacheLife).UTC()).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[int64]DayCache, len(rows))
	for _, r := range rows {
		out[r.DayStart.UnixNano()] = r
	}
	return out, nil
}

// computeDays computes the given days of the span into out and keeps them. Each figure is
// grouped by day in SQL: two bound values per day whatever the number of tickets, and one
// row per day back.
func (s *Service) computeDays(ctx context.Context, bounds []time.Time, days []int, out []DayFigures) error {
	ranges := make([][2]time.Time, len(days))
	for k, i := range days {
		ranges[k] = [2]time.Time{bounds[i], bounds[i+1]}
	}
	opened, err := s.dayMedians(ctx, ranges, "created_at", "first_staff_at")
	if err != nil {
		return err
	}
	resolved, err := s.dayMedians(ctx, ranges, "resolved_at", "resolved_at")
	if err != nil {
		return err
	}
	for _, r := range opened {
		out[days[r.Day]].Opened, out[days[r.Day]].MedianFirstResponseSeconds = r.Tickets, r.Median
	}
	for _, r := range resolved {
		out[days[r.Day]].Resolved, out[days[r.Day]].MedianResolutionSeconds = r.Tickets, r.Median
	}
	now := s.s.Now().UTC()
	rows := make([]DayCache, len(days))
	for k, i := range days {
		f := out[i]
		rows[k] = DayCache{DayStart: bounds[i].UTC(), DayEnd: bounds[i+1].UTC(), Opened: f.Opened, Resolved: f.Resolved,
			MedianFirstResponseSeconds: f.MedianFirstResponseSeconds, MedianResolutionSeconds: f.MedianResolutionSeconds, ComputedAt: now}
	}
	// Two charts computing a day at once write the same figures; the later stays.
	return s.db.Conn(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "day_start"}}, UpdateAll: true}).
		CreateInBatches(&rows, 100).Error
}

// dayFigure is one day's tickets and the median of their durations.
type dayFigure struct {
	Day     int
	Tickets int64
	Median  *int64
}

// dayMedians counts, for each day [days[i][0], days[i][1]), the tickets whose dayColumn
// falls in it, and the median of the whole seconds from their opening to endColumn among
// those that have one. Durations are taken to the millisecond and then cut to the second on
// both engines; an even count takes the mean of the middle two, rounded down.
func (s *Service) dayMedians(ctx context.Context, ranges [][2]time.Time, dayColumn, endColumn string) ([]dayFigure, error) {
	var days strings.Builder
	args := make([]any, 0, 2*len(ranges))
	for i, r := range ranges {
		if i > 0 {
			days.WriteString(", ")
		}
		if s.db.Dialect() == db.Postgres {
			fmt.Fprintf(&days, "(%d, CAST(? AS timestamptz), CAST(? AS timestamptz))", i)
		} else {
			fmt.Fprintf(&days, "(%d, ?, ?)", i)
		}
		args = append(args, r[0].UTC(), r[1].UTC())
	}
	seconds := "CAST(ROUND((julianday(t." + endColumn + ") - julianday(t.created_at)) * 86400000.0) AS INTEGER) / 1000"
	if s.db.Dialect() == db.Postgres {
		seconds = "CAST(ROUND(EXTRACT(EPOCH FROM (t." + endColumn + " - t.created_at)) * 1000) AS bigint) / 1000"
	}
	query := `WITH days (day, day_from, day_to) AS (VALUES ` + days.String() + `),
spans AS (
	SELECT d.day, CASE WHEN t.` + endColumn + ` IS NULL THEN NULL WHEN t.` + endColumn + ` < t.created_at THEN 0 ELSE ` + seconds + ` END AS v
	FROM days d JOIN tickets t ON t.` + dayColumn + ` >= d.day_from AND t.` + dayColumn + ` < d.day_to),
ranked AS (
	SELECT day, v, COUNT(*) OVER (PARTITION BY day) AS tickets, COUNT(v) OVER (PARTITION BY day) AS n,
		ROW_NUMBER() OVER (PARTITION BY day, v IS NULL ORDER BY v) AS k
	FROM spans)
SELECT day, MAX(tickets) AS tickets,
	(MIN(CASE WHEN v IS NOT NULL AND k IN ((n + 1) / 2, n / 2 + 1) THEN v END)
		+ MAX(CASE WHEN v IS NOT NULL AND k IN ((n + 1) / 2, n / 2 + 1) THEN v END)) / 2 AS median
FROM ranked GROUP BY day ORDER BY day`
	var rows []dayFigure
	err := s.db.Conn(ctx).Raw(query, args...).Scan(&rows).Error
	return rows, err
}
