package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"zocalo/core/authz"
	"zocalo/internal/config"
	"zocalo/internal/discordfake"
)

// deliveryP95 is the budget from a write's commit to Discord receiving its post.
const deliveryP95 = 300 * time.Millisecond

// The fake guild of the delivery benchmark; the ids are productionEnv's.
const (
	benchBotToken       = "bench-bot-token"
	benchContactChannel = "1300000000000000201"
)

// deliveryReport is the time from each write's answer to the fake Discord keeping its
// post, for writes that find the bot idle and for writes that arrive together.
type deliveryReport struct {
	rows []deliveryRow
}

type deliveryRow struct {
	name         string
	writes       int
	latencies    []time.Duration // sorted
	missing      int
	firstMissing string
}

func (r *deliveryRow) quantile(q float64) time.Duration {
	if len(r.latencies) == 0 {
		return 0
	}
	return r.latencies[min(len(r.latencies)-1, int(float64(len(r.latencies))*q))]
}

func (r *deliveryReport) print(out io.Writer) {
	fmt.Fprintln(out, "Delivery to Discord: PostgreSQL, `serve` and `bot` as two processes, a fake Discord; from a contact message's answer to its post")
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "writes	posts	p50	p95	max	missing	")
	for _, row := range r.rows {
		fmt.Fprintf(w, "%s\t%d\t%s\t%s\t%s\t%d\t\n", row.name, len(row.latencies), ms(row.quantile(0.5)), ms(row.quantile(0.95)),
			ms(row.quantile(1)), row.missing)
	}
	_ = w.Flush()
	for _, row := range r.rows {
		if row.firstMissing != "" {
			fmt.Fprintf(out, "  first missing of %s: %s\n", row.name, row.firstMissing)
		}
	}
}

func (r *deliveryReport) misses() []string {
	var out []string
	for _, row := range r.rows {
		if row.missing > 0 {
			out = append(out, fmt.Sprintf("delivery, %s: %d of %d writes never reached Discord (budget 0)", row.name, row.missing, row.writes))
		}
		if p95 := row.quantile(0.95); p95 > deliveryP95 {
			out = append(out, fmt.Sprintf("delivery, %s: p95 %s from a write's commit to its post (budget ≤ %s)", row.name, ms(p95), ms(deliveryP95)))
		}
	}
	return out
}

// postClock timestamps each post the fake keeps and hands the time to whoever waits for it.
type postClock struct {
	mu      sync.Mutex
	waiting map[string]chan time.Time // marker → the writer waiting for its post
}

var markerPattern = regexp.MustCompile(`bench-delivery-\d+`)

func (p *postClock) onPost(m discordfake.Message) {
	at := time.Now()
	text := []string{m.Content}
	for _, e := range m.Embeds {
		text = append(text, e.Title, e.Description)
	}
	marker := markerPattern.FindString(strings.Join(text, "\n"))
	p.mu.Lock()
	ch := p.waiting[marker]
	delete(p.waiting, marker)
	p.mu.Unlock()
	if ch != nil {
		ch <- at
	}
}

func (p *postClock) expect(marker string) <-chan time.Time {
	ch := make(chan time.Time, 1)
	p.mu.Lock()
	p.waiting[marker] = ch
	p.mu.Unlock()
	return ch
}

