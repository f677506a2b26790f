package webapi

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/golang-jwt/jwt/v5"

	"zocalo/core/auth"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/members"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

func countSessions(t *testing.T, d *db.DB) int64 {
	t.Helper()
	var n int64
	if err := d.Conn(context.Background()).Model(&auth.Session{}).Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSignIn(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addUser("tesorera", "500000000000000001", true, authz.Tesoreria)
		e.addUser("visitante", "500000000000000002", false)
		e.addUser("revisora", "500000000000000099", true)

		t.Run("good flow ends at /auth/callback with a code traded for a token, and the profile shows the roles", func(t *testing.T) {
			token := e.signIn("tesorera")
			var p auth.Profile
			if code := e.call("GET", "/api/auth/profile", token, nil, &p); code != http.StatusOK {
				t.Fatalf("profile: %d", code)
			}
			if p.DiscordID != "500000000000000001" || p.Username != "tesorera" || p.Email != "tesorera@example.com" ||
				p.Avatar != "a_tesorera" || !slices.Equal(p.DiscordRoles, []string{testRoles[authz.Tesoreria]}) || p.Abilities.ReviewArtists {
				t.Fatalf("profile = %+v", p)
			}
		})

		t.Run("logout revokes the token", func(t *testing.T) {
			token := e.signIn("tesorera")
			if code := e.call("POST", "/api/auth/logout", token, nil, nil); code != http.StatusOK {
				t.Fatalf("logout: %d", code)
			}
			var m messageBody
			if code := e.call("GET", "/api/auth/profile", token, nil, &m); code != http.StatusUnauthorized || m.Message == "" {
				t.Fatalf("after logout: %d %q", code, m.Message)
			}
		})

		t.Run("a user outside the guild is signed in with no roles", func(t *testing.T) {
			token := e.signIn("visitante")
			var p auth.Profile
			if code := e.call("GET", "/api/auth/profile", token, nil, &p); code != http.StatusOK {
				t.Fatalf("profile: %d", code)
			}
			if p.DiscordRoles == nil || len(p.DiscordRoles) != 0 {
				t.Fatalf("roles = %#v, want an empty list", p.DiscordRoles)
			}
			m, err := e.app.Members.Get(context.Background(), "500000000000000002")
			if err != nil || m == nil || m.InGuild {
				t.Fatalf("member = %+v, %v", m, err)
			}
		})

		t.Run("the allowlist marks artist reviewers", func(t *testing.T) {
			var p auth.Profile
			e.call("GET", "/api/auth/profile", e.signIn("revisora"), nil, &p)
			if !p.Abilities.ReviewArtists {
				t.Fatal("revisora is on the allowlist")
			}
		})

		t.Run("a wrong state is refused with a message and no session", func(t *testing.T) {
			before := countSessions(t, d)
			end := e.follow(e.browser(), e.http.URL+"/api/auth/discord", func(u *url.URL) {
				q := u.Query()
				q.Set("persona", "tesorera")
				q.Set("state", "0123456789abcdef0123456789abcdef")
				u.RawQuery = q.Encode()
			})
			if end.Query().Get("code") != "" || !strings.Contains(end.Query().Get("error"), "no es válida") {
				t.Fatalf("ended at %s", end)
			}
			if after := countSessions(t, d); after != before {
				t.Fatalf("sessions %d → %d", before, after)
			}
		})

		t.Run("a missing state cookie is refused", func(t *testing.T) {
			before := countSessions(t, d)
			code := e.fake.IssueCode("500000000000000001", e.cfg.PublicURL+"/api/auth/discord/callback")
			end := e.follow(e.browser(), e.http.URL+"/api/auth/discord/callback?state=abc&code="+code, nil)
			if end.Query().Get("code") != "" || end.Query().Get("error") == "" {
				t.Fatalf("ended at %s", end)
			}
			if after := countSessions(t, d); after != before {
				t.Fatalf("sessions %d → %d", before, after)
			}
		})

		t.Run("Discord answering 500 ends with a clear error and no session", func(t *testing.T) {
			before := countSessions(t, d)
			e.fake.FailNext(1, http.StatusInternalServerError, 0)
			end := e.follow(e.browser(), e.http.URL+"/api/auth/discord", func(u *url.URL) {
				q := u.Query()
				q.Set("persona", "tesorera")
				u.RawQuery = q.Encode()
			})
			if end.Query().Get("code") != "" || !strings.Contains(end.Query().Get("error"), "Discord") {
				t.Fatalf("ended at %s", end)
			}
			if after := countSessions(t, d); after != before {
				t.Fatalf("sessions %d → %d", before, after)
			}
		})

		t.Run("consent denied in Discord ends with a message", func(t *testing.T) {
			end := e.follow(e.browser(), e.http.URL+"/api/auth/discord", func(u *url.URL) {
				q := u.Query()
				q.Set("deny", "1")
				u.RawQuery = q.Encode()
			})
			if end.Query().Get("code") != "" || !strings.Contains(end.Query().Get("error"), "cancel") {
				t.Fatalf("ended at %s", end)
			}
		})

		// startSignIn goes through Discord as tesorera in a fresh browser and answers it with
		// the one-time code the sign-in ends with.
		startSignIn := func(t *testing.T) (*http.Client, string) {
			c := e.browser()
			end := e.follow(c, e.http.URL+"/api/auth/discord", testenv.AsPersona("tesorera"))
			if end.Path != "/auth/callback" || end.Query().Get("token") != "" || end.Query().Get("code") == "" {
				t.Fatalf("ended at %s", end)
			}
			return c, end.Query().Get("code")
		}

		t.Run("the sign-in ends with a code the same browser exchanges once for a token", func(t *testing.T) {
			c, code := startSignIn(t)
			status, token := testenv.ExchangeSignIn(t, c, e.http.URL, code)
			if status != http.StatusOK {
				t.Fatalf("exchange: %d %s", status, token)
			}
			var p auth.Profile
			if got := e.call("GET", "/api/auth/profile", token, nil, &p); got != http.StatusOK || p.Username != "tesorera" {
				t.Fatalf("profile: %d %+v", got, p)
			}
			before := countSessions(t, d)
			status, msg := testenv.ExchangeSignIn(t, c, e.http.URL, code)
			if status != http.StatusUnauthorized || !strings.Contains(msg, "ya se usó") {
				t.Fatalf("second exchange: %d %q", status, msg)
			}
			if after := countSessions(t, d); after != before {
				t.Fatalf("sessions %d → %d", before, after)
			}
		})

		t.Run("a code is refused in another browser and stays good in its own", func(t *testing.T) {
			c, code := startSignIn(t)
			before := countSessions(t, d)
			for name, other := range map[string]*http.Client{"no cookie": e.browser(), "another sign-in's cookie": func() *http.Client {
				o, _ := startSignIn(t)
				return o
			}()} {
				status, msg := testenv.ExchangeSignIn(t, other, e.http.URL, code)
				if status != http.StatusUnauthorized || !strings.Contains(msg, "Inicia sesión de nuevo") {
					t.Fatalf("%s: %d %q", name, status, msg)
				}
			}
			if after := countSessions(t, d); after != before {
				t.Fatalf("sessions %d → %d", before, after)
			}
			if status, token := testenv.ExchangeSignIn(t, c, e.http.URL, code); status != http.StatusOK {
				t.Fatalf("own browser: %d %s", status, token)
			}
		})

		t.Run("an expired code signs nobody in", func(t *testing.T) {
			c, code := startSignIn(t)
			before := countSessions(t, d)
			e.clock.Advance(auth.SignInCodeTTL + time.Second)
			status, msg := testenv.ExchangeSignIn(t, c, e.http.URL, code)
			if status != http.StatusUnauthorized || !strings.Contains(msg, "expiró") {
				t.Fatalf("exchange: %d %q", status, msg)
			}
			if after := countSessions(t, d); after != before {
				t.Fatalf("sessions %d → %d", before, after)
			}
		})

		t.Run("an empty code is a 400 with a message", func(t *testing.T) {
			c, _ := startSignIn(t)
			if status, msg := testenv.ExchangeSignIn(t, c, e.http.URL, ""); status != http.StatusBadRequest || msg == "" {
				t.Fatalf("exchange: %d %q", status, msg)
			}
		})

		t.Run("the state cookie is HttpOnly and SameSite", func(t *testing.T) {
			res, err := e.browser().Get(e.http.URL + "/api/auth/discord")
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			cookie := res.Header.Get("Set-Cookie")
			if !strings.Contains(cookie, "HttpOnly") || !strings.Contains(cookie, "SameSite=Lax") {
				t.Fatalf("Set-Cookie = %q", cookie)
			}
		})
	})
}

