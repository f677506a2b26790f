// Package discordfake is a local stand-in for Discord (OAuth2 and REST) that speaks the
// real wire format, built from discordgo's own types. Tests script it (fail the next
// requests, change a member's roles) and read what it received; demo mode mounts it in the
// same process so the real sign-in code path runs without a Discord account.
package discordfake

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Options configure the fake.
type Options struct {
	ClientID     string
	ClientSecret string // empty: any secret is accepted
	GuildID      string
	GuildName    string
}

// Persona is a user offered on the authorize page's picker.
type Persona struct {
	Name   string
	UserID string
}

// Request is one request the fake received.
type Request struct {
	Method string
	Path   string
	Query  string
	Body   string
	Time   time.Time
}

type grant struct {
	userID      string
	redirectURI string
	scope       string
}

type failure struct {
	status     int
	retryAfter float64
}

// Fake is the fake Discord.
type Fake struct {
	opts Options

	mu       sync.Mutex
	users    map[string]*discordgo.User
	members  map[string]*discordgo.Member
	roles    []*discordgo.Role
	personas []Persona
	codes    map[string]grant
	tokens   map[string]string
	requests []Request
	failures []failure
	mux      *http.ServeMux
}

// New builds an empty fake.
func New(opts Options) *Fake {
	if opts.GuildName == "" {
		opts.GuildName = "Zócalo"
	}
	f := &Fake{
		opts:    opts,
		users:   map[string]*discordgo.User{},
		members: map[string]*discordgo.Member{},
		codes:   map[string]grant{},
		tokens:  map[string]string{},
	}
	f.mux = http.NewServeMux()
	f.mux.HandleFunc("GET /oauth2/authorize", f.authorize)
	f.mux.HandleFunc("POST /api/oauth2/token", f.token)
	f.mux.HandleFunc("POST /api/v10/oauth2/token", f.token)
	f.mux.HandleFunc("GET /api/v10/users/@me", f.me)
	f.mux.HandleFunc("GET /api/v10/users/@me/guilds/{guild}/member", f.myMember)
	return f
}

// Handler serves the fake; mount it at the base URL the client is configured with.
func (f *Fake) Handler() http.Handler { return http.HandlerFunc(f.serve) }

func (f *Fake) serve(w http.ResponseWriter, r *http.Request) {
	body := ""
	if r.Body != nil && r.Method != http.MethodGet {
		_ = r.ParseForm()
		body = r.PostForm.Encode()
	}
	f.mu.Lock()
	f.requests = append(f.requests, Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Body: body, Time: time.Now()})
	var fail *failure
	if len(f.failures) > 0 && strings.HasPrefix(r.URL.Path, "/api/") {
		fail = &f.failures[0]
		f.failures = f.failures[1:]
	}
	f.mu.Unlock()
	if fail != nil {
		if fail.status == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", fmt.Sprintf("%.0f", fail.retryAfter+0.5))
			writeJSON(w, fail.status, map[string]any{"message": "You are being rate limited.", "retry_after": fail.retryAfter, "global": false})
			return
		}
		writeJSON(w, fail.status, map[string]any{"message": "500: Internal Server Error", "code": 0})
		return
	}
	f.mux.ServeHTTP(w, r)
}

// Transport serves requests in-process, whatever their host: the client's base URL only
// needs the right path.
func (f *Fake) Transport(pathPrefix string) http.RoundTripper {
	return roundTripper(func(r *http.Request) (*http.Response, error) {
		rec := httptest.NewRecorder()
		r2 := r.Clone(r.Context())
		r2.URL.Path = strings.TrimPrefix(r.URL.Path, pathPrefix)
		r2.RequestURI = r2.URL.RequestURI()
		f.Handler().ServeHTTP(rec, r2)
		res := rec.Result()
		res.Request = r
		return res, nil
	})
}

type roundTripper func(*http.Request) (*http.Response, error)

func (rt roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return rt(r) }

// AddRole adds a guild role.
func (f *Fake) AddRole(id, name string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.roles = append(f.roles, &discordgo.Role{ID: id, Name: name})
}

// AddUser adds a user; with inGuild they are a member holding roleIDs.
func (f *Fake) AddUser(u discordgo.User, inGuild bool, roleIDs ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	user := u
	f.users[u.ID] = &user
	if inGuild {
		f.members[u.ID] = &discordgo.Member{GuildID: f.opts.GuildID, User: &user, Roles: slices.Clone(roleIDs),
			JoinedAt: time.Date(2025, 1, 15, 12, 0, 0, 0, time.UTC)}
	} else {
		delete(f.members, u.ID)
	}
}

// AddPersona offers an existing user on the picker.
func (f *Fake) AddPersona(p Persona) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.personas = append(f.personas, p)
}

// SetRoles replaces a member's roles.
func (f *Fake) SetRoles(userID string, roleIDs ...string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.members[userID]
	if !ok {
		return fmt.Errorf("user %s is not in the guild", userID)
	}
	m.Roles = slices.Clone(roleIDs)
	return nil
}

// Member returns a copy of a guild member, if there is one.
func (f *Fake) Member(userID string) (discordgo.Member, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	m, ok := f.members[userID]
	if !ok {
		return discordgo.Member{}, false
	}
	c := *m
	c.Roles = slices.Clone(m.Roles)
	return c, true
}

// FailNext makes the next n API requests answer status (429 with retry_after seconds).
func (f *Fake) FailNext(n, status int, retryAfter float64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for range n {
		f.failures = append(f.failures, failure{status: status, retryAfter: retryAfter})
	}
}

