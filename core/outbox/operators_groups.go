package outbox

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm/clause"

	"zocalo/core/audit"
	"zocalo/core/errs"
	"zocalo/core/labels"
)

// One cause often blocks many deliveries at once: the bot's role placed below the verified
// role blocks every member's verification lane with the same "Missing Permissions". An
// operator reads them as groups, by cause and by where they go, fixes the cause once and
// retries the whole group once.

// memberLanes are the lanes every member has one of, named as a group reads them ("1,000
// bloqueadas: Missing Permissions en verificación"); a configured channel is a group of its
// own, under its name.
var memberLanes = labels.Table{
	{Value: "verify", Label: "verificación"},
	{Value: "roles", Label: "retiro de roles"},
	{Value: "dm", Label: "mensajes directos"},
}

// laneOf is the lane of an event's channel, in SQL: a member lane's name, or the channel.
var laneOf = func() string {
	var b strings.Builder
	b.WriteString("CASE")
	for _, lane := range memberLanes.Values() {
		fmt.Fprintf(&b, " WHEN channel_id LIKE '%s:%%' THEN '%s'", lane, lane)
	}
	b.WriteString(" ELSE channel_id END")
	return b.String()
}()

// maxBlockedGroups bounds the groups a page shows: the largest, where one fix does most.
const maxBlockedGroups = 50

// BlockedGroup is the blocked deliveries of one lane that Discord refused for one reason.
type BlockedGroup struct {
	// Lane is a member lane ("verify", "roles", "dm") or a channel's id; with Reason it
	// names the group to retry.
	Lane string `json:"lane"`
	// LaneName is where the group goes, as operators read it ("verificación", "Noticias").
	LaneName string `json:"laneName"`
	// Reason is Discord's answer as the relay recorded it ("Discord: Missing Permissions (50013)").
	Reason string `json:"reason"`
	// Cause is Discord's words in it, without the code ("Missing Permissions").
	Cause string `json:"cause"`
	Count int64  `json:"count"`
	// NextAttemptAt is the group's soonest automatic retry.
	NextAttemptAt time.Time `json:"nextAttemptAt"`
}

// discordReason is how the relay records a refusal: "Discord: <message> (<code>)".
var discordReason = regexp.MustCompile(`^Discord: (.*?)(?: \(\d+\))?$`)

// Cause is what Discord said in a recorded reason, without the prefix and the code.
func Cause(reason string) string {
	if m := discordReason.FindStringSubmatch(reason); m != nil && m[1] != "" {
		return m[1]
	}
	return reason
}

