package bot

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"net/http"
	"net/url"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// The bot's own gateway client. discordgo v0.29.0 (and its master) notices a dead socket
// only after five missed heartbeat ACKs, closes with 1000 (which ends the session, so the
// resume fails and the bot identifies again), ignores resume_gateway_url, identifies at
// once on the socket that got op 9 and waits for READY without a deadline. This client
// follows Discord's rules instead: one missed ACK closes the socket with 4000 and resumes
// at resume_gateway_url; op 7 resumes; op 9 resumes when Discord says the session may be
// resumed and otherwise waits 1–5 s and identifies on a new socket; a socket that does not
// reach READY or RESUMED in time is dropped. REST stays on discordgo's Session.

// gatewayVersion is the gateway version the bot speaks; the payloads are decoded into
// discordgo's types, which read it.
const gatewayVersion = 10

// gatewayWait names what the gateway client waits for, so a test can drive each wait.
type gatewayWait int

const (
	waitHeartbeat      gatewayWait = iota // until the next heartbeat is due
	waitReady                             // the deadline for HELLO and READY or RESUMED
	waitInvalidSession                    // the pause before identifying again after op 9
)

// gatewayTimers returns a channel that fires once d has passed; tests replace it.
type gatewayTimers func(what gatewayWait, d time.Duration) <-chan time.Time

func realTimers(_ gatewayWait, d time.Duration) <-chan time.Time { return time.After(d) }

// gatewayClient keeps one gateway session over as many sockets as it takes.
type gatewayClient struct {
	rest    *discordgo.Session // REST calls; its State learns the bot's user at READY
	token   string             // with its "Bot " prefix
	intents discordgo.Intent
	dialer  *websocket.Dialer
	after   gatewayTimers
	events  *gatewayEvents
	// readyTimeout bounds a socket's way from the dial to READY or RESUMED.
	readyTimeout time.Duration
	// identified is called as each IDENTIFY goes out (the daily budget counts it).
	identified func()
	// lifetime ends with the leadership: waits for a live socket end with it.
	lifetime context.Context

	seq atomic.Int64 // the last sequence number read, for heartbeats and RESUME

	mu         sync.Mutex
	connectURL string // from GET /gateway, kept for every new session
	sessionID  string
	resumeURL  string
	current    *gatewaySocket // the socket past READY or RESUMED, nil between sockets
	liveNow    chan struct{}  // closed while a socket is live; replaced when it ends
}

func newGatewayClient(lifetime context.Context, rest *discordgo.Session, token string, intents discordgo.Intent,
	tlsConfig *tls.Config, events *gatewayEvents, after gatewayTimers, readyTimeout time.Duration, identified func()) *gatewayClient {
	return &gatewayClient{rest: rest, token: token, intents: intents, events: events, after: after,
		readyTimeout: readyTimeout, identified: identified, lifetime: lifetime, liveNow: make(chan struct{}),
		dialer: &websocket.Dialer{Proxy: http.ProxyFromEnvironment, HandshakeTimeout: readyTimeout, TLSClientConfig: tlsConfig}}
}

// canResume tells whether the next socket will RESUME rather than IDENTIFY.
func (c *gatewayClient) canResume() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sessionID != ""
}

// forgetSession makes the next socket IDENTIFY.
func (c *gatewayClient) forgetSession() {
	c.mu.Lock()
	c.sessionID, c.resumeURL = "", ""
	c.mu.Unlock()
	c.seq.Store(0)
}