// Requests lists what the fake received, oldest first.
func (f *Fake) Requests() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.requests)
}

var pickerPage = template.Must(template.New("picker").Parse(`<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Discord (demo): elige con quién entrar</title>
<style>
body{font-family:system-ui,sans-serif;background:#313338;color:#f2f3f5;display:flex;justify-content:center;padding:40px 16px;margin:0}
main{background:#2b2d31;border-radius:8px;padding:24px;max-width:480px;width:100%}
h1{font-size:20px;margin:0 0 8px}p{color:#b5bac1;font-size:14px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(130px,1fr));gap:8px;margin:16px 0}
button{background:#5865f2;color:#fff;border:0;border-radius:4px;padding:10px;font-size:15px;cursor:pointer}
button.cancel{background:#4e5058;width:100%}
</style></head><body><main>
<h1>Demo: inicia sesión como…</h1>
<p>Este Discord es de demostración. Elige una persona; cada una tiene los roles de su nombre en el servidor de prueba.</p>
<form method="get" action="authorize">
{{range $k, $v := .Params}}<input type="hidden" name="{{$k}}" value="{{$v}}">{{end}}
<div class="grid">{{range .Personas}}<button type="submit" name="persona" value="{{.Name}}">{{.Name}}</button>{{end}}</div>
<button class="cancel" type="submit" name="deny" value="1">Cancelar</button>
</form></main></body></html>`))

func (f *Fake) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	redirectURI, state := q.Get("redirect_uri"), q.Get("state")
	if q.Get("client_id") != f.opts.ClientID || q.Get("response_type") != "code" || redirectURI == "" {
		http.Error(w, "invalid OAuth2 request", http.StatusBadRequest)
		return
	}
	target, err := url.Parse(redirectURI)
	if err != nil {
		http.Error(w, "invalid redirect_uri", http.StatusBadRequest)
		return
	}
	back := target.Query()
	if state != "" {
		back.Set("state", state)
	}
	if q.Get("deny") != "" {
		back.Set("error", "access_denied")
		target.RawQuery = back.Encode()
		http.Redirect(w, r, target.String(), http.StatusFound)
		return
	}
	name := q.Get("persona")
	if name == "" {
		params := map[string]string{}
		for k := range q {
			params[k] = q.Get(k)
		}
		f.mu.Lock()
		personas := slices.Clone(f.personas)
		f.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_ = pickerPage.Execute(w, map[string]any{"Params": params, "Personas": personas})
		return
	}
	f.mu.Lock()
	userID := ""
	for _, p := range f.personas {
		if p.Name == name {
			userID = p.UserID
		}
	}
	if userID == "" {
		f.mu.Unlock()
		http.Error(w, "unknown persona "+name, http.StatusBadRequest)
		return
	}
	code := randomHex(16)
	f.codes[code] = grant{userID: userID, redirectURI: redirectURI, scope: q.Get("scope")}
	f.mu.Unlock()
	back.Set("code", code)
	target.RawQuery = back.Encode()
	http.Redirect(w, r, target.String(), http.StatusFound)
}

// IssueCode makes an authorization code for a user directly, as if they had consented.
func (f *Fake) IssueCode(userID, redirectURI string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	code := randomHex(16)
	f.codes[code] = grant{userID: userID, redirectURI: redirectURI, scope: "identify email guilds.members.read"}
	return code
}

func (f *Fake) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request"})
		return
	}
	clientID, secret, ok := r.BasicAuth()
	if !ok {
		clientID, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if clientID != f.opts.ClientID || (f.opts.ClientSecret != "" && secret != f.opts.ClientSecret) {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client"})
		return
	}
	if r.PostForm.Get("grant_type") != "authorization_code" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type"})
		return
	}
	f.mu.Lock()
	g, found := f.codes[r.PostForm.Get("code")]
	delete(f.codes, r.PostForm.Get("code"))
	var access string
	if found && g.redirectURI == r.PostForm.Get("redirect_uri") {
		access = randomHex(20)
		f.tokens[access] = g.userID
	}
	f.mu.Unlock()
	if access == "" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant", "error_description": "Invalid \"code\" in request."})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"access_token": access, "token_type": "Bearer", "expires_in": 604800,
		"refresh_token": randomHex(20), "scope": g.scope,
	})
}

func (f *Fake) bearerUser(r *http.Request) (string, bool) {
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		return "", false
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	id, ok := f.tokens[tok]
	return id, ok
}

func (f *Fake) me(w http.ResponseWriter, r *http.Request) {
	id, ok := f.bearerUser(r)
	if !ok {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"message": "401: Unauthorized", "code": 0})
		return
	}
	f.mu.Lock()
	u := *f.users[id]
	f.mu.Unlock()
	writeJSON(w, http.StatusOK, u)
}

func (f *Fake) myMember(w http.ResponseWriter, r *http.Request) {
	id, ok := f.bearerUser(r)
	if !ok {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"message": "401: Unauthorized", "code": 0})
		return
	}
	if r.PathValue("guild") != f.opts.GuildID {
		writeJSON(w, http.StatusNotFound, map[string]any{"message": "Unknown Guild", "code": 10004})
		return
	}
	m, found := f.Member(id)
	if !found {
		writeJSON(w, http.StatusNotFound, map[string]any{"message": "Unknown Guild", "code": 10004})
		return
	}
	writeJSON(w, http.StatusOK, m)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
