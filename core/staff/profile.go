package staff

import (
	"context"
	"math"
	"time"

	"zocalo/core/authz"
	"zocalo/core/errs"
)

// TicketFigures are what the support desk knows of a staff member's work.
type TicketFigures interface {
	// StaffFigures counts the tickets a member answered, the distinct people they served,
	// and the average rating (of 5) of the tickets assigned to them.
	StaffFigures(ctx context.Context, memberID string) (tickets, people int64, rating float64, err error)
}

// Stats are the dashboard's four figures for the signed-in staff member.
type Stats struct {
	HorasTotales      int64   `json:"horasTotales"` // seconds, like every duration of the API
	TicketsAtendidos  int64   `json:"ticketsAtendidos"`
	UsuariosAtendidos int64   `json:"usuariosAtendidos"`
	Calificacion      float64 `json:"calificacion"`
}

// NoteView is a note as the profile lists it.
type NoteView struct {
	Nota      string    `json:"Nota"`
	Aplicador string    `json:"Aplicador"`
	Aplicado  time.Time `json:"Aplicado"`
}

// WarnView is a warning as the profile lists it.
type WarnView struct {
	Warn      string    `json:"Warn"`
	Aplicador string    `json:"Aplicador"`
	Aplicado  time.Time `json:"Aplicado"`
}

// WarnGroup is the specification's shape for the warnings: objects each holding a list.
type WarnGroup struct {
	Warn []WarnView `json:"Warn"`
}

// Profile is the staff member's profile page.
type Profile struct {
	Username           string      `json:"username"`
	Avatar             string      `json:"avatar"`
	Inactividad        string      `json:"Inactividad"`
	TiempoContratado   *time.Time  `json:"TiempoContratado"`
	Calificacion       float64     `json:"Calificacion"`
	TiempoTotal        int64       `json:"TiempoTotal"`
	TicketsAtendidos   int64       `json:"TicketsAtendidos"`
	NotaAdministrativa []NoteView  `json:"NotaAdministrativa"`
	WarnAdministrativo []WarnGroup `json:"WarnAdministrativo"`
	Jornada            Jornada     `json:"jornada"`
}

var errStaffOnly = errs.Forbidden("Esta sección es solo para el staff.")

// HasOwnRecord tells who has a staff profile and figures of their own: the STAFF and ADMIN
// groups.
func HasOwnRecord(actor *authz.Actor) bool { return actor.InGroup(authz.Staff, authz.Admin) }

// MayOpenDashboard tells who the staff dashboard is for: readers of the staff panel, except
// treasury people who are not Comité, RH or AI (spec §6: they belong on /treasury).
func MayOpenDashboard(actor *authz.Actor) bool {
	if !actor.Can(authz.PanelStaff, authz.Read) {
		return false
	}
	treasurer := actor.HasRole(authz.Tesoreria) || actor.HasRole(authz.Auditor)
	return !treasurer || actor.Permits(authz.Comite, authz.RH, authz.AI)
}

// SeesTrialNotice tells who is shown "Acceso No Disponible" on the dashboard: Trial
// members without an ADMIN role (spec §6).
func SeesTrialNotice(actor *authz.Actor) bool {
	return actor.HasRole(authz.Trial) && !actor.InGroup(authz.Admin)
}

// Stats are the signed-in staff member's figures.
func (s *Service) Stats(ctx context.Context, actor *authz.Actor) (Stats, error) {
	if !HasOwnRecord(actor) {
		return Stats{}, errStaffOnly
	}
	totals, err := s.shifts.TotalsFor(ctx, []string{actor.DiscordID})
	if err != nil {
		return Stats{}, err
	}
	st := Stats{HorasTotales: totals[actor.DiscordID].TotalSeconds}
	if s.tickets != nil {
		var rating float64
		st.TicketsAtendidos, st.UsuariosAtendidos, rating, err = s.tickets.StaffFigures(ctx, actor.DiscordID)
		st.Calificacion = math.Round(rating*100) / 100
	}
	return st, err
}

// Profile is the signed-in staff member's profile.
func (s *Service) Profile(ctx context.Context, actor *authz.Actor) (Profile, error) {
	st, err := s.Stats(ctx, actor)
	if err != nil {
		return Profile{}, err
	}
	p := Profile{Username: actor.Username, Inactividad: "No", Calificacion: st.Calificacion, TiempoTotal: st.HorasTotales,
		TicketsAtendidos: st.TicketsAtendidos, NotaAdministrativa: []NoteView{}, WarnAdministrativo: []WarnGroup{}}
	var rec Record
	if err := s.db.Conn(ctx).Where("member_id = ?", actor.DiscordID).Limit(1).Find(&rec).Error; err != nil {
		return Profile{}, err
	}
	if rec.MemberID != "" {
		hired := rec.HiredAt
		p.TiempoContratado = &hired
		if rec.Inactive {
			p.Inactividad = "Sí"
		}
	}
	var notes []Note
	if err := s.db.Conn(ctx).Where("member_id = ?", actor.DiscordID).Order("created_at, id").Find(&notes).Error; err != nil {
		return Profile{}, err
	}
	var warns []WarnView
	for _, n := range notes {
		if n.Kind == KindWarn {
			warns = append(warns, WarnView{Warn: n.Text, Aplicador: n.ActorName, Aplicado: n.CreatedAt})
		} else {
			p.NotaAdministrativa = append(p.NotaAdministrativa, NoteView{Nota: n.Text, Aplicador: n.ActorName, Aplicado: n.CreatedAt})
		}
	}
	if len(warns) > 0 {
		p.WarnAdministrativo = []WarnGroup{{Warn: warns}}
	}
	totals, err := s.shifts.TotalsFor(ctx, []string{actor.DiscordID})
	if err != nil {
		return Profile{}, err
	}
	p.Jornada = jornadaOf(totals[actor.DiscordID])
	return p, nil
}

func jornadaOf(t *Totals) Jornada {
	j := Jornada{Servidor: t.LastServer, Lunes: t.Week[0], Martes: t.Week[1], Miercoles: t.Week[2],
		Jueves: t.Week[3], Viernes: t.Week[4], Sabado: t.Week[5], Domingo: t.Week[6]}
	var week int64
	for _, d := range t.Week {
		week += d
	}
	j.HorasSemanales = float64(week*100/3600) / 100
	return j
}
