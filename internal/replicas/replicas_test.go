// Package replicas runs the real binary as production runs it on PostgreSQL: two `zocalo
// serve` replicas and one `zocalo bot` over one database, against a fake Discord.
package replicas

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/internal/discordfake"
	"zocalo/internal/ssetest"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// process is a running zocalo command.
type process struct {
	cmd  *exec.Cmd
	logs syncBuffer
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func build(t *testing.T) string {
	t.Helper()
	binary := filepath.Join(t.TempDir(), "zocalo")
	if out, err := exec.Command("go", "build", "-o", binary, "../..").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v: %s", err, out)
	}
	return binary
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func run(t *testing.T, binary, name, mode string, env map[string]string) *process {
	t.Helper()
	p := &process{cmd: exec.Command(binary, mode)}
	p.cmd.Env = os.Environ()
	for k, v := range env {
		p.cmd.Env = append(p.cmd.Env, k+"="+v)
	}
	p.cmd.Stdout, p.cmd.Stderr = &p.logs, &p.logs
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = p.cmd.Process.Kill()
		_ = p.cmd.Wait()
		if t.Failed() {
			t.Logf("%s's log:\n%s", name, p.logs.String())
		}
	})
	return p
}

func waitReady(t *testing.T, url string) {
	t.Helper()
	waitFor(t, url+" answers /readyz", func() bool {
		res, err := http.Get(url + "/readyz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == http.StatusOK
	})
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// A reply written through one replica reaches the author's live stream on the other, and
// the unread count the other replica answers moves with it; the bot tells the player in Discord.
func TestAReplyOnOneReplicaReachesAStreamOnTheOther(t *testing.T) {
	t.Parallel()
	if os.Getenv("ZOCALO_TEST_DATABASE_URL") == "" {
		t.Skip("replicas share a PostgreSQL database: set ZOCALO_TEST_DATABASE_URL")
	}
	binary := build(t)
	databaseURL := testdb.PostgresURL(t)

	fake := discordfake.New(discordfake.Options{ClientID: testenv.ClientID, ClientSecret: testenv.ClientKey,
		GuildID: testenv.GuildID, BotToken: testenv.BotToken})
	fakeSrv := httptest.NewServer(fake.Handler())
	t.Cleanup(fakeSrv.Close)
	t.Cleanup(fake.Close)
	fake.SetGatewayURL("ws" + strings.TrimPrefix(fakeSrv.URL, "http") + "/gateway")
	testenv.AddGuild(fake)
	fake.AddUser(discordgo.User{ID: "530000000000000001", Username: "jugador"}, true)
	fake.AddUser(discordgo.User{ID: "530000000000000002", Username: "soporte"}, true, testenv.RoleIDs(authz.SoporteTecnico)...)
	fake.AddPersona(discordfake.Persona{Name: "jugador", UserID: "530000000000000001"})
	fake.AddPersona(discordfake.Persona{Name: "soporte", UserID: "530000000000000002"})

	// Both replicas stand behind one public address, as behind the load balancer; sign-ins
	// go through A, and the tokens work on either.
	addrA, addrB := freeAddr(t), freeAddr(t)
	urlA, urlB := "http://"+addrA, "http://"+addrB
	env := func(addr string) map[string]string {
		return testenv.Env(urlA, fakeSrv.URL, map[string]string{"ZOCALO_DATABASE_URL": databaseURL,
			"ZOCALO_DATA_DIR": t.TempDir(), "ZOCALO_HTTP_ADDR": addr, "ZOCALO_LOG_LEVEL": "warn"})
	}
	run(t, binary, "replica A", "serve", env(addrA))
	waitReady(t, urlA) // A applies the migrations; B and the bot find them done
	run(t, binary, "replica B", "serve", env(addrB))
	run(t, binary, "the bot", "bot", env(freeAddr(t)))
	waitReady(t, urlB)
	waitFor(t, "the bot connects", func() bool { return fake.Connected() == 1 })

	player := testenv.SignIn(t, urlA, "jugador")
	support := testenv.SignIn(t, urlA, "soporte")
	var created struct {
		Ticket struct {
			TicketID string `json:"ticketId"`
		} `json:"ticket"`
	}
	if code := post(t, urlA+"/api/tickets", player, map[string]string{"title": "No puedo entrar", "message": "Error al conectar"}, &created); code != 201 {
		t.Fatalf("create: %d", code)
	}
	id := created.Ticket.TicketID
	unread := func(url string) int {
		var n struct {
			Count int `json:"count"`
		}
		getJSON(t, url+"/api/tickets/unread", player, &n)
		return n.Count
	}
	before := unread(urlB)

	frames := stream(t, urlB, player)
	waitFrame(t, frames, func(f ssetest.Frame) bool { return f.Event == "ready" })
	if code := post(t, urlA+"/api/tickets/"+id+"/messages", support, map[string]string{"message": "Revisa tu conexión, por favor"}, nil); code != 201 {
		t.Fatalf("reply: %d", code)
	}
	waitFrame(t, frames, func(f ssetest.Frame) bool {
		return f.Event == "ticket.message" && strings.Contains(f.Data, `"ticketId":"`+id+`"`) &&
			strings.Contains(f.Data, "Revisa tu conexión, por favor")
	})
	if after := unread(urlB); after != before+1 {
		t.Fatalf("replica B counts %d unread, was %d", after, before)
	}
	// The bot, a third process, tells the player in Discord too.
	waitFor(t, "the bot tells the player of the reply", func() bool { return len(fake.DMs("530000000000000001")) > 0 })
}

// stream opens GET /api/events on url and sends its frames to the channel.
func stream(t *testing.T, url, token string) <-chan ssetest.Frame {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url+"/api/events", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK {
		cancel()
		t.Fatalf("events: %d", res.StatusCode)
	}
	out := make(chan ssetest.Frame, 100)
	done := make(chan struct{})
	t.Cleanup(func() { cancel(); <-done })
	go func() {
		defer close(done)
		defer res.Body.Close()
		ssetest.Read(res.Body, func(f ssetest.Frame) bool {
			select {
			case out <- f:
				return true
			case <-ctx.Done():
				return false
			}
		})
	}()
	return out
}

func waitFrame(t *testing.T, frames <-chan ssetest.Frame, match func(ssetest.Frame) bool) {
	t.Helper()
	timeout := time.After(60 * time.Second)
	for {
		select {
		case f := <-frames:
			if match(f) {
				return
			}
		case <-timeout:
			t.Fatal("the frame never came")
		}
	}
}

func post(t *testing.T, url, token string, fields map[string]string, out any) int {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range fields {
		_ = w.WriteField(k, v)
	}
	_ = w.Close()
	req, _ := http.NewRequest(http.MethodPost, url, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	return do(t, req, out)
}

func getJSON(t *testing.T, url, token string, out any) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	if code := do(t, req, out); code != http.StatusOK {
		t.Fatalf("GET %s: %d", url, code)
	}
}

func do(t *testing.T, req *http.Request, out any) int {
	t.Helper()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	if out != nil && len(raw) > 0 {
		if err := json.Unmarshal(raw, out); err != nil {
			t.Fatal(fmt.Errorf("%s: %w: %s", req.URL, err, raw))
		}
	}
	return res.StatusCode
}
