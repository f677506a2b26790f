package webapi

import (
	"net/http"
	"os"
	"strings"
	"testing"

	"zocalo/internal/testdb"
)

func TestStrictTransportSecurityOnlyOverHTTPS(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Open(t, testdb.Dialects()[0], true))
	if hsts := get(t, e.server.Handler(), "/healthz").Header().Get("Strict-Transport-Security"); hsts != "" {
		t.Fatalf("a portal on %s sent HSTS %q", e.cfg.PublicURL, hsts)
	}
	cfg := *e.cfg
	cfg.PublicURL = "https://zocalo.example"
	secure := New(Deps{App: e.app, Config: &cfg})
	for _, path := range []string{"/healthz", "/api/config", "/"} {
		if hsts := get(t, secure.Handler(), path).Header().Get("Strict-Transport-Security"); !strings.Contains(hsts, "max-age=31536000") {
			t.Errorf("%s over https: HSTS %q", path, hsts)
		}
	}
}

func TestMetricsBehindAToken(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Open(t, testdb.Dialects()[0], true))
	cfg := *e.cfg
	cfg.MetricsToken = "scraper-secret"
	h := New(Deps{App: e.app, Config: &cfg}).Handler()
	for _, c := range []struct {
		name, auth string
		want       int
	}{
		{"no token", "", http.StatusUnauthorized},
		{"a wrong token", "Bearer nope", http.StatusUnauthorized},
		{"a session-like header", "scraper-secret", http.StatusUnauthorized},
		{"the token", "Bearer scraper-secret", http.StatusOK},
	} {
		rec := get(t, h, "/metrics", "Authorization", c.auth)
		if rec.Code != c.want {
			t.Errorf("%s: %d, want %d", c.name, rec.Code, c.want)
		}
		if c.want == http.StatusOK && !strings.Contains(rec.Body.String(), "zocalo_http_requests_total") {
			t.Errorf("%s: no metrics in %q", c.name, rec.Body.String())
		}
	}
}

// The shipped proxy keeps /metrics from the internet and tells browsers to stay on https.
func TestShippedCaddyfile(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("../deploy/Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	caddy := string(raw)
	for _, want := range []string{"@metrics path /metrics", "respond @metrics 404", `header Strict-Transport-Security "max-age=31536000"`} {
		if !strings.Contains(caddy, want) {
			t.Errorf("deploy/Caddyfile lacks %q", want)
		}
	}
}
