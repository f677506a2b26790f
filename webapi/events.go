package webapi

import (
	"context"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"zocalo/core/authz"
	"zocalo/core/errs"
	"zocalo/core/live"
)

// streamWriteDeadline bounds each write to a stream: a client that stops reading is
// dropped then, and holds nothing of anyone else meanwhile. It replaces the server's write
// timeout, which would otherwise end every stream after two minutes.
const streamWriteDeadline = 10 * time.Second

// events streams the changes the signed-in member may see (GET /api/events), resuming
// after Last-Event-ID. The stream follows the session: it narrows when the member's rights
// change and ends, with an "ended" frame, when the session does.
func (s *Server) events(c *gin.Context) {
	p := principal(c)
	token := bearer(c)
	hub := s.deps.App.Live
	s.startLive()

	ctx, cancel := context.WithCancel(c.Request.Context())
	defer cancel()
	stop := context.AfterFunc(s.liveCtx, cancel) // the server is shutting down
	defer stop()

	rc := http.NewResponseController(c.Writer)
	started := false
	send := func(f live.Frame) error {
		if !started {
			// The headers go with the first frame, "ready" for a new stream: a client that
			// has them is sure to hear every change committed afterwards. A stream refused
			// before it (past the limits) answers an error instead.
			started = true
			h := c.Writer.Header()
			h.Set("Content-Type", "text/event-stream")
			h.Set("Cache-Control", "no-cache, no-store")
			h.Set("X-Accel-Buffering", "no") // proxies that buffer by default must not hold frames back
			c.Status(http.StatusOK)
			s.streams.Inc()
		}
		if err := rc.SetWriteDeadline(time.Now().Add(streamWriteDeadline)); err != nil && err != http.ErrNotSupported {
			return err
		}
		// Written straight into the response, whose own buffer holds the frame until the
		// flush: a buffer of the stream's own would cost 4 KB more for each open stream.
		if err := writeFrame(c.Writer, f); err != nil {
			return err
		}
		return rc.Flush()
	}
	err := hub.Watch(ctx, live.WatchOptions{
		After:  c.GetHeader("Last-Event-ID"),
		Viewer: live.Viewer{DiscordID: p.Actor.DiscordID, SessionID: p.SessionID, Actor: p.Actor},
		Check: func(ctx context.Context, fresh bool) (*authz.Actor, error) {
			check := s.deps.App.Auth.Authenticate
			if fresh {
				check = s.deps.App.Auth.Recheck
			}
			p, err := check(ctx, token)
			if err != nil {
				return nil, err
			}
			return p.Actor, nil
		},
		Send: send,
	})
	if started {
		s.streams.Dec()
	}
	switch {
	case err == nil, ctx.Err() != nil:
		// Ended as it should, or the client left, or the server is stopping.
	case !started:
		if errs.KindOf(err) == errs.KindRateLimited {
			c.Header("Retry-After", streamRetryAfter)
		}
		fail(c, err)
	default:
		s.deps.Logger.Debug("live stream dropped", "error", err)
	}
}

// streamRetryAfter is the wait suggested to a stream refused past its limits: long enough
// for a connection the client has already left to be noticed and let go.
const streamRetryAfter = "15"

// Close ends the live streams and their hub; Run does it at shutdown.
func (s *Server) Close() { s.liveCancel() }

// startLive starts the hub that reads the events for this process's streams, once.
func (s *Server) startLive() {
	s.liveOnce.Do(func() { go s.deps.App.Live.Run(s.liveCtx) })
}

// writeFrame writes one server-sent event; a frame without a kind is a heartbeat comment.
func writeFrame(w io.StringWriter, f live.Frame) error {
	if f.Kind == "" {
		_, err := w.WriteString(": ping\n\n")
		return err
	}
	var b strings.Builder
	if f.ID != "" {
		b.WriteString("id: " + f.ID + "\n")
	}
	b.WriteString("event: " + f.Kind + "\n")
	// JSON has no raw newlines, but a payload is never trusted to be one line.
	for line := range strings.SplitSeq(string(f.Data), "\n") {
		b.WriteString("data: " + line + "\n")
	}
	b.WriteString("\n")
	_, err := w.WriteString(b.String())
	return err
}
