package bot

import (
	"bytes"
	"compress/zlib"
	"encoding/json"
	"errors"
	"io"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/websocket"
)

// Gateway opcodes (Discord's "Gateway Opcodes").
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opResume         = 6
	opReconnect      = 7
	opRequestMembers = 8
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatAck   = 11
)

// Why a socket ended, as the log and zocalo_bot_gateway_reconnects_total name it.
const (
	endClosed          = "closed" // the server closed the socket, or the network dropped it
	endAckMissed       = "heartbeat_ack_missed"
	endReconnect       = "reconnect_requested" // op 7
	endInvalidSession  = "invalid_session"     // op 9
	endReadyTimeout    = "ready_timeout"       // no HELLO, READY or RESUMED in time
	endDialFailed      = "dial_failed"
	endStopped         = "stopped" // the bot is stopping or lost the leader lock
	endProtocolFailure = "protocol_failure"
)

// closeKeepSession is the close code the bot ends a socket with when it means to resume:
// 1000 and 1001 would end the session with the socket.
const closeKeepSession = 4000

// socketEnd is why a socket ended and what the next one should do.
type socketEnd struct {
	reason    string
	closeCode int // the close code the server sent; 0 when it sent none
	err       error
	// resume: the session may still be resumed. False after op 9 with d false, which asks
	// for a new session.
	resume bool
	// waitBefore is the pause Discord asks for before the next IDENTIFY (after op 9).
	waitBefore time.Duration
	live       bool // the socket reached READY or RESUMED
}

