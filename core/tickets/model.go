// Package tickets is the support desk: tickets opened on the web, answered from the web
// or from each ticket's Discord thread, with attachments kept in our own storage, an
// automatic first reply, ratings and transcripts.
package tickets

import (
	"strconv"
	"time"
)

// Categories of a ticket.
const (
	CategorySupport = "Soporte Tecnico"
	CategoryOther   = "Otros"
)

// Statuses of a ticket.
const (
	StatusOpen         = "open"
	StatusInProgress   = "in_progress"
	StatusWaitingUser  = "waiting_user"
	StatusWaitingStaff = "waiting_staff"
	StatusResolved     = "resolved"
	StatusClosed       = "closed"
)

// AllStatuses in the order the specification lists them.
var AllStatuses = Statuses.Values()

// Priorities of a ticket.
const (
	PriorityLow    = "Low"
	PriorityMedium = "Medium"
	PriorityHigh   = "High"
)

// Sender types of a message.
const (
	SenderUser  = "user"
	SenderStaff = "staff"
	SenderAI    = "ai"
)

// Ticket is a support request.
type Ticket struct {
	ID              uint64     `gorm:"primaryKey;autoIncrement;index:idx_tickets_updated,priority:2;index:idx_tickets_priority_updated,priority:3;index:idx_tickets_category_updated,priority:3"`
	Title           string     `gorm:"size:200;not null"`
	Category        string     `gorm:"size:32;not null;index:idx_tickets_category_updated,priority:1"`
	Status          string     `gorm:"size:16;not null;index:idx_tickets_status_updated,priority:1"`
	Priority        string     `gorm:"size:8;not null;index:idx_tickets_priority_updated,priority:1"`
	AuthorID        string     `gorm:"size:32;not null;index:idx_tickets_author_updated,priority:1"`
	AuthorName      string     `gorm:"size:100;not null"`
	AssigneeID      string     `gorm:"size:32;not null;default:'';index:idx_tickets_assignee_rated,priority:1,where:rating IS NOT NULL"`
	AssigneeName    string     `gorm:"size:100;not null;default:''"`
	DiscordThreadID string     `gorm:"size:32;not null;default:'';index:idx_tickets_discord_thread_id"`
	ThreadEventID   *uint64    `gorm:""`
	Rating          *int       `gorm:"index:idx_tickets_assignee_rated,priority:2,where:rating IS NOT NULL"`
	CreatedAt       time.Time  `gorm:"not null;index:idx_tickets_created_at"`
	UpdatedAt       time.Time  `gorm:"not null;index:idx_tickets_status_updated,priority:2;index:idx_tickets_author_updated,priority:2;index:idx_tickets_updated,priority:1;index:idx_tickets_priority_updated,priority:2;index:idx_tickets_category_updated,priority:2"`
	LastMessageAt   time.Time  `gorm:"not null"`
	LastStaffAt     *time.Time `gorm:""`
	// FirstStaffAt is the first staff reply, kept so the daily chart reads no messages.
	FirstStaffAt *time.Time `gorm:""`
	ResolvedAt   *time.Time `gorm:"index:idx_tickets_resolved_at"`
	ClosedAt     *time.Time `gorm:""`
}

// Message is one message of a ticket's conversation.
type Message struct {
	ID               uint64       `gorm:"primaryKey;autoIncrement"`
	TicketID         uint64       `gorm:"not null;index:idx_ticket_messages_ticket_id;index:idx_ticket_messages_staff_sender,priority:2,where:sender_type = 'staff'"`
	Ticket           Ticket       `gorm:"foreignKey:TicketID;constraint:OnDelete:CASCADE"`
	SenderType       string       `gorm:"size:8;not null"`
	SenderID         string       `gorm:"size:32;not null;default:'';index:idx_ticket_messages_staff_sender,priority:1,where:sender_type = 'staff'"`
	SenderName       string       `gorm:"size:100;not null;default:''"`
	SenderAvatar     string       `gorm:"size:100;not null;default:''"`
	Content          string       `gorm:"type:text;not null"`
	DiscordMessageID string       `gorm:"size:32;not null;default:'';uniqueIndex:idx_ticket_messages_discord_message_id,where:discord_message_id <> ''"`
	CreatedAt        time.Time    `gorm:"not null"`
	Attachments      []Attachment `gorm:"foreignKey:MessageID;constraint:OnDelete:CASCADE"`
}