func TestTokens(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addUser("moderador", "500000000000000003", true, authz.Moderador)
		token := e.signIn("moderador")
		parsed, _, err := jwt.NewParser().ParseUnverified(token, &jwt.RegisteredClaims{})
		if err != nil {
			t.Fatal(err)
		}
		claims := *parsed.Claims.(*jwt.RegisteredClaims)

		sign := func(method jwt.SigningMethod, key any, c jwt.RegisteredClaims) string {
			s, err := jwt.NewWithClaims(method, c).SignedString(key)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		expired := claims
		expired.ExpiresAt = jwt.NewNumericDate(e.clock.Now().Add(-time.Minute))

		cases := []struct {
			name  string
			token string
			want  int
		}{
			{"the issued token", token, http.StatusOK},
			{"no token", "", http.StatusUnauthorized},
			{"garbage", "not.a.token", http.StatusUnauthorized},
			{"forged with another secret", sign(jwt.SigningMethodHS256, []byte("another-secret-another-secret-another"), claims), http.StatusUnauthorized},
			{"alg none", sign(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, claims), http.StatusUnauthorized},
			{"HS512 with the right secret", sign(jwt.SigningMethodHS512, []byte(testSecret), claims), http.StatusUnauthorized},
			{"expiry moved back by the holder", sign(jwt.SigningMethodHS256, []byte("x"), expired), http.StatusUnauthorized},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				if got := e.call("GET", "/api/auth/profile", c.token, nil, nil); got != c.want {
					t.Fatalf("status %d, want %d", got, c.want)
				}
			})
		}

		t.Run("a token past its expiry is refused", func(t *testing.T) {
			e.clock.Advance(e.cfg.SessionTTL.Duration + time.Second)
			if got := e.call("GET", "/api/auth/profile", token, nil, nil); got != http.StatusUnauthorized {
				t.Fatalf("status %d", got)
			}
		})
	})
}

