package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"zocalo/core/live"
	"zocalo/internal/ssetest"
)

// heldStreams are the streams the bench keeps open and reads, as browsers would.
type heldStreams struct {
	ctx     context.Context // ends them
	ready   sync.WaitGroup
	dropped atomic.Int64 // ended before ctx did
}

var readyLine = []byte("event: " + live.FrameReady)

// open opens a stream for token on the replica at base and keeps reading it.
func (h *heldStreams) open(base, token string) error {
	body, err := dialStream(h.ctx, base, token)
	if err != nil {
		return err
	}
	h.ready.Add(1)
	go h.hold(body)
	return nil
}

// hold reads a stream until it ends, throwing its frames away; lines are not parsed into
// frames, so that ten thousand streams cost the bench little beyond their buffers.
func (h *heldStreams) hold(body io.ReadCloser) {
	defer body.Close()
	sc := bufio.NewScanner(body)
	waiting := true
	for sc.Scan() {
		if waiting && bytes.Equal(sc.Bytes(), readyLine) {
			waiting = false
			h.ready.Done()
		}
	}
	if waiting {
		h.ready.Done()
	}
	if h.ctx.Err() == nil {
		h.dropped.Add(1)
	}
}

// waitReady waits for every stream opened to be ready, or to have ended.
func (h *heldStreams) waitReady(limit time.Duration) error {
	done := make(chan struct{})
	go func() { h.ready.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-time.After(limit):
		return fmt.Errorf("the streams were not all ready after %s", limit)
	}
}

// dialStream opens GET /api/events on a connection of its own and answers its body, which
// ends with ctx. Written by hand rather than through an http.Transport, which adds two
// goroutines and two buffers to every connection: at ten thousand streams the bench's own
// memory and scheduling would weigh on the replicas it shares the machine with.
func dialStream(ctx context.Context, base, token string) (io.ReadCloser, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	var dialer net.Dialer
	conn, err := dialer.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequest(http.MethodGet, base+"/api/events", nil)
	if err != nil {
		conn.Close()
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second)) // for the answer's headers only
	if err := req.Write(conn); err != nil {
		conn.Close()
		return nil, err
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), req)
	if err != nil {
		conn.Close()
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		raw, _ := io.ReadAll(io.LimitReader(res.Body, 512))
		conn.Close()
		return nil, fmt.Errorf("GET /api/events: %d %s", res.StatusCode, raw)
	}
	_ = conn.SetDeadline(time.Time{})
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	return streamBody{Reader: res.Body, close: func() error { stop(); return conn.Close() }}, nil
}

type streamBody struct {
	io.Reader
	close func() error
}

func (b streamBody) Close() error { return b.close() }

// openLiveStream opens GET /api/events and sends its frames to the channel, which closes
// with the stream.
func openLiveStream(ctx context.Context, base, token string) (<-chan ssetest.Frame, error) {
	body, err := dialStream(ctx, base, token)
	if err != nil {
		return nil, err
	}
	out := make(chan ssetest.Frame, 16)
	go func() {
		defer close(out)
		defer body.Close()
		ssetest.Read(body, func(f ssetest.Frame) bool { out <- f; return true })
	}()
	return out, nil
}

// raiseFileLimit lets this process and the replicas it starts open at least n files, and
// answers the limit. Go raises its own soft limit to the hard one at start but gives its
// children the original back (os/exec) unless the program sets the limit itself, as here;
// raising the hard limit takes root (CAP_SYS_RESOURCE).
func raiseFileLimit(n uint64) (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, err
	}
	hard := lim.Max
	lim.Cur = max(lim.Cur, lim.Max, n)
	lim.Max = lim.Cur
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, fmt.Errorf("open files: %d needed, the hard limit is %d (ulimit -Hn) and cannot be raised: %w", n, hard, err)
	}
	return lim.Cur, nil
}

// goMetrics are a replica's Go runtime figures, from its /metrics.
type goMetrics struct {
	heapInuse, stackInuse, goroutines float64
}

func (s *server) goMetrics() (goMetrics, error) {
	var m goMetrics
	res, err := http.Get(s.url + "/metrics")
	if err != nil {
		return m, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return m, fmt.Errorf("GET /metrics: %d", res.StatusCode)
	}
	fields := map[string]*float64{"go_memstats_heap_inuse_bytes": &m.heapInuse,
		"go_memstats_stack_inuse_bytes": &m.stackInuse, "go_goroutines": &m.goroutines}
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		name, value, _ := strings.Cut(sc.Text(), " ")
		if field, ok := fields[name]; ok {
			if *field, err = strconv.ParseFloat(value, 64); err != nil {
				return m, fmt.Errorf("GET /metrics: %s: %w", name, err)
			}
		}
	}
	return m, sc.Err()
}

// rss is the server's resident set now, from /proc (Linux).
func (s *server) rss() (int64, error) { return s.memory("VmRSS") }

// selfMemory reads one of this process's memory figures, as server.memory does a replica's.
func selfMemory(field string) (int64, error) { return procMemory("/proc/self/status", field) }