// gatewayPayload is one gateway message, either way.
type gatewayPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  int64           `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

// gatewaySocket is one websocket to the gateway, from its dial to the first reason to
// leave it: its read loop, its heartbeat and its writes.
type gatewaySocket struct {
	ws     *websocket.Conn
	client *gatewayClient

	writeMu sync.Mutex
	acked   atomic.Bool // the last heartbeat was acknowledged (or none was sent)

	hello    chan time.Duration // the heartbeat interval HELLO gave
	live     chan struct{}      // closed at READY or RESUMED
	liveOnce sync.Once

	ended   chan struct{} // closed at the first reason to leave the socket
	endOnce sync.Once
	end     socketEnd

	done sync.WaitGroup // the read loop and the heartbeat
}

func newGatewaySocket(ws *websocket.Conn, client *gatewayClient) *gatewaySocket {
	g := &gatewaySocket{ws: ws, client: client, hello: make(chan time.Duration, 1),
		live: make(chan struct{}), ended: make(chan struct{})}
	g.acked.Store(true)
	g.done.Add(1)
	go g.read()
	return g
}

// finish records the first reason to leave the socket; later ones are dropped.
func (g *gatewaySocket) finish(end socketEnd) {
	g.endOnce.Do(func() {
		g.end = end
		close(g.ended)
	})
}

// close ends the socket: with code (unless 0) so the server knows whether the session
// is over, then the connection itself, without waiting for the server's answer. It waits
// for the read loop and the heartbeat to stop.
func (g *gatewaySocket) close(code int, text string) {
	g.finish(socketEnd{reason: endStopped})
	if code != 0 {
		_ = g.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
	}
	_ = g.ws.Close()
	g.done.Wait()
}

// send writes one payload; one writer at a time, as the websocket requires.
func (g *gatewaySocket) send(op int, d any) error {
	data, err := json.Marshal(struct {
		Op int `json:"op"`
		D  any `json:"d"`
	}{op, d})
	if err != nil {
		return err
	}
	g.writeMu.Lock()
	defer g.writeMu.Unlock()
	_ = g.ws.SetWriteDeadline(time.Now().Add(10 * time.Second))
	return g.ws.WriteMessage(websocket.TextMessage, data)
}

// sendHeartbeat sends the last sequence number received, or null before any.
func (g *gatewaySocket) sendHeartbeat() error {
	var seq any
	if s := g.client.seq.Load(); s > 0 {
		seq = s
	}
	return g.send(opHeartbeat, seq)
}

// heartbeat beats every interval, the first after a random part of it (as Discord asks,
// so that clients dropped together do not beat together). A beat due while the previous
// one is unacknowledged means the connection is dead: the socket ends to be resumed.
func (g *gatewaySocket) heartbeat(interval time.Duration) {
	defer g.done.Done()
	wait := g.client.after(waitHeartbeat, time.Duration(rand.Int64N(int64(interval)+1)))
	for {
		select {
		case <-g.ended:
			return
		case <-wait:
		}
		if !g.acked.Swap(false) {
			g.finish(socketEnd{reason: endAckMissed, resume: true})
			return
		}
		if err := g.sendHeartbeat(); err != nil {
			g.finish(socketEnd{reason: endClosed, err: err, resume: true})
			return
		}
		wait = g.client.after(waitHeartbeat, interval)
	}
}

// startHeartbeat starts beating at HELLO's interval.
func (g *gatewaySocket) startHeartbeat(interval time.Duration) {
	g.done.Add(1)
	go g.heartbeat(interval)
}

// read reads the socket until it ends. Dispatches go to the client's queue in order,
// with their sequence number recorded first, so a resume asks for exactly what was not read.
func (g *gatewaySocket) read() {
	defer g.done.Done()
	for {
		kind, data, err := g.ws.ReadMessage()
		if err != nil {
			end := socketEnd{reason: endClosed, err: err, resume: true}
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				end.closeCode = ce.Code
			}
			g.finish(end)
			return
		}
		if kind == websocket.BinaryMessage {
			if data, err = inflate(data); err != nil {
				g.finish(socketEnd{reason: endProtocolFailure, err: err, resume: true})
				return
			}
		}
		var p gatewayPayload
		if err := json.Unmarshal(data, &p); err != nil {
			g.finish(socketEnd{reason: endProtocolFailure, err: err, resume: true})
			return
		}
		g.onPayload(p)
	}
}

func (g *gatewaySocket) onPayload(p gatewayPayload) {
	switch p.Op {
	case opDispatch:
		if p.S > 0 {
			g.client.seq.Store(p.S)
		}
		switch p.T {
		case "READY":
			g.client.onReady(p.D)
			g.liveOnce.Do(func() { close(g.live) })
		case "RESUMED":
			g.liveOnce.Do(func() { close(g.live) })
		}
		g.client.events.push(p.T, p.D)
	case opHeartbeat:
		// Discord asks for a beat now.
		if err := g.sendHeartbeat(); err != nil {
			g.finish(socketEnd{reason: endClosed, err: err, resume: true})
		}
	case opHeartbeatAck:
		g.acked.Store(true)
	case opHello:
		var hello struct {
			Interval int64 `json:"heartbeat_interval"`
		}
		if err := json.Unmarshal(p.D, &hello); err != nil || hello.Interval <= 0 {
			g.finish(socketEnd{reason: endProtocolFailure, err: errors.New("HELLO without a heartbeat interval"), resume: true})
			return
		}
		select {
		case g.hello <- time.Duration(hello.Interval) * time.Millisecond:
		default:
		}
	case opReconnect:
		g.finish(socketEnd{reason: endReconnect, resume: true})
	case opInvalidSession:
		var resumable bool
		_ = json.Unmarshal(p.D, &resumable)
		if resumable {
			g.finish(socketEnd{reason: endInvalidSession, resume: true})
			return
		}
		// Discord asks for a pause of 1 to 5 seconds before identifying again.
		g.finish(socketEnd{reason: endInvalidSession, waitBefore: time.Second + rand.N(4*time.Second)})
	}
}

// inflate reads a payload Discord compressed with zlib.
func inflate(data []byte) ([]byte, error) {
	z, err := zlib.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	defer func() { _ = z.Close() }()
	return io.ReadAll(z)
}
