//go:build faults

package faults

import (
	"net/http"
	"os"
	"os/exec"
	"slices"
	"sync"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// cluster runs pg_ctlcluster on the local PostgreSQL cluster, as CI and Debian set it up.
func cluster(t *testing.T, action string) {
	t.Helper()
	versions, err := os.ReadDir("/etc/postgresql")
	if err != nil || len(versions) != 1 {
		t.Fatalf("one PostgreSQL cluster under /etc/postgresql is needed to restart it: %v", err)
	}
	out, err := exec.Command("pg_ctlcluster", "--skip-systemctl-redirect", versions[0].Name(), "main", action).CombinedOutput()
	if err != nil {
		t.Fatalf("pg_ctlcluster %s: %v: %s", action, err, out)
	}
}

// While PostgreSQL is down the server answers 503 with a message (not 500, not a hang), and
// once it is back the same process serves again, with no restart.
func TestPostgresOutageAnswers503AndRecovers(t *testing.T) {
	if !slices.Contains(testdb.Dialects(), db.Postgres) {
		t.Skip(testdb.EnvURL + " is not set: there is no PostgreSQL to stop")
	}
	s := start(t, t.TempDir(), testdb.PostgresURL(t))
	token := testenv.SignIn(t, s.url, "jugador")
	client := &http.Client{Timeout: 10 * time.Second}
	get := func(path string) (int, error) {
		req, _ := http.NewRequest(http.MethodGet, s.url+path, nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		res.Body.Close()
		return res.StatusCode, nil
	}
	paths := []string{"/api/tickets?page=1&limit=10", "/api/auth/profile", "/readyz"}
	for _, p := range paths {
		if code, err := get(p); err != nil || code != http.StatusOK {
			t.Fatalf("before the outage, %s: %d %v", p, code, err)
		}
	}

	// Load from four clients through the outage; every answer is recorded.
	var mu sync.Mutex
	seen := map[int]int{}
	var failures []string
	stop := make(chan struct{})
	var wg sync.WaitGroup
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
				code, err := get(paths[(w+i)%2])
				mu.Lock()
				if err != nil {
					failures = append(failures, err.Error())
				} else {
					seen[code]++
				}
				mu.Unlock()
				time.Sleep(20 * time.Millisecond)
			}
		}()
	}
	time.Sleep(500 * time.Millisecond)
	cluster(t, "stop")
	restarted := false
	defer func() {
		if !restarted {
			cluster(t, "start")
		}
	}()
	time.Sleep(3 * time.Second)
	if code, err := get("/readyz"); err != nil || code != http.StatusServiceUnavailable {
		t.Errorf("readyz during the outage: %d %v", code, err)
	}
	cluster(t, "start")
	restarted = true

	deadline := time.Now().Add(60 * time.Second)
	for {
		code, err := get("/api/tickets?page=1&limit=10")
		if err == nil && code == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server did not recover after PostgreSQL came back: %d %v", code, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	close(stop)
	wg.Wait()

	mu.Lock()
	defer mu.Unlock()
	t.Logf("answers through the outage: %v", seen)
	if len(failures) > 0 {
		t.Errorf("%d requests hung or broke instead of being answered, e.g. %s", len(failures), failures[0])
	}
	if seen[http.StatusServiceUnavailable] == 0 {
		t.Errorf("no 503 while PostgreSQL was down: %v", seen)
	}
	for code, n := range seen {
		if code != http.StatusOK && code != http.StatusServiceUnavailable {
			t.Errorf("%d answers with status %d", n, code)
		}
	}
}
