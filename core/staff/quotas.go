package staff

import (
	"cmp"
	"context"
	"slices"
	"time"

	"gorm.io/gorm/clause"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/errs"
	"zocalo/core/members"
)

// Quota is the weekly hours a staff role is expected to work, set by the directors. A role
// without one expects the configured weekly quota.
type Quota struct {
	RoleID    string    `gorm:"primaryKey;size:32"`
	Seconds   int64     `gorm:"not null"`
	UpdatedAt time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Quota) TableName() string { return "staff_quotas" }

// ActionQuotaSet is the audit action of a role's quota changing.
const ActionQuotaSet = "quota.set"

// MaxQuotaHours is the largest weekly quota: every hour of the week.
const MaxQuotaHours = 168

var (
	errQuotaRole  = errs.NotFound("Ese rol no es un rol del staff.")
	errQuotaValue = errs.Invalid("La cuota va de 0 a 168 horas por semana y los minutos de 0 a 59.")
	errQuotaRead  = errs.Forbidden("No tienes permiso para ver las cuotas del staff.")
)

// MaySetQuotas tells who sets the roles' quotas: the directors, who manage hours.
func MaySetQuotas(actor *authz.Actor) bool { return Directors(actor) }

// QuotaRole is a staff role's quota. Name is the role's Spanish label (authz.RoleLabels),
// whatever the guild calls it; Role is its constant.
type QuotaRole struct {
	RoleID  string `json:"roleId"`
	Role    string `json:"role"`
	Name    string `json:"name"`
	Seconds int64  `json:"seconds"`
	// Custom is false while the role expects the configured default.
	Custom bool `json:"custom"`
}

// QuotaLine is a staff member's week against their quota.
type QuotaLine struct {
	UserID        string `json:"userId"`
	Username      string `json:"username"`
	Avatar        string `json:"avatar"`
	WorkedSeconds int64  `json:"workedSeconds"`
	// QuotaSeconds is the highest quota of the member's staff roles, pro-rated for the days
	// of the week on approved leave.
	QuotaSeconds int64 `json:"quotaSeconds"`
	LeaveDays    int   `json:"leaveDays"`
	UnderQuota   bool  `json:"underQuota"`
}

// QuotaBoard is this week's quotas: the roles' and each member's standing. Members is the
// page asked for; Total and UnderQuota count every member the query matched.
type QuotaBoard struct {
	WeekStart      string      `json:"weekStart"`
	DefaultSeconds int64       `json:"defaultSeconds"`
	Roles          []QuotaRole `json:"roles"`
	Members        []QuotaLine `json:"members"`
	Total          int         `json:"total"`
	UnderQuota     int         `json:"underQuota"`
}

// SetQuota sets a staff role's weekly quota (directors). The same value records nothing;
// changes of one role take turns, so each is audited once with what it replaced.
func (s *Service) SetQuota(ctx context.Context, actor *authz.Actor, roleID string, hours, minutes int) (QuotaRole, error) {
	if !MaySetQuotas(actor) {
		return QuotaRole{}, errNotDirector
	}
	if hours < 0 || minutes < 0 || minutes > 59 || hours*60+minutes > MaxQuotaHours*60 {
		return QuotaRole{}, errQuotaValue
	}
	var role *QuotaRole
	roles, err := s.quotaRoles(ctx)
	if err != nil {
		return QuotaRole{}, err
	}
	for i := range roles {
		if roles[i].RoleID == roleID {
			role = &roles[i]
		}
	}
	if role == nil {
		return QuotaRole{}, errQuotaRole
	}
	seconds := int64(hours*3600 + minutes*60)
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.db.LockKey(ctx, "staff.quota:"+roleID); err != nil {
			return err
		}
		var current Quota
		if err := s.db.Conn(ctx).Where("role_id = ?", roleID).Limit(1).Find(&current).Error; err != nil {
			return err
		}
		before := s.defaultQuotaSeconds()
		if current.RoleID != "" {
			before = current.Seconds
		}
		if current.RoleID != "" && current.Seconds == seconds {
			role.Seconds, role.Custom = seconds, true
			return nil
		}
		now := s.now()
		if err := s.db.Conn(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "role_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"seconds", "updated_at"})}).
			Create(&Quota{RoleID: roleID, Seconds: seconds, UpdatedAt: now}).Error; err != nil {
			return err
		}
		role.Seconds, role.Custom = seconds, true
		return audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaStaff, Action: ActionQuotaSet,
			EntityType: "role", EntityID: roleID,
			Before: map[string]any{"role": role.Name, "seconds": before}, After: map[string]any{"role": role.Name, "seconds": seconds}})
	})
	if err != nil {
		return QuotaRole{}, err
	}
	return *role, nil
}

