// Package staff holds the staff roster: who holds a STAFF-group role, with their hours.
package staff

import (
	"cmp"
	"context"
	"slices"
	"time"

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

// roster is every member in the guild holding a STAFF-group role, by name.
func (s *Service) roster(ctx context.Context) ([]members.Member, error) {
	return members.Holding(ctx, s.db, s.staffRoleIDs())
}

// Moderators lists every member holding a STAFF-group role, most hours first. Readers of
// the staff panel may read it, and so may support handlers, who pick assignees from it.
func (s *Service) Moderators(ctx context.Context, actor *authz.Actor) ([]Moderator, error) {
	if !actor.Can(authz.PanelStaff, authz.Read) && !actor.Can(authz.PanelSupport, authz.Modify) {
		return nil, errForbidden
	}
	out := []Moderator{}
	rows, err := s.roster(ctx)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(rows))
	for i, m := range rows {
		ids[i] = m.DiscordID
	}
	totals, err := s.shifts.TotalsFor(ctx, ids)
	if err != nil {
		return nil, err
	}
	hired, err := hiredOf(s.db.Conn(ctx), ids)
	if err != nil {
		return nil, err
	}
	for _, m := range rows {
		t := totals[m.DiscordID]
		mod := Moderator{UserID: m.DiscordID, Username: m.Username, Avatar: m.Avatar, Inactividad: "No",
			TiempoTotal: t.TotalSeconds, Jornada: jornadaOf(t)}
		if at, ok := hired[m.DiscordID]; ok {
			mod.TiempoContratado = &at
		}
		out = append(out, mod)
	}
	// Most time first; the order by name above settles ties.
	slices.SortStableFunc(out, func(a, b Moderator) int { return cmp.Compare(b.TiempoTotal, a.TiempoTotal) })
	return out, nil
}
