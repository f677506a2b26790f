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
// SQL, so that SQLite and PostgreSQL agree on the zone. The team's weeks already over are
// kept once computed (staff_week_hours), until a shift or a break in them changes.
func (s *Shifts) HoursByWeek(ctx context.Context, memberID string, weeks int) ([]WeekHours, error) {
	if weeks <= 0 {
		weeks = DefaultHourWeeks
	}
	weeks = min(weeks, MaxHourWeeks)
	current := s.WeekStart(s.now())
	starts := make([]time.Time, weeks+1) // the last is the end of this week
	for i := range starts {
		starts[i] = current.AddDate(0, 0, -7*(weeks-1-i))
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
	var todo []int
	if memberID == "" {
		kept, err := s.keptWeeks(ctx, starts)
		if err != nil {
			return nil, err
		}
		for i := range weeks {
			rows, ok := kept[starts[i].UnixNano()]
			if !ok {
				todo = append(todo, i)
				continue
			}
			for _, r := range rows {
				if r.Server != weekComputed {
					add(r.Server, i, r.Seconds)
				}
			}
		}
	} else {
		for i := range weeks {
			todo = append(todo, i)
		}
	}
	if len(todo) > 0 {
		if err := s.computeWeeks(ctx, memberID, starts, todo, add); err != nil {
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

// computeWeeks adds the worked time of the given weeks from their shifts; for the team, the
// weeks already over are kept.
func (s *Shifts) computeWeeks(ctx context.Context, memberID string, starts []time.Time, todo []int, add func(string, int, int64)) error {
	from, to := starts[todo[0]], starts[todo[len(todo)-1]+1]
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
	computed := map[int]map[string]int64{}
	for _, i := range todo {
		computed[i] = map[string]int64{}
		for _, sh := range shifts {
			if seconds := WorkedIn(sh, *sh.EndedAt, breaks[sh.ID], starts[i], starts[i+1]); seconds > 0 {
				computed[i][sh.Server] += seconds
			}
		}
		for server, seconds := range computed[i] {
			add(server, i, seconds)
		}
	}
	if memberID != "" {
		return nil
	}
	now := s.now()
	var rows []WeekHoursKept
	for _, i := range todo {
		if starts[i+1].After(now) {
			continue // this week is still being worked
		}
		week := WeekHoursKept{WeekStart: starts[i].UTC(), WeekEnd: starts[i+1].UTC(), Server: weekComputed, ComputedAt: now.UTC()}
		rows = append(rows, week)
		for server, seconds := range computed[i] {
			week.Server, week.Seconds = server, seconds
			rows = append(rows, week)
		}
	}
	if len(rows) == 0 {
		return nil
	}
	// Two charts computing a week at once write the same sums; the later stays.
	return s.db.Conn(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "week_start"}, {Name: "server"}}, UpdateAll: true}).
		CreateInBatches(&rows, 100).Error
}

// WeekHoursKept is the team's time in a week over on one server, kept until a shift or a
// break of that week changes (the triggers of migration 00040 forget it) or, at most, for
// weekKeptLife. A row with the server weekComputed says the week was computed, so a week
// nobody worked is kept too.
type WeekHoursKept struct {
	WeekStart  time.Time `gorm:"primaryKey"`
	Server     string    `gorm:"primaryKey;size:64"`
	WeekEnd    time.Time `gorm:"not null"`
	Seconds    int64     `gorm:"not null;default:0"`
	ComputedAt time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (WeekHoursKept) TableName() string { return "staff_week_hours" }

const weekComputed = ""

// weekKeptLife bounds how long a kept week is trusted: a change committed while its week was
// being computed is forgotten before the rows it should have forgotten are written.
const weekKeptLife = time.Hour

// keptWeeks are the team's weeks of the span still kept, by the start of each week.
func (s *Shifts) keptWeeks(ctx context.Context, starts []time.Time) (map[int64][]WeekHoursKept, error) {
	var rows []WeekHoursKept
	if err := s.db.Conn(ctx).Where("week_start >= ? AND week_start < ? AND computed_at > ?", starts[0].UTC(), starts[len(starts)-1].UTC(),
		s.now().Add(-weekKeptLife).UTC()).Find(&rows).Error; err != nil {
		return nil, err
	}
	byStart := map[int64][]WeekHoursKept{}
	for _, r := range rows {
		byStart[r.WeekStart.UnixNano()] = append(byStart[r.WeekStart.UnixNano()], r)
	}
	out := map[int64][]WeekHoursKept{}
	for i := range len(starts) - 1 {
		rows := byStart[starts[i].UnixNano()]
		// Complete only with its marker, and cut as this week is (not under another zone).
		if slices.ContainsFunc(rows, func(r WeekHoursKept) bool { return r.Server == weekComputed && r.WeekEnd.Equal(starts[i+1]) }) {
			out[starts[i].UnixNano()] = rows
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
