package legislative

import (
	"sync"
	"sync/atomic"
	"time"
)

// ListCacheTTL is how long a body's initiatives are reused between reads. Every
// legislator's page asks for the whole list, and reading its rows was most of the cost of
// the request. A change made through this process applies at once; one made by another
// instance (the bot closing a vote, another replica) within this time.
const ListCacheTTL = 2 * time.Second

// bodyLists keeps each body's initiatives, newest first, as last read. The caller's own
// votes are not in it: they are read on every request.
type bodyLists struct {
	mu      sync.Mutex
	entries map[string]bodyList
	// version counts this process's writes to initiatives and votes.
	version atomic.Uint64
}

type bodyList struct {
	rows    []Initiative
	version uint64
	fetched time.Time // wall clock: this is about the process, not the domain
}

func (l *bodyLists) get(body string) ([]Initiative, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	e, ok := l.entries[body]
	if !ok || e.version != l.version.Load() || time.Since(e.fetched) >= ListCacheTTL {
		return nil, false
	}
	return e.rows, true
}

// put keeps rows read when the writes were at version; a write since makes them stale.
func (l *bodyLists) put(body string, rows []Initiative, version uint64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.entries == nil {
		l.entries = map[string]bodyList{}
	}
	l.entries[body] = bodyList{rows: rows, version: version, fetched: time.Now()}
}

// changed is called after every write (deferred, so after its transaction when it has
// its own).
func (l *bodyLists) changed() { l.version.Add(1) }