// Roles come from the members table on every request, not from the token.
func TestRolesFollowTheMembersTable(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addUser("tesorera", "500000000000000001", true, authz.Tesoreria)
		e.server.engine.GET("/api/test/treasury", e.server.RequireGroups(authz.Treasury), func(c *gin.Context) {
			c.JSON(http.StatusOK, gin.H{"ok": true})
		})
		token := e.signIn("tesorera")
		if got := e.call("GET", "/api/test/treasury", token, nil, nil); got != http.StatusOK {
			t.Fatalf("with TESORERIA: %d", got)
		}
		if _, err := e.app.Members.Upsert(context.Background(), members.Snapshot{
			DiscordID: "500000000000000001", Username: "tesorera", InGuild: true, RoleIDs: []string{},
		}); err != nil {
			t.Fatal(err)
		}
		var m messageBody
		if got := e.call("GET", "/api/test/treasury", token, nil, &m); got != http.StatusForbidden || m.Message == "" {
			t.Fatalf("without TESORERIA: %d %q", got, m.Message)
		}
		var p auth.Profile
		e.call("GET", "/api/auth/profile", token, nil, &p)
		if len(p.DiscordRoles) != 0 {
			t.Fatalf("profile roles = %v", p.DiscordRoles)
		}
		if got := e.call("GET", "/api/test/treasury", "", nil, nil); got != http.StatusUnauthorized {
			t.Fatalf("signed out: %d", got)
		}
	})
}

// A browser refused by the sign-in limit lands on the web's sign-in page with the message,
// not on a JSON body.
func TestRateLimitedSignInInABrowserShowsTheMessage(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Open(t, testdb.Dialects()[0], true))
	e.server.signIns.perMin = 2 // buckets take the rate when first used
	h := e.server.Handler()
	const html = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
	for range 2 {
		if res := get(t, h, "/api/auth/discord", "Accept", html); res.Code != http.StatusFound || !strings.Contains(res.Header().Get("Location"), "oauth2/authorize") {
			t.Fatalf("an admitted sign-in: %d %s", res.Code, res.Header().Get("Location"))
		}
	}
	res := get(t, h, "/api/auth/discord", "Accept", html)
	end, err := url.Parse(res.Header().Get("Location"))
	if err != nil || res.Code != http.StatusFound || end.Path != "/auth/callback" ||
		!strings.Contains(end.Query().Get("error"), "Demasiados intentos de inicio de sesión") {
		t.Fatalf("refused: %d %s", res.Code, res.Header().Get("Location"))
	}
	if res.Header().Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
}
