package news

import (
	"context"
	"sync"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/validate"
)

// Reading the news, a page at a time: the landing, /news and the news managers each ask for
// what they show. With years of news the whole list was megabytes of JSON on every visit.

// The lists' pages.
const (
	// DefaultPage is how many items a list answers when asked for no number.
	DefaultPage = 20
	// MaxPage is the most items a list answers at once.
	MaxPage = 50
)

// PageQuery asks for one page of a list, newest first: Limit items (DefaultPage when 0) that
// come after the item Before in that order (from the newest when 0).
type PageQuery struct {
	Limit  int
	Before uint64
}

// PublicCacheTTL bounds how long the published news may miss a write made by another
// replica; this process's own writes refresh it at once.
const PublicCacheTTL = 2 * time.Second

// publicCache holds the newest published items: every visit to the landing and to /news
// starts with them.
type publicCache struct {
	mu       sync.Mutex
	cards    []Card
	version  uint64
	loadedAt time.Time
}

// List returns one page of the news, newest first: published items for everyone, every item
// for those who manage news.
func (s *Service) List(ctx context.Context, actor *authz.Actor, q PageQuery) ([]Card, error) {
	if q.Limit == 0 {
		q.Limit = DefaultPage
	}
	if q.Limit < 1 || q.Limit > MaxPage {
		return nil, errs.ErrPage
	}
	manage := CanManage(actor)
	if !manage && q.Before == 0 {
		cards, _, err := s.Public(ctx)
		if err != nil {
			return nil, err
		}
		return cards[:min(q.Limit, len(cards))], nil
	}
	return s.page(ctx, !manage, q)
}

// Public is the newest published items (MaxPage at most), newest first, and a version that
// changes whenever they are read anew, so that callers may keep what they derive from them
// (their JSON) until then. The slice is shared: callers must not change it.
func (s *Service) Public(ctx context.Context) ([]Card, uint64, error) {
	c := &s.public
	// One load at a time: a burst of visitors after a write waits for one query, not many.
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cards != nil && time.Since(c.loadedAt) < PublicCacheTTL {
		return c.cards, c.version, nil
	}
	cards, err := s.page(ctx, true, PageQuery{Limit: MaxPage})
	if err != nil {
		return nil, 0, err
	}
	c.cards, c.loadedAt = cards, time.Now()
	c.version++
	return c.cards, c.version, nil
}

// forgetPublic drops the cached published items after a write of this process.
func (s *Service) forgetPublic() {
	s.public.mu.Lock()
	s.public.cards = nil
	s.public.mu.Unlock()
}

// page reads one page in the order date DESC, id DESC. The cursor is an item's id; its date
// is read first, since an item's date may be edited and ids do not follow dates.
func (s *Service) page(ctx context.Context, activeOnly bool, q PageQuery) ([]Card, error) {
	list := s.db.Conn(ctx).Model(&Item{})
	if activeOnly {
		list = list.Where("active = ?", true)
	}
	if q.Before != 0 {
		find := s.db.Conn(ctx).Select("id", "date").Where("id = ?", q.Before)
		if activeOnly {
			find = find.Where("active = ?", true)
		}
		var cursor Item
		if err := find.Take(&cursor).Error; err != nil {
			if db.IsNotFound(err) {
				return nil, errs.ErrPage
			}
			return nil, err
		}
		// "date <= ?" bounds the walk of the date index; the rest puts ties after the cursor.
		list = list.Where("date <= ? AND (date < ? OR id < ?)", cursor.Date, cursor.Date, cursor.ID)
	}
	var items []Item
	if err := list.Order("date DESC, id DESC").Limit(q.Limit).Find(&items).Error; err != nil {
		return nil, err
	}
	cards := make([]Card, len(items))
	for i, it := range items {
		cards[i] = CardOf(it)
	}
	return cards, nil
}

// Get is one item: a published one for everyone, any item for those who manage news.
func (s *Service) Get(ctx context.Context, actor *authz.Actor, id string) (Card, error) {
	return s.get(ctx, !CanManage(actor), id)
}

// Published is a published item, for its page and the preview Discord draws of a link to it.
func (s *Service) Published(ctx context.Context, id string) (Card, error) {
	return s.get(ctx, true, id)
}

func (s *Service) get(ctx context.Context, activeOnly bool, id string) (Card, error) {
	n, ok := validate.ID(id)
	if !ok || n == 0 {
		return Card{}, errNotFound
	}
	if activeOnly {
		// A link shared in Discord is most often to one of the newest, already in memory.
		cards, _, err := s.Public(ctx)
		if err != nil {
			return Card{}, err
		}
		for _, c := range cards {
			if c.Item.ID == n {
				return c, nil
			}
		}
	}
	q := s.db.Conn(ctx).Where("id = ?", n)
	if activeOnly {
		q = q.Where("active = ?", true)
	}
	var it Item
	if err := q.Take(&it).Error; err != nil {
		if db.IsNotFound(err) {
			return Card{}, errNotFound
		}
		return Card{}, err
	}
	return CardOf(it), nil
}
