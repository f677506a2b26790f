package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"zocalo/core"
	"zocalo/core/auth"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/members"
	"zocalo/internal/config"
	"zocalo/internal/ssetest"
)

// The live stream's budgets (docs/performance.md).
const (
	liveStreams    = 1000
	liveStreamsRSS = 50 << 20 // what 1,000 open streams may add to a replica
	liveP95        = 500 * time.Millisecond
)

type liveReport struct {
	streams   int
	rssBefore int64
	rssAfter  int64
	latencies []time.Duration // sorted
	missing   int
	writes    int64 // background writes made while measuring
}

func (r *liveReport) quantile(q float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	return r.latencies[min(len(r.latencies)-1, int(float64(len(r.latencies))*q))]
}

func (r *liveReport) print(out io.Writer) {
	fmt.Fprintln(out, "Live stream: PostgreSQL, two `serve` replicas; streams on A, replies written through A, read on B")
	fmt.Fprintf(out, "  %d open streams on replica A: RSS %.1f MB → %.1f MB (+%.1f MB, budget %d MB)\n", r.streams,
		float64(r.rssBefore)/(1<<20), float64(r.rssAfter)/(1<<20), float64(r.rssAfter-r.rssBefore)/(1<<20), liveStreamsRSS>>20)
	fmt.Fprintf(out, "  from a reply's commit (its answer on A) to its event on B's stream, %d replies with %d other writes meanwhile: p50 %s, p95 %s (budget %s), max %s, missing %d\n",
		len(r.latencies)+r.missing, r.writes, ms(r.quantile(0.5)), ms(r.quantile(0.95)), ms(liveP95), ms(r.quantile(1)), r.missing)
}

func (r *liveReport) misses() []string {
	var out []string
	if grown := r.rssAfter - r.rssBefore; grown > liveStreamsRSS {
		out = append(out, fmt.Sprintf("%d streams added %.1f MB, budget %d MB", r.streams, float64(grown)/(1<<20), liveStreamsRSS>>20))
	}
	if p95 := r.quantile(0.95); p95 > liveP95 || r.missing > 0 {
		out = append(out, fmt.Sprintf("commit to client p95 %s (budget %s), %d never arrived", ms(p95), ms(liveP95), r.missing))
	}
	return out
}

func runLive(ctx context.Context, o options) (*liveReport, error) {
	dir, err := os.MkdirTemp("", "zocalo-bench-live-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	databaseURL, drop, err := freshDatabase(o.postgresURL, "live")
	if err != nil {
		return nil, err
	}
	defer drop()
	env := productionEnv(dir, databaseURL)
	env["ZOCALO_TICKETS_MAX_OPEN_PER_MEMBER"], env["ZOCALO_TICKETS_MAX_OPENED_PER_HOUR"] = "0", "0"
	players, staff, err := liveMembers(ctx, env)
	if err != nil {
		return nil, err
	}

	a, err := startServer(o.binary, env)
	if err != nil {
		return nil, err
	}
	defer a.stop()
	b, err := startServer(o.binary, env)
	if err != nil {
		return nil, err
	}
	defer b.stop()
	client := &http.Client{Timeout: 30 * time.Second}
	author := players[0]
	ticket, err := createTicket(ctx, client, a.url, author, "Banco de pruebas en vivo")
	if err != nil {
		return nil, err
	}

	r := &liveReport{streams: liveStreams}
	if r.rssBefore, err = a.rss(); err != nil {
		return nil, err
	}
	// A thousand members watching replica A, each with a session and a stream of their own
	// (a server holds only a few per session and member): one in ten support staff, who
	// hear every ticket.
	support := staff[0]
	streamCtx, closeStreams := context.WithCancel(ctx)
	defer closeStreams()
	streamClient := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: liveStreams + 10}}
	var ready sync.WaitGroup
	for i := range liveStreams {
		token := players[1+i]
		if i%10 == 0 {
			token = staff[1+i/10]
		}
		frames, err := openLiveStream(streamCtx, streamClient, a.url, token)
		if err != nil {
			return nil, fmt.Errorf("stream %d: %w", i, err)
		}
		ready.Add(1)
		go func() {
			defer ready.Done()
			for f := range frames {
				if f.Event == "ready" {
					break
				}
			}
			go func() {
				for range frames { // keep reading, as a browser would
				}
			}()
		}()
	}
	ready.Wait()
	time.Sleep(2 * time.Second) // let the replica settle before reading its memory
	if r.rssAfter, err = a.rss(); err != nil {
		return nil, err
	}

	// The author watches on replica B; staff reply through A while others write too.
	watch, err := openLiveStream(streamCtx, streamClient, b.url, author)
	if err != nil {
		return nil, err
	}
	arrived := map[string]chan time.Time{}
	var mu sync.Mutex
	expect := func(marker string) <-chan time.Time {
		ch := make(chan time.Time, 1)
		mu.Lock()
		arrived[marker] = ch
		mu.Unlock()
		return ch
	}
	go func() {
		for f := range watch {
			at := time.Now()
			if f.Event != "ticket.message" {
				continue
			}
			var ev struct {
				Message struct{ Content string } `json:"message"`
			}
			if json.Unmarshal([]byte(f.Data), &ev) != nil {
				continue
			}
			mu.Lock()
			if ch, ok := arrived[ev.Message.Content]; ok {
				ch <- at
				delete(arrived, ev.Message.Content)
			}
			mu.Unlock()
		}
	}()
	stopLoad := make(chan struct{})
	var load sync.WaitGroup
	var writes atomic.Int64
	for w := range 4 {
		load.Go(func() {
			token := players[1+w]
			for n := 0; ; n++ {
				select {
				case <-stopLoad:
					return
				default:
				}
				if _, err := createTicket(ctx, client, a.url, token, fmt.Sprintf("Carga %d-%d", w, n)); err == nil {
					writes.Add(1)
				}
			}
		})
	}
	const replies = 100
	for i := range replies {
		marker := fmt.Sprintf("bench-live-%d", i)
		seen := expect(marker)
		if err := reply(ctx, client, a.url, support, ticket, marker); err != nil {
			close(stopLoad)
			return nil, err
		}
		answered := time.Now()
		select {
		case at := <-seen:
			r.latencies = append(r.latencies, max(at.Sub(answered), 0))
		case <-time.After(10 * time.Second):
			r.missing++
		}
		time.Sleep(20 * time.Millisecond)
	}
	close(stopLoad)
	load.Wait()
	r.writes = writes.Load()
	slices.Sort(r.latencies)
	return r, nil
}

