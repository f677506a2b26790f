// Package news holds the community's news: public reading, management by the
// legislative admins, and the news channel post that follows each item.
package news

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/labels"
	"zocalo/core/live"
	"zocalo/core/outbox"
	"zocalo/core/validate"
)

// Types of news item.
const (
	TypeUpdate       = "update"
	TypeAnnouncement = "announcement"
	TypeEvent        = "event"
)

// Types names the types in Spanish, in the order they are offered.
var Types = labels.Table{
	{Value: TypeUpdate, Label: "Actualización"},
	{Value: TypeAnnouncement, Label: "Anuncio"},
	{Value: TypeEvent, Label: "Evento"},
}

// Limits of a news item.
const (
	MaxTitle   = 200
	MaxContent = 20000
)

// Item is a news item. Its JSON is the shape of the specification's news card.
type Item struct {
	ID             uint64    `gorm:"primaryKey;autoIncrement;index:idx_news_items_by_date,priority:2" json:"-"`
	Title          string    `gorm:"size:200;not null" json:"title"`
	Content        string    `gorm:"type:text;not null" json:"content"`
	Type           string    `gorm:"size:16;not null" json:"type"`
	Date           time.Time `gorm:"not null;index:idx_news_items_listing,priority:2,sort:desc;index:idx_news_items_by_date,priority:1" json:"date"`
	ImageURL       string    `gorm:"size:2000;not null;default:''" json:"imageUrl"`
	Active         bool      `gorm:"not null;index:idx_news_items_listing,priority:1" json:"active"`
	AuthorID       string    `gorm:"size:32;not null;default:''" json:"-"`
	PublishEventID *uint64   `gorm:"" json:"-"`
	CreatedAt      time.Time `gorm:"not null" json:"-"`
	UpdatedAt      time.Time `gorm:"not null" json:"-"`
}

// TableName keeps the table's name explicit.
func (Item) TableName() string { return "news_items" }

// Card is the item as the API shows it, with its id as a string.
type Card struct {
	ID string `json:"_id"`
	Item
}

// CardOf shapes an item for the API.
func CardOf(it Item) Card { return Card{ID: strconv.FormatUint(it.ID, 10), Item: it} }

// Input is what a manager sends to create or change an item.
type Input struct {
	Title    string  `json:"title"`
	Content  string  `json:"content"`
	Type     string  `json:"type"`
	Date     *string `json:"date"`
	ImageURL string  `json:"imageUrl"`
	Active   *bool   `json:"active"`
}

// Settings are the service's configuration.
type Settings struct {
	Channel   string // the news channel
	PublicURL string
	Location  *time.Location // a date without a time is a day in this zone
	Now       func() time.Time
}

// Service reads and manages news.
type Service struct {
	db     *db.DB
	outbox *outbox.Store
	s      Settings
	public publicCache
	live   *live.Publisher
}

// NewService builds the news service.
func NewService(d *db.DB, o *outbox.Store, s Settings) *Service {
	return &Service{db: d, outbox: o, s: s}
}

var (
	errNoPermission = errs.Forbidden("No tienes permiso para acceder a esta sección")
	errNotFound     = errs.NotFound("Noticia no encontrada")
	errTitle        = errs.Invalid("El título es obligatorio (máximo 200 caracteres).")
	errContent      = errs.Invalid("El contenido es obligatorio (máximo 20 000 caracteres).")
	errType         = errs.Invalid("El tipo debe ser " + Types.Choices() + ".")
	errImage        = errs.Invalid("La URL de la imagen debe ser una dirección http:// o https://.")
	errDate         = errs.Invalid("La fecha no es válida.")
)

// CanManage tells whether the actor may create, edit and delete news: SCJN_ADMIN or
// CONGRESO_ADMIN (and the superusers, who pass every check).
func CanManage(a *authz.Actor) bool { return a.Permits(authz.ScjnAdmin, authz.CongresoAdmin) }

