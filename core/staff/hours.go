package staff

import (
	"context"
	"slices"
	"time"

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
// SQL, so that SQLite and PostgreSQL agree on the zone.
func (s *Shifts) HoursByWeek(ctx context.Context, memberID string, weeks int) ([]WeekHours, error) {
	if weeks <= 0 {
		weeks = DefaultHourWeeks
	}
	weeks = min(weeks, MaxHourWeeks)
	current := s.WeekStart(s.now())
	starts := make([]time.Time, weeks)
	for i := range weeks {
		starts[i] = current.AddDate(0, 0, -7*(weeks-1-i))
	}
	from, to := starts[0], current.AddDate(0, 0, 7)
	q := s.db.Conn(ctx).Where("ended_at IS NOT NULL AND started_at < ? AND ended_at > ?", to, from)
	if memberID != "" {
		q = q.Where("member_id = ?", memberID)
	}
	var shifts []Shift
	if err := q.Order("id").Find(&shifts).Error; err != nil {
		return nil, err
	}
	breaks, err := s.breaksOverlapping(ctx, memberFilter(memberID), shifts, from, to)
	if err != nil {
		return nil, err
	}
	servers := s.Servers()
	for _, sh := range shifts {
		if !slices.Contains(servers, sh.Server) {
			servers = append(servers, sh.Server) // a server since taken off the list still counted
		}
	}
	sums := make(map[string][]int64, len(servers))
	for _, name := range servers {
		sums[name] = make([]int64, weeks)
	}
	for _, sh := range shifts {
		for i, start := range starts {
			sums[sh.Server][i] += WorkedIn(sh, *sh.EndedAt, breaks[sh.ID], start, start.AddDate(0, 0, 7))
		}
	}
	out := make([]WeekHours, 0, weeks*len(servers))
	for i, start := range starts {
		for _, name := range servers {
			out = append(out, WeekHours{Week: start.Format(time.DateOnly), Server: name, Seconds: sums[name][i]})
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
