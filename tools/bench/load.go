package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"

	"zocalo/core"
	"zocalo/core/tickets"
)

// request is one call of the load: the body is built per call, so writes never repeat.
type request struct {
	method, path, token, contentType string
	body                             []byte
}

type endpoint struct {
	name  string
	write bool
	build func(worker int, n int64) request
}

// tokens are sessions of the members the load acts as.
type tokens struct {
	staff, directors, treasurers, ministers, players []string
}

func signIn(ctx context.Context, app *core.App, c community) (tokens, error) {
	var t tokens
	for _, group := range []struct {
		ids []string
		out *[]string
	}{{c.staff[:min(50, len(c.staff))], &t.staff}, {c.directors, &t.directors}, {c.treasurers, &t.treasurers}, {c.ministers, &t.ministers}, {c.players[:50], &t.players}} {
		for _, id := range group.ids {
			tok, err := app.Auth.Issue(ctx, id)
			if err != nil {
				return t, fmt.Errorf("sign in %s: %w", id, err)
			}
			*group.out = append(*group.out, tok)
		}
	}
	return t, nil
}

// publicNews names the endpoint whose throughput is budgeted against the in-memory handler.
const publicNews = "GET news list (public)"

// endpoints are the reads and writes of the budgets, each with the member who makes it.
func endpoints(c community, t tokens) []endpoint {
	pick := func(list []string, n int64) string { return list[int(n)%len(list)] }
	get := func(path string, who []string) func(int, int64) request {
		return func(_ int, n int64) request {
			r := request{method: "GET", path: path}
			if who != nil {
				r.token = pick(who, n)
			}
			return r
		}
	}
	var votes atomic.Int64
	return []endpoint{
		{name: publicNews, build: get("/api/news/news-cards", nil)},
		{name: "GET config (landing)", build: get("/api/config", nil)},
		{name: "GET tickets, staff, page 1", build: get("/api/tickets?page=1&limit=10", t.staff)},
		{name: "GET tickets by status", build: get("/api/tickets?page=1&limit=10&status=open", t.staff)},
		{name: "GET tickets searched by title", build: get("/api/tickets?page=1&limit=10&search="+url.QueryEscape(searchedTitle), t.staff)},
		// What grows with the community: a word on a twelfth of all tickets, each filter, the
		// daily chart, a member's own figures, the team's lists and the audit log.
		{name: "GET tickets searched by a common word", build: get("/api/tickets?page=1&limit=10&search="+url.QueryEscape(commonWords), t.staff)},
		{name: "GET tickets by priority", build: get("/api/tickets?page=1&limit=10&priority=High", t.staff)},
		{name: "GET tickets by category", build: get("/api/tickets?page=1&limit=10&category="+url.QueryEscape(tickets.CategorySupport), t.staff)},
		{name: "GET tickets by status, page 5", build: get("/api/tickets?page=5&limit=25&status=resolved", t.staff)},
		{name: "GET daily chart, 30 days", build: get("/api/tickets/stats/daily?days=30", t.staff)},
		{name: "GET daily chart, 180 days", build: get("/api/tickets/stats/daily?days=180", t.staff)},
		{name: "GET own staff stats", build: get("/api/staff/stats", t.staff)},
		{name: "GET own staff profile", build: get("/api/staff/profile", t.staff)},
		// The staff table's first page and the quota card's, as the web asks for them.
		{name: "GET moderators (the team)", build: get("/api/staff/moderators?limit=10&page=1", t.directors)},
		{name: "GET moderators, top 5", build: get("/api/staff/moderators?limit=5&page=1", t.directors)},
		{name: "GET quotas", build: get("/api/staff/quotas?limit=10&page=1", t.directors)},
		{name: "GET team hours by week", build: get("/api/staff/hours", t.directors)},
		{name: "GET audit log page 1", build: get("/api/audit?page=1&limit=25", t.directors)},
		{name: "GET audit log page 40", build: get("/api/audit?page=40&limit=25", t.directors)},
		{name: "GET landing news (latest)", build: get("/api/news/news-cards?limit=6", nil)},
		{name: "GET treasury summary", build: get("/api/treasury/summary", t.treasurers)},
		{name: "GET ticket stats summary", build: get("/api/tickets/stats/summary", t.staff)},
		{name: "GET ticket with 50 messages", build: get("/api/tickets/"+strconv.FormatUint(c.detailID, 10), t.staff)},
		{name: "GET initiatives + own votes", build: get("/api/legislative/initiatives?type=SCJN", t.ministers)},
		{name: "GET sales history page 1", build: get("/api/treasury/sales?limit=20", t.treasurers)},
		{name: "GET record search", build: func(_ int, n int64) request {
			return request{method: "GET", path: "/api/records/search?discordId=" + c.players[int(n*7919)%len(c.players)], token: pick(t.staff, n)}
		}},
		{name: "POST ticket message (write)", write: true, build: func(_ int, n int64) request {
			var body bytes.Buffer
			w := multipart.NewWriter(&body)
			_ = w.WriteField("message", fmt.Sprintf("Respuesta del equipo número %d: ya lo revisamos.", n))
			_ = w.Close()
			return request{method: "POST", path: fmt.Sprintf("/api/tickets/%d/messages", c.replyTo[int(n)%len(c.replyTo)]),
				token: pick(t.staff, n), contentType: w.FormDataContentType(), body: body.Bytes()}
		}},
		{name: "POST vote (write)", write: true, build: func(int, int64) request {
			// Every (minister, initiative) pair once: a second vote would be a refusal, not load.
			k := votes.Add(1) - 1
			minister := int(k) % len(t.ministers)
			initiative := c.openVotes[(int(k)/len(t.ministers))%len(c.openVotes)]
			return request{method: "POST", path: fmt.Sprintf("/api/legislative/initiatives/%d/vote", initiative), token: t.ministers[minister],
				contentType: "application/json", body: []byte(`{"voteType":"infavor"}`)}
		}},
		{name: "POST sale (write)", write: true, build: func(_ int, n int64) request {
			body, _ := json.Marshal(map[string]any{"buyerDiscordId": c.players[int(n)%len(c.players)], "item": "VIP", "discount": n % 30})
			return request{method: "POST", path: "/api/treasury/sales", token: pick(t.treasurers, n), contentType: "application/json", body: body}
		}},
	}
}

