// Package live carries what changes to the members watching the portal: events written in
// the transaction of the change, each at a position in commit order, read by every replica
// and streamed to each member as far as the member may see them.
//
// An event's position is its transaction's id, then its own id. A sequence alone could not
// order them: its values are handed out at insert and commit in any order. On PostgreSQL a
// reader takes only the events of transactions older than the oldest one still running in
// its database: those have all ended, so no event it has not read can ever come
// before one it has, and resuming after position P misses nothing. Publishers take no
// shared lock and commit side by side. SQLite has one writer at a time and an event is its
// transaction's last write, so there the ids alone are in commit order.
package live

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"zocalo/core/db"
)

// NotifyChannel is the database notification channel that announces new events.
const NotifyChannel = "zocalo_live"

// Keep is how long events stay: a stream that comes back later is told to refetch.
const Keep = 10 * time.Minute

// Event is one change, as stored.
type Event struct {
	ID int64 `gorm:"primaryKey;index:idx_live_events_order,priority:2"`
	// Txn is the id of the transaction that wrote it on PostgreSQL, 0 on SQLite.
	Txn  int64  `gorm:"not null;index:idx_live_events_order,priority:1"`
	Kind string `gorm:"size:40;not null"`
	// Audience and Subject say who may receive it (see Rules).
	Audience  string    `gorm:"size:16;not null"`
	Subject   string    `gorm:"size:64;not null;default:''"`
	Payload   string    `gorm:"type:text;not null"`
	CreatedAt time.Time `gorm:"not null;index:idx_live_events_created_at"`
}

// TableName keeps the table's name explicit.
func (Event) TableName() string { return "live_events" }

// Position is where an event stands in commit order.
type Position struct{ Txn, ID int64 }

// Position is the event's.
func (e Event) Position() Position { return Position{Txn: e.Txn, ID: e.ID} }

// Before tells whether p comes before q.
func (p Position) Before(q Position) bool {
	return p.Txn < q.Txn || (p.Txn == q.Txn && p.ID < q.ID)
}

// String is the position as streamed (the events' id, the client's Last-Event-ID).
func (p Position) String() string {
	return strconv.FormatInt(p.Txn, 10) + "-" + strconv.FormatInt(p.ID, 10)
}

// ParsePosition reads a position written by String.
func ParsePosition(s string) (Position, bool) {
	txn, id, ok := strings.Cut(s, "-")
	if !ok {
		return Position{}, false
	}
	t, err1 := strconv.ParseInt(txn, 10, 64)
	i, err2 := strconv.ParseInt(id, 10, 64)
	if err1 != nil || err2 != nil || t < 0 || i < 0 {
		return Position{}, false
	}
	return Position{Txn: t, ID: i}, true
}

// Audiences: who an event is for. The rule of each is the owning feature's, given to the
// hub by the wiring (see Rules), so an event reaches whoever the matching REST read answers.
const (
	// Everyone signed in.
	AudienceEveryone = "everyone"
	// A ticket's readers; Subject is its author's Discord id.
	AudienceTicket = "ticket"
	// A ticket's support staff, never its author (private notes); Subject is its author's
	// Discord id.
	AudienceTicketStaff = "ticket.staff"
	// Those who may see the staff's shifts.
	AudienceShifts = "shifts"
	// Those who may read the legislative panel.
	AudienceLegislative = "legislative"
	// No member: it tells the streams to check their session again. Subject is a Discord
	// id (the member's roles changed), "session:<id>" (a session ended) or "*" (rights of
	// a role changed).
	AudienceAccess = "access"
)

// Kinds the web receives.
const (
	KindTicketCreated     = "ticket.created"
	KindTicketMessage     = "ticket.message"
	KindTicketUpdated     = "ticket.updated"
	KindTicketNote        = "ticket.note"
	KindShiftStarted      = "shift.started"
	KindShiftEnded        = "shift.ended"
	KindShiftPaused       = "shift.paused"
	KindShiftResumed      = "shift.resumed"
	KindInitiativeVoted   = "initiative.voted"
	KindInitiativeChanged = "initiative.changed"
	KindNewsPublished     = "news.published"
	KindNewsChanged       = "news.changed" // edited, hidden or deleted
	// KindAccess is the access audience's one kind.
	KindAccess = "access"
)

// Publisher writes events.
type Publisher struct {
	db  *db.DB
	now func() time.Time
}

// NewPublisher builds the publisher.
func NewPublisher(d *db.DB, now func() time.Time) *Publisher { return &Publisher{db: d, now: now} }

// Publish records an event with the transaction of ctx (alone outside one): it is written
// and announced as the transaction's last step, so it exists exactly when the change does.
// A nil Publisher publishes nothing, for services built without the stream.
func (p *Publisher) Publish(ctx context.Context, kind, audience, subject string, payload any) error {
	if p == nil {
		return nil
	}
	raw, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("live: %s: %w", kind, err)
	}
	at := p.now().UTC()
	return p.db.BeforeCommit(ctx, func(ctx context.Context) error {
		conn := p.db.Conn(ctx)
		txn := "0"
		if p.db.Dialect() == db.Postgres {
			txn = "pg_current_xact_id()::text::bigint"
		}
		if err := conn.Exec("INSERT INTO live_events (txn, kind, audience, subject, payload, created_at) VALUES ("+txn+", ?, ?, ?, ?, ?)",
			kind, audience, subject, string(raw), at).Error; err != nil {
			return fmt.Errorf("live: %s: %w", kind, err)
		}
		p.db.Notify(ctx, NotifyChannel)
		return nil
	})
}

// AccessChanged tells the streams of the members named (Discord ids) to check their rights
// again; "*" names everyone.
func (p *Publisher) AccessChanged(ctx context.Context, discordIDs ...string) error {
	for _, id := range discordIDs {
		if err := p.Publish(ctx, KindAccess, AudienceAccess, id, struct{}{}); err != nil {
			return err
		}
	}
	return nil
}

// SessionEnded tells the stream of a session that it ended.
func (p *Publisher) SessionEnded(ctx context.Context, sessionID string) error {
	return p.Publish(ctx, KindAccess, AudienceAccess, SessionSubject(sessionID), struct{}{})
}

// SessionSubject is the access subject naming a session.
func SessionSubject(sessionID string) string { return sessionPrefix + sessionID }

const sessionPrefix = "session:"