func (s *Service) check(in Input, now time.Time) (Item, error) {
	var it Item
	var ok bool
	if it.Title, ok = validate.Text(in.Title, MaxTitle); !ok {
		return it, errTitle
	}
	// Content keeps its line breaks; only the ends are trimmed.
	it.Content = strings.TrimSpace(in.Content)
	if it.Content == "" || utf8.RuneCountInString(it.Content) > MaxContent {
		return it, errContent
	}
	switch in.Type {
	case TypeUpdate, TypeAnnouncement, TypeEvent:
		it.Type = in.Type
	default:
		return it, errType
	}
	if strings.TrimSpace(in.ImageURL) != "" {
		if it.ImageURL, ok = validate.HTTPURL(in.ImageURL); !ok {
			return it, errImage
		}
	}
	it.Date = now
	if in.Date != nil && strings.TrimSpace(*in.Date) != "" {
		d, err := parseDate(*in.Date, s.s.Location)
		if err != nil {
			return it, errDate
		}
		it.Date = d
	}
	it.Active = in.Active == nil || *in.Active
	return it, nil
}

func parseDate(s string, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), nil
	}
	if loc == nil {
		loc = time.UTC
	}
	t, err := time.ParseInLocation("2006-01-02", s, loc)
	return t.UTC(), err
}

// Create stores a new item and, when active, queues its post in the news channel.
func (s *Service) Create(ctx context.Context, actor *authz.Actor, in Input) (Card, error) {
	if !CanManage(actor) {
		return Card{}, errNoPermission
	}
	it, err := s.check(in, s.s.Now())
	if err != nil {
		return Card{}, err
	}
	it.AuthorID = actor.DiscordID
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, s.s.Now()); err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Create(&it).Error; err != nil {
			return err
		}
		if it.Active {
			if err := s.publish(ctx, &it); err != nil {
				return err
			}
		}
		return audit.Write(ctx, s.db, s.s.Now(), audit.Change{Actor: actor, Area: audit.AreaNews, Action: "create",
			EntityType: "news", EntityID: it.ID, After: CardOf(it)})
	})
	s.forgetPublic()
	return CardOf(it), err
}

// Update changes an item; its Discord post follows: edited, deleted when the item is
// hidden, posted when it is shown for the first time. An edit that leaves the item as it
// is changes nothing: no post, no audit entry. The item is locked while it changes, so an
// edit racing a deletion either lands before it or finds the item gone.
func (s *Service) Update(ctx context.Context, actor *authz.Actor, id string, in Input) (Card, error) {
	if !CanManage(actor) {
		return Card{}, errNoPermission
	}
	var result Item
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		cur, err := s.getForUpdate(ctx, id)
		if err != nil {
			return err
		}
		next, err := s.check(in, cur.Date)
		if err != nil {
			return err
		}
		if sameContent(cur, next) {
			result = cur
			return nil
		}
		before := CardOf(cur)
		cur.Title, cur.Content, cur.Type, cur.ImageURL, cur.Active, cur.Date =
			next.Title, next.Content, next.Type, next.ImageURL, next.Active, next.Date
		switch {
		case cur.Active && cur.PublishEventID != nil:
			if _, err := s.outbox.Enqueue(ctx, outbox.KindMessageEdit, s.s.Channel,
				outbox.MessageEdit{RefEventID: *cur.PublishEventID, Embeds: []outbox.Embed{s.embed(cur)}}); err != nil {
				return err
			}
		case cur.Active:
			if err := s.publish(ctx, &cur); err != nil {
				return err
			}
		case cur.PublishEventID != nil:
			if err := s.unpublish(ctx, &cur); err != nil {
				return err
			}
		}
		result = cur
		if err := s.db.Conn(ctx).Model(&Item{}).Where("id = ?", cur.ID).Updates(map[string]any{
			"title": cur.Title, "content": cur.Content, "type": cur.Type, "image_url": cur.ImageURL, "active": cur.Active,
			"date": cur.Date, "publish_event_id": cur.PublishEventID, "updated_at": s.s.Now(),
		}).Error; err != nil {
			return err
		}
		if err := s.live.Publish(ctx, live.KindNewsChanged, live.AudienceEveryone, "", newsRef(cur.ID)); err != nil {
			return err
		}
		return audit.Write(ctx, s.db, s.s.Now(), audit.Change{Actor: actor, Area: audit.AreaNews, Action: "update",
			EntityType: "news", EntityID: cur.ID, Before: before, After: CardOf(cur)})
	})
	s.forgetPublic()
	return CardOf(result), err
}

