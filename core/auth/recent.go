package auth

import (
	"sync"
	"time"

	"zocalo/core/authz"
)

// PrincipalCacheTTL is how long a checked token's identity is reused. Every signed-in
// request otherwise reads the session, the user, the roles and their rights again. A
// change made through this process (a role, a right, a logout) applies at once; one made
// by another instance, such as the bot's role sync, within this time.
const PrincipalCacheTTL = 2 * time.Second

// principalCacheLimit bounds the memory: past it stale entries go, and if that is not
// enough the cache starts again empty.
const principalCacheLimit = 10_000

type cachedPrincipal struct {
	p         Principal
	actor     authz.Actor
	expiresAt time.Time // the session's
	version   uint64    // the members' version it was built at
	fetched   time.Time
}

// principal hands out a copy, so no request can change what the next one gets.
func (c cachedPrincipal) principal() *Principal {
	p := c.p
	a := c.actor
	p.Actor = &a
	return &p
}

// principalCache keeps recently checked tokens' identities. Its freshness is measured
// on the wall clock, not the community's: it is about this process, not the domain.
type principalCache struct {
	mu      sync.Mutex
	entries map[string]cachedPrincipal
	ttl     time.Duration
}

func (c *principalCache) get(token string, version uint64) (cachedPrincipal, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[token]
	if !ok || e.version != version || time.Since(e.fetched) >= c.ttl {
		return cachedPrincipal{}, false
	}
	return e, true
}

func (c *principalCache) put(token string, e cachedPrincipal) {
	e.fetched = time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) >= principalCacheLimit {
		for token, old := range c.entries {
			if time.Since(old.fetched) >= c.ttl {
				delete(c.entries, token)
			}
		}
		if len(c.entries) >= principalCacheLimit {
			clear(c.entries)
		}
	}
	c.entries[token] = e
}

func (c *principalCache) forgetSession(sessionID string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for token, e := range c.entries {
		if e.p.SessionID == sessionID {
			delete(c.entries, token)
		}
	}
}
