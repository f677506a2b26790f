package contact

import (
	"context"
	"strings"
	"time"

	"gorm.io/gorm"

	"zocalo/core/authz"
	"zocalo/core/errs"
)

// The messages are read on the portal by the ADMIN group, so that none depends on Discord
// to be read.

// Query filters the list.
type Query struct {
	Search string // words found in the name, email, phone, subject or message
	Page   int    // 1-based
	Limit  int
}

// View is a message as the admin page shows it.
type View struct {
	ID        uint64    `json:"id"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Phone     string    `json:"phone"`
	Subject   string    `json:"subject"`
	Message   string    `json:"message"`
	CreatedAt time.Time `json:"createdAt"`
}

// Page is one page of messages and the total that matched.
type Page struct {
	Messages []View `json:"messages"`
	Total    int64  `json:"total"`
}

// maxSearch bounds the search text.
const maxSearch = 100

var (
	errRead  = errs.Forbidden("Solo la administración puede leer los mensajes de contacto.")
	errQuery = errs.Invalid("Búsqueda no válida: hasta 100 caracteres; la página y el límite, entre 1 y 100.")
)

// MayRead tells who reads the messages: the ADMIN group.
func MayRead(actor *authz.Actor) bool { return actor.InGroup(authz.Admin) }

// List pages through the messages, newest first. Every word searched must appear in one
// of the message's fields, ignoring case.
func (s *Service) List(ctx context.Context, actor *authz.Actor, q Query) (Page, error) {
	if !MayRead(actor) {
		return Page{}, errRead
	}
	if q.Page == 0 {
		q.Page = 1
	}
	if q.Limit == 0 {
		q.Limit = 25
	}
	if q.Page < 1 || q.Limit < 1 || q.Limit > 100 || len([]rune(q.Search)) > maxSearch {
		return Page{}, errQuery
	}
	filtered := s.db.Conn(ctx).Model(&Message{})
	escape := strings.NewReplacer("\\", "\\\\", "%", "\\%", "_", "\\_")
	for _, word := range strings.Fields(q.Search) {
		like := "%" + strings.ToLower(escape.Replace(word)) + "%"
		filtered = filtered.Where(`(LOWER(name) LIKE ? ESCAPE '\' OR LOWER(email) LIKE ? ESCAPE '\' OR phone LIKE ? ESCAPE '\'`+
			` OR LOWER(subject) LIKE ? ESCAPE '\' OR LOWER(body) LIKE ? ESCAPE '\')`, like, like, like, like, like)
	}
	out := Page{Messages: []View{}}
	if err := filtered.Session(&gorm.Session{}).Count(&out.Total).Error; err != nil {
		return Page{}, err
	}
	var rows []Message
	if err := filtered.Order("created_at DESC, id DESC").Limit(q.Limit).Offset((q.Page - 1) * q.Limit).Find(&rows).Error; err != nil {
		return Page{}, err
	}
	for _, m := range rows {
		out.Messages = append(out.Messages, View{ID: m.ID, Name: m.Name, Email: m.Email, Phone: m.Phone,
			Subject: m.Subject, Message: m.Body, CreatedAt: m.CreatedAt})
	}
	return out, nil
}
