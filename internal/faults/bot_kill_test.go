//go:build faults

package faults

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/internal/discordfake"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// The channels testenv configures for news and for the congress.
const (
	newsChannel        = "710000000000000001"
	legislativeChannel = "710000000000000007"
)

// slowDiscord delays the fake Discord's answer to every post, so that a delivery is in
// flight most of the time, and holds the answer to one chosen post until released.
type slowDiscord struct {
	delay time.Duration

	mu       sync.Mutex
	posts    int
	holdAt   int
	held     chan discordfake.Message
	release  chan struct{}
	released sync.Once
}

func newSlowDiscord(delay time.Duration) *slowDiscord {
	return &slowDiscord{delay: delay, held: make(chan discordfake.Message, 1), release: make(chan struct{})}
}

// holdNth holds the answer to the nth post from now.
func (s *slowDiscord) holdNth(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.holdAt = s.posts + n
}

func (s *slowDiscord) onPost(m discordfake.Message) {
	s.mu.Lock()
	s.posts++
	hold := s.posts == s.holdAt
	s.mu.Unlock()
	if hold {
		s.held <- m
		<-s.release
		return
	}
	time.Sleep(s.delay)
}

// releaseHeld lets the held answer go, to a bot that is gone by then.
func (s *slowDiscord) releaseHeld() { s.released.Do(func() { close(s.release) }) }

// count is how many posts Discord has kept (a repeat by nonce keeps nothing).
func (s *slowDiscord) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.posts
}

type botProcess struct {
	cmd    *exec.Cmd
	logs   bytes.Buffer
	killed bool
}

// startBot runs `zocalo bot` in production mode with env on top of this process's.
func startBot(t *testing.T, name string, env map[string]string) *botProcess {
	t.Helper()
	p := &botProcess{cmd: exec.Command(zocalo(t), "bot")}
	p.cmd.Env = os.Environ()
	for k, v := range env {
		p.cmd.Env = append(p.cmd.Env, k+"="+v)
	}
	// Its own port for /healthz, so a restart never waits on the last one's.
	p.cmd.Env = append(p.cmd.Env, "ZOCALO_HTTP_ADDR="+freePort(t))
	p.cmd.Stdout, p.cmd.Stderr = &p.logs, &p.logs
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.kill(t)
		if t.Failed() {
			t.Logf("%s's log:\n%s", name, p.logs.String())
		}
	})
	return p
}

// kill sends SIGKILL: no shutdown, no last write, the leader lock dropped with the process.
func (p *botProcess) kill(t *testing.T) {
	t.Helper()
	if p.killed {
		return
	}
	p.killed = true
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = p.cmd.Wait()
}

// A bot killed mid-delivery loses nothing and doubles nothing. The real binary relays a
// stream of outbox events, in two channels, to a fake Discord on a real socket; it is killed
// once while Discord has kept a post and not yet answered it, and once at an arbitrary
// moment of a slow delivery. After the last restart every event is in its channel exactly
// once, each channel in the order its events were written, and none is left pending.
func TestBotKilledMidDelivery(t *testing.T) {
	for _, dialect := range testdb.Dialects() {
		t.Run(string(dialect), func(t *testing.T) { botKilledMidDelivery(t, dialect) })
	}
}

