package live

import (
	"context"
	"math/rand/v2"
	"strings"
	"time"

	"zocalo/core/errs"
)

// How many streams one process holds open at once for one session and for one member.
// The web opens one stream per browser (its tabs share it), so a session needs one; the
// others cover a reconnection that arrives before the server has noticed the old
// connection is gone. A member signs in on a few devices. Past these, a stream is refused
// with a 429 and the web polls and retries with its backoff. See docs/live.md.
const (
	MaxStreamsPerSession = 4
	MaxStreamsPerMember  = 8
)

var (
	errSessionStreams = errs.RateLimited("Esta sesión ya tiene abiertas 4 conexiones en vivo, el máximo. Cierra otras ventanas del portal o espera unos segundos e inténtalo de nuevo.")
	errMemberStreams  = errs.RateLimited("Ya tienes abiertas 8 conexiones en vivo entre todas tus sesiones, el máximo. Cierra el portal en otro dispositivo o espera unos segundos e inténtalo de nuevo.")
)

// openStreams counts the streams this process holds open, in all, per session and per
// member.
type openStreams struct {
	total     int
	bySession map[string]int
	byMember  map[string]int
}

// admit takes a place for a stream of v, or refuses it when its session or its member
// already holds as many as allowed; release gives the place back. Counting and refusing
// under one lock lets no number of simultaneous opens past the limits.
func (h *Hub) admit(v Viewer) (release func(), err error) {
	h.streamsMu.Lock()
	defer h.streamsMu.Unlock()
	s := &h.streams
	if s.bySession == nil {
		s.bySession, s.byMember = map[string]int{}, map[string]int{}
	}
	if v.SessionID != "" && s.bySession[v.SessionID] >= MaxStreamsPerSession {
		return nil, errSessionStreams
	}
	if s.byMember[v.DiscordID] >= MaxStreamsPerMember {
		return nil, errMemberStreams
	}
	s.total++
	s.byMember[v.DiscordID]++
	if v.SessionID != "" {
		s.bySession[v.SessionID]++
	}
	released := false
	return func() {
		h.streamsMu.Lock()
		defer h.streamsMu.Unlock()
		if released {
			return
		}
		released = true
		s.total--
		decrement(s.byMember, v.DiscordID)
		if v.SessionID != "" {
			decrement(s.bySession, v.SessionID)
		}
	}, nil
}

func decrement(counts map[string]int, key string) {
	if counts[key] <= 1 {
		delete(counts, key)
		return
	}
	counts[key]--
}

// touched counts the streams an access change about subject makes check again: every
// stream for "*", a session's for "session:<id>", else the member's.
func (h *Hub) touched(subject string) int {
	h.streamsMu.Lock()
	defer h.streamsMu.Unlock()
	if subject == "*" {
		return h.streams.total
	}
	if session, ok := strings.CutPrefix(subject, sessionPrefix); ok {
		return h.streams.bySession[session]
	}
	return h.streams.byMember[subject]
}

// Re-checks after an access change are spread over a window that grows with the streams
// it touches, recheckPace each, up to recheckSpreadMax: a change of one role's rights
// touches every stream, and all of them reading their session at once made every other
// request wait. A stream delivers nothing while it waits, so nothing reaches it under the
// rights it is about to lose.
const (
	recheckPace      = 2 * time.Millisecond
	recheckSpreadMax = 5 * time.Second
)

// RecheckSpread is the window over which the re-checks of n streams are spread.
func RecheckSpread(n int) time.Duration {
	return min(time.Duration(n)*recheckPace, recheckSpreadMax)
}

// recheckDelay is how long one of n streams waits before its re-check: a random point of
// the window.
func recheckDelay(n int) time.Duration {
	spread := RecheckSpread(n)
	if spread <= 0 {
		return 0
	}
	return rand.N(spread)
}

// periodic is the wait before a stream's next routine re-check: every between 3/4 and 5/4
// of every, at random, so streams opened together (a reconnection wave after a restart)
// do not keep reading their sessions in the same instant.
func periodic(every time.Duration) time.Duration {
	return every*3/4 + rand.N(every/2+1)
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
