// Package recent keeps values built from the database for a moment in this process, for
// reads that every request repeats. An entry is used only while it is younger than the
// cache's time and was built at the version of the writes the caller names, so this
// process's own writes apply at once and another instance's within that time. Ages are
// on the wall clock: they are about this process, not the community's calendar.
package recent

import (
	"sync"
	"time"
)

// Cache maps keys to recently built values.
type Cache[K comparable, V any] struct {
	mu      sync.Mutex
	entries map[K]entry[V]
	ttl     time.Duration
	limit   int
}

type entry[V any] struct {
	value   V
	version uint64
	built   time.Time
}

// New makes a cache whose entries last ttl; past limit entries the stale ones go, and if
// that is not enough it starts again empty.
func New[K comparable, V any](ttl time.Duration, limit int) *Cache[K, V] {
	return &Cache[K, V]{entries: map[K]entry[V]{}, ttl: ttl, limit: limit}
}

// Get returns the value for key if it was built at version and is young enough.
func (c *Cache[K, V]) Get(key K, version uint64) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok || e.version != version || time.Since(e.built) >= c.ttl {
		var zero V
		return zero, false
	}
	return e.value, true
}

// Put keeps value for key, built from what the database held at version: read the
// version before reading the database, so a write in between makes the entry stale.
func (c *Cache[K, V]) Put(key K, value V, version uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= c.limit {
		for k, e := range c.entries {
			if time.Since(e.built) >= c.ttl {
				delete(c.entries, k)
			}
		}
		if len(c.entries) >= c.limit {
			clear(c.entries)
		}
	}
	c.entries[key] = entry[V]{value: value, version: version, built: time.Now()}
}

// Forget drops the entries whose value matches.
func (c *Cache[K, V]) Forget(match func(V) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, e := range c.entries {
		if match(e.value) {
			delete(c.entries, k)
		}
	}
}
