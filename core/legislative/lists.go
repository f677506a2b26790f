package legislative

import (
	"context"
	"sync/atomic"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/recent"
)

// ListCacheTTL is how long a page of a body's initiatives is reused between reads. Every
// legislator's page asks for the first one, and reading its rows was most of the cost of
// the request. A change made through this process applies at once; one made by another
// instance (the bot closing a vote, another replica) within this time.
const ListCacheTTL = 2 * time.Second

// bodyLists keeps the pages of each body's initiatives, newest first, as last read. The
// caller's own votes are not in them: they are read on every request.
type bodyLists struct {
	rows *recent.Cache[pageKey, []Initiative]
	// writes counts this process's writes to initiatives and votes.
	writes atomic.Uint64
}

func newBodyLists() *bodyLists {
	// A few pages per body are read at once (the first one by every legislator).
	return &bodyLists{rows: recent.New[pageKey, []Initiative](ListCacheTTL, 32)}
}

// changed is called after every write (deferred, so after its transaction when it has
// its own).
func (l *bodyLists) changed() { l.writes.Add(1) }

// The initiatives list's pages.
const (
	// DefaultInitiativesPage is how many initiatives a page holds when asked for no number.
	DefaultInitiativesPage = 20
	// MaxInitiativesPage is the most a page holds.
	MaxInitiativesPage = 100
)

// InitiativesQuery asks for one page of a body's initiatives, newest first: Limit of them
// (DefaultInitiativesPage when 0) that come after the initiative Before (from the newest
// when 0). A page shorter than Limit is the last.
type InitiativesQuery struct {
	Body   string
	Limit  int
	Before uint64
}

// pageKey names a page in the cache of recent reads.
type pageKey struct {
	body   string
	limit  int
	before uint64
}

// Initiatives lists one page of a body's initiatives, newest first, with counts and the
// caller's vote (the counts are on each initiative; one more query finds the caller's votes).
func (s *Service) Initiatives(ctx context.Context, actor *authz.Actor, q InitiativesQuery) ([]View, error) {
	if !MayRead(actor) {
		return nil, errRead
	}
	body, err := checkBody(q.Body)
	if err != nil {
		return nil, err
	}
	if q.Limit == 0 {
		q.Limit = DefaultInitiativesPage
	}
	if q.Limit < 1 || q.Limit > MaxInitiativesPage {
		return nil, errs.ErrPage
	}
	key := pageKey{body: body, limit: q.Limit, before: q.Before}
	version := s.lists.writes.Load()
	rows, ok := s.lists.rows.Get(key, version)
	if !ok {
		if rows, err = s.page(ctx, key); err != nil {
			return nil, err
		}
		s.lists.rows.Put(key, rows, version)
	}
	return s.views(ctx, actor, rows)
}

// page reads one page in the order created_at DESC, id DESC, after the initiative the key
// names, which must be of the same body.
func (s *Service) page(ctx context.Context, key pageKey) ([]Initiative, error) {
	list := s.db.Conn(ctx).Where("body = ?", key.body)
	if key.before != 0 {
		var cursor Initiative
		if err := s.db.Conn(ctx).Select("id", "created_at").Where("id = ? AND body = ?", key.before, key.body).
			Take(&cursor).Error; err != nil {
			if db.IsNotFound(err) {
				return nil, errs.ErrPage
			}
			return nil, err
		}
		// "created_at <= ?" bounds the walk of the body's index; the rest puts ties after the cursor.
		list = list.Where("created_at <= ? AND (created_at < ? OR id < ?)", cursor.CreatedAt, cursor.CreatedAt, cursor.ID)
	}
	rows := []Initiative{}
	err := list.Order("created_at DESC, id DESC").Limit(key.limit).Find(&rows).Error
	return rows, err
}
