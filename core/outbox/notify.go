package outbox

import (
	"context"

	"zocalo/core/db"
)

// NotifyChannel is the database notification channel that announces new events.
const NotifyChannel = "zocalo_outbox"

// afterEnqueue tells the relay, once the transaction of ctx commits, that an event waits.
// A notice that never arrives costs the relay its next poll.
func (s *Store) afterEnqueue(ctx context.Context) { s.db.Notify(ctx, NotifyChannel) }

// Listen calls wake whenever events may be waiting, until ctx ends: after each commit
// that enqueued some (from this process at once; from another, on PostgreSQL, through
// NOTIFY), when it starts listening and after every reconnection. wake must not block.
// lost, when set, hears why the listening connection dropped; it reconnects by itself.
func (s *Store) Listen(ctx context.Context, wake func(), lost func(error)) {
	s.db.Listen(ctx, db.Listener{Channels: []string{NotifyChannel}, Wake: func(string) { wake() }, Lost: lost})
}
