package discordfake

import (
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

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

// me is the signed-in user (bearer token) or the bot itself (bot token).
func (f *Fake) me(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.Header.Get("Authorization"), "Bot ") {
		if !f.botAuthorized(r) {
			apiError(w, http.StatusUnauthorized, 0, "401: Unauthorized")
			return
		}
		writeJSON(w, http.StatusOK, wireUserPII(&f.botUser, false))
		return
	}
	id, ok := f.bearerUser(r)
	if !ok {
		apiError(w, http.StatusUnauthorized, 0, "401: Unauthorized")
		return
	}
	f.mu.Lock()
	u := *f.users[id]
	f.mu.Unlock()
	writeJSON(w, http.StatusOK, wireUserPII(&u, true))
}

func (f *Fake) myMember(w http.ResponseWriter, r *http.Request) {
	id, ok := f.bearerUser(r)
	if !ok {
		apiError(w, http.StatusUnauthorized, 0, "401: Unauthorized")
		return
	}
	if r.PathValue("guild") != f.opts.GuildID {
		apiError(w, http.StatusNotFound, 10004, "Unknown Guild")
		return
	}
	m, found := f.Member(id)
	if !found {
		apiError(w, http.StatusNotFound, 10004, "Unknown Guild")
		return
	}
	writeJSON(w, http.StatusOK, wireMember(&m, true))
}
