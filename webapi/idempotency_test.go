package webapi

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/core/idempotency"
	"zocalo/internal/testdb"
)

func TestIdempotencyKeys(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := &raceEnv{env: newEnv(t, d), d: d, tokens: map[string]string{}}
		for _, p := range tablePersonas {
			if p.name == "moderador" || p.name == "rh" {
				r.addUser(p.name, p.id, true, p.roles...)
				r.tokens[p.name] = r.signIn(p.name)
			}
		}
		report := func(token, key, content string) answer {
			return r.do(t, request{method: "POST", path: "/api/staff/report", token: token, key: key,
				body: map[string]string{"date": "2026-02-27", "content": content}})
		}
		reports := func(content string) int64 { return r.count(t, "staff_reports", "content = ?", content) }

		t.Run("a later repeat gets the first answer, marked as replayed", func(t *testing.T) {
			first := report(r.tokens["moderador"], "clave-1", "Primero")
			res, err := http.DefaultClient.Do(mustRequest(t, r, "clave-1", `{"content":"Primero","date":"2026-02-27"}`))
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if first.status != 201 || res.StatusCode != 201 || res.Header.Get(replayedHeader) != "true" {
				t.Fatalf("first %d, repeat %d replayed=%q", first.status, res.StatusCode, res.Header.Get(replayedHeader))
			}
			expectCount(t, "reports", reports("Primero"), 1)
		})
		t.Run("the same key with another body is refused and changes nothing", func(t *testing.T) {
			a := report(r.tokens["moderador"], "clave-1", "Otro texto")
			if a.status != 400 || !strings.Contains(a.message(), "ya se usó con otra solicitud") {
				t.Fatalf("%d %s", a.status, a.body)
			}
			expectCount(t, "reports", reports("Otro texto"), 0)
		})
		t.Run("keys belong to whoever sent them", func(t *testing.T) {
			// RH may not file shift reports: with the moderator's key they still get their own
			// answer, not the moderator's.
			if a := report(r.tokens["rh"], "clave-1", "Primero"); a.status != 403 {
				t.Fatalf("another member reusing a key: %d %s", a.status, a.body)
			}
		})
		t.Run("a refused request leaves the key free", func(t *testing.T) {
			if a := report(r.tokens["moderador"], "clave-2", ""); a.status != 400 {
				t.Fatalf("empty report: %d", a.status)
			}
			if a := report(r.tokens["moderador"], "clave-2", ""); a.status != 400 || a.message() == "" {
				t.Fatalf("the same refusal again: %d %s", a.status, a.body)
			}
		})
		t.Run("malformed keys", func(t *testing.T) {
			for _, key := range []string{strings.Repeat("k", 101), "con espacio", "acentuada-é"} {
				if a := report(r.tokens["moderador"], key, "Malformada"); a.status != 400 {
					t.Errorf("key %q: %d", key, a.status)
				}
			}
			expectCount(t, "reports", reports("Malformada"), 0)
		})
		t.Run("keys are forgotten after a day", func(t *testing.T) {
			report(r.tokens["moderador"], "clave-3", "Ayer")
			r.clock.Advance(idempotency.TTL + time.Minute)
			if n, err := r.app.Idempotency.Prune(context.Background()); err != nil || n == 0 {
				t.Fatalf("pruned %d, %v", n, err)
			}
			report(r.tokens["moderador"], "clave-3", "Ayer")
			expectCount(t, "reports", reports("Ayer"), 2)
		})
	})
}

func mustRequest(t *testing.T, r *raceEnv, key, body string) *http.Request {
	t.Helper()
	req, err := http.NewRequest("POST", r.http.URL+"/api/staff/report", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+r.tokens["moderador"])
	req.Header.Set(IdempotencyHeader, key)
	return req
}
