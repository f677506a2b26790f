// Package contact keeps the messages visitors send through the contact form and relays
// each to the contact channel.
package contact

import (
	"context"
	"time"

	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/outbox"
	"zocalo/core/validate"
)

// Message is one contact message.
type Message struct {
	ID        uint64    `gorm:"primaryKey;autoIncrement"`
	Name      string    `gorm:"size:100;not null"`
	Subject   string    `gorm:"size:200;not null;default:''"`
	Body      string    `gorm:"type:text;not null"`
	Phone     string    `gorm:"size:30;not null;default:''"`
	Email     string    `gorm:"size:254;not null"`
	CreatedAt time.Time `gorm:"not null;index:idx_contact_messages_created_at"`
}

// TableName keeps the table's name explicit.
func (Message) TableName() string { return "contact_messages" }

// Input is the form: name, message and email are required; subject and phone optional.
type Input struct {
	Name    string `json:"name"`
	Subject string `json:"subject"`
	Message string `json:"message"`
	Phone   string `json:"phone"`
	Email   string `json:"email"`
}

// Service stores and relays contact messages.
type Service struct {
	db      *db.DB
	outbox  *outbox.Store
	channel string
	now     func() time.Time
}

// NewService builds the contact service.
func NewService(d *db.DB, o *outbox.Store, channel string, now func() time.Time) *Service {
	return &Service{db: d, outbox: o, channel: channel, now: now}
}

var (
	errName    = errs.Invalid("El nombre es obligatorio (máximo 100 caracteres).")
	errEmail   = errs.Invalid("Escribe un correo electrónico válido.")
	errMessage = errs.Invalid("El mensaje es obligatorio (máximo 5000 caracteres).")
	errSubject = errs.Invalid("El asunto puede tener hasta 200 caracteres.")
	errPhone   = errs.Invalid("El teléfono no es válido.")
)

// Submit checks and stores a message and queues it for the contact channel.
func (s *Service) Submit(ctx context.Context, in Input) error {
	var m Message
	var ok bool
	if m.Name, ok = validate.Text(in.Name, 100); !ok {
		return errName
	}
	if m.Email, ok = validate.Email(in.Email); !ok {
		return errEmail
	}
	if m.Body, ok = validate.Text(in.Message, 5000); !ok {
		return errMessage
	}
	if m.Subject, ok = validate.OptionalText(in.Subject, 200); !ok {
		return errSubject
	}
	if m.Phone, _ = validate.OptionalText(in.Phone, 30); m.Phone != "" {
		if _, ok = validate.Phone(m.Phone); !ok {
			return errPhone
		}
	}
	m.CreatedAt = s.now()
	return s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, s.now()); err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Create(&m).Error; err != nil {
			return err
		}
		subject := m.Subject
		if subject == "" {
			subject = "Sin asunto"
		}
		fields := []outbox.EmbedField{{Name: "Nombre", Value: m.Name, Inline: true}, {Name: "Correo", Value: m.Email, Inline: true}}
		if m.Phone != "" {
			fields = append(fields, outbox.EmbedField{Name: "Teléfono", Value: m.Phone, Inline: true})
		}
		created := m.CreatedAt
		_, err := s.outbox.Enqueue(ctx, outbox.KindChannelMessage, s.channel, outbox.ChannelMessage{Embeds: []outbox.Embed{{
			Title: "Contacto: " + subject, Description: m.Body, Color: 0xec4899, Fields: fields, Timestamp: &created,
		}}})
		return err
	})
}
