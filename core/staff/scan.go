package staff

import (
	"time"

	"gorm.io/gorm"
)

// The roster's reads (the team, the quotas, the team's hours) go through every shift and
// break of the week for hundreds of members at once; GORM's reflection scanned them at
// about 1.6 µs a row, most of such a call. These read them with a plain scan instead.

// findShifts reads the shifts q selects.
func findShifts(q *gorm.DB) ([]Shift, error) {
	return scanShifts(q.Model(&Shift{}).Select("id, member_id, server, started_at, ended_at, capped"))
}

// scanShifts reads the shifts q selects with their columns in the order findShifts names them.
func scanShifts(q *gorm.DB) ([]Shift, error) {
	rows, err := q.Rows()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Shift
	for rows.Next() {
		var sh Shift
		if err := rows.Scan(&sh.ID, &sh.MemberID, &sh.Server, &sh.StartedAt, &sh.EndedAt, &sh.Capped); err != nil {
			return nil, err
		}
		out = append(out, sh)
	}
	return out, rows.Err()
}

// findBreaks reads the breaks q selects.
func findBreaks(q *gorm.DB) ([]Break, error) {
	rows, err := q.Model(&Break{}).Select("id, shift_id, member_id, started_at, ended_at").Rows()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Break
	for rows.Next() {
		var b Break
		if err := rows.Scan(&b.ID, &b.ShiftID, &b.MemberID, &b.StartedAt, &b.EndedAt); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// hiredOf reads when each of the members was hired, for those with a staff record.
func hiredOf(q *gorm.DB, memberIDs []string) (map[string]time.Time, error) {
	out := make(map[string]time.Time, len(memberIDs))
	rows, err := q.Model(&Record{}).Select("member_id, hired_at").Where("member_id IN ?", memberIDs).Rows()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var hired time.Time
		if err := rows.Scan(&id, &hired); err != nil {
			return nil, err
		}
		out[id] = hired
	}
	return out, rows.Err()
}