// runDelivery measures how soon a write's post reaches Discord when the portal and the
// bot are separate processes on PostgreSQL, so only the database can tell the bot.
func runDelivery(ctx context.Context, o options) (*deliveryReport, error) {
	dir, databaseURL, done, err := migratedDatabase(ctx, o, "delivery")
	if err != nil {
		return nil, err
	}
	defer done()

	env := productionEnv(dir, databaseURL)
	// The bench measures the relay's own pace: Discord's route limits (5 posts per 5 s in a
	// channel) would measure only them.
	fake := discordfake.New(discordfake.Options{ClientID: env["ZOCALO_DISCORD_CLIENT_ID"], GuildID: env["ZOCALO_DISCORD_GUILD_ID"],
		BotToken: benchBotToken, Relax: discordfake.Relax{RateLimits: true}})
	defer fake.Close()
	fake.AddChannel(benchContactChannel, "contacto")
	for _, role := range authz.AllRoles {
		fake.AddRole(env[config.EnvPrefix+"ROLE_"+string(role)], string(role))
	}
	posts := &postClock{waiting: map[string]chan time.Time{}}
	fake.OnPost(posts.onPost)
	discord, stopDiscord, err := serveOnLoopback(fake.Handler())
	if err != nil {
		return nil, err
	}
	defer stopDiscord()
	for k, v := range map[string]string{
		"ZOCALO_DISCORD_BOT_TOKEN":                   benchBotToken,
		"ZOCALO_DISCORD_API_BASE_URL":                discord + "/api/v10",
		"ZOCALO_DISCORD_AUTHORIZE_URL":               discord + "/oauth2/authorize",
		"ZOCALO_DISCORD_TOKEN_URL":                   discord + "/api/oauth2/token",
		"ZOCALO_DISCORD_CDN_BASE_URL":                discord,
		"ZOCALO_CHANNEL_CONTACT":                     benchContactChannel,
		"ZOCALO_RATE_LIMIT_PUBLIC_WRITES_PER_MINUTE": "1000000",
	} {
		env[k] = v
	}

	srv, err := startServer(o.binary, env)
	if err != nil {
		return nil, err
	}
	defer srv.stop()
	bot, err := startBot(o.binary, env, fake)
	if err != nil {
		return nil, err
	}
	defer bot.stop()

	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: o.deliveryConns * 2}}
	defer client.CloseIdleConnections()
	var seq atomic.Int64
	write := func() (time.Duration, error) {
		marker := fmt.Sprintf("bench-delivery-%d", seq.Add(1))
		posted := posts.expect(marker)
		answered, err := sendContact(ctx, client, srv.url, marker)
		if err != nil {
			return 0, err
		}
		select {
		case at := <-posted:
			// A post kept before the answer reached the bench counts as no wait at all.
			return max(at.Sub(answered), 0), nil
		case <-time.After(30 * time.Second):
			return 0, fmt.Errorf("%s: no post 30 s after the write", marker)
		}
	}
	// The first writes find the bot still settling (its gateway, its listener): not measured.
	for range 5 {
		if _, err := write(); err != nil {
			return nil, fmt.Errorf("warm-up: %w\nbot's log:\n%s", err, bot.logs.String())
		}
	}
	r := &deliveryReport{}
	// One at a time, each after the bot has gone idle: the common case of a community's
	// portal, and the one a poll would serve worst.
	r.rows = append(r.rows, measureWrites("one at a time, the bot idle", o.deliveryWrites, 1, idleGap, write))
	// Together: the bot is busy delivering while the next ones commit.
	r.rows = append(r.rows, measureWrites(fmt.Sprintf("%d connections at once", o.deliveryConns), o.deliveryWrites, o.deliveryConns, 0, write))
	// The same, in a guild whose bot role sits below the verified role: every member's
	// verification lane blocked, behind a long history of delivered events. The relay reads
	// only due heads, so the posts must arrive as fast.
	if err := seedStuckLanes(ctx, databaseURL); err != nil {
		return nil, err
	}
	r.rows = append(r.rows, measureWrites(fmt.Sprintf("%d connections at once, %s lanes blocked", o.deliveryConns, thousands(stuckLanes)),
		o.deliveryWrites, o.deliveryConns, 0, write))
	return r, nil
}

// The stuck guild of the delivery part: a blocked verification per member of the budgets'
// community, after as many delivered events as the load part seeds.
const (
	stuckLanes       = 5000
	deliveredHistory = 100_000
)

// seedStuckLanes writes the history and the blocked lanes in two statements and gathers
// the planner's statistics, as a long-running database would have them.
func seedStuckLanes(ctx context.Context, databaseURL string) error {
	conn, err := sql.Open("pgx", databaseURL)
	if err != nil {
		return err
	}
	defer conn.Close()
	for _, stmt := range []string{
		fmt.Sprintf(`INSERT INTO outbox_events (kind, channel_id, payload, nonce, status, attempts, next_attempt_at, created_at, delivered_at)
SELECT 'channel.message', CASE WHEN i %% 2 = 0 THEN '%s' ELSE 'dm:3' || (i %% %d) END, '{"content":"historial"}', 'zhist' || i,
  'delivered', 1, now() - (%d - i) * interval '1 minute', now() - (%d - i) * interval '1 minute', now() - (%d - i) * interval '1 minute'
FROM generate_series(1, %d) i`, benchContactChannel, stuckLanes, deliveredHistory, deliveredHistory, deliveredHistory, deliveredHistory),
		fmt.Sprintf(`INSERT INTO outbox_events (kind, channel_id, payload, nonce, status, attempts, blocked_attempts, next_attempt_at, last_error, created_at)
SELECT 'member.verify', 'verify:3' || i, '{"userId":"3' || i || '"}', 'zstuck' || i, 'blocked', 1 + i %% 4, 1 + i %% 4,
  now() + (30 + i %% 30) * interval '1 minute', 'Discord: Missing Permissions (50013)', now()
FROM generate_series(1, %d) i`, stuckLanes),
		"ANALYZE outbox_events",
	} {
		if _, err := conn.ExecContext(ctx, stmt); err != nil {
			return fmt.Errorf("seed the stuck lanes: %w", err)
		}
	}
	return nil
}

