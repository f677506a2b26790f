package staff

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"zocalo/core/db"
	"zocalo/core/members"
)

// Fold is a member's running total: the worked time of their closed shifts that started
// before FoldedBefore, and the server of the last of them. A total is the fold plus the
// shifts after it, so reading it costs the shifts since the last fold, not every shift ever
// recorded. Closed shifts never change, which is what makes folding them safe; FoldHistory
// moves the line forward, and a total read before it runs is the same, only dearer.
type Fold struct {
	MemberID      string    `gorm:"primaryKey;size:32"`
	WorkedSeconds int64     `gorm:"not null;default:0"`
	LastServer    string    `gorm:"size:64;not null;default:''"`
	FoldedBefore  time.Time `gorm:"not null"`
	// WeekStart is the week WeekSeconds counts: the worked time within it of the shifts
	// folded while it ran. A fold of a later week starts the count again, so a week's worked
	// time is this figure plus the shifts after the line, whatever the roster's size.
	WeekStart   *time.Time
	WeekSeconds int64 `gorm:"not null;default:0"`
}

// TableName keeps the table's name explicit.
func (Fold) TableName() string { return "staff_time_folds" }

// foldMargin keeps the latest hour out of a fold: a shift clocked in by a replica whose
// clock runs a little behind never starts before a line it did not see.
const foldMargin = time.Hour

// Totals are a member's time: the total of all time, and this week's by day.
type Totals struct {
	TotalSeconds int64
	Week         [7]int64
	LastServer   string
}

// Standing is what orders the roster: a member's total and this week's worked time, read
// from the fold and the few shifts after it, without this week's shifts one by one.
type Standing struct {
	TotalSeconds int64
	WeekSeconds  int64
}

// Members names the members a read is about: IDs, or with Roles, everyone in the guild who
// holds one of them (the roster, whose IDs the caller has read). The roster is named in SQL,
// not bound id by id: hundreds of parameters cost more to send, bind and plan than the
// reads took.
type Members struct {
	IDs   []string
	Roles []string
}

// in narrows q to the members, by column.
func (m Members) in(q *gorm.DB, column string) *gorm.DB {
	if m.Roles != nil {
		return q.Where(column+" IN (?)", members.HeldRoles(q.Session(&gorm.Session{NewDB: true}), m.Roles).Select("member_roles.member_id"))
	}
	return q.Where(column+" IN ?", m.IDs)
}

