package webapi

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/news"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// exchangeInBrowser posts a sign-in's code with c's cookies, as the web's callback page does,
// and answers the response and the token (empty when refused).
func exchangeInBrowser(t *testing.T, e *env, c *http.Client, code string) (*http.Response, string) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"code": code})
	res, err := c.Post(e.http.URL+"/api/auth/exchange", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out struct{ Token string }
	_ = json.NewDecoder(res.Body).Decode(&out)
	return res, out.Token
}

// signInCode walks the sign-in as persona in c and answers the one-time code it ends with.
func signInCode(t *testing.T, e *env, c *http.Client, persona string) string {
	t.Helper()
	end := e.follow(c, e.http.URL+"/api/auth/discord", testenv.AsPersona(persona))
	code := end.Query().Get("code")
	if code == "" {
		t.Fatalf("sign-in as %s ended at %s", persona, end)
	}
	return code
}

// signInBrowser signs persona in through a browser, which keeps the cookies the sign-in
// sets, and answers it with the token the web stores.
func signInBrowser(t *testing.T, e *env, persona string) (*http.Client, string) {
	t.Helper()
	c := e.browser()
	res, token := exchangeInBrowser(t, e, c, signInCode(t, e, c, persona))
	if res.StatusCode != http.StatusOK || token == "" {
		t.Fatalf("exchange as %s: %d", persona, res.StatusCode)
	}
	return c, token
}

// sessionCookieOf is the session cookie a response sets, or nil.
func sessionCookieOf(res *http.Response) *http.Cookie {
	for _, ck := range res.Cookies() {
		if ck.Name == sessionCookie {
			return ck
		}
	}
	return nil
}

// jti is a token's session id, read without checking it.
func jti(t *testing.T, token string) string {
	t.Helper()
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("token %q", token)
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var claims struct {
		ID string `json:"jti"`
	}
	if err := json.Unmarshal(raw, &claims); err != nil {
		t.Fatal(err)
	}
	return claims.ID
}

// send makes a request as a browser at another site would: c's cookies, no bearer token.
func send(t *testing.T, c *http.Client, method, url, contentType, body string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Origin", "https://otro-sitio.example")
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

func TestSessionCookie(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.server.deps.WebFS = builtApp()
		e.addUser("comite", "591000000000000001", true, authz.Comite)
		e.addUser("jugadora", "591000000000000002", true)

		t.Run("the sign-in sets it HttpOnly and SameSite=Lax for the session's life; logout drops it", func(t *testing.T) {
			c := e.browser()
			res, token := exchangeInBrowser(t, e, c, signInCode(t, e, c, "jugadora"))
			ck := sessionCookieOf(res)
			if ck == nil || ck.Value != token || !ck.HttpOnly || ck.SameSite != http.SameSiteLaxMode || ck.Path != "/" || ck.Secure ||
				ck.MaxAge != int(e.cfg.SessionTTL.Seconds()) {
				t.Fatalf("Set-Cookie %v", res.Header["Set-Cookie"])
			}
			req, _ := http.NewRequestWithContext(context.Background(), "POST", e.http.URL+"/api/auth/logout", nil)
			req.Header.Set("Authorization", "Bearer "+token)
			out, err := c.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			out.Body.Close()
			if ck := sessionCookieOf(out); out.StatusCode != http.StatusOK || ck == nil || ck.MaxAge >= 0 {
				t.Fatalf("logout %d %v", out.StatusCode, out.Header["Set-Cookie"])
			}
		})

		t.Run("behind https it is Secure", func(t *testing.T) {
			cfg := *e.cfg
			cfg.PublicURL = "https://portal.example"
			s := New(Deps{App: e.app, Config: &cfg, Logger: slog.New(slog.DiscardHandler)})
			t.Cleanup(s.Close)
			rec := httptest.NewRecorder()
			c, _ := gin.CreateTestContext(rec)
			s.setSessionCookie(c, "token", e.app.Now().Add(e.cfg.SessionTTL.Duration))
			if set := rec.Header().Get("Set-Cookie"); !strings.Contains(set, "Secure") || !strings.Contains(set, "HttpOnly") {
				t.Fatalf("Set-Cookie %q", set)
			}
		})

		t.Run("a session opened before the cookie gets it with its next profile read, once", func(t *testing.T) {
			token := e.signIn("jugadora")
			c := e.browser()
			req, _ := http.NewRequestWithContext(context.Background(), "GET", e.http.URL+"/api/auth/profile", nil)
			req.Header.Set("Authorization", "Bearer "+token)
			res, err := c.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if ck := sessionCookieOf(res); ck == nil || ck.Value != token {
				t.Fatalf("Set-Cookie %v", res.Header["Set-Cookie"])
			}
			res, err = c.Do(req.Clone(context.Background()))
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if ck := sessionCookieOf(res); ck != nil {
				t.Fatalf("set again: %v", res.Header["Set-Cookie"])
			}
		})

		t.Run("a cross-site form carrying the cookie cannot write: the API reads the bearer header alone", func(t *testing.T) {
			c, token := signInBrowser(t, e, "comite")
			var before int64
			if err := e.app.DB.Conn(context.Background()).Model(&news.Item{}).Count(&before).Error; err != nil {
				t.Fatal(err)
			}
			for _, form := range []struct{ contentType, body string }{
				{"application/x-www-form-urlencoded", "title=Falsa&content=Texto&type=announcement"},
				{"multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nFalsa\r\n--x--\r\n"},
				{"text/plain", `{"title":"Falsa","content":"Texto","type":"announcement"}`},
			} {
				if res := send(t, c, "POST", e.http.URL+"/api/news/news-cards", form.contentType, form.body); res.StatusCode != http.StatusUnauthorized {
					t.Fatalf("%s: %d", form.contentType, res.StatusCode)
				}
			}
			if res := send(t, c, "POST", e.http.URL+"/api/auth/logout", "application/x-www-form-urlencoded", ""); res.StatusCode != http.StatusUnauthorized {
				t.Fatalf("logout by cookie: %d", res.StatusCode)
			}
			var after int64
			if err := e.app.DB.Conn(context.Background()).Model(&news.Item{}).Count(&after).Error; err != nil {
				t.Fatal(err)
			}
			if after != before {
				t.Fatalf("news %d → %d", before, after)
			}
			if code := e.call("GET", "/api/auth/profile", token, nil, nil); code != http.StatusOK {
				t.Fatalf("the session ended: %d", code)
			}
		})

		t.Run("a sign-in code planted in a signed-in browser is refused and leaves its session", func(t *testing.T) {
			victim, token := signInBrowser(t, e, "jugadora")
			planted := signInCode(t, e, e.browser(), "comite")
			before := countSessions(t, d)
			res, got := exchangeInBrowser(t, e, victim, planted)
			if res.StatusCode != http.StatusUnauthorized || got != "" || sessionCookieOf(res) != nil {
				t.Fatalf("planted code: %d %q %v", res.StatusCode, got, res.Header["Set-Cookie"])
			}
			if after := countSessions(t, d); after != before {
				t.Fatalf("sessions %d → %d", before, after)
			}
			_, page := fetchPage(t, victim, e.http.URL+"/support")
			var session struct {
				ID      string `json:"id"`
				Profile struct {
					Username string `json:"username"`
				} `json:"profile"`
			}
			if err := json.Unmarshal(servedBoot(t, page)["session"], &session); err != nil || session.ID != jti(t, token) || session.Profile.Username != "jugadora" {
				t.Fatalf("the victim's page: %+v %v", session, err)
			}
		})
	})
}