// onReady records what a resume needs and the bot's own user (the relay tells its own
// messages by it).
func (c *gatewayClient) onReady(raw json.RawMessage) {
	var r struct {
		Version     int                    `json:"v"`
		SessionID   string                 `json:"session_id"`
		ResumeURL   string                 `json:"resume_gateway_url"`
		User        *discordgo.User        `json:"user"`
		Application *discordgo.Application `json:"application"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return
	}
	c.mu.Lock()
	c.sessionID, c.resumeURL = r.SessionID, r.ResumeURL
	c.mu.Unlock()
	st := c.rest.State
	st.Lock()
	// Written once: the relay reads it without the state's lock.
	if r.User != nil && (st.User == nil || st.User.ID != r.User.ID) {
		st.Ready = discordgo.Ready{Version: r.Version, SessionID: r.SessionID, User: r.User, Application: r.Application}
	}
	st.Unlock()
}

// address is where the next socket goes, whether it resumes and whether it goes to
// resume_gateway_url: a resume goes there; a new session goes to the URL GET /gateway
// gave, asked once and kept, as Discord asks.
func (c *gatewayClient) address() (addr string, resume, atResumeURL bool, err error) {
	c.mu.Lock()
	sessionID, resumeURL, connectURL := c.sessionID, c.resumeURL, c.connectURL
	c.mu.Unlock()
	if sessionID != "" && resumeURL != "" {
		return withGatewayQuery(resumeURL), true, true, nil
	}
	if connectURL == "" {
		connectURL, err = c.rest.Gateway()
		if err != nil {
			return "", false, false, err
		}
		c.mu.Lock()
		c.connectURL = connectURL
		c.mu.Unlock()
	}
	return withGatewayQuery(connectURL), sessionID != "", false, nil
}

// dialFailed forgets the address that could not be reached: a resume goes to the main URL
// next, and a new session asks GET /gateway again.
func (c *gatewayClient) dialFailed(resumeURL bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if resumeURL {
		c.resumeURL = ""
	} else {
		c.connectURL = ""
	}
}

// withGatewayQuery adds the version and encoding the bot speaks.
func withGatewayQuery(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	q := u.Query()
	q.Set("v", strconv.Itoa(gatewayVersion))
	q.Set("encoding", "json")
	u.RawQuery = q.Encode()
	return u.String()
}

// connect runs one socket until it ends: dial, HELLO, IDENTIFY or RESUME, READY or RESUMED
// within the deadline, then the session until the socket ends, ctx ends or halt closes.
// onLive is called when the socket reaches READY or RESUMED.
func (c *gatewayClient) connect(ctx context.Context, halt <-chan struct{}, onLive func(resumed bool)) socketEnd {
	addr, resume, atResumeURL, err := c.address()
	if err != nil {
		return socketEnd{reason: endDialFailed, err: err, resume: c.canResume()}
	}
	finished := make(chan struct{})
	defer close(finished)
	expired := make(chan struct{})
	deadline := c.after(waitReady, c.readyTimeout)
	go func() {
		select {
		case <-deadline:
			close(expired)
		case <-finished:
		}
	}()

	dialCtx, cancelDial := context.WithCancel(ctx)
	go func() {
		select {
		case <-expired:
		case <-halt:
		case <-finished:
		}
		cancelDial()
	}()
	ws, res, err := c.dialer.DialContext(dialCtx, addr, nil)
	if res != nil && res.Body != nil {
		_ = res.Body.Close()
	}
	if err != nil {
		c.dialFailed(atResumeURL)
		end := socketEnd{reason: endDialFailed, err: err, resume: resume}
		if isClosed(expired) {
			end.reason = endReadyTimeout
		}
		if ctx.Err() != nil || isClosed(halt) {
			end.reason = endStopped
		}
		return end
	}
	sock := newGatewaySocket(ws, c)
	end := c.run(ctx, halt, sock, resume, expired, onLive)
	switch {
	case end.reason == endStopped:
		sock.close(websocket.CloseNormalClosure, "")
	case end.reason == endClosed && end.closeCode != 0:
		sock.close(0, "") // the server closed it; the websocket answered its close frame
	case end.resume:
		sock.close(closeKeepSession, "resuming")
	default:
		sock.close(websocket.CloseNormalClosure, "")
	}
	c.mu.Lock()
	if c.current == sock {
		c.current = nil
		c.liveNow = make(chan struct{})
	}
	c.mu.Unlock()
	return end
}

// run takes a dialled socket through HELLO and the handshake to its end.
func (c *gatewayClient) run(ctx context.Context, halt <-chan struct{}, sock *gatewaySocket, resume bool,
	expired <-chan struct{}, onLive func(resumed bool)) socketEnd {
	stop := func(reason string) socketEnd {
		sock.finish(socketEnd{reason: reason, resume: resume})
		return sock.end
	}
	// left ends the socket for what interrupted a stage: its own end, or a stop.
	left := func(reason string) socketEnd {
		if reason == "" {
			return sock.end
		}
		return stop(reason)
	}
	interval, reason, reached := awaitStage(ctx, halt, expired, sock, sock.hello)
	if !reached {
		return left(reason)
	}
	sock.startHeartbeat(interval)
	if err := c.handshake(sock, resume); err != nil {
		sock.finish(socketEnd{reason: endClosed, err: err, resume: resume})
		return sock.end
	}
	if _, reason, reached := awaitStage(ctx, halt, expired, sock, sock.live); !reached {
		return left(reason)
	}
	c.mu.Lock()
	c.current = sock
	close(c.liveNow)
	c.mu.Unlock()
	onLive(resume)
	select {
	case <-sock.ended:
	case <-ctx.Done():
		stop(endStopped)
	case <-halt:
		stop(endStopped)
	}
	end := sock.end
	end.live = true
	return end
}

// handshake sends RESUME for a known session, IDENTIFY otherwise.
func (c *gatewayClient) handshake(sock *gatewaySocket, resume bool) error {
	if resume {
		c.mu.Lock()
		sessionID := c.sessionID
		c.mu.Unlock()
		return sock.send(opResume, map[string]any{"token": c.token, "session_id": sessionID, "seq": c.seq.Load()})
	}
	c.identified()
	return sock.send(opIdentify, map[string]any{
		"token":      c.token,
		"intents":    c.intents,
		"properties": map[string]string{"os": runtime.GOOS, "browser": "zocalo", "device": "zocalo"},
	})
}

// requestGuildMembers asks for every member of the guild (op 8); the chunks come back as
// GUILD_MEMBERS_CHUNK with the nonce. Between sockets it waits for the next one to be
// live, up to the connection deadline.
func (c *gatewayClient) requestGuildMembers(ctx context.Context, guildID, nonce string) error {
	sock, err := c.awaitLive(ctx)
	if err != nil {
		return err
	}
	return sock.send(opRequestMembers, map[string]any{"guild_id": guildID, "query": "", "limit": 0,
		"presences": false, "nonce": nonce})
}

func (c *gatewayClient) awaitLive(ctx context.Context) (*gatewaySocket, error) {
	timeout := time.NewTimer(c.readyTimeout)
	defer timeout.Stop()
	for {
		c.mu.Lock()
		sock, live := c.current, c.liveNow
		c.mu.Unlock()
		if sock != nil {
			return sock, nil
		}
		select {
		case <-live:
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-c.lifetime.Done():
			return nil, errNotConnected
		case <-timeout.C:
			return nil, errNotConnected
		}
	}
}

// sessionEnding are close codes after which the session cannot be resumed: the next
// socket identifies.
var sessionEnding = map[int]bool{
	4003: true, // not authenticated: the session was invalidated
	4007: true, // invalid seq
	4009: true, // session timed out
}

func isClosed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// awaitStage waits for a stage of a socket's way to live (HELLO, then READY or RESUMED). When
// something comes first it tells what: "" when the socket ended itself, else why to stop it.
func awaitStage[T any](ctx context.Context, halt <-chan struct{}, expired <-chan struct{}, sock *gatewaySocket,
	stage <-chan T) (value T, stopReason string, reached bool) {
	select {
	case value = <-stage: // a closed stage (READY or RESUMED) is reached too
		return value, "", true
	case <-sock.ended:
		return value, "", false
	case <-expired:
		return value, endReadyTimeout, false
	case <-ctx.Done():
		return value, endStopped, false
	case <-halt:
		return value, endStopped, false
	}
}
