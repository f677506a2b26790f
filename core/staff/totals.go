package staff

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Fold is a member's running total: the worked time of their closed shifts that started
// before FoldedBefore, and the server of the last of them. A total is the fold plus the
// shifts after it, so reading it costs this week's shifts, not every shift ever recorded.
// Closed shifts never change, which is what makes folding them safe; FoldHistory moves the
// line forward, and a total read before it runs is the same, only dearer.
type Fold struct {
	MemberID      string    `gorm:"primaryKey;size:32"`
	WorkedSeconds int64     `gorm:"not null;default:0"`
	LastServer    string    `gorm:"size:64;not null;default:''"`
	FoldedBefore  time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Fold) TableName() string { return "staff_time_folds" }

// Totals are a member's time: the total of all time, and this week's by day.
type Totals struct {
	TotalSeconds int64
	Week         [7]int64
	LastServer   string
}

// TotalsFor computes the members' totals: the worked time of closed shifts (their breaks
// left out) plus adjustments (never below zero), and this week's seconds per day, a shift
// crossing midnight split across days. It reads each member's fold, the shifts after it and
// the shifts that ended this week or are open.
func (s *Shifts) TotalsFor(ctx context.Context, memberIDs []string) (map[string]*Totals, error) {
	out := make(map[string]*Totals, len(memberIDs))
	for _, id := range memberIDs {
		out[id] = &Totals{}
	}
	if len(memberIDs) == 0 {
		return out, nil
	}
	folds, err := findFolds(s.db.Conn(ctx).Where("member_id IN ?", memberIDs))
	if err != nil {
		return nil, err
	}
	foldOf := make(map[string]Fold, len(folds))
	// Members grouped by where their fold ends: the job folds everyone to the same line, so
	// there are few groups; members never folded read all their shifts.
	byLine := map[time.Time][]string{}
	for _, f := range folds {
		foldOf[f.MemberID] = f
		byLine[f.FoldedBefore] = append(byLine[f.FoldedBefore], f.MemberID)
	}
	for _, id := range memberIDs {
		if _, ok := foldOf[id]; !ok {
			byLine[time.Time{}] = append(byLine[time.Time{}], id)
		}
	}
	now := s.now()
	week := s.WeekStart(now)
	shifts := map[uint64]Shift{}
	breaks := map[uint64][]Break{}
	for line, ids := range byLine {
		q := s.db.Conn(ctx).Where("member_id IN ?", ids)
		if !line.IsZero() {
			q = q.Where("started_at >= ?", line)
		}
		list, err := findShifts(q)
		if err != nil {
			return nil, err
		}
		// Shifts folded already that still reach into this week, for its days.
		var reaching []Shift
		if !line.IsZero() {
			if reaching, err = findShifts(s.db.Conn(ctx).Where("member_id IN ? AND started_at < ? AND (ended_at IS NULL OR ended_at > ?)", ids, line, week)); err != nil {
				return nil, err
			}
		}
		earliest := line
		for _, sh := range append(list, reaching...) {
			shifts[sh.ID] = sh
			if sh.StartedAt.Before(earliest) {
				earliest = sh.StartedAt
			}
		}
		// A break lies within its shift, so the breaks from the earliest shift read are all
		// that these shifts have.
		got, err := s.breaksOf(ctx, func(q *gorm.DB) *gorm.DB {
			q = q.Where("member_id IN ?", ids)
			if !line.IsZero() {
				q = q.Where("started_at >= ?", earliest)
			}
			return q
		})
		if err != nil {
			return nil, err
		}
		for id, b := range got {
			breaks[id] = b
		}
	}
	latest := map[string]time.Time{}
	for _, f := range folds {
		out[f.MemberID].TotalSeconds = f.WorkedSeconds
		out[f.MemberID].LastServer = f.LastServer
	}
	for _, sh := range shifts {
		t := out[sh.MemberID]
		folded := sh.StartedAt.Before(foldOf[sh.MemberID].FoldedBefore)
		if !folded && !sh.StartedAt.Before(latest[sh.MemberID]) {
			t.LastServer, latest[sh.MemberID] = sh.Server, sh.StartedAt
		}
		if sh.EndedAt == nil {
			continue
		}
		if !folded {
			t.TotalSeconds += Worked(sh, *sh.EndedAt, breaks[sh.ID])
		}
		for day := range 7 {
			from := week.AddDate(0, 0, day)
			to := week.AddDate(0, 0, day+1)
			t.Week[day] += WorkedIn(sh, *sh.EndedAt, breaks[sh.ID], from, to)
		}
	}
	var adj []struct {
		MemberID string
		Total    int64
	}
	if err := s.db.Conn(ctx).Model(&Adjustment{}).Select("member_id, SUM(seconds) AS total").
		Where("member_id IN ?", memberIDs).Group("member_id").Scan(&adj).Error; err != nil {
		return nil, err
	}
	for _, a := range adj {
		out[a.MemberID].TotalSeconds += a.Total
	}
	for _, t := range out {
		t.TotalSeconds = max(t.TotalSeconds, 0)
	}
	return out, nil
}