// Delete removes an item and its Discord post. Of deletions at once one wins; the others
// find the item gone (404).
func (s *Service) Delete(ctx context.Context, actor *authz.Actor, id string) error {
	if !CanManage(actor) {
		return errNoPermission
	}
	defer s.forgetPublic()
	return s.db.InTx(ctx, func(ctx context.Context) error {
		cur, err := s.getForUpdate(ctx, id)
		if err != nil {
			return err
		}
		res := s.db.Conn(ctx).Where("id = ?", cur.ID).Delete(&Item{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return errNotFound
		}
		if cur.PublishEventID != nil {
			if err := s.unpublish(ctx, &cur); err != nil {
				return err
			}
		}
		if err := s.live.Publish(ctx, live.KindNewsChanged, live.AudienceEveryone, "", newsRef(cur.ID)); err != nil {
			return err
		}
		return audit.Write(ctx, s.db, s.s.Now(), audit.Change{Actor: actor, Area: audit.AreaNews, Action: "delete",
			EntityType: "news", EntityID: cur.ID, Before: CardOf(cur)})
	})
}

// getForUpdate reads an item and locks it until the transaction ends.
func (s *Service) getForUpdate(ctx context.Context, id string) (Item, error) {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return Item{}, errNotFound
	}
	var it Item
	err = s.db.ForUpdate(ctx, s.db.Conn(ctx).Where("id = ?", n)).Take(&it).Error
	if db.IsNotFound(err) {
		return Item{}, errNotFound
	}
	return it, err
}

// sameContent tells whether an edit leaves an item as it is.
func sameContent(cur, next Item) bool {
	return cur.Title == next.Title && cur.Content == next.Content && cur.Type == next.Type &&
		cur.ImageURL == next.ImageURL && cur.Active == next.Active &&
		// PostgreSQL keeps microseconds.
		cur.Date.Truncate(time.Microsecond).Equal(next.Date.Truncate(time.Microsecond))
}

func (s *Service) publish(ctx context.Context, it *Item) error {
	ev, err := s.outbox.Enqueue(ctx, outbox.KindChannelMessage, s.s.Channel,
		outbox.ChannelMessage{Embeds: []outbox.Embed{s.embed(*it)}})
	if err != nil {
		return err
	}
	it.PublishEventID = &ev.ID
	if err := s.db.Conn(ctx).Model(it).Update("publish_event_id", ev.ID).Error; err != nil {
		return err
	}
	return s.live.Publish(ctx, live.KindNewsPublished, live.AudienceEveryone, "", newsRef(it.ID))
}

func (s *Service) unpublish(ctx context.Context, it *Item) error {
	if _, err := s.outbox.Enqueue(ctx, outbox.KindMessageDelete, s.s.Channel,
		outbox.MessageRef{RefEventID: *it.PublishEventID}); err != nil {
		return err
	}
	it.PublishEventID = nil
	return nil
}

var typeColors = map[string]int{TypeUpdate: 0x4f46e5, TypeAnnouncement: 0xec4899, TypeEvent: 0x10b981}

// embed is the news channel's card for an item.
func (s *Service) embed(it Item) outbox.Embed {
	desc := it.Content
	if utf8.RuneCountInString(desc) > 3500 {
		desc = string([]rune(desc)[:3500]) + "…"
	}
	date := it.Date
	return outbox.Embed{
		Title: it.Title, Description: desc, URL: s.s.PublicURL + "/news/" + strconv.FormatUint(it.ID, 10),
		Color: typeColors[it.Type], Footer: Types.Of(it.Type), ImageURL: it.ImageURL, Timestamp: &date,
	}
}

// PublishLive makes the service announce published and changed news on the live stream.
func (s *Service) PublishLive(p *live.Publisher) *Service {
	s.live = p
	return s
}

func newsRef(id uint64) map[string]string {
	return map[string]string{"newsId": strconv.FormatUint(id, 10)}
}
