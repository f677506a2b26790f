package tickets

import (
	"context"
	"fmt"
	"strings"
	"time"

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
	// Each figure is grouped by day in SQL over the span's days: a few hundred bound
	// parameters whatever the number of tickets, and one row per day back.
	opened, err := s.dayMedians(ctx, bounds, "created_at", "first_staff_at")
	if err != nil {
		return nil, err
	}
	resolved, err := s.dayMedians(ctx, bounds, "resolved_at", "resolved_at")
	if err != nil {
		return nil, err
	}
	for _, r := range opened {
		out[r.Day].Opened, out[r.Day].MedianFirstResponseSeconds = r.Tickets, r.Median
	}
	for _, r := range resolved {
		out[r.Day].Resolved, out[r.Day].MedianResolutionSeconds = r.Tickets, r.Median
	}
	return out, nil
}

// dayFigure is one day's tickets and the median of their durations.
type dayFigure struct {
	Day     int
	Tickets int64
	Median  *int64
}

// dayMedians counts, for each day [bounds[i], bounds[i+1]), the tickets whose dayColumn
// falls in it, and the median of the whole seconds from their opening to endColumn among
// those that have one. Durations are taken to the millisecond and then cut to the second on
// both engines; an even count takes the mean of the middle two, rounded down.
func (s *Service) dayMedians(ctx context.Context, bounds []time.Time, dayColumn, endColumn string) ([]dayFigure, error) {
	var days strings.Builder
	args := make([]any, 0, 2*len(bounds))
	for i := range len(bounds) - 1 {
		if i > 0 {
			days.WriteString(", ")
		}
		if s.db.Dialect() == db.Postgres {
			fmt.Fprintf(&days, "(%d, CAST(? AS timestamptz), CAST(? AS timestamptz))", i)
		} else {
			fmt.Fprintf(&days, "(%d, ?, ?)", i)
		}
		args = append(args, bounds[i].UTC(), bounds[i+1].UTC())
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