// FoldHistory folds, for every member with closed shifts that started before this week,
// those shifts into the member's running total, and returns how many members it folded. A
// member's open shift that started earlier stops their line at its start. Runs at once
// agree: each member's fold moves from the line it read to the next, or not at all.
func (s *Shifts) FoldHistory(ctx context.Context) (int, error) {
	line := s.WeekStart(s.now())
	var candidates []string
	if err := s.db.Conn(ctx).Table("staff_shifts").Select("DISTINCT staff_shifts.member_id").
		Joins("LEFT JOIN staff_time_folds f ON f.member_id = staff_shifts.member_id").
		Where("staff_shifts.started_at < ? AND (f.folded_before IS NULL OR staff_shifts.started_at >= f.folded_before)", line).
		Order("staff_shifts.member_id").Scan(&candidates).Error; err != nil {
		return 0, err
	}
	folded := 0
	for _, id := range candidates {
		ok, err := s.foldMember(ctx, id, line)
		if err != nil {
			return folded, err
		}
		if ok {
			folded++
		}
	}
	return folded, nil
}

func (s *Shifts) foldMember(ctx context.Context, memberID string, line time.Time) (bool, error) {
	moved := false
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		var prior Fold
		if err := s.db.Conn(ctx).Where("member_id = ?", memberID).Limit(1).Find(&prior).Error; err != nil {
			return err
		}
		var open Shift
		if err := s.db.Conn(ctx).Where("member_id = ? AND ended_at IS NULL", memberID).Limit(1).Find(&open).Error; err != nil {
			return err
		}
		to := line
		if open.ID != 0 && open.StartedAt.Before(to) {
			to = open.StartedAt
		}
		if !to.After(prior.FoldedBefore) {
			return nil
		}
		var list []Shift
		if err := s.db.Conn(ctx).Where("member_id = ? AND started_at >= ? AND started_at < ? AND ended_at IS NOT NULL", memberID, prior.FoldedBefore, to).
			Order("started_at, id").Find(&list).Error; err != nil {
			return err
		}
		breaks, err := s.breaksOf(ctx, func(q *gorm.DB) *gorm.DB {
			return q.Where("member_id = ? AND started_at >= ?", memberID, prior.FoldedBefore)
		})
		if err != nil {
			return err
		}
		next := Fold{MemberID: memberID, WorkedSeconds: prior.WorkedSeconds, LastServer: prior.LastServer, FoldedBefore: to}
		for _, sh := range list {
			next.WorkedSeconds += Worked(sh, *sh.EndedAt, breaks[sh.ID])
			next.LastServer = sh.Server
		}
		var res *gorm.DB
		if prior.MemberID == "" {
			res = s.db.Conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&next)
		} else {
			// Moved only from the line this run read: a run that folded first wins.
			res = s.db.Conn(ctx).Model(&Fold{}).Where("member_id = ? AND folded_before = ?", memberID, prior.FoldedBefore).
				Updates(map[string]any{"worked_seconds": next.WorkedSeconds, "last_server": next.LastServer, "folded_before": to})
		}
		moved = res.Error == nil && res.RowsAffected == 1
		return res.Error
	})
	return moved, err
}
