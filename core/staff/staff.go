// Package staff holds the staff roster: who holds a STAFF-group role, with their hours.
package staff

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/members"
	"zocalo/core/outbox"
)

// Jornada is a moderator's week: seconds per day and the server of the last shift.
type Jornada struct {
	HorasSemanales float64 `json:"horasSemanales"`
	Servidor       string  `json:"Servidor"`
	Lunes          int64   `json:"Lunes"`
	Martes         int64   `json:"Martes"`
	Miercoles      int64   `json:"Miercoles"`
	Jueves         int64   `json:"Jueves"`
	Viernes        int64   `json:"Viernes"`
	Sabado         int64   `json:"Sabado"`
	Domingo        int64   `json:"Domingo"`
}

// Moderator is a staff member as the roster shows them (the specification's fields).
type Moderator struct {
	UserID           string     `json:"UserId"`
	Username         string     `json:"username"`
	Avatar           string     `json:"avatar"`
	TiempoContratado *time.Time `json:"TiempoContratado"`
	TiempoTotal      int64      `json:"TiempoTotal"` // seconds
	Inactividad      string     `json:"Inactividad"` // "No" means active
	Jornada          Jornada    `json:"jornada"`
}

// Service reads the roster.
type Service struct {
	db             *db.DB
	roles          authz.RoleIDs
	shifts         *Shifts
	outbox         *outbox.Store
	tickets        TicketFigures
	members        *members.Service
	reportsChannel string
	defaultQuota   time.Duration
	now            func() time.Time
}

// Settings configure the staff service.
type Settings struct {
	ReportsChannel string           // the staff reports channel
	Members        *members.Service // a dismissal takes the member's staff roles off
	WeeklyQuota    time.Duration    // a staff role's weekly hours until directors set its own
	Now            func() time.Time
}

// NewService builds the staff service.
func NewService(d *db.DB, roles authz.RoleIDs, shifts *Shifts, o *outbox.Store, tickets TicketFigures, s Settings) *Service {
	if s.Now == nil {
		s.Now = func() time.Time { return time.Now().UTC() }
	}
	return &Service{db: d, roles: roles, shifts: shifts, outbox: o, tickets: tickets, members: s.Members,
		reportsChannel: s.ReportsChannel, defaultQuota: s.WeeklyQuota, now: s.Now}
}

var errForbidden = errs.Forbidden("No tienes permiso para ver la lista de moderadores.")

// rosterMembers names the roster, whose members were read, for the reads of their figures.
func (s *Service) rosterMembers(roster []members.Member) Members {
	return Members{IDs: memberIDs(roster), Roles: s.staffRoleIDs()}
}

// roster is every member in the guild holding a STAFF-group role, by name.
func (s *Service) roster(ctx context.Context) ([]members.Member, error) {
	return members.Holding(ctx, s.db, s.staffRoleIDs())
}

// RosterQuery asks for part of the roster: the members whose name holds Search (any case),
// a page of Limit of them (all when Limit is 0).
type RosterQuery struct {
	Search string
	Page   int
	Limit  int
}

// MaxRosterPage is the most members a page of the roster holds.
const MaxRosterPage = 100

// maxRosterSearch bounds the name searched for.
const maxRosterSearch = 100

var errRosterSearch = errs.Invalid("La búsqueda admite hasta 100 caracteres.")

// check refuses a query the roster cannot answer.
func (q RosterQuery) check() error {
	if utf8.RuneCountInString(q.Search) > maxRosterSearch {
		return errRosterSearch
	}
	if q.Limit < 0 || q.Limit > MaxRosterPage || q.Page < 0 {
		return errs.ErrPage
	}
	return nil
}

// ModeratorPage is a page of the roster and how many members the query matched.
type ModeratorPage struct {
	Members []Moderator
	Total   int
}

// Moderators lists every member holding a STAFF-group role, most hours first.
func (s *Service) Moderators(ctx context.Context, actor *authz.Actor) ([]Moderator, error) {
	page, err := s.ModeratorsPage(ctx, actor, RosterQuery{})
	return page.Members, err
}

