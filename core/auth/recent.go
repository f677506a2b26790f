package auth

import (
	"time"

	"zocalo/core/authz"
)

// PrincipalCacheTTL is how long a checked token's identity is reused. Every signed-in
// request otherwise reads the session, the user, the roles and their rights again. A
// change made through this process (a role, a right, a logout) applies at once; one made
// by another instance, such as the bot's role sync, within this time.
const PrincipalCacheTTL = 2 * time.Second

// principalCacheLimit bounds the memory the cache may take.
const principalCacheLimit = 10_000

// cachedPrincipal is a token's identity as last built.
type cachedPrincipal struct {
	p         Principal
	actor     authz.Actor
	expiresAt time.Time // the session's
}

// principal hands out a copy, so no request can change what the next one gets.
func (c cachedPrincipal) principal() *Principal {
	p := c.p
	a := c.actor
	p.Actor = &a
	return &p
}
