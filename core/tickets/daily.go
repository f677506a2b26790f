package tickets

import (
	"context"
	"slices"
	"time"

	"zocalo/core/authz"
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
// every day listed. Days are cut in Go in the community's zone, so both engines agree.
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
	idx := dayIndex{loc: loc, starts: make([]time.Time, days)}
	for i := range days {
		idx.starts[i] = time.Date(y, m, d-(days-1-i), 0, 0, 0, 0, loc)
	}
	from, to := idx.starts[0], time.Date(y, m, d+1, 0, 0, 0, 0, loc)

	out := make([]DayFigures, days)
	for i, start := range idx.starts {
		out[i].Day = start.Format(time.DateOnly)
	}
	var opened []Ticket
	if err := s.db.Conn(ctx).Select("id, created_at").Where("created_at >= ? AND created_at < ?", from, to).Order("id").Find(&opened).Error; err != nil {
		return nil, err
	}
	var resolved []Ticket
	if err := s.db.Conn(ctx).Select("id, created_at, resolved_at").Where("resolved_at >= ? AND resolved_at < ?", from, to).Order("id").Find(&resolved).Error; err != nil {
		return nil, err
	}
	// The first staff reply of each ticket opened in the span (an automatic reply is not one).
	var replies []Message
	if len(opened) > 0 {
		ids := make([]uint64, len(opened))
		for i, t := range opened {
			ids[i] = t.ID
		}
		if err := s.db.Conn(ctx).Select("ticket_id, created_at").Where("sender_type = ? AND ticket_id IN ?", SenderStaff, ids).
			Order("created_at, id").Find(&replies).Error; err != nil {
			return nil, err
		}
	}
	firstReply := make(map[uint64]time.Time, len(opened))
	for _, r := range replies {
		if _, ok := firstReply[r.TicketID]; !ok {
			firstReply[r.TicketID] = r.CreatedAt
		}
	}
	firsts := make([][]int64, days)
	for _, t := range opened {
		i := idx.of(t.CreatedAt)
		if i < 0 {
			continue
		}
		out[i].Opened++
		if at, ok := firstReply[t.ID]; ok {
			firsts[i] = append(firsts[i], max(int64(at.Sub(t.CreatedAt).Seconds()), 0))
		}
	}
	resolutions := make([][]int64, days)
	for _, t := range resolved {
		i := idx.of(*t.ResolvedAt)
		if i < 0 {
			continue
		}
		out[i].Resolved++
		resolutions[i] = append(resolutions[i], max(int64(t.ResolvedAt.Sub(t.CreatedAt).Seconds()), 0))
	}
	for i := range out {
		out[i].MedianFirstResponseSeconds = median(firsts[i])
		out[i].MedianResolutionSeconds = median(resolutions[i])
	}
	return out, nil
}

// dayIndex numbers the days from the first: the day holding t, or -1 outside the span.
type dayIndex struct {
	loc    *time.Location
	starts []time.Time
}

func (d dayIndex) of(t time.Time) int {
	t = t.In(d.loc)
	y, m, day := t.Date()
	start := time.Date(y, m, day, 0, 0, 0, 0, d.loc)
	i, found := slices.BinarySearchFunc(d.starts, start, func(a, b time.Time) int { return a.Compare(b) })
	if !found {
		return -1
	}
	return i
}

// median of whole seconds, nil for none; an even count takes the mean of the middle two.
func median(values []int64) *int64 {
	if len(values) == 0 {
		return nil
	}
	slices.Sort(values)
	n := len(values)
	m := values[n/2]
	if n%2 == 0 {
		m = (values[n/2-1] + values[n/2]) / 2
	}
	return &m
}
