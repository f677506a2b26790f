package webapi

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/internal/discordfake"
	"zocalo/internal/testdb"
)

func identityPersonas(e *env) map[string]string {
	e.addUser("jugador", "560000000000000001", true)
	e.addUser("otro", "560000000000000002", true)
	e.addUser("moderador", "560000000000000003", true, authz.Moderador)
	e.addUser("trial", "560000000000000004", true, authz.Trial)
	e.addUser("rh", "560000000000000005", true, authz.RH)
	tokens := map[string]string{"": ""}
	for _, p := range []string{"jugador", "otro", "moderador", "trial", "rh"} {
		tokens[p] = e.signIn(p)
	}
	e.fake.AddRobloxAccount(discordfake.RobloxAccount{UserID: "9001", Username: "JugadorMX", DisplayName: "Jugador"})
	e.fake.AddRobloxAccount(discordfake.RobloxAccount{UserID: "9002", Username: "OtroRP", DisplayName: "Otro"})
	return tokens
}

func TestDocumentsOverHTTP(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := identityPersonas(e)
		ine := map[string]string{"RobloxName": "JugadorMX", "Nombre": "Ana", "Apellido": "López", "Estado": "Jalisco",
			"Municipio": "Zapopan", "FechaNacimiento": "01/03/2000"}
		var msg messageBody
		if code := e.call("POST", "/api/documents/ine", "", body(ine), &msg); code != 401 {
			t.Fatalf("signed out: %d", code)
		}
		missing := map[string]string{}
		for k, v := range ine {
			missing[k] = v
		}
		missing["FechaNacimiento"] = ""
		if code := e.call("POST", "/api/documents/ine", tok["jugador"], body(missing), &msg); code != 400 || msg.Message != "La fecha de nacimiento es obligatoria" {
			t.Fatalf("no birth date: %d %q", code, msg.Message)
		}
		var created struct {
			Document struct{ Type, Number string }
		}
		if code := e.call("POST", "/api/documents/ine", tok["jugador"], body(ine), &created); code != 201 || created.Document.Type != "INE" {
			t.Fatalf("INE: %d %+v", code, created)
		}
		pass := map[string]string{"RobloxName": "JugadorMX", "Nombre": "Ana", "Apellido": "López", "Pais": "Chile", "FechaNacimiento": "01/03/2000"}
		if code := e.call("POST", "/api/documents/pasaporte", tok["jugador"], body(pass), &msg); code != 409 {
			t.Fatalf("passport after INE: %d", code)
		}
		var st struct{ HasINE, HasPasaporte bool }
		if code := e.call("GET", "/api/documents/status", tok["jugador"], nil, &st); code != 200 || !st.HasINE || st.HasPasaporte {
			t.Fatalf("status %d %+v", code, st)
		}
		var mine struct {
			Document *struct {
				Number string
				Edad   int `json:"edad"`
			}
		}
		if code := e.call("GET", "/api/documents/mine", tok["jugador"], nil, &mine); code != 200 || mine.Document == nil || mine.Document.Number != created.Document.Number {
			t.Fatalf("mine %d %+v", code, mine)
		}
		if code := e.call("GET", "/api/documents/mine", tok["otro"], nil, &mine); code != 200 || mine.Document != nil {
			t.Fatalf("someone without a document: %d %+v", code, mine)
		}
	})
}

func TestRecordsOverHTTP(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := identityPersonas(e)
		charge := func(who string, q map[string]string) int {
			return e.call("POST", "/api/records/charges", tok[who], body(q), nil)
		}
		for who, want := range map[string]int{"": 401, "jugador": 403, "trial": 403, "moderador": 201, "rh": 201} {
			if code := charge(who, map[string]string{"discordId": "560000000000000002", "description": "Cargo de " + who}); code != want {
				t.Errorf("%q adds a charge: %d, want %d", who, code, want)
			}
		}
		var list []struct {
			DiscordID string `json:"discordId"`
			Charges   []struct{ Description, Date string }
		}
		if code := e.call("GET", "/api/records/search?discordId=560000000000000002&robloxUsername=", tok["jugador"], nil, &list); code != 200 || len(list) != 1 || len(list[0].Charges) != 2 {
			t.Fatalf("search %d %+v", code, list)
		}
		if code := e.call("GET", "/api/records/search?discordId=560000000000000099", tok["jugador"], nil, &list); code != 200 || len(list) != 0 {
			t.Fatalf("nobody %d %+v", code, list)
		}
		var msg messageBody
		if code := e.call("GET", "/api/records/search", tok["jugador"], nil, &msg); code != 400 || msg.Message == "" {
			t.Fatalf("no key %d %q", code, msg.Message)
		}
		if code := e.call("GET", "/api/records/search?discordId=560000000000000002", "", nil, nil); code != 401 {
			t.Fatalf("signed out search %d", code)
		}

		req, _ := http.NewRequest("GET", e.http.URL+"/api/records/pdf?discordId=560000000000000002", nil)
		req.Header.Set("Authorization", "Bearer "+tok["jugador"])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		pdf, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 || res.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(pdf, []byte("%PDF-")) ||
			!strings.Contains(res.Header.Get("Content-Disposition"), "attachment") {
			t.Fatalf("pdf %d %q %q", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Content-Disposition"))
		}
	})
}

