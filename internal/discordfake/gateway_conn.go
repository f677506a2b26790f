package discordfake

import (
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// gwConn is one websocket; frames are written in order by its own goroutine.
type gwConn struct {
	ws      *websocket.Conn
	version int
	sess    *session // guarded by Fake.mu
	serial  int      // 1 for the first socket the fake accepted, and so on
	// connectURL is the URL a new session connects to, as GET /gateway answers it for this
	// socket's request; READY's resume_gateway_url is derived from it.
	connectURL string
	// atResumeURL: the socket came to resume_gateway_url rather than the connect URL.
	atResumeURL bool
	// withholdAcks: heartbeats on this socket go unanswered (guarded by Fake.mu).
	withholdAcks bool

	mu    sync.Mutex
	queue []outFrame
	wake  chan struct{}
	done  chan struct{}
	once  sync.Once
}

type outFrame struct {
	data      []byte
	closeCode int
	reason    string
}

func (c *gwConn) sendOp(op int, d any) {
	c.send(outFrame{data: mustJSON(discordgo.Event{Operation: op, RawData: mustJSON(d)})})
}

// closeWith sends a close frame with a gateway close code after what is queued, then ends
// the socket.
func (c *gwConn) closeWith(code int, reason string) {
	c.send(outFrame{closeCode: code, reason: reason})
}

func (c *gwConn) send(fr outFrame) {
	c.mu.Lock()
	c.queue = append(c.queue, fr)
	c.mu.Unlock()
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

func (c *gwConn) writeLoop() {
	for {
		select {
		case <-c.done:
			return
		case <-c.wake:
		}
		c.mu.Lock()
		q := c.queue
		c.queue = nil
		c.mu.Unlock()
		for _, fr := range q {
			_ = c.ws.SetWriteDeadline(time.Now().Add(10 * time.Second))
			if fr.closeCode != 0 {
				_ = c.ws.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(fr.closeCode, fr.reason))
				// Let the client read the close frame and hang up; the read loop ends then.
				_ = c.ws.SetReadDeadline(time.Now().Add(2 * time.Second))
				return
			}
			if err := c.ws.WriteMessage(websocket.TextMessage, fr.data); err != nil {
				c.kill()
				return
			}
		}
	}
}

// kill closes the socket without a close frame.
func (c *gwConn) kill() {
	c.once.Do(func() {
		close(c.done)
		_ = c.ws.Close()
	})
}
