package db

import (
	"context"
	"sync"
	"time"
)

// Announce wakes the listeners of channel once the transaction of ctx commits, like Notify,
// but tells other processes after the commit instead of within it. PostgreSQL lets one
// transaction that notified commit at a time (a lock on the notification queue held
// through the commit), so Notify makes every committing writer wait for the others; the
// announcements of many commits instead go out together, from a goroutine of their own,
// one after another. A process that stops between its commit and the announcement
// announces nothing: a listener that cannot wait for its next poll must not use it.
func (d *DB) Announce(ctx context.Context, channel string) {
	d.AfterCommit(ctx, func() {
		d.local.signal(channel)
		if d.dialect == Postgres {
			d.announcer.add(d, channel)
		}
	})
}

// announcer sends the announcements of one handle, each channel's at most once at a time.
type announcer struct {
	mu      sync.Mutex
	pending map[string]bool
	running bool
}

func (a *announcer) add(d *DB, channel string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.pending == nil {
		a.pending = map[string]bool{}
	}
	a.pending[channel] = true
	if !a.running {
		a.running = true
		go a.send(d)
	}
}

// send notifies every pending channel, again while commits keep adding some, then stops.
func (a *announcer) send(d *DB) {
	for {
		a.mu.Lock()
		channels := a.pending
		a.pending = nil
		if len(channels) == 0 {
			a.running = false
			a.mu.Unlock()
			return
		}
		a.mu.Unlock()
		for channel := range channels {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			// A failure costs the listeners of other processes their next poll, no more.
			_ = d.gorm.WithContext(ctx).Exec("SELECT pg_notify(?, coalesce(current_schema(), ''))", channel).Error
			cancel()
		}
	}
}