// verify runs the Roblox verification in a browser: initiate, consent on the fake Roblox
// (changed by atRoblox), and Roblox's redirect back. It returns where the portal sent the
// browser at the end.
func (e *env) verify(token string, browser *http.Client, atRoblox func(u *url.URL)) *url.URL {
	e.t.Helper()
	req, _ := http.NewRequest("POST", e.http.URL+"/api/verify/initiate", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := browser.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	var started struct{ URL string }
	raw, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || jsonUnmarshal(raw, &started) != nil || started.URL == "" {
		e.t.Fatalf("initiate: %d %s", res.StatusCode, raw)
	}
	next, _ := url.Parse(started.URL)
	q := next.Query()
	if q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" || q.Get("scope") != "openid profile" || q.Get("state") == "" {
		e.t.Fatalf("authorize URL %s", next)
	}
	atRoblox(next)
	for range 5 {
		res, err := browser.Get(next.String())
		if err != nil {
			e.t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusFound {
			e.t.Fatalf("%s answered %d", next, res.StatusCode)
		}
		loc, _ := res.Request.URL.Parse(res.Header.Get("Location"))
		if strings.HasPrefix(loc.Path, "/verify/") {
			return loc
		}
		next = loc
	}
	e.t.Fatal("too many redirects")
	return nil
}

func asRobloxAccount(name string) func(u *url.URL) {
	return func(u *url.URL) {
		q := u.Query()
		q.Set("account", name)
		u.RawQuery = q.Encode()
	}
}

func TestRobloxVerification(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := identityPersonas(e)
		var st struct {
			Verified   bool
			Username   string
			VerifiedAt *string
		}
		if code := e.call("GET", "/api/verify/status", tok["jugador"], nil, &st); code != 200 || st.Verified {
			t.Fatalf("before: %d %+v", code, st)
		}

		denied := e.verify(tok["jugador"], e.browser(), func(u *url.URL) {
			q := u.Query()
			q.Set("deny", "1")
			u.RawQuery = q.Encode()
		})
		if denied.Path != "/verify/error" || denied.Query().Get("reason") != "denied" {
			t.Fatalf("denied consent ended at %s", denied)
		}

		forged := e.verify(tok["jugador"], e.browser(), func(u *url.URL) {
			q := u.Query()
			q.Set("state", "forged-state")
			q.Set("account", "JugadorMX")
			u.RawQuery = q.Encode()
		})
		if forged.Path != "/verify/error" || forged.Query().Get("reason") != "expired" {
			t.Fatalf("bad state ended at %s", forged)
		}

		// A state started in one browser cannot be finished in another.
		req, _ := http.NewRequest("POST", e.http.URL+"/api/verify/initiate", nil)
		req.Header.Set("Authorization", "Bearer "+tok["jugador"])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var started struct{ URL string }
		raw, _ := io.ReadAll(res.Body)
		res.Body.Close()
		_ = jsonUnmarshal(raw, &started)
		consent, _ := url.Parse(started.URL)
		asRobloxAccount("JugadorMX")(consent)
		res, err = e.browser().Get(consent.String())
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		res, err = e.browser().Get(res.Header.Get("Location"))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if loc := res.Header.Get("Location"); loc != "/verify/error?reason=expired" {
			t.Fatalf("another browser ended at %q", loc)
		}

		e.fake.FailNextRobloxUserinfo()
		if end := e.verify(tok["jugador"], e.browser(), asRobloxAccount("JugadorMX")); end.Query().Get("reason") != "unavailable" {
			t.Fatalf("Roblox failing ended at %s", end)
		}
		if code := e.call("GET", "/api/verify/status", tok["jugador"], nil, &st); code != 200 || st.Verified {
			t.Fatalf("failed attempts linked something: %+v", st)
		}

		if end := e.verify(tok["jugador"], e.browser(), asRobloxAccount("JugadorMX")); end.Path != "/verify/success" {
			t.Fatalf("success ended at %s", end)
		}
		if code := e.call("GET", "/api/verify/status", tok["jugador"], nil, &st); code != 200 || !st.Verified || st.Username != "JugadorMX" || st.VerifiedAt == nil {
			t.Fatalf("after: %d %+v", code, st)
		}

		taken := e.verify(tok["otro"], e.browser(), asRobloxAccount("JugadorMX"))
		if taken.Path != "/verify/error" || taken.Query().Get("reason") != "taken" {
			t.Fatalf("an account already linked ended at %s", taken)
		}
		if code := e.call("GET", "/api/verify/status", tok["otro"], nil, &st); st.Verified {
			t.Fatalf("the second claim linked: %d %+v", code, st)
		}
		if end := e.verify(tok["otro"], e.browser(), asRobloxAccount("OtroRP")); end.Path != "/verify/success" {
			t.Fatalf("otro's own account ended at %s", end)
		}

		// The verified name finds the record, and the player profile shows the link.
		var list []struct{ DiscordID string }
		if code := e.call("GET", "/api/records/search?robloxUsername=jugadormx", tok["otro"], nil, &list); code != 200 || len(list) != 1 || list[0].DiscordID != "560000000000000001" {
			t.Fatalf("search by the verified name: %d %+v", code, list)
		}
		var profile struct {
			Roblox struct {
				Verified bool
				Username string
			}
			Document *struct{}
			Tickets  []struct{}
			Charges  []struct{}
		}
		if code := e.call("GET", "/api/players/me", tok["jugador"], nil, &profile); code != 200 || !profile.Roblox.Verified ||
			profile.Roblox.Username != "JugadorMX" || profile.Document != nil || profile.Tickets == nil || profile.Charges == nil {
			t.Fatalf("profile %d %+v", code, profile)
		}
	})
}