// ModeratorsPage lists the members holding a STAFF-group role that the query asks for,
// most hours first. Readers of the staff panel may read it, and so may support handlers,
// who pick assignees from it. The order comes from each member's running total, so only
// the page's members have their week read day by day.
func (s *Service) ModeratorsPage(ctx context.Context, actor *authz.Actor, q RosterQuery) (ModeratorPage, error) {
	if !actor.Can(authz.PanelStaff, authz.Read) && !actor.Can(authz.PanelSupport, authz.Modify) {
		return ModeratorPage{}, errForbidden
	}
	if err := q.check(); err != nil {
		return ModeratorPage{}, err
	}
	rows, err := s.roster(ctx)
	if err != nil {
		return ModeratorPage{}, err
	}
	rows = matching(rows, q.Search)
	standings, err := s.shifts.Standings(ctx, s.rosterMembers(rows))
	if err != nil {
		return ModeratorPage{}, err
	}
	// Most time first; the order by name of the roster settles ties.
	slices.SortStableFunc(rows, func(a, b members.Member) int {
		return cmp.Compare(standings[b.DiscordID].TotalSeconds, standings[a.DiscordID].TotalSeconds)
	})
	total := len(rows)
	rows = pageOf(rows, q)
	ids := memberIDs(rows)
	totals, err := s.shifts.TotalsFor(ctx, ids)
	if err != nil {
		return ModeratorPage{}, err
	}
	hired, err := hiredOf(s.db.Conn(ctx), ids)
	if err != nil {
		return ModeratorPage{}, err
	}
	out := make([]Moderator, 0, len(rows))
	for _, m := range rows {
		t := totals[m.DiscordID]
		mod := Moderator{UserID: m.DiscordID, Username: m.Username, Avatar: m.Avatar, Inactividad: "No",
			TiempoTotal: t.TotalSeconds, Jornada: jornadaOf(t)}
		if at, ok := hired[m.DiscordID]; ok {
			mod.TiempoContratado = &at
		}
		out = append(out, mod)
	}
	return ModeratorPage{Members: out, Total: total}, nil
}

// WeekLeader is a member's worked time this week, as the bot's ranking shows it.
type WeekLeader struct {
	UserID      string
	Username    string
	WeekSeconds int64
}

// WeekLeaders are the n members who worked most this week, most first, leaving out those
// who have not worked; whoever may read the roster may read them.
func (s *Service) WeekLeaders(ctx context.Context, actor *authz.Actor, n int) ([]WeekLeader, error) {
	if !actor.Can(authz.PanelStaff, authz.Read) && !actor.Can(authz.PanelSupport, authz.Modify) {
		return nil, errForbidden
	}
	rows, err := s.roster(ctx)
	if err != nil {
		return nil, err
	}
	standings, err := s.shifts.Standings(ctx, s.rosterMembers(rows))
	if err != nil {
		return nil, err
	}
	out := []WeekLeader{}
	for _, m := range rows {
		if w := standings[m.DiscordID].WeekSeconds; w > 0 {
			out = append(out, WeekLeader{UserID: m.DiscordID, Username: m.Username, WeekSeconds: w})
		}
	}
	slices.SortStableFunc(out, func(a, b WeekLeader) int { return cmp.Compare(b.WeekSeconds, a.WeekSeconds) })
	return out[:min(len(out), n)], nil
}

// matching keeps the members whose name holds search, in any case.
func matching(rows []members.Member, search string) []members.Member {
	search = strings.ToLower(strings.TrimSpace(search))
	if search == "" {
		return rows
	}
	return slices.DeleteFunc(rows, func(m members.Member) bool { return !strings.Contains(strings.ToLower(m.Username), search) })
}

// pageOf is the page of list the query asks for: all of it when the query has no limit.
func pageOf[T any](list []T, q RosterQuery) []T {
	if q.Limit <= 0 {
		return list
	}
	from := min(max(q.Page-1, 0)*q.Limit, len(list))
	return list[from:min(from+q.Limit, len(list))]
}

func memberIDs(rows []members.Member) []string {
	ids := make([]string, len(rows))
	for i, m := range rows {
		ids[i] = m.DiscordID
	}
	return ids
}