// afterFolds reads the members' folds and the shifts after each member's line: every shift
// of a member never folded. Folded members' shifts are found from the fold's line in the
// shifts' (member, start) index, so the read is one short range per member.
func (s *Shifts) afterFolds(ctx context.Context, m Members) (map[string]Fold, []Shift, error) {
	// Each fold with the shifts after its line, in one read. SQLite joins by looking up each
	// fold's range in the index. PostgreSQL would hash every shift ever recorded against the
	// folds (37 ms for 156,500 shifts); a lateral subquery it may not flatten (OFFSET 0)
	// makes it look up each range too.
	after := "LEFT JOIN staff_shifts s ON s.member_id = f.member_id AND s.started_at >= f.folded_before"
	if s.db.Dialect() == db.Postgres {
		after = `LEFT JOIN LATERAL (SELECT p.id, p.server, p.started_at, p.ended_at, p.capped FROM staff_shifts p
			WHERE p.member_id = f.member_id AND p.started_at >= f.folded_before OFFSET 0) s ON true`
	}
	rows, err := m.in(s.db.Conn(ctx).Table("staff_time_folds f").
		Select("f.member_id, f.worked_seconds, f.last_server, f.folded_before, f.week_start, f.week_seconds, "+
			"s.id, s.server, s.started_at, s.ended_at, s.capped").Joins(after), "f.member_id").Rows()
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	foldOf := map[string]Fold{}
	var shifts []Shift
	for rows.Next() {
		// Null-typed values rather than pointers: five hundred rows a call, no allocation each.
		var f Fold
		var week, started, ended sql.NullTime
		var id sql.NullInt64
		var server sql.NullString
		var capped sql.NullBool
		if err := rows.Scan(&f.MemberID, &f.WorkedSeconds, &f.LastServer, &f.FoldedBefore, &week, &f.WeekSeconds,
			&id, &server, &started, &ended, &capped); err != nil {
			return nil, nil, err
		}
		if week.Valid {
			f.WeekStart = &week.Time
		}
		foldOf[f.MemberID] = f
		if id.Valid {
			sh := Shift{ID: uint64(id.Int64), MemberID: f.MemberID, Server: server.String, StartedAt: started.Time, Capped: capped.Bool}
			if ended.Valid {
				sh.EndedAt = &ended.Time
			}
			shifts = append(shifts, sh)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	var never []string
	for _, id := range m.IDs {
		if _, ok := foldOf[id]; !ok {
			never = append(never, id)
		}
	}
	if len(never) > 0 {
		got, err := findShifts(s.db.Conn(ctx).Where("member_id IN ?", never))
		if err != nil {
			return nil, nil, err
		}
		shifts = append(shifts, got...)
	}
	return foldOf, shifts, nil
}

// Standings computes the members' totals (closed shifts' worked time plus adjustments,
// never below zero) and this week's worked time, for ordering the roster. A member missing
// from the answer has neither.
func (s *Shifts) Standings(ctx context.Context, m Members) (map[string]Standing, error) {
	out := map[string]Standing{}
	if len(m.IDs) == 0 {
		return out, nil
	}
	foldOf, after, err := s.afterFolds(ctx, m)
	if err != nil {
		return nil, err
	}
	breaks, err := s.breaksOfShifts(ctx, closedOnly(after))
	if err != nil {
		return nil, err
	}
	adjusted, err := s.adjustments(ctx, m)
	if err != nil {
		return nil, err
	}
	week := s.WeekStart(s.now())
	weekEnd := week.AddDate(0, 0, 7)
	for id, f := range foldOf {
		st := Standing{TotalSeconds: f.WorkedSeconds}
		if f.WeekStart != nil && f.WeekStart.Equal(week) {
			st.WeekSeconds = f.WeekSeconds
		}
		out[id] = st
	}
	for id, seconds := range adjusted {
		st := out[id]
		st.TotalSeconds += seconds
		out[id] = st
	}
	for _, sh := range after {
		if sh.EndedAt == nil {
			continue
		}
		st := out[sh.MemberID]
		st.TotalSeconds += Worked(sh, *sh.EndedAt, breaks[sh.ID])
		st.WeekSeconds += WorkedIn(sh, *sh.EndedAt, breaks[sh.ID], week, weekEnd)
		out[sh.MemberID] = st
	}
	for id, st := range out {
		st.TotalSeconds = max(st.TotalSeconds, 0)
		out[id] = st
	}
	return out, nil
}

// TotalsFor computes the members' totals: the worked time of closed shifts (their breaks
// left out) plus adjustments (never below zero), and this week's seconds per day, a shift
// crossing midnight split across days. It reads each member's fold, the shifts after it and
// this week's shifts; meant for a page of members, as it reads each one's week.
func (s *Shifts) TotalsFor(ctx context.Context, memberIDs []string) (map[string]*Totals, error) {
	out := make(map[string]*Totals, len(memberIDs))
	for _, id := range memberIDs {
		out[id] = &Totals{}
	}
	if len(memberIDs) == 0 {
		return out, nil
	}
	foldOf, after, err := s.afterFolds(ctx, Members{IDs: memberIDs})
	if err != nil {
		return nil, err
	}
	week := s.WeekStart(s.now())
	thisWeek, err := s.weekShifts(ctx, memberIDs, week)
	if err != nil {
		return nil, err
	}
	shifts := make(map[uint64]Shift, len(after)+len(thisWeek))
	for _, sh := range append(after, thisWeek...) {
		shifts[sh.ID] = sh
	}
	all := make([]Shift, 0, len(shifts))
	for _, sh := range shifts {
		all = append(all, sh)
	}
	breaks, err := s.breaksOfShifts(ctx, closedOnly(all))
	if err != nil {
		return nil, err
	}
	adjusted, err := s.adjustments(ctx, Members{IDs: memberIDs})
	if err != nil {
		return nil, err
	}
	latest := map[string]time.Time{}
	for id, f := range foldOf {
		out[id].TotalSeconds, out[id].LastServer = f.WorkedSeconds, f.LastServer
	}
	for _, sh := range all {
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
			t.Week[day] += WorkedIn(sh, *sh.EndedAt, breaks[sh.ID], week.AddDate(0, 0, day), week.AddDate(0, 0, day+1))
		}
	}
	for id, t := range out {
		t.TotalSeconds = max(t.TotalSeconds+adjusted[id], 0)
	}
	return out, nil
}

// weekShifts reads the members' shifts that may reach into the week starting at week: those
// started in it, and each member's last shift started before it (shifts of one member never
// overlap, so no earlier one can), kept if it is open or ended after the week began.
func (s *Shifts) weekShifts(ctx context.Context, memberIDs []string, week time.Time) ([]Shift, error) {
	out, err := findShifts(s.db.Conn(ctx).Where("member_id IN ? AND started_at >= ?", memberIDs, week))
	if err != nil {
		return nil, err
	}
	// One lookup per member in the (member, start) index; VALUES names the members without
	// needing a row of theirs anywhere.
	args := []any{week}
	for _, id := range memberIDs {
		args = append(args, id)
	}
	last := fmt.Sprintf(`id IN (SELECT (SELECT p.id FROM staff_shifts p WHERE p.member_id = v.column1 AND p.started_at < ?
		ORDER BY p.started_at DESC LIMIT 1) FROM (VALUES %s) AS v)`, strings.TrimSuffix(strings.Repeat("(?),", len(memberIDs)), ","))
	before, err := findShifts(s.db.Conn(ctx).Where(last, args...))
	if err != nil {
		return nil, err
	}
	for _, sh := range before {
		if sh.EndedAt == nil || sh.EndedAt.After(week) {
			out = append(out, sh)
		}
	}
	return out, nil
}

// adjustments adds up each member's adjustments of their time.
func (s *Shifts) adjustments(ctx context.Context, m Members) (map[string]int64, error) {
	var rows []struct {
		MemberID string
		Total    int64
	}
	if err := m.in(s.db.Conn(ctx).Model(&Adjustment{}), "member_id").Select("member_id, SUM(seconds) AS total").
		Group("member_id").Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(rows))
	for _, r := range rows {
		out[r.MemberID] = r.Total
	}
	return out, nil
}

