package main

import (
	"fmt"
	"time"

	"gorm.io/gorm"

	"zocalo/core/audit"
	"zocalo/core/staff"
	"zocalo/core/tickets"
)

// insertTickets writes the tickets in batches. On PostgreSQL the tallies' triggers are off
// meanwhile (each insert would update a tally row: 25 minutes for a million tickets) and the
// tallies are then computed from the tickets as the migrations define them; on SQLite the
// triggers stay (one writer, cheap). Either way the tallies are then checked against the
// tickets themselves, so the benchmark never measures figures that do not add up.
func insertTickets(conn *gorm.DB, ts []tickets.Ticket) error {
	postgres := conn.Dialector.Name() == "postgres"
	if postgres {
		if err := conn.Exec("ALTER TABLE tickets DISABLE TRIGGER ticket_tallies_insert_delete").Error; err != nil {
			return err
		}
	}
	if err := conn.CreateInBatches(&ts, 1000).Error; err != nil {
		return err
	}
	if postgres {
		if err := conn.Exec("ALTER TABLE tickets ENABLE TRIGGER ticket_tallies_insert_delete").Error; err != nil {
			return err
		}
		// migrations/postgres/00012 and 00016: a ticket counts in the share of its id modulo 16.
		if err := conn.Exec(`UPDATE ticket_tallies SET tickets = f.tickets, rated = f.rated, rating_sum = f.rating_sum,
			resolved = f.resolved, resolution_seconds = f.resolution_seconds
		FROM (
			SELECT status, id % 16 AS shard, COUNT(*) AS tickets, COUNT(rating) AS rated, COALESCE(SUM(rating), 0) AS rating_sum,
				COUNT(*) FILTER (WHERE resolved_at IS NOT NULL AND status IN ('resolved', 'closed')) AS resolved,
				COALESCE(SUM(ROUND(EXTRACT(EPOCH FROM (resolved_at - created_at))))
					FILTER (WHERE resolved_at IS NOT NULL AND status IN ('resolved', 'closed')), 0) AS resolution_seconds
			FROM tickets GROUP BY status, id % 16
		) f
		WHERE ticket_tallies.status = f.status AND ticket_tallies.shard = f.shard`).Error; err != nil {
			return err
		}
	}
	return checkTallies(conn)
}

// checkTallies compares each status's tallies with a count of its tickets.
func checkTallies(conn *gorm.DB) error {
	type figures struct {
		Status         string
		Tickets, Rated int64
		RatingSum      int64
		Resolved       int64
	}
	var kept, counted []figures
	if err := conn.Raw(`SELECT status, SUM(tickets) AS tickets, SUM(rated) AS rated, SUM(rating_sum) AS rating_sum, SUM(resolved) AS resolved
		FROM ticket_tallies GROUP BY status HAVING SUM(tickets) > 0 ORDER BY status`).Scan(&kept).Error; err != nil {
		return err
	}
	if err := conn.Raw(`SELECT status, COUNT(*) AS tickets, COUNT(rating) AS rated, COALESCE(SUM(rating), 0) AS rating_sum,
		SUM(CASE WHEN resolved_at IS NOT NULL AND status IN ('resolved', 'closed') THEN 1 ELSE 0 END) AS resolved
		FROM tickets GROUP BY status ORDER BY status`).Scan(&counted).Error; err != nil {
		return err
	}
	if fmt.Sprint(kept) != fmt.Sprint(counted) {
		return fmt.Errorf("the ticket tallies do not match the tickets: kept %v, counted %v", kept, counted)
	}
	return nil
}

// seedShifts gives every moderator three shifts a week (evening, 3 h, a 15-minute break in
// every other) for sizes.ShiftWeeks weeks up to last week, and one shift this week.
func seedShifts(conn *gorm.DB, c community, sizes Sizes, now time.Time) error {
	servers := []string{"Principal", "Eventos"}
	var shifts []staff.Shift
	var paused []bool
	for w := sizes.ShiftWeeks; w >= 0; w-- {
		for i, id := range c.staff {
			for k := range 3 {
				if w == 0 && k > 0 {
					break
				}
				start := now.AddDate(0, 0, -7*w-2*k-1).Add(time.Duration(i%6) * time.Hour).Truncate(time.Minute)
				end := start.Add(3 * time.Hour)
				shifts = append(shifts, staff.Shift{MemberID: id, Server: servers[(i+k)%2], StartedAt: start.UTC(), EndedAt: ptr(end.UTC())})
				paused = append(paused, k%2 == 0)
			}
		}
	}
	if err := conn.CreateInBatches(&shifts, 1000).Error; err != nil {
		return err
	}
	var breaks []staff.Break
	for i, sh := range shifts {
		if paused[i] {
			from := sh.StartedAt.Add(time.Hour)
			breaks = append(breaks, staff.Break{ShiftID: sh.ID, MemberID: sh.MemberID, StartedAt: from, EndedAt: ptr(from.Add(15 * time.Minute))})
		}
	}
	return conn.CreateInBatches(&breaks, 1000).Error
}

// seedAudit writes the audit log: staff's changes over the last two years.
func seedAudit(conn *gorm.DB, c community, sizes Sizes, now time.Time) error {
	areas := []string{audit.AreaStaff, audit.AreaTickets, audit.AreaRoles}
	entries := make([]audit.Entry, 0, 10_000)
	for i := range sizes.Audit {
		actor := c.staff[i%len(c.staff)]
		entries = append(entries, audit.Entry{At: now.Add(-time.Duration(sizes.Audit-i) * time.Minute).UTC(), ActorID: actor, ActorName: "moderador",
			Area: areas[i%len(areas)], Action: "ticket.status", EntityType: "ticket", EntityID: fmt.Sprint(1 + i%max(1, sizes.Tickets)),
			Before: `{"status":"open"}`, After: `{"status":"in_progress"}`})
		if len(entries) == cap(entries) || i == sizes.Audit-1 {
			if err := conn.CreateInBatches(&entries, 1000).Error; err != nil {
				return err
			}
			entries = entries[:0]
		}
	}
	return nil
}

func ptr[T any](v T) *T { return &v }
