package bot

import (
	"bufio"
	"bytes"
	"context"
	"crypto/tls"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// discordgo v0.29.0 reads the gateway's close frame and drops its code: after a refusal
// it only logs the error. The bot dials the gateway itself and reads the websocket frames
// as they pass, to learn the close code Discord sent and to count the IDENTIFYs sent.

// wireEvents is what the tap reports.
type wireEvents struct {
	dialed     func(net.Conn) // a socket opened
	closed     func(code int) // the server closed the socket with this code
	identified func()         // the client sent an IDENTIFY
}

// gatewayDialer is a websocket dialer whose connections report to events. It connects
// through the proxy the environment names (HTTPS_PROXY), as the default dialer would, and
// does the TLS itself, so that what it reads is the websocket's own bytes.
// tlsConfig, when set, is the base of the TLS configuration (tests trust their server).
func gatewayDialer(events wireEvents, tlsConfig *tls.Config) *websocket.Dialer {
	dial := func(ctx context.Context, addr string, secure bool) (net.Conn, error) {
		conn, err := dialMaybeProxied(ctx, addr, secure)
		if err != nil {
			return nil, err
		}
		if secure {
			host, _, _ := net.SplitHostPort(addr)
			cfg := &tls.Config{MinVersion: tls.VersionTLS12}
			if tlsConfig != nil {
				cfg = tlsConfig.Clone()
			}
			// HTTP/1.1 only: the websocket upgrade does not exist in HTTP/2.
			cfg.ServerName, cfg.NextProtos = host, []string{"http/1.1"}
			tc := tls.Client(conn, cfg)
			if err := tc.HandshakeContext(ctx); err != nil {
				_ = conn.Close()
				return nil, err
			}
			conn = tc
		}
		tapped := &tappedConn{Conn: conn, events: events}
		if events.dialed != nil {
			events.dialed(tapped)
		}
		return tapped, nil
	}
	return &websocket.Dialer{
		HandshakeTimeout: websocket.DefaultDialer.HandshakeTimeout,
		NetDialContext: func(ctx context.Context, _, addr string) (net.Conn, error) {
			return dial(ctx, addr, false)
		},
		NetDialTLSContext: func(ctx context.Context, _, addr string) (net.Conn, error) {
			return dial(ctx, addr, true)
		},
	}
}

// dialMaybeProxied opens a TCP connection to addr, through an HTTP CONNECT proxy when
// the environment names one for it.
func dialMaybeProxied(ctx context.Context, addr string, secure bool) (net.Conn, error) {
	scheme := "http"
	if secure {
		scheme = "https"
	}
	proxy, err := http.ProxyFromEnvironment(&http.Request{URL: &url.URL{Scheme: scheme, Host: addr}})
	if err != nil {
		return nil, err
	}
	var d net.Dialer
	if proxy == nil {
		return d.DialContext(ctx, "tcp", addr)
	}
	proxyAddr := proxy.Host
	if proxy.Port() == "" {
		proxyAddr = net.JoinHostPort(proxy.Hostname(), "80")
	}
	conn, err := d.DialContext(ctx, "tcp", proxyAddr)
	if err != nil {
		return nil, err
	}
	if deadline, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(deadline)
		defer func() { _ = conn.SetDeadline(time.Time{}) }()
	}
	req := "CONNECT " + addr + " HTTP/1.1\r\nHost: " + addr + "\r\n"
	if u := proxy.User; u != nil {
		pass, _ := u.Password()
		req += "Proxy-Authorization: Basic " + base64.StdEncoding.EncodeToString([]byte(u.Username()+":"+pass)) + "\r\n"
	}
	if _, err := conn.Write([]byte(req + "\r\n")); err != nil {
		_ = conn.Close()
		return nil, err
	}
	// Read the answer byte by byte: what follows it belongs to the tunnel.
	res, err := http.ReadResponse(bufio.NewReaderSize(byteReader{conn}, 1), &http.Request{Method: http.MethodConnect})
	if err != nil {
		_ = conn.Close()
		return nil, err
	}
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK {
		_ = conn.Close()
		return nil, fmt.Errorf("proxy %s refused the tunnel to %s: %s", proxy.Host, addr, res.Status)
	}
	return conn, nil
}

// byteReader reads one byte at a time, so a bufio.Reader over it never reads ahead.
type byteReader struct{ c net.Conn }

func (r byteReader) Read(p []byte) (int, error) {
	if len(p) > 1 {
		p = p[:1]
	}
	return r.c.Read(p)
}