// TableName keeps the table's name explicit.
func (Message) TableName() string { return "ticket_messages" }

// Attachment is a file of a message, kept in the storage.
type Attachment struct {
	ID          uint64 `gorm:"primaryKey;autoIncrement"`
	MessageID   uint64 `gorm:"not null;index:idx_ticket_attachments_message_id"`
	TicketID    uint64 `gorm:"not null;index:idx_ticket_attachments_ticket_id"`
	StorageKey  string `gorm:"size:200;not null"`
	Filename    string `gorm:"size:255;not null"`
	ContentType string `gorm:"size:64;not null"`
	Size        int64  `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Attachment) TableName() string { return "ticket_attachments" }

// Event is a change in a ticket's life, for its timeline and transcript.
type Event struct {
	ID        uint64    `gorm:"primaryKey;autoIncrement"`
	TicketID  uint64    `gorm:"not null;index:idx_ticket_events_ticket_id"`
	Ticket    Ticket    `gorm:"foreignKey:TicketID;constraint:OnDelete:CASCADE"`
	Kind      string    `gorm:"size:16;not null"`
	ActorID   string    `gorm:"size:32;not null;default:''"`
	ActorName string    `gorm:"size:100;not null;default:''"`
	Before    string    `gorm:"size:100;not null;default:''"`
	After     string    `gorm:"size:100;not null;default:''"`
	CreatedAt time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Event) TableName() string { return "ticket_events" }

// Read is the last time a user looked at a ticket, for the unread badge.
type Read struct {
	TicketID uint64    `gorm:"primaryKey"`
	Ticket   Ticket    `gorm:"foreignKey:TicketID;constraint:OnDelete:CASCADE"`
	UserID   string    `gorm:"primaryKey;size:32"`
	SeenAt   time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Read) TableName() string { return "ticket_reads" }

// TranscriptView records who read a transcript and when.
type TranscriptView struct {
	ID       uint64    `gorm:"primaryKey;autoIncrement"`
	TicketID uint64    `gorm:"not null;index:idx_ticket_transcript_views_ticket_id"`
	Ticket   Ticket    `gorm:"foreignKey:TicketID;constraint:OnDelete:CASCADE"`
	ViewerID string    `gorm:"size:32;not null"`
	ViewedAt time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (TranscriptView) TableName() string { return "ticket_transcript_views" }

// Models lists the package's tables.
func Models() []any {
	return []any{&Ticket{}, &Message{}, &Attachment{}, &Event{}, &Read{}, &TranscriptView{}, &Note{}, &CannedReply{}}
}

// PublicID is the ticket's id as users see it.
func (t *Ticket) PublicID() string { return PublicIDOf(t.ID) }

// PublicIDOf is a ticket id as users see it.
func PublicIDOf(id uint64) string { return strconv.FormatUint(id, 10) }

// Tally holds the support figures of one status, or on PostgreSQL one of its 16 shares:
// a ticket counts in the share of its id modulo 16, so concurrent changes to different
// tickets seldom wait on the same row. Database triggers keep it in step with every
// insert, change and removal of a ticket, in the same transaction; nothing in Go writes it.
type Tally struct {
	Status            string `gorm:"primaryKey;size:16"`
	Shard             int16  `gorm:"primaryKey;autoIncrement:false;not null;default:0"`
	Tickets           int64  `gorm:"not null;default:0"`
	Rated             int64  `gorm:"not null;default:0"`
	RatingSum         int64  `gorm:"not null;default:0"`
	Resolved          int64  `gorm:"not null;default:0"`
	ResolutionSeconds int64  `gorm:"not null;default:0"`
}

// TableName keeps the table's name explicit.
func (Tally) TableName() string { return "ticket_tallies" }