// liveMembers creates the players and the support staff the part acts as, and their
// sessions: the ticket's author and one player per stream, the staff member who replies
// and one per staff stream.
func liveMembers(ctx context.Context, env map[string]string) (players, staff []string, err error) {
	cfg, err := config.Load("", func(k string) string { return env[k] })
	if err != nil {
		return nil, nil, err
	}
	d, err := db.Open(db.Options{URL: cfg.DatabaseURL})
	if err != nil {
		return nil, nil, err
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		return nil, nil, err
	}
	app := core.New(d, cfg.CoreSettings(cfg.JWTSecret, nil), core.Deps{})
	now := time.Now().UTC()
	add := func(id, name string, roles ...string) (string, error) {
		if err := d.Conn(ctx).Create(&auth.User{DiscordID: id, Username: name, CreatedAt: now, UpdatedAt: now, LastLoginAt: now}).Error; err != nil {
			return "", err
		}
		if _, err := app.Members.Upsert(ctx, members.Snapshot{DiscordID: id, Username: name, InGuild: true, RoleIDs: roles}); err != nil {
			return "", err
		}
		return app.Auth.Issue(ctx, id)
	}
	for i := range 1 + liveStreams {
		tok, err := add(fmt.Sprintf("13000000000009%04d", i), fmt.Sprintf("jugador%d", i))
		if err != nil {
			return nil, nil, err
		}
		players = append(players, tok)
	}
	for i := range 1 + liveStreams/10 {
		tok, err := add(fmt.Sprintf("13000000000008%04d", i), fmt.Sprintf("soporte%d", i), env[config.EnvPrefix+"ROLE_"+string(authz.SoporteTecnico)])
		if err != nil {
			return nil, nil, err
		}
		staff = append(staff, tok)
	}
	return players, staff, nil
}

// openLiveStream opens GET /api/events and sends its frames to the channel, which closes
// with the stream.
func openLiveStream(ctx context.Context, client *http.Client, base, token string) (<-chan ssetest.Frame, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/events", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		res.Body.Close()
		return nil, fmt.Errorf("GET /api/events: %d", res.StatusCode)
	}
	out := make(chan ssetest.Frame, 16)
	go func() {
		defer close(out)
		defer res.Body.Close()
		ssetest.Read(res.Body, func(f ssetest.Frame) bool { out <- f; return true })
	}()
	return out, nil
}

func createTicket(ctx context.Context, client *http.Client, base, token, title string) (string, error) {
	var out struct {
		Ticket struct {
			TicketID string `json:"ticketId"`
		} `json:"ticket"`
	}
	if err := postForm(ctx, client, base+"/api/tickets", token, map[string]string{"title": title, "message": "Prueba"}, &out); err != nil {
		return "", err
	}
	return out.Ticket.TicketID, nil
}

func reply(ctx context.Context, client *http.Client, base, token, ticket, content string) error {
	return postForm(ctx, client, base+"/api/tickets/"+ticket+"/messages", token, map[string]string{"message": content}, nil)
}

func postForm(ctx context.Context, client *http.Client, url, token string, fields map[string]string, out any) error {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	_ = w.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, &body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusCreated {
		return fmt.Errorf("POST %s: %d %s", url, res.StatusCode, raw)
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

// rss is the server's resident set now, from /proc (Linux).
func (s *server) rss() (int64, error) { return s.memory("VmRSS") }