// result is one endpoint's figures.
type result struct {
	name       string
	write      bool
	requests   int
	errors     int
	firstError string
	rps        float64
	p50, p99   time.Duration
}

// drive sends requests from o.conns goroutines for o.duration (after a short warm-up) and
// measures every answer's latency; anything but a 2xx is an error.
func drive(ctx context.Context, name, base string, o options, write bool, build func(int, int64) request) result {
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{
		MaxIdleConns: o.conns * 2, MaxIdleConnsPerHost: o.conns * 2, MaxConnsPerHost: o.conns,
		DialContext: (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		// Requests accept gzip as a browser's do (see do); the body is counted as it
		// arrives, not inflated: inflating is the browser's work, not the server's.
		DisableCompression: true,
	}}
	defer client.CloseIdleConnections()
	var seq atomic.Int64
	var mu sync.Mutex
	var latencies []time.Duration
	var errors int
	var firstError string
	run := func(until time.Time, record bool) {
		var wg sync.WaitGroup
		for w := range o.conns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var mine []time.Duration
				var bad int
				var badText string
				for time.Now().Before(until) {
					r := build(w, seq.Add(1))
					took, err := do(ctx, client, base, r)
					if err != nil {
						bad++
						if badText == "" {
							badText = err.Error()
						}
						continue
					}
					mine = append(mine, took)
				}
				if record {
					mu.Lock()
					latencies = append(latencies, mine...)
					errors += bad
					if firstError == "" {
						firstError = badText
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
	}
	run(time.Now().Add(300*time.Millisecond), false)
	start := time.Now()
	run(start.Add(o.duration), true)
	elapsed := time.Since(start)
	slices.Sort(latencies)
	res := result{name: name, write: write, requests: len(latencies) + errors, errors: errors, firstError: firstError,
		rps: float64(len(latencies)) / elapsed.Seconds()}
	if len(latencies) > 0 {
		res.p50 = latencies[len(latencies)/2]
		res.p99 = latencies[min(len(latencies)-1, len(latencies)*99/100)]
	}
	return res
}

func do(ctx context.Context, client *http.Client, base string, r request) (time.Duration, error) {
	var body io.Reader
	if r.body != nil {
		body = bytes.NewReader(r.body)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, base+r.path, body)
	if err != nil {
		return 0, err
	}
	if r.token != "" {
		req.Header.Set("Authorization", "Bearer "+r.token)
	}
	if r.contentType != "" {
		req.Header.Set("Content-Type", r.contentType)
	}
	req.Header.Set("Accept-Encoding", "gzip")
	start := time.Now()
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if res.StatusCode < 200 || res.StatusCode > 299 {
		text, _ := io.ReadAll(io.LimitReader(res.Body, 200))
		return 0, fmt.Errorf("%s %s: %d %s", r.method, r.path, res.StatusCode, strings.TrimSpace(string(text)))
	}
	// Read to the end without keeping the bytes: a 450 KB list kept per answer made the
	// load generator's garbage collector compete with the server for the two cores.
	if _, err := io.Copy(io.Discard, res.Body); err != nil {
		return 0, err
	}
	return time.Since(start), nil
}

// memoryHandler serves fixed bytes from a Gin handler, in the encoding the endpoint sent
// them: the ceiling an endpoint is compared with.
func memoryHandler(body []byte, encoding string) (string, func(), error) {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.GET("/", func(c *gin.Context) {
		if encoding != "" {
			c.Header("Content-Encoding", encoding)
		}
		c.Data(http.StatusOK, "application/json; charset=utf-8", body)
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: r, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), func() { _ = srv.Close() }, nil
}

// server is the real binary, started as a deployment would start it.
type server struct {
	cmd  *exec.Cmd
	url  string
	logs bytes.Buffer
}

func startServer(binary string, env map[string]string) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	s := &server{url: "http://" + addr}
	s.cmd = exec.Command(binary, "serve")
	s.cmd.Env = append(os.Environ(), "ZOCALO_HTTP_ADDR="+addr, "ZOCALO_PUBLIC_URL="+s.url)
	for k, v := range env {
		s.cmd.Env = append(s.cmd.Env, k+"="+v)
	}
	s.cmd.Stdout, s.cmd.Stderr = &s.logs, &s.logs
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", binary, err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		if res, err := http.Get(s.url + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	s.stop()
	return nil, fmt.Errorf("the server did not become ready:\n%s", s.logs.String())
}

// sent fetches a public path as a browser would and returns the bytes as they were sent,
// compressed or not, with their Content-Encoding.
func (s *server) sent(path string) ([]byte, string, error) {
	req, _ := http.NewRequest(http.MethodGet, s.url+path, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	// A transport of its own: one that inflates would hand back other bytes.
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, "", fmt.Errorf("GET %s: %d", path, res.StatusCode)
	}
	body, err := io.ReadAll(res.Body)
	return body, res.Header.Get("Content-Encoding"), err
}

// peakRSS is the server's high-water resident set, from /proc (Linux).
func (s *server) peakRSS() (int64, error) { return s.memory("VmHWM") }

// memory reads one of the process's memory figures from /proc/<pid>/status.
func (s *server) memory(field string) (int64, error) {
	return procMemory(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid), field)
}

// procMemory reads one memory figure (in kB there) from a /proc status file (Linux).
func procMemory(path, field string) (int64, error) {
	status, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb * 1024, err
		}
	}
	return 0, fmt.Errorf("%s: no %s", path, field)
}

func (s *server) stop() {
	_ = s.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-done
	}
}
