//go:build faults

// Package faults runs the real binary and breaks things around it: the process killed in
// the middle of writes, on each database. Run with `make test-faults`.
package faults

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// zocalo builds the binary once for the whole run.
func zocalo(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "zocalo-faults-")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "zocalo")
		out, err := exec.Command("go", "build", "-o", binary, "../..").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v: %s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binary
}

func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

type server struct {
	cmd  *exec.Cmd
	url  string
	logs bytes.Buffer
}

// start runs `zocalo serve` in demo mode on the data directory and database, and waits
// until it answers.
func start(t *testing.T, dataDir, databaseURL string) *server {
	t.Helper()
	addr := freePort(t)
	s := &server{url: "http://" + addr}
	s.cmd = exec.Command(zocalo(t), "serve")
	s.cmd.Env = append(os.Environ(), "ZOCALO_DEMO=true", "ZOCALO_HTTP_ADDR="+addr, "ZOCALO_DATA_DIR="+dataDir,
		"ZOCALO_DATABASE_URL="+databaseURL, "ZOCALO_PUBLIC_URL="+s.url, "ZOCALO_LOG_LEVEL=warn",
		// The writers open many tickets as one player: the flood limits would stop them.
		"ZOCALO_TICKETS_MAX_OPEN_PER_MEMBER=0", "ZOCALO_TICKETS_MAX_OPENED_PER_HOUR=0")
	s.cmd.Stdout, s.cmd.Stderr = &s.logs, &s.logs
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.cmd.Process.Kill(); _ = s.cmd.Wait() })
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get(s.url + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return s
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("the server did not become ready:\n%s", s.logs.String())
	return nil
}

// openTicket creates a ticket with a title and answers the status.
func openTicket(client *http.Client, url, token, title string) (int, error) {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	_ = w.WriteField("title", title)
	_ = w.WriteField("category", "Otros")
	_ = w.WriteField("message", "Escrito antes del corte: "+title)
	_ = w.Close()
	req, _ := http.NewRequest(http.MethodPost, url+"/api/tickets", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode, nil
}

// titles lists the titles of the player's tickets.
func titles(t *testing.T, url, token string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	for page := 1; ; page++ {
		req, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/api/tickets?page=%d&limit=100", url, page), nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var list struct {
			Tickets []struct{ Title string }
			Total   int
		}
		err = json.NewDecoder(res.Body).Decode(&list)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, tk := range list.Tickets {
			out[tk.Title] = true
		}
		if len(list.Tickets) < 100 {
			return out
		}
	}
}

// Every write the server answered 2xx is there after a kill -9 and a restart.
func TestKillDuringWrites(t *testing.T) {
	for _, dialect := range testdb.Dialects() {
		t.Run(string(dialect), func(t *testing.T) {
			dataDir := t.TempDir()
			databaseURL := ""
			if dialect == db.Postgres {
				databaseURL = testdb.PostgresURL(t)
			}
			s := start(t, dataDir, databaseURL)
			token := testenv.SignIn(t, s.url, "jugador")

			var mu sync.Mutex
			var acknowledged []string
			stop := make(chan struct{})
			var wg sync.WaitGroup
			client := &http.Client{Timeout: 10 * time.Second}
			for w := range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := 0; ; i++ {
						select {
						case <-stop:
							return
						default:
						}
						title := fmt.Sprintf("Corte %d-%d", w, i)
						code, err := openTicket(client, s.url, token, title)
						if err != nil {
							return // the server is gone
						}
						if code >= 200 && code < 300 {
							mu.Lock()
							acknowledged = append(acknowledged, title)
							mu.Unlock()
						}
					}
				}()
			}
			// Wait for 60 acknowledged writes, or fail: a writer refused every time must not
			// leave the test waiting for ever.
			waitUntil := time.Now().Add(2 * time.Minute)
			for {
				mu.Lock()
				n := len(acknowledged)
				mu.Unlock()
				if n >= 60 {
					break
				}
				if time.Now().After(waitUntil) {
					t.Fatalf("only %d writes acknowledged in 2 minutes:\n%s", n, s.logs.String())
				}
				time.Sleep(20 * time.Millisecond)
			}
			if err := s.cmd.Process.Kill(); err != nil { // SIGKILL: no shutdown, no flush
				t.Fatal(err)
			}
			close(stop)
			wg.Wait()
			_ = s.cmd.Wait()

			s = start(t, dataDir, databaseURL)
			token = testenv.SignIn(t, s.url, "jugador")
			stored := titles(t, s.url, token)
			mu.Lock()
			defer mu.Unlock()
			missing := 0
			for _, title := range acknowledged {
				if !stored[title] {
					missing++
					t.Errorf("%q was acknowledged and is gone", title)
				}
			}
			t.Logf("%d writes acknowledged before the kill, %d stored, %d missing", len(acknowledged), len(stored), missing)
		})
	}
}