// tappedConn passes bytes through unchanged, reading the websocket frames on the way.
type tappedConn struct {
	net.Conn
	events wireEvents

	readMu, writeMu sync.Mutex
	upgraded        bool // the server's 101 answer has been read: frames follow
	in, out         frameScanner
	head            []byte // the HTTP answer so far
}

func (c *tappedConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 {
		c.readMu.Lock()
		c.scanIn(p[:n])
		c.readMu.Unlock()
	}
	return n, err
}

func (c *tappedConn) Write(p []byte) (int, error) {
	c.writeMu.Lock()
	if c.isUpgraded() {
		for _, f := range c.out.feed(p) {
			if f.opcode == websocket.TextMessage && isIdentify(f.start) && c.events.identified != nil {
				c.events.identified()
			}
		}
	}
	c.writeMu.Unlock()
	return c.Conn.Write(p)
}

func (c *tappedConn) isUpgraded() bool {
	c.readMu.Lock()
	defer c.readMu.Unlock()
	return c.upgraded
}

// scanIn skips the HTTP answer to the upgrade, then reads frames. readMu is held.
func (c *tappedConn) scanIn(b []byte) {
	if !c.upgraded {
		c.head = append(c.head, b...)
		end := bytes.Index(c.head, []byte("\r\n\r\n"))
		if end < 0 {
			if len(c.head) > 64<<10 {
				c.head = nil // not a websocket answer; the dial fails on its own
			}
			return
		}
		b = c.head[end+4:]
		c.upgraded = true
		c.head = nil
	}
	for _, f := range c.in.feed(b) {
		if f.opcode == websocket.CloseMessage && c.events.closed != nil {
			code := websocket.CloseNoStatusReceived
			if len(f.start) >= 2 {
				code = int(binary.BigEndian.Uint16(f.start[:2]))
			}
			c.events.closed(code)
		}
	}
}

// isIdentify tells an IDENTIFY (gateway opcode 2) from the start of a payload. discordgo
// writes its payloads as {"op":N,"d":…}.
func isIdentify(start []byte) bool {
	return bytes.HasPrefix(bytes.TrimLeft(start, " \t\r\n"), []byte(`{"op":2,`))
}

// frame is a websocket frame seen whole: its opcode and its first payload bytes, unmasked.
type frame struct {
	opcode int
	start  []byte
}

// frameStart is how much of a payload is kept: enough for a close code or an opcode.
const frameStart = 16

// frameScanner reads websocket frames from a byte stream fed in pieces of any size.
type frameScanner struct {
	head      []byte // the frame header so far
	inPayload bool
	remaining uint64 // payload bytes of the current frame still to come
	offset    uint64 // payload bytes of the current frame already seen
	masked    bool
	mask      [4]byte
	cur       frame
}

// feed reads b and returns the frames that ended in it.
func (s *frameScanner) feed(b []byte) []frame {
	var done []frame
	for len(b) > 0 {
		if !s.inPayload {
			s.head = append(s.head, b[0])
			b = b[1:]
			length, size := s.headerLength()
			if size == 0 || len(s.head) < size {
				continue
			}
			s.cur = frame{opcode: int(s.head[0] & 0x0f)}
			s.masked = s.head[1]&0x80 != 0
			if s.masked {
				copy(s.mask[:], s.head[size-4:size])
			}
			s.head, s.remaining, s.offset = s.head[:0], length, 0
			if length == 0 {
				done = append(done, s.cur)
			} else {
				s.inPayload = true
			}
			continue
		}
		n := min(uint64(len(b)), s.remaining)
		for i := uint64(0); i < n && s.offset+i < frameStart; i++ {
			c := b[i]
			if s.masked {
				c ^= s.mask[(s.offset+i)%4]
			}
			s.cur.start = append(s.cur.start, c)
		}
		s.offset += n
		s.remaining -= n
		b = b[n:]
		if s.remaining == 0 {
			s.inPayload = false
			done = append(done, s.cur)
		}
	}
	return done
}

// headerLength reads a frame header collected so far: the payload length and the
// header's full size, or a size of 0 while too little of it has come to tell.
func (s *frameScanner) headerLength() (length uint64, size int) {
	if len(s.head) < 2 {
		return 0, 0
	}
	size = 2
	length = uint64(s.head[1] & 0x7f)
	switch length {
	case 126:
		size += 2
	case 127:
		size += 8
	}
	if s.head[1]&0x80 != 0 {
		size += 4
	}
	if len(s.head) < size {
		return 0, size
	}
	switch length {
	case 126:
		length = uint64(binary.BigEndian.Uint16(s.head[2:4]))
	case 127:
		length = binary.BigEndian.Uint64(s.head[2:10])
	}
	return length, size
}