// blockedGroups are the groups of blocked deliveries, the largest first, each with its
// soonest retry: one statement whatever their number, hashed rather than sorted.
func (s *Store) blockedGroups(ctx context.Context, channelNames map[string]string) ([]BlockedGroup, error) {
	rows, err := s.db.Conn(ctx).Model(&Event{}).
		Select(laneOf+" AS lane, last_error AS reason, COUNT(*) AS n, MIN(next_attempt_at) AS next_attempt_at").
		Where("status = ?", StatusBlocked).Group(laneOf + ", last_error").
		Order("n DESC, lane, reason").Limit(maxBlockedGroups).Rows()
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []BlockedGroup{}
	for rows.Next() {
		var g BlockedGroup
		var next aggregateTime
		if err := rows.Scan(&g.Lane, &g.Reason, &g.Count, &next); err != nil {
			return nil, err
		}
		g.LaneName, g.Cause, g.NextAttemptAt = ChannelName(g.Lane, channelNames), Cause(g.Reason), next.Time
		if memberLanes.Has(g.Lane) {
			g.LaneName = memberLanes.Of(g.Lane)
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// aggregateTime reads a time through an aggregate: PostgreSQL returns a time, SQLite the
// text it stored, which its driver parses only for a column it knows is a time.
type aggregateTime struct{ time.Time }

// sqliteTime is how the SQLite driver writes times.
const sqliteTime = "2006-01-02 15:04:05.999999999-07:00"

func (t *aggregateTime) Scan(v any) error {
	var text string
	switch x := v.(type) {
	case time.Time:
		t.Time = x
		return nil
	case string:
		text = x
	case []byte:
		text = string(x)
	default:
		return fmt.Errorf("outbox: a time read as %T", v)
	}
	parsed, err := time.Parse(sqliteTime, text)
	if err != nil {
		return err
	}
	t.Time = parsed
	return nil
}

// BlockedGroups are the blocked deliveries grouped by lane and cause, the largest first.
func (s *Store) BlockedGroups(ctx context.Context, op Operator, channelNames map[string]string) ([]BlockedGroup, error) {
	if !op.allowed() {
		return nil, errOperator
	}
	return s.blockedGroups(ctx, channelNames)
}

// ActionRetryGroup is the audit action of a group's retry: one entry for the group.
const ActionRetryGroup = "retry.group"

var errGroup = errs.Invalid("Indica el grupo de entregas bloqueadas como lo da la lista: su carril (lane) y su motivo (reason).")

// groupState is what the audit records of a group before and after its retry.
type groupState struct {
	Status string   `json:"status"`
	Reason string   `json:"reason,omitempty"`
	Count  int      `json:"count"`
	Events []uint64 `json:"events,omitempty"`
}

// RetryGroup sends every blocked delivery of a group back to the relay, due now and with
// its waits started again, once the operator fixed the cause, and returns how many it
// moved. The group is its lane and Discord's reason, as BlockedGroups names them. It is one
// act: one audit entry names every event it moved. Concurrent retries of a group (or of
// everything) take turns, so the first moves the group and the others find nothing left.
func (s *Store) RetryGroup(ctx context.Context, op Operator, lane, reason string) (int, error) {
	if !op.allowed() {
		return 0, errOperator
	}
	if lane == "" || len(lane) > 32 || reason == "" || len(reason) > 2000 {
		return 0, errGroup
	}
	where, arg := "channel_id = ?", lane
	if memberLanes.Has(lane) {
		where, arg = "channel_id LIKE ?", lane+":%"
	}
	moved := 0
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		moved = 0
		if err := s.db.LockKey(ctx, retryManyLock); err != nil {
			return err
		}
		now := s.now()
		var events []Event
		res := s.db.Conn(ctx).Model(&events).Clauses(clause.Returning{Columns: []clause.Column{{Name: "id"}}}).
			Where("status = ? AND last_error = ?", StatusBlocked, reason).Where(where, arg).
			Updates(map[string]any{"status": StatusPending, "next_attempt_at": now, "blocked_attempts": 0})
		if res.Error != nil || len(events) == 0 {
			return res.Error
		}
		moved = len(events)
		ids := make([]uint64, len(events))
		for i, ev := range events {
			ids[i] = ev.ID
		}
		slices.Sort(ids)
		err := audit.Write(ctx, s.db, now, audit.Change{Actor: op.actor, ActorName: op.name, Area: audit.AreaDeliveries,
			Action: ActionRetryGroup, EntityType: "outbox_lane", EntityID: lane,
			Before: groupState{Status: StatusBlocked, Reason: shorten(reason, 300), Count: moved, Events: ids},
			After:  groupState{Status: StatusPending, Count: moved}})
		if err != nil {
			return err
		}
		s.afterEnqueue(ctx)
		return nil
	})
	return moved, err
}

// retryManyLock is taken by the retries that move many events (a group, everything), so
// two of them never lock the same rows in different orders.
const retryManyLock = "outbox.retry-many"

// GroupRetriedMessage tells how many deliveries a group's retry sent back to the relay.
func GroupRetriedMessage(n int) string {
	if n == 0 {
		return "Ese grupo ya no tiene entregas bloqueadas: se reintentaron o cambiaron mientras tanto."
	}
	return RetriedMessage(n)
}