// Quotas is this week's board: the roles' quotas and every staff member's worked time
// against theirs, those under it first. Whoever may open the staff dashboard reads it.
func (s *Service) Quotas(ctx context.Context, actor *authz.Actor) (QuotaBoard, error) {
	return s.QuotasPage(ctx, actor, RosterQuery{})
}

// QuotasPage is this week's board with the members the query asks for. Each member's week
// comes from their running total, so the board costs a row per member, not their shifts.
func (s *Service) QuotasPage(ctx context.Context, actor *authz.Actor, q RosterQuery) (QuotaBoard, error) {
	if !MayOpenDashboard(actor) {
		return QuotaBoard{}, errQuotaRead
	}
	if err := q.check(); err != nil {
		return QuotaBoard{}, err
	}
	roles, err := s.quotaRoles(ctx)
	if err != nil {
		return QuotaBoard{}, err
	}
	week := s.shifts.WeekStart(s.now())
	mods, err := s.roster(ctx)
	if err != nil {
		return QuotaBoard{}, err
	}
	mods = matching(mods, q.Search)
	standings, err := s.shifts.Standings(ctx, s.rosterMembers(mods))
	if err != nil {
		return QuotaBoard{}, err
	}
	worked := make(map[string]int64, len(mods))
	for id, st := range standings {
		worked[id] = st.WeekSeconds
	}
	lines, err := s.quotaLines(ctx, mods, roles, week, worked)
	if err != nil {
		return QuotaBoard{}, err
	}
	slices.SortStableFunc(lines, func(a, b QuotaLine) int {
		if a.UnderQuota != b.UnderQuota {
			if a.UnderQuota {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.WorkedSeconds, b.WorkedSeconds)
	})
	under := 0
	for _, l := range lines {
		if l.UnderQuota {
			under++
		}
	}
	return QuotaBoard{WeekStart: week.Format(time.DateOnly), DefaultSeconds: s.defaultQuotaSeconds(), Roles: roles,
		Members: pageOf(lines, q), Total: len(lines), UnderQuota: under}, nil
}

func (s *Service) defaultQuotaSeconds() int64 { return int64(s.defaultQuota.Seconds()) }

// quotaRoles are the STAFF-group roles with their quotas, in the group's order.
func (s *Service) quotaRoles(ctx context.Context) ([]QuotaRole, error) {
	var set []Quota
	if err := s.db.Conn(ctx).Find(&set).Error; err != nil {
		return nil, err
	}
	byRole := make(map[string]int64, len(set))
	for _, q := range set {
		byRole[q.RoleID] = q.Seconds
	}
	out := []QuotaRole{}
	for _, r := range authz.Groups[authz.Staff] {
		id := s.roles[r]
		if id == "" {
			continue
		}
		q := QuotaRole{RoleID: id, Role: string(r), Name: r.Label(), Seconds: s.defaultQuotaSeconds()}
		if secs, ok := byRole[id]; ok {
			q.Seconds, q.Custom = secs, true
		}
		out = append(out, q)
	}
	return out, nil
}

// quotaLines weighs each member's worked seconds of the week starting at week against
// their quota: the highest of their staff roles', less a seventh per day on approved leave.
// mods are members of the roster, whose roles and leave are read for the whole roster.
func (s *Service) quotaLines(ctx context.Context, mods []members.Member, roles []QuotaRole, week time.Time, worked map[string]int64) ([]QuotaLine, error) {
	roleQuota := make(map[string]int64, len(roles))
	for _, r := range roles {
		roleQuota[r.RoleID] = r.Seconds
	}
	quota := map[string]int64{}
	if len(mods) > 0 {
		rows, err := members.HeldRoles(s.db.Conn(ctx), s.staffRoleIDs()).Select("member_roles.member_id, member_roles.role_id").Rows()
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		for rows.Next() {
			var member, role string
			if err := rows.Scan(&member, &role); err != nil {
				return nil, err
			}
			if q, ok := roleQuota[role]; ok && (q > quota[member] || !hasKey(quota, member)) {
				quota[member] = q
			}
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	leave, err := s.leaveDaysIn(ctx, s.rosterMembers(mods), week)
	if err != nil {
		return nil, err
	}
	lines := make([]QuotaLine, 0, len(mods))
	for _, m := range mods {
		q, ok := quota[m.DiscordID]
		if !ok {
			q = s.defaultQuotaSeconds()
		}
		days := leave[m.DiscordID]
		// A seventh less per day on leave, in whole minutes: a quota reads as hours and
		// minutes, never seconds.
		q = q * int64(7-days) / 7 / 60 * 60
		lines = append(lines, QuotaLine{UserID: m.DiscordID, Username: m.Username, Avatar: m.Avatar,
			WorkedSeconds: worked[m.DiscordID], QuotaSeconds: q, LeaveDays: days, UnderQuota: worked[m.DiscordID] < q})
	}
	return lines, nil
}

func hasKey[K comparable, V any](m map[K]V, k K) bool {
	_, ok := m[k]
	return ok
}
