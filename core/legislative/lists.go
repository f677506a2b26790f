package legislative

import (
	"sync/atomic"
	"time"

	"zocalo/core/recent"
)

// ListCacheTTL is how long a body's initiatives are reused between reads. Every
// legislator's page asks for the whole list, and reading its rows was most of the cost of
// the request. A change made through this process applies at once; one made by another
// instance (the bot closing a vote, another replica) within this time.
const ListCacheTTL = 2 * time.Second

// bodyLists keeps each body's initiatives, newest first, as last read. The caller's own
// votes are not in it: they are read on every request.
type bodyLists struct {
	rows *recent.Cache[string, []Initiative]
	// writes counts this process's writes to initiatives and votes.
	writes atomic.Uint64
}

func newBodyLists() *bodyLists {
	return &bodyLists{rows: recent.New[string, []Initiative](ListCacheTTL, 8)}
}

// changed is called after every write (deferred, so after its transaction when it has
// its own).
func (l *bodyLists) changed() { l.writes.Add(1) }
