package webapi

import (
	"compress/gzip"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"zocalo/core/db"
	"zocalo/core/ratelimit"
	"zocalo/internal/testdb"
)

func get(t *testing.T, h http.Handler, path string, headers ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestServingTheApp(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Open(t, testdb.Dialects()[0], true))
	e.server.deps.WebFS = fstest.MapFS{
		"index.html":      {Data: []byte("<!doctype html><div id=root></div>")},
		"assets/app-1.js": {Data: []byte("console.log(1)")},
		"favicon.svg":     {Data: []byte("<svg/>")},
	}
	h := e.server.Handler()
	cases := []struct {
		name, path string
		status     int
		contains   string
	}{
		{"a client route gets index.html", "/records", 200, "id=root"},
		{"a deep client route gets index.html", "/legislative/initiatives/abc", 200, "id=root"},
		{"an unknown path gets index.html with a 404", "/no/such/page", 404, "id=root"},
		{"an asset", "/assets/app-1.js", 200, "console.log"},
		{"a missing asset is a 404, not the app", "/assets/missing.js", 404, "not found"},
		{"an unknown API path answers JSON", "/api/nothing/here", 404, `"message"`},
		{"healthz", "/healthz", 200, "ok"},
		{"readyz after migrations", "/readyz", 200, "ready"},
		{"metrics", "/metrics", 200, "zocalo_http_requests_total"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := get(t, h, c.path)
			if rec.Code != c.status || !strings.Contains(rec.Body.String(), c.contains) {
				t.Fatalf("%s: %d %q", c.path, rec.Code, rec.Body.String())
			}
		})
	}
	rec := get(t, h, "/")
	for _, header := range []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy", "X-Request-ID"} {
		if rec.Header().Get(header) == "" {
			t.Errorf("missing %s", header)
		}
	}
	if !strings.Contains(rec.Header().Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Errorf("CSP %q", rec.Header().Get("Content-Security-Policy"))
	}

	// Scripts go compressed to browsers that accept it, and as they are to the rest.
	for range 2 { // the second answer comes from the cache of compressed files
		req := httptest.NewRequest("GET", "/assets/app-1.js", nil)
		req.Header.Set("Accept-Encoding", "gzip, deflate, br")
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Header().Get("Content-Encoding") != "gzip" || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/javascript") {
			t.Fatalf("compressed script: %d %v", rec.Code, rec.Header())
		}
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		if body, _ := io.ReadAll(zr); string(body) != "console.log(1)" {
			t.Fatalf("compressed script's content: %q", body)
		}
	}
	if rec := get(t, h, "/assets/app-1.js"); rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != "console.log(1)" {
		t.Fatalf("script without Accept-Encoding: %v %q", rec.Header(), rec.Body.String())
	}
}

func TestCORSIsSameOrigin(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Open(t, testdb.Dialects()[0], true))
	h := e.server.Handler()
	own := get(t, h, "/api/config", "Origin", e.cfg.PublicURL)
	if own.Header().Get("Access-Control-Allow-Origin") != e.cfg.PublicURL {
		t.Fatalf("own origin: %q", own.Header().Get("Access-Control-Allow-Origin"))
	}
	other := get(t, h, "/api/config", "Origin", "https://evil.example")
	if other.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Fatal("another origin was allowed")
	}
	req := httptest.NewRequest("OPTIONS", "/api/auth/logout", nil)
	req.Header.Set("Origin", "https://evil.example")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusForbidden {
		t.Fatalf("foreign preflight: %d", rec.Code)
	}
}

func TestSignInIsRateLimited(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Open(t, testdb.Dialects()[0], true))
	e.server.signIns.perMin = 3 // buckets take the rate when first used
	h := e.server.Handler()
	codes := []int{}
	for range 5 {
		codes = append(codes, get(t, h, "/api/auth/discord").Code)
	}
	last := get(t, h, "/api/auth/discord")
	body, _ := io.ReadAll(last.Body)
	if last.Code != http.StatusTooManyRequests || !strings.Contains(string(body), "Demasiados intentos") {
		t.Fatalf("codes %v then %d %s", codes, last.Code, body)
	}
	if last.Header().Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
}

func TestPublicConfig(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Open(t, testdb.Dialects()[0], true))
	var cfg publicConfig
	if code := e.call("GET", "/api/config", "", nil, &cfg); code != http.StatusOK {
		t.Fatalf("status %d", code)
	}
	if cfg.CommunityName != "Zócalo" || len(cfg.Servers) != 4 || len(cfg.Shop) != 4 || len(cfg.Groups) != 4 {
		t.Fatalf("config %+v", cfg)
	}
	if !strings.Contains(cfg.Servers[0].JoinURL, cfg.Servers[0].Code) {
		t.Fatalf("join URL %q", cfg.Servers[0].JoinURL)
	}
	if cfg.RoleIDs["COMITE"] != testRoles["COMITE"] {
		t.Fatalf("role ids %v", cfg.RoleIDs)
	}
}

func TestRateLimitsCountClientsBehindATrustedProxy(t *testing.T) {
	t.Parallel()
	d := testdb.Open(t, testdb.Dialects()[0], true)
	for _, c := range []struct {
		trusted []string
		want    int // sign-ins admitted from two clients behind one proxy, 2 per client
	}{{nil, 2}, {[]string{"192.0.2.1"}, 4}} {
		e := newEnv(t, d)
		e.cfg.TrustedProxies = c.trusted
		srv := New(Deps{App: e.app, Config: e.cfg, Logger: slog.New(slog.DiscardHandler)})
		srv.signIns.perMin = 2
		admitted := 0
		for _, client := range []string{"203.0.113.7", "203.0.113.8"} {
			for range 3 {
				req := httptest.NewRequest(http.MethodGet, "/api/auth/discord", nil)
				req.RemoteAddr = "192.0.2.1:4000"
				req.Header.Set("X-Forwarded-For", client)
				rec := httptest.NewRecorder()
				srv.Handler().ServeHTTP(rec, req)
				if rec.Code == http.StatusFound {
					admitted++
				}
			}
		}
		if admitted != c.want {
			t.Errorf("trusted %v: %d sign-ins admitted, want %d", c.trusted, admitted, c.want)
		}
	}
}

// Two replicas over one database share the count: a client alternating between them gets
// the limit once, not once per replica; the next minute starts afresh.
func TestRateLimitsHoldAcrossReplicas(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		replica := func() *Server {
			// Each replica has its own limiter over the shared database.
			app := *e.app
			app.RateLimits = ratelimit.NewStore(d, e.clock.Now)
			srv := New(Deps{App: &app, Config: e.cfg, Logger: slog.New(slog.DiscardHandler)})
			srv.signIns.perMin = 4
			return srv
		}
		replicas := []*Server{replica(), replica()}
		signIn := func(i int) int { return get(t, replicas[i%2].Handler(), "/api/auth/discord").Code }
		for i := range 4 {
			if code := signIn(i); code != http.StatusFound {
				t.Fatalf("sign-in %d: %d", i+1, code)
			}
		}
		for i := range 2 {
			if code := signIn(i); code != http.StatusTooManyRequests {
				t.Fatalf("sign-in %d past the limit, on replica %d: %d", 5+i, i%2, code)
			}
		}
		e.clock.Advance(time.Minute)
		if code := signIn(1); code != http.StatusFound {
			t.Fatalf("the next minute: %d", code)
		}
	})
}
