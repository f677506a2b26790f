package staff

import (
	"context"
	"encoding/json"
	"time"

	"gorm.io/gorm/clause"

	"zocalo/core/authz"
	"zocalo/core/outbox"
)

// WeeklyReport is last week's hours per staff member, kept for the dashboard.
type WeeklyReport struct {
	ID        uint64    `gorm:"primaryKey;autoIncrement"`
	WeekStart string    `gorm:"size:10;not null;uniqueIndex:idx_staff_weekly_reports_week_start"` // Monday, YYYY-MM-DD
	Content   string    `gorm:"type:text;not null"`                                               // JSON of WeeklyLines
	CreatedAt time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (WeeklyReport) TableName() string { return "staff_weekly_reports" }

// WeeklyLine is one staff member's week.
type WeeklyLine struct {
	UserID   string `json:"userId"`
	Username string `json:"username"`
	Seconds  int64  `json:"seconds"`
	// QuotaSeconds is the member's own quota that week (their roles' highest, pro-rated
	// for the days on approved leave); absent from reports written before quotas per role.
	QuotaSeconds *int64 `json:"quotaSeconds,omitempty"`
	LeaveDays    int    `json:"leaveDays,omitempty"`
	UnderQuota   bool   `json:"underQuota"`
}

// Weekly is a stored weekly report as the API shows it.
type Weekly struct {
	WeekStart string       `json:"weekStart"`
	Quota     int64        `json:"quotaSeconds"`
	Lines     []WeeklyLine `json:"lines"`
}

// WriteWeeklyReport computes the week before now (Monday to Sunday, community time),
// weighs each member's worked time against their quota, stores it and posts it to the
// staff reports channel. A second run for the same week does nothing, even at the same
// moment, so a scheduler firing twice posts once.
func (s *Service) WriteWeeklyReport(ctx context.Context) (bool, error) {
	start := s.shifts.WeekStart(s.now()).AddDate(0, 0, -7)
	end := start.AddDate(0, 0, 7)
	key := start.Format("2006-01-02")
	var exists int64
	if err := s.db.Conn(ctx).Model(&WeeklyReport{}).Where("week_start = ?", key).Count(&exists).Error; err != nil || exists > 0 {
		return false, err
	}
	mods, err := s.roster(ctx)
	if err != nil {
		return false, err
	}
	ids := make([]string, len(mods))
	for i, m := range mods {
		ids[i] = m.DiscordID
	}
	var shifts []Shift
	if err := s.db.Conn(ctx).Where("member_id IN ? AND ended_at IS NOT NULL AND started_at < ? AND ended_at > ?", ids, end, start).
		Find(&shifts).Error; err != nil {
		return false, err
	}
	breaks, err := s.shifts.breaksOverlapping(ctx, ids, shifts, start, end)
	if err != nil {
		return false, err
	}
	secs := map[string]int64{}
	for _, sh := range shifts {
		secs[sh.MemberID] += WorkedIn(sh, *sh.EndedAt, breaks[sh.ID], start, end)
	}
	roles, err := s.quotaRoles(ctx)
	if err != nil {
		return false, err
	}
	standing, err := s.quotaLines(ctx, mods, roles, start, secs)
	if err != nil {
		return false, err
	}
	lines := make([]WeeklyLine, len(standing))
	for i, q := range standing {
		lines[i] = WeeklyLine{UserID: q.UserID, Username: q.Username, Seconds: q.WorkedSeconds,
			QuotaSeconds: &q.QuotaSeconds, LeaveDays: q.LeaveDays, UnderQuota: q.UnderQuota}
	}
	// Stored in the order the channel shows them, under the quota first: the dashboard lists
	// the lines as they come, so it reads like the channel and the quota board.
	sortWeeklyLines(lines)
	raw, _ := json.Marshal(Weekly{WeekStart: key, Quota: s.defaultQuotaSeconds(), Lines: lines})
	posted := false
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		// The week's unique key decides the run that posts: a run that finds the report
		// already there (or being written) inserts nothing, posts nothing and succeeds.
		// Not a failed insert: on PostgreSQL that would abort the transaction.
		rep := WeeklyReport{WeekStart: key, Content: string(raw), CreatedAt: s.now()}
		res := s.db.Conn(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "week_start"}}, DoNothing: true}).Create(&rep)
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		posted = true
		// One event per message, in order: the relay delivers a channel's events oldest
		// first, one at a time (outbox.Heads), and ids rise in the order they are enqueued,
		// so the parts of the report arrive in order.
		for _, msg := range weeklyMessages(lines, start, s.defaultQuotaSeconds(), s.now()) {
			if _, err := s.outbox.Enqueue(ctx, outbox.KindChannelMessage, s.reportsChannel, msg); err != nil {
				return err
			}
		}
		return nil
	})
	return posted, err
}

// LatestWeekly is the last weekly report, for the dashboard (STAFF and ADMIN).
func (s *Service) LatestWeekly(ctx context.Context, actor *authz.Actor) (*Weekly, error) {
	if !actor.Can(authz.PanelStaff, authz.Read) {
		return nil, errStaffOnly
	}
	var rep WeeklyReport
	err := s.db.Conn(ctx).Order("week_start DESC").Limit(1).Find(&rep).Error
	if err != nil || rep.ID == 0 {
		return nil, err
	}
	var w Weekly
	if err := json.Unmarshal([]byte(rep.Content), &w); err != nil {
		return nil, err
	}
	return &w, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
