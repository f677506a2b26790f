package discordfake

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"time"
)

// What tests script on the gateway and read back from it.

// gatewayScript is the gateway's scripted behaviour and its records; guarded by Fake.mu.
type gatewayScript struct {
	sockets       int // sockets accepted so far
	resumes       []Resume
	withholdReady int // IDENTIFYs still to leave unanswered
	heartbeats    int
	withheldAcks  int
	clientCloses  []int
}

// Resume is one RESUME the gateway received. Socket numbers the socket it came on;
// AtResumeURL tells it came to resume_gateway_url, as Discord asks; Accepted is false when
// the fake answered op 9 (unknown or expired session, or a sequence from the future).
type Resume struct {
	SessionID   string
	Seq         int64
	Time        time.Time
	Socket      int
	AtResumeURL bool
	Accepted    bool
}

// resumePath ends the path of the fake's resume_gateway_url.
const resumePath = "/resume"

// resumeURLOf is the resume_gateway_url for sessions that connected to connectURL: the
// same gateway with /resume after its path (/gateway → /gateway/resume), so a test sees
// where a client resumed. Discord's is another host; this keeps the fake on one listener.
func resumeURLOf(connectURL string) string {
	u, err := url.Parse(connectURL)
	if err != nil {
		return connectURL
	}
	u.Path = strings.TrimSuffix(u.Path, "/") + resumePath
	u.RawPath = ""
	return u.String()
}

// cameToResumeURL tells whether a socket's request came to the resume URL's path.
func cameToResumeURL(requestPath string) bool {
	return strings.HasSuffix(requestPath, "/gateway"+resumePath)
}

// recordClientClose keeps the close code a client ended a socket with.
func (f *Fake) recordClientClose(_ *gwConn, code int) {
	f.mu.Lock()
	f.gw.clientCloses = append(f.gw.clientCloses, code)
	f.mu.Unlock()
}

// ResumeGatewayURL is the resume_gateway_url READY gives sessions that connect to the URL
// GET /gateway answers; empty until that URL is known (SetGatewayURL, or a first request).
func (f *Fake) ResumeGatewayURL() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.gatewayURL == "" {
		return ""
	}
	return resumeURLOf(f.gatewayURL)
}

// Resumes counts the sessions resumed.
func (f *Fake) Resumes() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.resumes
}

// ResumeLog lists every RESUME received, oldest first, refused ones included.
func (f *Fake) ResumeLog() []Resume {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.gw.resumes)
}

// ClientCloseCodes lists the close codes clients ended their sockets with, oldest first
// (a socket dropped without a close frame adds none). 1000 and 1001 end the session.
func (f *Fake) ClientCloseCodes() []int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.gw.clientCloses)
}

// Heartbeats counts the heartbeats received, answered or not.
func (f *Fake) Heartbeats() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.gw.heartbeats
}

// WithholdHeartbeatAcks makes every open socket stop answering heartbeats, as a socket
// that died without closing looks to a client; sockets opened later answer again. It
// returns how many sockets it affected.
func (f *Fake) WithholdHeartbeatAcks() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	for c := range f.conns {
		c.withholdAcks = true
	}
	return len(f.conns)
}

// WithheldHeartbeatAcks counts the heartbeats left unanswered.
func (f *Fake) WithheldHeartbeatAcks() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.gw.withheldAcks
}

// WithholdReady leaves the next n IDENTIFYs unanswered: no READY, no session, the socket
// open, as a gateway in trouble does.
func (f *Fake) WithholdReady(n int) {
	f.mu.Lock()
	f.gw.withholdReady += n
	f.mu.Unlock()
}

// RequestReconnect sends Reconnect (op 7) on every socket with a session, as Discord does
// before it moves a session; the client should close the socket and resume. It returns
// how many sockets were asked.
func (f *Fake) RequestReconnect() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for c := range f.conns {
		if c.sess != nil && c.sess.conn == c {
			c.sendOp(7, nil)
			n++
		}
	}
	return n
}

// RequestHeartbeat sends Heartbeat (op 1) on every socket; the client should beat at once.
func (f *Fake) RequestHeartbeat() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for c := range f.conns {
		c.sendOp(1, nil)
	}
}

// InvalidateSessions sends Invalid Session (op 9) on every socket with a session, with d
// resumable. Not resumable, the session ends: a RESUME of it gets op 9 again and only a new
// IDENTIFY works. Resumable, the session outlives the socket, which no longer carries it.
// It returns how many sockets were told.
func (f *Fake) InvalidateSessions(resumable bool) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for c := range f.conns {
		s := c.sess
		if s == nil || s.conn != c {
			continue
		}
		c.sendOp(9, resumable)
		c.sess = nil
		s.conn, s.downSince = nil, f.now()
		if !resumable {
			delete(f.sessions, s.id)
		}
		n++
	}
	f.notify()
	return n
}

// Identifies lists every IDENTIFY received, oldest first (including refused ones).
func (f *Fake) Identifies() []Identify {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.identifies)
}

// Connected counts the identified sessions whose socket is up.
func (f *Fake) Connected() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.connected()
}

func (f *Fake) connected() int {
	n := 0
	for _, s := range f.sessions {
		if s.conn != nil {
			n++
		}
	}
	return n
}

// WaitConnected waits until at least n identified sessions are connected.
func (f *Fake) WaitConnected(ctx context.Context, n int) error {
	for {
		f.mu.Lock()
		ok, changed := f.connected() >= n, f.changed
		f.mu.Unlock()
		if ok {
			return nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// notify wakes WaitConnected. f.mu is held.
func (f *Fake) notify() {
	close(f.changed)
	f.changed = make(chan struct{})
}

// DropConnections closes every socket abruptly, without a close frame, as a network failure
// would: clients reconnect and resume, and what is dispatched meanwhile waits for them.
func (f *Fake) DropConnections() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for c := range f.conns {
		if s := c.sess; s != nil && s.conn == c {
			s.conn, s.downSince = nil, f.now()
		}
		delete(f.conns, c)
		c.kill()
	}
	f.notify()
}

// CloseConnections closes every socket with a close code, as Discord does when it ends a
// session (4004 after the token was reset, 4014 after an intent was turned off).
func (f *Fake) CloseConnections(code int, reason string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for c := range f.conns {
		if s := c.sess; s != nil && s.conn == c {
			s.conn, s.downSince = nil, f.now()
		}
		delete(f.conns, c)
		c.closeWith(code, reason)
	}
	f.notify()
}

// Close drops every socket and refuses new ones; REST keeps answering.
func (f *Fake) Close() {
	f.mu.Lock()
	f.closed = true
	f.mu.Unlock()
	f.DropConnections()
}
