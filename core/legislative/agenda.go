package legislative

import (
	"context"
	"strings"
	"time"

	"zocalo/core/authz"
	"zocalo/core/idempotency"
	"zocalo/core/validate"
)

// AgendaItem is a point of a body's agenda ('Orden del Día').
type AgendaItem struct {
	ID          uint64    `gorm:"primaryKey;autoIncrement"`
	Body        string    `gorm:"size:10;not null;index:idx_agenda_items_body_date,priority:1"`
	Title       string    `gorm:"size:200;not null"`
	Description string    `gorm:"type:text;not null;default:''"`
	Time        string    `gorm:"size:5;not null"`                                              // HH:MM
	Date        string    `gorm:"size:10;not null;index:idx_agenda_items_body_date,priority:2"` // YYYY-MM-DD
	CreatedBy   string    `gorm:"size:32;not null"`
	CreatedAt   time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (AgendaItem) TableName() string { return "agenda_items" }

// AgendaView is an agenda item (spec §3).
type AgendaView struct {
	ID          uint64 `json:"_id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Time        string `json:"time"`
	Date        string `json:"date"`
	Type        string `json:"type"`
}

// Agenda lists a body's agenda, soonest first.
func (s *Service) Agenda(ctx context.Context, actor *authz.Actor, body string) ([]AgendaView, error) {
	if !MayRead(actor) {
		return nil, errRead
	}
	body, err := checkBody(body)
	if err != nil {
		return nil, err
	}
	var rows []AgendaItem
	if err := s.db.Conn(ctx).Where("body = ?", body).Order("date, time, id").Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]AgendaView, len(rows))
	for i, r := range rows {
		out[i] = agendaView(r)
	}
	return out, nil
}

// AgendaInput is the new agenda item form.
type AgendaInput struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Time        string `json:"time"`
	Date        string `json:"date"`
	Type        string `json:"type"`
}

// AddAgenda adds a point to a body's agenda.
func (s *Service) AddAgenda(ctx context.Context, actor *authz.Actor, in AgendaInput) (AgendaView, error) {
	if !IsAdmin(actor) {
		return AgendaView{}, errAdmin
	}
	body, err := checkBody(in.Type)
	if err != nil {
		return AgendaView{}, err
	}
	item := AgendaItem{Body: body, CreatedBy: actor.DiscordID, CreatedAt: s.set.Now()}
	var ok bool
	if item.Title, ok = validate.Text(in.Title, 200); !ok {
		return AgendaView{}, errTitle
	}
	if item.Description, ok = validate.OptionalText(in.Description, 5000); !ok {
		return AgendaView{}, errAgendaDesc
	}
	item.Time = strings.TrimSpace(in.Time)
	if _, err := time.Parse("15:04", item.Time); err != nil {
		return AgendaView{}, errAgendaTime
	}
	item.Date = strings.TrimSpace(in.Date)
	if _, err := time.Parse(time.DateOnly, item.Date); err != nil {
		return AgendaView{}, errAgendaDate
	}
	if err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, item.CreatedAt); err != nil {
			return err
		}
		return s.db.Conn(ctx).Create(&item).Error
	}); err != nil {
		return AgendaView{}, err
	}
	return agendaView(item), nil
}

// DeleteAgenda removes a point of the agenda. The delete is the check: of deletions at
// once one removes the row; the others find it gone (404).
func (s *Service) DeleteAgenda(ctx context.Context, actor *authz.Actor, id uint64) error {
	if !IsAdmin(actor) {
		return errAdmin
	}
	res := s.db.Conn(ctx).Delete(&AgendaItem{}, id)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return errNoAgenda
	}
	return nil
}

func agendaView(r AgendaItem) AgendaView {
	return AgendaView{ID: r.ID, Title: r.Title, Description: r.Description, Time: r.Time, Date: r.Date, Type: r.Body}
}
