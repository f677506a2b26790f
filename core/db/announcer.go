package db

import (
	"context"
	"slices"
	"sync"
	"time"
)

// announcer sends the PostgreSQL notices of one handle's commits, one at a time: a channel
// asked for again while its notice waits is sent once, and channels go in the order first
// asked, so a notice sent after another is heard after it.
type announcer struct {
	mu      sync.Mutex
	pending []string
	running bool
}

func (a *announcer) add(d *DB, channel string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !slices.Contains(a.pending, channel) {
		a.pending = append(a.pending, channel)
	}
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
		for _, channel := range channels {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			// A failure costs the listeners of other processes their next poll, no more.
			_ = d.gorm.WithContext(ctx).Exec("SELECT pg_notify(?, coalesce(current_schema(), ''))", channel).Error
			cancel()
		}
	}
}
