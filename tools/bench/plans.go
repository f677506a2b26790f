package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"zocalo/core/db"
)

// hotQueries are the statements behind the benchmarked endpoints, as the services write
// them, with representative arguments.
func hotQueries(dialect db.Dialect, c community) []struct{ name, sql string } {
	player := c.players[0]
	// The words of the bench's search, the last as a prefix, as core/tickets writes them.
	words := strings.Fields(searchedTitle)
	matching := "search_words @@ tickets_search_query('''" + strings.Join(words, "'' & ''") + "'':*')"
	if dialect == db.SQLite {
		matching = `id IN (SELECT rowid FROM tickets_search WHERE tickets_search MATCH '"` + strings.Join(words, `" "`) + `"*')`
	}
	searched := "SELECT * FROM tickets WHERE (" + matching + ") ORDER BY updated_at DESC, id DESC LIMIT 10"
	common := strings.Fields(commonWords)
	matchingCommon := "search_words @@ tickets_search_query('''" + strings.Join(common, "'' & ''") + "'':*')"
	if dialect == db.SQLite {
		matchingCommon = `id IN (SELECT rowid FROM tickets_search WHERE tickets_search MATCH '"` + strings.Join(common, `" "`) + `"*')`
	}
	// On PostgreSQL a common word is counted and paged walking the newest tickets
	// (core/tickets/search.go); SQLite reads its full-text index.
	newestCommon := func(bound string) string {
		if dialect == db.SQLite {
			return "tickets"
		}
		return "(SELECT * FROM tickets ORDER BY updated_at DESC, id DESC " + bound + ") AS tickets"
	}
	staffer := c.staff[0]
	weekAgo := "'" + time.Now().UTC().AddDate(0, 0, -7).Format("2006-01-02 15:04:05") + "+00:00'"
	// The relay's reads, as core/outbox writes them: the due heads a dispatch reads (twice
	// the relay's 8 workers), one channel's head, the blocked deliveries by lane and cause,
	// and the oldest event still to go out.
	now := "'" + time.Now().UTC().Format("2006-01-02 15:04:05") + "+00:00'"
	queued := func(alias string) string { return alias + ".status IN ('pending', 'blocked')" }
	heads := "WITH due AS MATERIALIZED (SELECT id, channel_id FROM outbox_events e WHERE " + queued("e") + " AND e.next_attempt_at <= " + now +
		") SELECT e.* FROM outbox_events e WHERE e.id IN (SELECT due.id FROM due WHERE due.id = (SELECT MIN(o.id) FROM outbox_events o WHERE " +
		queued("o") + " AND o.channel_id = due.channel_id) ORDER BY due.id LIMIT 16) ORDER BY e.id"
	lane := "CASE WHEN channel_id LIKE 'verify:%' THEN 'verify' WHEN channel_id LIKE 'roles:%' THEN 'roles' WHEN channel_id LIKE 'dm:%' THEN 'dm' ELSE channel_id END"
	groups := "SELECT " + lane + " AS lane, last_error AS reason, COUNT(*) AS n, MIN(next_attempt_at) AS next_attempt_at FROM outbox_events " +
		"WHERE status = 'blocked' GROUP BY " + lane + ", last_error ORDER BY n DESC, lane, reason LIMIT 50"
	return []struct{ name, sql string }{
		{"session and user of a token", "SELECT * FROM sessions LEFT JOIN users \"User\" ON sessions.user_id = \"User\".discord_id WHERE sessions.id = 'x' AND sessions.user_id = '" + player + "'"},
		{"roles and rights of a member", "SELECT member_roles.role_id, panel_permissions.panel FROM member_roles LEFT JOIN panel_permissions ON panel_permissions.role_id = member_roles.role_id WHERE member_roles.member_id = '" + player + "' ORDER BY member_roles.role_id"},
		{"public news", "SELECT * FROM news_items WHERE active = true ORDER BY date DESC, id DESC"},
		{"tickets page 1", "SELECT * FROM tickets ORDER BY updated_at DESC, id DESC LIMIT 10"},
		{"tickets by status", "SELECT * FROM tickets WHERE status IN ('open') ORDER BY updated_at DESC, id DESC LIMIT 10"},
		{"ticket figures (summary, list totals)", "SELECT * FROM ticket_tallies WHERE status IN ('open')"},
		{"a player's tickets", "SELECT * FROM tickets WHERE author_id = '" + player + "' ORDER BY updated_at DESC, id DESC LIMIT 10"},
		{"tickets searched", searched},
		{"tickets searched by a common word", "SELECT * FROM " + newestCommon("OFFSET 0") + " WHERE (" + matchingCommon + ") ORDER BY updated_at DESC, id DESC LIMIT 10"},
		{"a common word among the 1,000 newest tickets", "SELECT COUNT(*) FROM (SELECT 1 FROM " + newestCommon("LIMIT 1000") + " WHERE (" + matchingCommon + ") LIMIT 1001) AS matches"},
		{"a common word's matches, counted up to 1,001", "SELECT COUNT(*) FROM (SELECT 1 FROM " + newestCommon("LIMIT 30000") + " WHERE (" + matchingCommon + ") LIMIT 1001) AS matches"},
		{"tickets by priority", "SELECT * FROM tickets WHERE priority = 'High' ORDER BY updated_at DESC, id DESC LIMIT 10"},
		{"a staff member's replies", "SELECT COUNT(DISTINCT ticket_messages.ticket_id), COUNT(DISTINCT tickets.author_id) FROM ticket_messages JOIN tickets ON tickets.id = ticket_messages.ticket_id WHERE ticket_messages.sender_type = 'staff' AND ticket_messages.sender_id = '" + staffer + "'"},
		{"ratings of a staff member's tickets", "SELECT COALESCE(SUM(rating), 0), COUNT(rating) FROM tickets WHERE assignee_id = '" + staffer + "' AND rating IS NOT NULL"},
		{"tickets opened in a week", "SELECT COUNT(*) FROM tickets WHERE created_at >= " + weekAgo},
		{"shifts folded already that reach into this week", "SELECT * FROM staff_shifts WHERE member_id IN ('" + staffer + "') AND started_at < " + weekAgo + " AND (ended_at IS NULL OR ended_at > " + weekAgo + ")"},
		{"the team's shifts ending in the weeks shown", "SELECT * FROM staff_shifts WHERE ended_at IS NOT NULL AND started_at < " + now + " AND ended_at > " + weekAgo + " ORDER BY id"},
		{"a ticket's messages", fmt.Sprintf("SELECT * FROM ticket_messages WHERE ticket_id = %d ORDER BY created_at, id", c.detailID)},
		{"initiatives of a body, with their counts", "SELECT * FROM initiatives WHERE body = 'SCJN' ORDER BY created_at DESC, id DESC"},
		{"the caller's votes", "SELECT initiative_id, choice FROM initiative_votes WHERE member_id = '" + player + "'"},
		{"a ticket's files", fmt.Sprintf("SELECT * FROM ticket_attachments WHERE ticket_id = %d ORDER BY id", c.detailID)},
		{"sales page 1", "SELECT * FROM sales ORDER BY id DESC LIMIT 20"},
		{"a person's charges", "SELECT * FROM charges WHERE discord_id = '" + player + "' ORDER BY id"},
		{"the relay's due heads (a blocked lane per member)", heads},
		{"a channel's head", "SELECT * FROM outbox_events AS e WHERE " + queued("e") + " AND e.channel_id = 'verify:" + player + "' ORDER BY e.id LIMIT 1"},
		{"blocked deliveries by lane and cause", groups},
		{"the oldest event still to go out (the relay's gauge)", "SELECT e.created_at FROM outbox_events AS e WHERE " + queued("e") + " ORDER BY e.id LIMIT 1"},
	}
}

// printPlans writes the database's plan for each hot query.
func printPlans(ctx context.Context, out io.Writer, d *db.DB, c community) error {
	explain := "EXPLAIN QUERY PLAN "
	if d.Dialect() == db.Postgres {
		explain = "EXPLAIN "
	}
	for _, q := range hotQueries(d.Dialect(), c) {
		rows, err := d.Conn(ctx).Raw(explain + q.sql).Rows()
		if err != nil {
			return fmt.Errorf("%s: %w", q.name, err)
		}
		cols, _ := rows.Columns()
		var lines []string
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				rows.Close()
				return err
			}
			// SQLite gives (id, parent, notused, detail); PostgreSQL one text column.
			lines = append(lines, fmt.Sprint(vals[len(vals)-1]))
		}
		rows.Close()
		fmt.Fprintf(out, "  %s:\n      %s\n", q.name, strings.Join(lines, "\n      "))
	}
	return nil
}
