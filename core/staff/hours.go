package staff

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm/clause"

	"zocalo/core/authz"
)

// WeekHours is the time worked in one week (Monday 00:00, community time) on one server.
type WeekHours struct {
	Week    string `json:"week"` // the week's Monday, YYYY-MM-DD in the community's zone
	Server  string `json:"server"`
	Seconds int64  `json:"seconds"`
}

// MaxHourWeeks bounds how far back the hours charts reach.
const MaxHourWeeks = 52

// DefaultHourWeeks is the span the charts ask for when they name none.
const DefaultHourWeeks = 12

// TeamHours is the whole team's closed-shift time per week and server over the last `weeks`
// weeks (this one included): every week and every configured server appears, zeros too, so
// a chart's axis has no gaps. Readable by those who read the roster.
func (s *Service) TeamHours(ctx context.Context, actor *authz.Actor, weeks int) ([]WeekHours, error) {
	if !actor.Can(authz.PanelStaff, authz.Read) && !actor.Can(authz.PanelSupport, authz.Modify) {
		return nil, errForbidden
	}
	return s.shifts.HoursByWeek(ctx, "", weeks)
}

// MyHours is the signed-in staff member's own time per week and server, as TeamHours.
func (s *Service) MyHours(ctx context.Context, actor *authz.Actor, weeks int) ([]WeekHours, error) {
	if !HasOwnRecord(actor) {
		return nil, errStaffOnly
	}
	return s.shifts.HoursByWeek(ctx, actor.DiscordID, weeks)
}

// HoursByWeek sums the worked time of closed shifts (breaks left out) per community-time week and server, a shift crossing a
// week's boundary split across both; memberID "" means everyone. Weeks are cut in Go, not in
// SQL, so that SQLite and PostgreSQL agree on the zone. The team's weeks already over, and
// the days already over of this week, are kept once computed (staff_week_hours) until a
// shift or a break in them changes, so a read computes today and what changed.
func (s *Shifts) HoursByWeek(ctx context.Context, memberID string, weeks int) ([]WeekHours, error) {
	if weeks <= 0 {
		weeks = DefaultHourWeeks
	}
	weeks = min(weeks, MaxHourWeeks)
	now := s.now()
	current := s.WeekStart(now)
	starts := make([]time.Time, weeks+1) // the last is the end of this week
	for i := range starts {
		starts[i] = current.AddDate(0, 0, -7*(weeks-1-i))
	}
	spans := make([]span, 0, weeks+6)
	for i := range weeks - 1 {
		spans = append(spans, span{from: starts[i], to: starts[i+1], week: i})
	}
	if memberID == "" {
		// This week day by day, up to today: no shift closes in the future.
		for day := current; !day.After(now); day = day.AddDate(0, 0, 1) {
			spans = append(spans, span{from: day, to: day.AddDate(0, 0, 1), week: weeks - 1})
		}
	} else {
		spans = append(spans, span{from: current, to: starts[weeks], week: weeks - 1})
	}
	servers := s.Servers()
	sums := map[string][]int64{}
	add := func(server string, week int, seconds int64) {
		if _, ok := sums[server]; !ok {
			sums[server] = make([]int64, weeks)
			if !slices.Contains(servers, server) {
				servers = append(servers, server) // a server since taken off the list still counted
			}
		}
		sums[server][week] += seconds
	}
	var todo []span
	if memberID == "" {
		kept, err := s.keptSpans(ctx, spans)
		if err != nil {
			return nil, err
		}
		for _, sp := range spans {
			rows, ok := kept[sp.key()]
			if !ok {
				todo = append(todo, sp)
				continue
			}
			for _, r := range rows {
				if r.Server != weekComputed {
					add(r.Server, sp.week, r.Seconds)
				}
			}
		}
	} else {
		todo = spans
	}
	if len(todo) > 0 {
		if err := s.computeSpans(ctx, memberID, todo, add); err != nil {
			return nil, err
		}
	}
	for _, name := range servers {
		if _, ok := sums[name]; !ok {
			sums[name] = make([]int64, weeks)
		}
	}
	out := make([]WeekHours, 0, weeks*len(servers))
	for i := range weeks {
		for _, name := range servers {
			out = append(out, WeekHours{Week: starts[i].Format(time.DateOnly), Server: name, Seconds: sums[name][i]})
		}
	}
	return out, nil
}

// span is a stretch whose hours add to one week of the chart: a week over, or a day of this
// week.
type span struct {
	from, to time.Time
	week     int
}