// thousands writes n with a comma every three digits.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// idleGap is the most a writer waits, after its post arrived, before its next write:
// long enough for the bot's worker to finish, varied so writes fall anywhere in a poll.
const idleGap = 150 * time.Millisecond

// measureWrites makes writes from conns goroutines, each waiting a random part of gap
// (at least a third of it) between its post and its next write.
func measureWrites(name string, writes, conns int, gap time.Duration, write func() (time.Duration, error)) deliveryRow {
	row := deliveryRow{name: name, writes: writes}
	var mu sync.Mutex
	var left atomic.Int64
	left.Store(int64(writes))
	var wg sync.WaitGroup
	for range conns {
		wg.Go(func() {
			for left.Add(-1) >= 0 {
				if gap > 0 {
					time.Sleep(gap/3 + rand.N(gap*2/3))
				}
				took, err := write()
				mu.Lock()
				if err != nil {
					row.missing++
					if row.firstMissing == "" {
						row.firstMissing = err.Error()
					}
				} else {
					row.latencies = append(row.latencies, took)
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	slices.Sort(row.latencies)
	return row
}

// sendContact sends the contact form and returns when its answer arrived: the write has
// committed by then.
func sendContact(ctx context.Context, client *http.Client, base, marker string) (time.Time, error) {
	body, _ := json.Marshal(map[string]string{"name": "Banco de pruebas", "email": "banco@example.com",
		"subject": marker, "message": "Mensaje de prueba " + marker})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/contact", bytes.NewReader(body))
	if err != nil {
		return time.Time{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return time.Time{}, err
	}
	defer res.Body.Close()
	text, _ := io.ReadAll(io.LimitReader(res.Body, 200))
	answered := time.Now()
	if res.StatusCode != http.StatusCreated {
		return time.Time{}, fmt.Errorf("POST /api/contact: %d %s", res.StatusCode, strings.TrimSpace(string(text)))
	}
	return answered, nil
}

// serveOnLoopback serves h at the root of a loopback listener, as the fake Discord needs
// for the gateway address it gives out.
func serveOnLoopback(h http.Handler) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), func() { _ = srv.Close() }, nil
}

// botProcess is `zocalo bot`, started as a deployment would start it.
type botProcess struct {
	cmd  *exec.Cmd
	logs lockedBuffer
}

// startBot starts the bot and waits for it to hold the gateway of the fake.
func startBot(binary string, env map[string]string, fake *discordfake.Fake) (*botProcess, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	b := &botProcess{cmd: exec.Command(binary, "bot")}
	// Its own address for /healthz; the portal's public address for the links it posts.
	b.cmd.Env = append(os.Environ(), "ZOCALO_HTTP_ADDR="+addr, "ZOCALO_PUBLIC_URL=http://portal.bench", "ZOCALO_LOG_LEVEL=info")
	for k, v := range env {
		if k != "ZOCALO_LOG_LEVEL" {
			b.cmd.Env = append(b.cmd.Env, k+"="+v)
		}
	}
	b.cmd.Stdout, b.cmd.Stderr = &b.logs, &b.logs
	if err := b.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s bot: %w", binary, err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for fake.Connected() == 0 {
		if time.Now().After(deadline) {
			b.stop()
			return nil, errors.New("the bot did not connect to the fake Discord:\n" + b.logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	return b, nil
}

func (b *botProcess) stop() {
	_ = b.cmd.Process.Signal(os.Interrupt)
	done := make(chan struct{})
	go func() { _ = b.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = b.cmd.Process.Kill()
		<-done
	}
}

// lockedBuffer is a process's output, readable while the process writes it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