func closedOnly(shifts []Shift) []Shift {
	return slices.DeleteFunc(slices.Clone(shifts), func(sh Shift) bool { return sh.EndedAt == nil })
}

// breaksOfShifts reads the breaks of the given shifts by their ids, in bounded batches.
func (s *Shifts) breaksOfShifts(ctx context.Context, shifts []Shift) (map[uint64][]Break, error) {
	out := map[uint64][]Break{}
	ids := make([]uint64, len(shifts))
	for i, sh := range shifts {
		ids[i] = sh.ID
	}
	for batch := range slices.Chunk(ids, 5000) {
		got, err := s.breaksOf(ctx, func(q *gorm.DB) *gorm.DB { return q.Where("shift_id IN ?", batch) })
		if err != nil {
			return nil, err
		}
		for id, b := range got {
			out[id] = b
		}
	}
	return out, nil
}

// FoldHistory folds, for every member with closed shifts not yet folded, those shifts into
// the member's running total, up to an hour ago, and returns how many members it folded. A
// member's open shift stops their line at its start. Runs at once agree: each member's fold
// moves from the line it read to the next, or not at all.
func (s *Shifts) FoldHistory(ctx context.Context) (int, error) {
	now := s.now()
	line := now.Add(-foldMargin)
	var candidates []string
	if err := s.db.Conn(ctx).Table("staff_shifts").Select("DISTINCT staff_shifts.member_id").
		Joins("LEFT JOIN staff_time_folds f ON f.member_id = staff_shifts.member_id").
		Where("staff_shifts.started_at < ? AND staff_shifts.ended_at IS NOT NULL AND (f.folded_before IS NULL OR staff_shifts.started_at >= f.folded_before)", line).
		Order("staff_shifts.member_id").Scan(&candidates).Error; err != nil {
		return 0, err
	}
	folded := 0
	for _, id := range candidates {
		ok, err := s.foldMember(ctx, id, line, s.WeekStart(now))
		if err != nil {
			return folded, err
		}
		if ok {
			folded++
		}
	}
	return folded, nil
}

func (s *Shifts) foldMember(ctx context.Context, memberID string, line, week time.Time) (bool, error) {
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
		breaks, err := s.breaksOfShifts(ctx, list)
		if err != nil {
			return err
		}
		next := Fold{MemberID: memberID, WorkedSeconds: prior.WorkedSeconds, LastServer: prior.LastServer, FoldedBefore: to, WeekStart: &week}
		if prior.WeekStart != nil && prior.WeekStart.Equal(week) {
			next.WeekSeconds = prior.WeekSeconds
		}
		weekEnd := week.AddDate(0, 0, 7)
		for _, sh := range list {
			next.WorkedSeconds += Worked(sh, *sh.EndedAt, breaks[sh.ID])
			next.WeekSeconds += WorkedIn(sh, *sh.EndedAt, breaks[sh.ID], week, weekEnd)
			next.LastServer = sh.Server
		}
		var res *gorm.DB
		if prior.MemberID == "" {
			res = s.db.Conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&next)
		} else {
			// Moved only from the line this run read: a run that folded first wins.
			res = s.db.Conn(ctx).Model(&Fold{}).Where("member_id = ? AND folded_before = ?", memberID, prior.FoldedBefore).
				Updates(map[string]any{"worked_seconds": next.WorkedSeconds, "last_server": next.LastServer, "folded_before": to,
					"week_start": week, "week_seconds": next.WeekSeconds})
		}
		moved = res.Error == nil && res.RowsAffected == 1
		return res.Error
	})
	return moved, err
}