func (sp span) key() [2]int64 { return [2]int64{sp.from.UnixNano(), sp.to.UnixNano()} }

// computeSpans adds the worked time of the given spans, oldest first, from their shifts; for
// the team, the spans already over are kept.
func (s *Shifts) computeSpans(ctx context.Context, memberID string, todo []span, add func(string, int, int64)) error {
	from, to := todo[0].from, todo[len(todo)-1].to
	q := s.db.Conn(ctx).Where("ended_at IS NOT NULL AND started_at < ? AND ended_at > ?", to, from)
	if memberID != "" {
		q = q.Where("member_id = ?", memberID)
	}
	shifts, err := findShifts(q.Order("id"))
	if err != nil {
		return err
	}
	breaks, err := s.breaksOverlapping(ctx, memberFilter(memberID), shifts, from, to)
	if err != nil {
		return err
	}
	computed := make([]map[string]int64, len(todo))
	for i, sp := range todo {
		computed[i] = map[string]int64{}
		for _, sh := range shifts {
			if seconds := WorkedIn(sh, *sh.EndedAt, breaks[sh.ID], sp.from, sp.to); seconds > 0 {
				computed[i][sh.Server] += seconds
			}
		}
		for server, seconds := range computed[i] {
			add(server, sp.week, seconds)
		}
	}
	if memberID != "" {
		return nil
	}
	now := s.now()
	var rows []WeekHoursKept
	for i, sp := range todo {
		if sp.to.After(now) {
			continue // still being worked
		}
		kept := WeekHoursKept{WeekStart: sp.from.UTC(), WeekEnd: sp.to.UTC(), Server: weekComputed, ComputedAt: now.UTC()}
		rows = append(rows, kept)
		for server, seconds := range computed[i] {
			kept.Server, kept.Seconds = server, seconds
			rows = append(rows, kept)
		}
	}
	if len(rows) == 0 {
		return nil
	}
	// Two charts computing a span at once write the same sums; the later stays.
	return s.db.Conn(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "week_start"}, {Name: "week_end"}, {Name: "server"}}, UpdateAll: true}).
		CreateInBatches(&rows, 100).Error
}

// WeekHoursKept is the team's time on one server in a week over, or in a day over of this
// week, kept until a shift or a break in it changes (the triggers of migration 00040 forget
// it) or, at most, for weekKeptLife. A row with the server weekComputed says the span was
// computed, so a span nobody worked is kept too.
type WeekHoursKept struct {
	WeekStart  time.Time `gorm:"primaryKey"`
	WeekEnd    time.Time `gorm:"primaryKey"`
	Server     string    `gorm:"primaryKey;size:64"`
	Seconds    int64     `gorm:"not null;default:0"`
	ComputedAt time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (WeekHoursKept) TableName() string { return "staff_week_hours" }

const weekComputed = ""

// weekKeptLife bounds how long a kept span is trusted: a change committed while its span was
// being computed is forgotten before the rows it should have forgotten are written.
const weekKeptLife = time.Hour

// keptSpans are the spans still kept, each with its rows, by the span's key.
func (s *Shifts) keptSpans(ctx context.Context, spans []span) (map[[2]int64][]WeekHoursKept, error) {
	var rows []WeekHoursKept
	if err := s.db.Conn(ctx).Where("week_start >= ? AND week_start < ? AND computed_at > ?", spans[0].from.UTC(), spans[len(spans)-1].to.UTC(),
		s.now().Add(-weekKeptLife).UTC()).Find(&rows).Error; err != nil {
		return nil, err
	}
	bySpan := map[[2]int64][]WeekHoursKept{}
	for _, r := range rows {
		k := [2]int64{r.WeekStart.UnixNano(), r.WeekEnd.UnixNano()}
		bySpan[k] = append(bySpan[k], r)
	}
	out := map[[2]int64][]WeekHoursKept{}
	for _, sp := range spans {
		// Complete only with its marker, and cut as this span is (not under another zone).
		if rows := bySpan[sp.key()]; slices.ContainsFunc(rows, func(r WeekHoursKept) bool { return r.Server == weekComputed }) {
			out[sp.key()] = rows
		}
	}
	return out, nil
}

// memberFilter is the members a read is limited to: nil (everyone) for "".
func memberFilter(memberID string) []string {
	if memberID == "" {
		return nil
	}
	return []string{memberID}
}
