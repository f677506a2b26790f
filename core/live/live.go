// Package live carries what changes to the members watching the portal: events written in
// the transaction of the change, each at a position in commit order, read by every replica
// and streamed to each member as far as the member may see them.
//
// Positions come from one counter row taken as a transaction's last step and held until it
// commits: a later position therefore never commits before an earlier one, and none is
// skipped (a rolled-back transaction gives its numbers back). A reader that has seen
// position P has seen everything before it, so resuming after P misses nothing. A sequence
// could not promise that: its values are handed out at insert and commit in any order.
package live

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"zocalo/core/db"
)

// NotifyChannel is the database notification channel that announces new events.
const NotifyChannel = "zocalo_live"

// Keep is how long events stay: a stream that comes back later is told to refetch.
const Keep = 10 * time.Minute

// Event is one change, as stored.
type Event struct {
	Position int64  `gorm:"primaryKey;autoIncrement:false"`
	Kind     string `gorm:"size:40;not null"`
	// Audience and Subject say who may receive it (see Rules).
	Audience  string    `gorm:"size:16;not null"`
	Subject   string    `gorm:"size:64;not null;default:''"`
	Payload   string    `gorm:"type:text;not null"`
	CreatedAt time.Time `gorm:"not null;index:idx_live_events_created_at"`
}

// TableName keeps the table's name explicit.
func (Event) TableName() string { return "live_events" }

// Counter is the one row that hands out positions.
type Counter struct {
	ID    int   `gorm:"primaryKey;autoIncrement:false"`
	Value int64 `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Counter) TableName() string { return "live_positions" }

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

// Publish records an event with the transaction of ctx (alone outside one): it is written,
// numbered and announced as the transaction's last step, so it exists exactly when the
// change does. A nil Publisher publishes nothing, for services built without the stream.
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
		var position int64
		conn := p.db.Conn(ctx)
		if err := conn.Raw("UPDATE live_positions SET value = value + 1 WHERE id = 1 RETURNING value").Scan(&position).Error; err != nil {
			return fmt.Errorf("live: position: %w", err)
		}
		ev := Event{Position: position, Kind: kind, Audience: audience, Subject: subject, Payload: string(raw), CreatedAt: at}
		if err := conn.Create(&ev).Error; err != nil {
			return fmt.Errorf("live: %s: %w", kind, err)
		}
		return p.db.Notify(ctx, NotifyChannel)
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
func SessionSubject(sessionID string) string { return "session:" + sessionID }
