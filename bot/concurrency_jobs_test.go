package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/auth"
	"zocalo/core/authz"
	"zocalo/core/documents"
	"zocalo/core/idempotency"
	"zocalo/core/legislative"
	"zocalo/core/members"
	"zocalo/core/outbox"
	"zocalo/core/privacy"
	"zocalo/core/staff"
	"zocalo/core/tickets"
	"zocalo/internal/testenv"
)

// Scheduled jobs: a job's Run twenty times at once, as when two bots overlap during a
// leader hand-over or a scheduler fires twice. Each has one effect.

var _ = addBotRaceRows(
	botRaceRow{
		name:   "weekly staff report of 200 staff, run 20 times at once while Discord rate-limits the channel: one report, each of its messages posted once, every line shown",
		covers: []string{"job weekly-staff-report"},
		run: func(t *testing.T, e *botRace) {
			ctx := context.Background()
			mod := e.member(t, authz.Moderador)
			e.lastWeeksShift(t, mod)
			lastWeek := e.app.Shifts.WeekStart(e.app.Now()).AddDate(0, 0, -7)
			// Enough staff with long names for the report to pass one message's limits. They
			// are in the guild and recorded as the role sync records them, without a gateway
			// event each.
			joined := time.Date(2025, 1, 15, 12, 0, 0, 0, time.UTC)
			for i := range 200 {
				u := discordgo.User{ID: e.id(), Username: fmt.Sprintf("Ñandú Peñaloza-Álvarez 🦜 moderación nº%03d", i)}
				e.fake.AddUser(u, true, testenv.RoleIDs(authz.Moderador)...)
				if _, err := e.app.Members.Upsert(ctx, members.Snapshot{DiscordID: u.ID, Username: u.Username, InGuild: true,
					JoinedAt: &joined, RoleIDs: testenv.RoleIDs(authz.Moderador)}); err != nil {
					t.Fatal(err)
				}
			}
			// Discord refuses the report's first posts (429, the channel's bucket): the
			// relay waits and sends them again, in order, each once.
			e.fake.RateLimitChannel(e.cfg.Channels.StaffReports, 3, 20*time.Millisecond, "user")
			e.runJob(t, "weekly-staff-report", botRaceN)
			expectCount(t, "reports", e.count(t, "staff_weekly_reports", "week_start = ?", lastWeek.Format("2006-01-02")), 1)
			var rep staff.WeeklyReport
			var week staff.Weekly
			if err := e.d.Conn(ctx).Where("week_start = ?", lastWeek.Format("2006-01-02")).Take(&rep).Error; err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(rep.Content), &week); err != nil || len(week.Lines) < 201 {
				t.Fatalf("the report holds %d lines (%v)", len(week.Lines), err)
			}
			channel := e.cfg.Channels.StaffReports
			posts := e.count(t, "outbox_events", "kind = ? AND channel_id = ?", outbox.KindChannelMessage, channel)
			if posts < 2 {
				t.Fatalf("%d posts for %d lines", posts, len(week.Lines))
			}
			e.settle(t)
			got := e.fake.Messages(channel)
			if int64(len(got)) != posts {
				t.Fatalf("%d messages in the reports channel for %d posts", len(got), posts)
			}
			var attempts int64
			for _, r := range e.fake.Requests() {
				if r.Method == "POST" && strings.HasSuffix(r.Path, "/channels/"+channel+"/messages") {
					attempts++
				}
			}
			if attempts != posts+3 {
				t.Errorf("%d attempts to post %d messages with 3 refused", attempts, posts)
			}
			var shown []string
			for i, m := range got {
				if len(m.Attachments) > 0 || len(m.Embeds) == 0 {
					t.Fatalf("message %d: %d embeds, attachments %+v", i, len(m.Embeds), m.Attachments)
				}
				for _, em := range m.Embeds {
					shown = append(shown, strings.Split(em.Description, "\n")...)
				}
			}
			if !strings.HasPrefix(got[0].Embeds[0].Title, "Reporte semanal de horas: ") || !strings.Contains(got[1].Embeds[0].Title, "continuación") {
				t.Errorf("titled %q, then %q", got[0].Embeds[0].Title, got[1].Embeds[0].Title)
			}
			// Every line once, whole and in the report's order, which puts those under the
			// quota first.
			if len(shown) != len(week.Lines) {
				t.Fatalf("%d lines shown for %d in the report", len(shown), len(week.Lines))
			}
			for i, l := range week.Lines {
				if !strings.HasPrefix(shown[i], "**"+l.Username+"**: ") || strings.Contains(shown[i], "bajo la cuota") != l.UnderQuota {
					t.Fatalf("line %d shows %q, want %+v", i, shown[i], l)
				}
				if l.UserID == mod && !strings.HasPrefix(shown[i], "**"+l.Username+"**: 2 h ") {
					t.Errorf("the moderator's line shows %q", shown[i])
				}
				if i > 0 && l.UnderQuota && !week.Lines[i-1].UnderQuota {
					t.Errorf("line %d is under the quota after one that is not", i)
				}
			}
		},
	},
	botRaceRow{
		name:   "votes closed at their end date, run 20 times at once: closed once, announced once",
		covers: []string{"job close-votes"},
		run: func(t *testing.T, e *botRace) {
			ctx := context.Background()
			ended := e.app.Now().Add(-time.Minute)
			in := legislative.Initiative{Body: legislative.BodyCongreso, Title: "Ley de prueba " + e.id(), Summary: "Una ley",
				Status: legislative.StatusVoting, VotingEnabled: true, VotingEndDate: &ended, CreatedBy: e.id(),
				CreatedAt: ended.Add(-time.Hour), UpdatedAt: ended.Add(-time.Hour)}
			if err := e.d.Conn(ctx).Create(&in).Error; err != nil {
				t.Fatal(err)
			}
			e.runJob(t, "close-votes", botRaceN)
			var after legislative.Initiative
			if err := e.d.Conn(ctx).Where("id = ?", in.ID).Take(&after).Error; err != nil {
				t.Fatal(err)
			}
			if after.Status != legislative.StatusRejected || after.VotingEnabled {
				t.Errorf("the initiative after: %s, voting %v", after.Status, after.VotingEnabled)
			}
			expectCount(t, "audit entries", e.audits(t, "voting.close", in.ID), 1)
			expectCount(t, "closing events", e.count(t, "initiative_events", "initiative_id = ? AND kind = ?", in.ID, legislative.EventClosed), 1)
			expectCount(t, "announcements", e.posts(t, outbox.KindChannelMessage, in.Title), 1)
		},
	},
	botRaceRow{
		name:   "shifts past the cap, run 20 times at once: each closed once, at the cap",
		covers: []string{"job shift-cap"},
		run: func(t *testing.T, e *botRace) {
			shiftCap := e.cfg.Staff.ShiftCap.Duration
			overdue := e.openShift(t, e.member(t, authz.Moderador), shiftCap+2*time.Hour)
			alsoOverdue := e.openShift(t, e.member(t, authz.Trial), shiftCap+time.Minute)
			fresh := e.openShift(t, e.member(t, authz.Moderador), time.Hour)
			mark := e.logs.mark()
			e.runJob(t, "shift-cap", botRaceN)
			for _, sh := range []staff.Shift{overdue, alsoOverdue} {
				got := e.shift(t, sh.ID)
				if got.EndedAt == nil || !got.Capped || got.EndedAt.Sub(got.StartedAt) != shiftCap {
					t.Errorf("an overdue shift after: %+v", got)
				}
			}
			if got := e.shift(t, fresh.ID); got.EndedAt != nil || got.Capped {
				t.Errorf("a fresh shift after: %+v", got)
			}
			if _, n := e.logs.since(mark, "shifts left open past the cap were closed for review", "count"); n != 2 {
				t.Errorf("the runs report %d shifts capped, want 2", n)
			}
		},
	},
	botRaceRow{
		name:   "role reconcile, run 20 times at once: one change, one audit entry",
		covers: []string{"job role-reconcile"},
		run: func(t *testing.T, e *botRace) {
			id := e.member(t)
			if err := e.fake.SetRoles(id, sortedRoleIDs(authz.Senador)...); err != nil {
				t.Fatal(err)
			}
			mark := e.logs.mark()
			e.runJob(t, "role-reconcile", botRaceN)
			e.eventually("every request is answered and reconciled", func() bool {
				n, _ := e.logs.since(mark, "members reconciled", "")
				return n == botRaceN
			})
			if got := e.rolesOf(id); len(got) != 1 || got[0] != sortedRoleIDs(authz.Senador)[0] {
				t.Errorf("roles %v", got)
			}
			expectCount(t, "role audit entries", e.audits(t, "member.roles", id), 1)
		},
	},
	botRaceRow{
		name:   "session pruning, run 20 times at once: each expired session pruned once",
		covers: []string{"job prune-sessions"},
		run: func(t *testing.T, e *botRace) {
			ctx := context.Background()
			now := e.app.Now()
			user := auth.User{DiscordID: e.id(), Username: "sesiones", CreatedAt: now, UpdatedAt: now, LastLoginAt: now}
			if err := e.d.Conn(ctx).Create(&user).Error; err != nil {
				t.Fatal(err)
			}
			for i, expires := range []time.Time{now.Add(-72 * time.Hour), now.Add(-48 * time.Hour), now.Add(-30 * time.Hour), now.Add(time.Hour)} {
				s := auth.Session{ID: "s" + user.DiscordID + strconv.Itoa(i), UserID: user.DiscordID, CreatedAt: expires.Add(-time.Hour), ExpiresAt: expires}
				if err := e.d.Conn(ctx).Omit("User").Create(&s).Error; err != nil {
					t.Fatal(err)
				}
			}
			mark := e.logs.mark()
			e.runJob(t, "prune-sessions", botRaceN)
			expectCount(t, "sessions left", e.count(t, "sessions", "user_id = ?", user.DiscordID), 1)
			if _, n := e.logs.since(mark, "expired sessions pruned", "count"); n != 3 {
				t.Errorf("the runs report %d sessions pruned, want 3", n)
			}
		},
	},
	botRaceRow{
		name:   "suppressing blocked personal data, run 20 times at once: each member suppressed once",
		covers: []string{"job suppress-personal-data"},
		run: func(t *testing.T, e *botRace) {
			ctx := context.Background()
			now := e.app.Now()
			member := e.id()
			doc := documents.Document{DiscordID: member, Kind: "INE", Number: "INE-" + member[len(member)-12:], RobloxName: "Bloqueada",
				RobloxKey: "bloqueada", Nombre: "Luz", Apellido: "Vega", BirthDate: "2000-01-01", IssuedAt: now}
			if err := e.d.Conn(ctx).Create(&doc).Error; err != nil {
				t.Fatal(err)
			}
			if err := privacy.AddBlock(ctx, e.d, privacy.Block{DiscordID: member, RequestID: 1, BlockedAt: now.Add(-31 * 24 * time.Hour), SuppressAt: now.Add(-time.Hour)}); err != nil {
				t.Fatal(err)
			}
			mark := e.logs.mark()
			e.runJob(t, "suppress-personal-data", botRaceN)
			expectCount(t, "documents left", e.count(t, "documents", "discord_id = ?", member), 0)
			expectCount(t, "suppressions", e.count(t, "privacy_blocks", "discord_id = ? AND suppressed_at IS NOT NULL", member), 1)
			expectCount(t, "suppression audits", e.count(t, "audit_entries", "area = 'datos' AND action = 'suppress'"), 1)
			if _, n := e.logs.since(mark, "blocked personal data suppressed at the end of its term", "members"); n != 1 {
				t.Errorf("the runs report %d members suppressed, want 1", n)
			}
		},
	},
	botRaceRow{
		name:   "idempotency key pruning, run 20 times at once: each old key pruned once",
		covers: []string{"job prune-idempotency-keys"},
		run: func(t *testing.T, e *botRace) {
			ctx := context.Background()
			now := e.app.Now()
			scope := "test.prune " + e.id()
			for i, at := range []time.Time{now.Add(-72 * time.Hour), now.Add(-48 * time.Hour), now.Add(-25 * time.Hour), now} {
				if err := e.d.Conn(ctx).Create(&idempotency.Record{Scope: scope, Key: strconv.Itoa(i), CreatedAt: at}).Error; err != nil {
					t.Fatal(err)
				}
			}
			mark := e.logs.mark()
			e.runJob(t, "prune-idempotency-keys", botRaceN)
			expectCount(t, "keys left", e.count(t, "idempotency_keys", "scope = ?", scope), 1)
			if _, n := e.logs.since(mark, "expired idempotency keys pruned", "count"); n != 3 {
				t.Errorf("the runs report %d keys pruned, want 3", n)
			}
		},
	},
	botRaceRow{
		name:   "resolved tickets closed for inactivity, run 20 times at once: each closed once",
		covers: []string{"job ticket-auto-close"},
		run: func(t *testing.T, e *botRace) {
			ctx := context.Background()
			support := e.actor(t, e.member(t, authz.SoporteTecnico))
			var ids []uint64
			for range 2 {
				id, _, _ := e.ticketWithThread(t)
				if _, err := e.app.Tickets.SetStatus(ctx, support, strconv.FormatUint(id, 10), tickets.StatusResolved); err != nil {
					t.Fatal(err)
				}
				long := e.app.Now().Add(-30 * 24 * time.Hour)
				if err := e.d.Conn(ctx).Model(&tickets.Ticket{}).Where("id = ?", id).
					Updates(map[string]any{"last_message_at": long, "resolved_at": long}).Error; err != nil {
					t.Fatal(err)
				}
				ids = append(ids, id)
			}
			mark := e.logs.mark()
			e.runJob(t, "ticket-auto-close", botRaceN)
			for _, id := range ids {
				expectCount(t, "closed", e.count(t, "tickets", "id = ? AND status = ?", id, tickets.StatusClosed), 1)
				expectCount(t, "closing events", e.count(t, "ticket_events", "ticket_id = ? AND kind = ? AND after = ?",
					id, "status", tickets.StatusClosed), 1)
				expectCount(t, "closing audit entries", e.count(t, "audit_entries", "entity_type = ? AND entity_id = ? AND action = ? AND after LIKE ?",
					"ticket", strconv.FormatUint(id, 10), "status", "%"+tickets.StatusClosed+"%"), 1)
			}
			expectCount(t, "closing posts", e.posts(t, tickets.KindPost, "Cierre automático"), 2)
			if _, n := e.logs.since(mark, "resolved tickets closed for inactivity", "count"); n != 2 {
				t.Errorf("the runs report %d tickets closed, want 2", n)
			}
		},
	},
)