func botKilledMidDelivery(t *testing.T, dialect db.Dialect) {
	ctx := context.Background()
	dataDir := t.TempDir()
	databaseURL := ""
	if dialect == db.Postgres {
		databaseURL = testdb.PostgresURL(t)
	}
	// The test writes the outbox as the server would, on the database the bot reads.
	d, err := db.Open(db.Options{URL: databaseURL, SQLitePath: filepath.Join(dataDir, "zocalo.db")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	if _, err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	store := outbox.NewStore(d, func() time.Time { return time.Now().UTC() })

	slow := newSlowDiscord(40 * time.Millisecond)
	// 40 posts in two channels would wait out the routes' buckets many times over; the test
	// is about the kills.
	fake := discordfake.New(discordfake.Options{ClientID: testenv.ClientID, GuildID: testenv.GuildID, BotToken: testenv.BotToken,
		Relax: discordfake.Relax{RateLimits: true}})
	testenv.AddGuildRoles(fake)
	fake.AddChannel(newsChannel, "noticias")
	fake.AddChannel(legislativeChannel, "congreso")
	fake.OnPost(slow.onPost)
	srv := httptest.NewServer(fake.Handler())
	t.Cleanup(srv.Close)
	t.Cleanup(fake.Close)
	t.Cleanup(slow.releaseHeld) // a held handler would keep srv.Close waiting
	env := testenv.Env("http://portal.test", srv.URL, map[string]string{
		"ZOCALO_DATA_DIR": dataDir, "ZOCALO_DATABASE_URL": databaseURL, "ZOCALO_LOG_LEVEL": "info",
	})

	// The stream: 40 events written while the bots come and go.
	const total = 40
	streamed := make(chan error, 1)
	stream := func() {
		for i := range total {
			channel := newsChannel
			if i%3 == 2 {
				channel = legislativeChannel
			}
			if _, err := store.Enqueue(ctx, outbox.KindChannelMessage, channel, outbox.ChannelMessage{Content: fmt.Sprintf("Aviso %02d", i+1)}); err != nil {
				streamed <- err
				return
			}
			time.Sleep(25 * time.Millisecond)
		}
		streamed <- nil
	}

	// First kill: the sixth post is kept by Discord and its answer held; the bot dies
	// waiting for it, so the event is delivered and not recorded as such.
	slow.holdNth(6)
	first := startBot(t, "the first bot", env)
	go stream()
	var held discordfake.Message
	select {
	case held = <-slow.held:
	case <-time.After(90 * time.Second):
		t.Fatal("no sixth post reached Discord")
	}
	first.kill(t)
	slow.releaseHeld()
	var heldEvent outbox.Event
	if err := d.Conn(ctx).Where("nonce = ?", held.Nonce).Take(&heldEvent).Error; err != nil {
		t.Fatal(err)
	}
	if heldEvent.Status != outbox.StatusPending || heldEvent.DiscordMessageID != "" {
		t.Fatalf("the held post's event is %s (message %q): the kill did not land between Discord keeping it and the bot recording it",
			heldEvent.Status, heldEvent.DiscordMessageID)
	}

	// Second kill: a few posts later, at a random point of a post's round trip.
	second := startBot(t, "the second bot", env)
	deadline := time.Now().Add(90 * time.Second)
	for slow.count() < 14 {
		if time.Now().After(deadline) {
			t.Fatalf("the second bot made %d posts", slow.count())
		}
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(rand.N(2 * slow.delay))
	second.kill(t)
	t.Logf("second kill after %d posts; %d events then kept by Discord and not recorded", slow.count(), keptNotRecorded(t, d, fake))

	startBot(t, "the third bot", env)
	if err := <-streamed; err != nil {
		t.Fatal(err)
	}
	deadline = time.Now().Add(90 * time.Second)
	for pending(t, d) > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d events still pending", pending(t, d))
		}
		time.Sleep(50 * time.Millisecond)
	}

	// Every event is delivered, recorded with the one message it became, in its channel's order.
	var stored []outbox.Event
	if err := d.Conn(ctx).Order("id").Find(&stored).Error; err != nil {
		t.Fatal(err)
	}
	if len(stored) != total {
		t.Fatalf("%d events stored, %d written", len(stored), total)
	}
	want := map[string][]outbox.Event{}
	for _, ev := range stored {
		if ev.Status != outbox.StatusDelivered {
			t.Errorf("event %d is %s: %s", ev.ID, ev.Status, ev.LastError)
		}
		want[ev.ChannelID] = append(want[ev.ChannelID], ev)
	}
	for _, channel := range slices.Sorted(maps.Keys(want)) {
		got := fake.Messages(channel)
		var gotText, wantText []string
		for _, m := range got {
			gotText = append(gotText, m.Content)
		}
		for _, ev := range want[channel] {
			// Each post ends with the visible marker of its event.
			wantText = append(wantText, fmt.Sprintf("%s\n-# Zócalo · #%d", contentOf(t, ev), ev.ID))
		}
		if !slices.Equal(gotText, wantText) {
			t.Errorf("channel %s shows\n%v\nwant\n%v", channel, gotText, wantText)
			continue
		}
		for i, m := range got {
			ev := want[channel][i]
			if m.Nonce != ev.Nonce || m.ID != ev.DiscordMessageID || m.Deleted {
				t.Errorf("%q: message %s nonce %s, event %d records message %s nonce %s", m.Content, m.ID, m.Nonce, ev.ID, ev.DiscordMessageID, ev.Nonce)
			}
		}
	}
	// The held post was sent again after the restart and answered by its nonce.
	sends := 0
	for _, r := range fake.Requests() {
		if r.Method == http.MethodPost && strings.Contains(r.Body, held.Nonce) {
			sends++
		}
	}
	if sends < 2 {
		t.Errorf("the held post was sent %d times: the restart did not repeat it", sends)
	}
	t.Logf("%d events, %d posts kept by Discord, the held one sent %d times", total, slow.count(), sends)
}

func pending(t *testing.T, d *db.DB) int64 {
	t.Helper()
	var n int64
	if err := d.Conn(context.Background()).Model(&outbox.Event{}).Where("status = ?", outbox.StatusPending).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

// keptNotRecorded counts pending events whose post Discord already holds.
func keptNotRecorded(t *testing.T, d *db.DB, fake *discordfake.Fake) int {
	t.Helper()
	var open []outbox.Event
	if err := d.Conn(context.Background()).Where("status = ?", outbox.StatusPending).Find(&open).Error; err != nil {
		t.Fatal(err)
	}
	kept := map[string]bool{}
	for _, channel := range []string{newsChannel, legislativeChannel} {
		for _, m := range fake.Messages(channel) {
			kept[m.Nonce] = true
		}
	}
	n := 0
	for _, ev := range open {
		if kept[ev.Nonce] {
			n++
		}
	}
	return n
}

func contentOf(t *testing.T, ev outbox.Event) string {
	t.Helper()
	var p outbox.ChannelMessage
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		t.Fatal(err)
	}
	return p.Content
}