func TestAPIKeys(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := identityPersonas(e)
		if code := e.call("POST", "/api/admin/api-keys", tok["moderador"], body(map[string]string{"name": "x"}), nil); code != 403 {
			t.Fatalf("a moderator created a key: %d", code)
		}
		var created struct {
			ID  uint64
			Key string
		}
		if code := e.call("POST", "/api/admin/api-keys", tok["rh"], body(map[string]string{"name": "Servidor Principal"}), &created); code != 201 || !strings.HasPrefix(created.Key, "zk_") {
			t.Fatalf("create: %d %+v", code, created)
		}
		var listed []struct {
			Prefix string
			Key    string
		}
		if code := e.call("GET", "/api/admin/api-keys", tok["rh"], nil, &listed); code != 200 || len(listed) != 1 || listed[0].Key != "" || !strings.HasPrefix(created.Key, listed[0].Prefix) {
			t.Fatalf("list: %d %+v", code, listed)
		}
		var stored []struct{ Hash string }
		if err := d.Conn(t.Context()).Table("api_keys").Find(&stored).Error; err != nil || len(stored) != 1 || strings.Contains(created.Key, stored[0].Hash) {
			t.Fatalf("stored %+v %v", stored, err)
		}

		game := func(method, path, key string, payload any) (int, string) {
			var rd io.Reader
			if payload != nil {
				rd = body(payload)
			}
			req, _ := http.NewRequest(method, e.http.URL+path, rd)
			if key != "" {
				req.Header.Set("X-API-Key", key)
			}
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(res.Body)
			res.Body.Close()
			return res.StatusCode, string(raw)
		}
		if code, _ := game("GET", "/api/integrations/players/JugadorMX", "", nil); code != 401 {
			t.Fatalf("no key: %d", code)
		}
		if code, _ := game("GET", "/api/integrations/players/JugadorMX", created.Key+"x", nil); code != 401 {
			t.Fatalf("wrong key: %d", code)
		}
		if code, _ := game("GET", "/api/integrations/players/JugadorMX", "zk_000000000000_abc", nil); code != 401 {
			t.Fatalf("made-up key: %d", code)
		}
		if code, _ := game("GET", "/api/integrations/players/JugadorMX", tok["rh"], nil); code != 401 {
			t.Fatalf("a session token as a key: %d", code)
		}
		if code, raw := game("POST", "/api/integrations/records/charges", created.Key, map[string]string{"robloxUsername": "Nuevo_1", "description": "Robo"}); code != 201 {
			t.Fatalf("game charge: %d %s", code, raw)
		}
		code, raw := game("GET", "/api/integrations/players/nuevo_1", created.Key, nil)
		if code != 200 || !strings.Contains(raw, `"description":"Robo"`) || !strings.Contains(raw, `"document":null`) {
			t.Fatalf("player: %d %s", code, raw)
		}
		if code := e.call("DELETE", fmt.Sprintf("/api/admin/api-keys/%d", created.ID), tok["rh"], nil, nil); code != 200 {
			t.Fatalf("revoke: %d", code)
		}
		if code, _ := game("GET", "/api/integrations/players/nuevo_1", created.Key, nil); code != 401 {
			t.Fatalf("revoked key: %d", code)
		}
		if code := e.call("DELETE", "/api/admin/api-keys/999", tok["rh"], nil, nil); code != 404 {
			t.Fatalf("revoke unknown: %d", code)
		}
	})
}

func TestIntegrationCallsAreRateLimitedPerKey(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Open(t, testdb.Dialects()[0], true))
	const limit = 5
	e.server.integrations.perMin = limit
	first, err := e.app.APIKeys.Issue(t.Context(), "uno", "test")
	if err != nil {
		t.Fatal(err)
	}
	second, _ := e.app.APIKeys.Issue(t.Context(), "dos", "test")
	codes := map[int]int{}
	call := func(key string) int {
		req, _ := http.NewRequest("GET", e.http.URL+"/api/integrations/players/Alguien", nil)
		req.Header.Set("Authorization", "Bearer "+key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	for range limit + 1 {
		codes[call(first.Key)]++
	}
	if codes[200] != limit || codes[429] != 1 {
		t.Fatalf("codes %v (limit %d)", codes, limit)
	}
	if code := call(second.Key); code != 200 {
		t.Fatalf("another key is limited too: %d", code)
	}
}
