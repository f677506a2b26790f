package discordfake

import (
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
)

// RobloxAccount is an account of the fake Roblox.
type RobloxAccount struct {
	UserID      string
	Username    string
	DisplayName string
}

// robloxState is the fake Roblox's OAuth2: accounts, codes waiting for their PKCE verifier,
// and access tokens.
type robloxState struct {
	mu       sync.Mutex
	accounts []RobloxAccount
	codes    map[string]robloxGrant
	tokens   map[string]string // access token → user id
	// failUserinfo makes the next userinfo call answer 500.
	failUserinfo bool
	groups       map[string][]RobloxGroupRank // by user id
}

type robloxGrant struct {
	userID, redirectURI, challenge string
}

func newRobloxState() robloxState {
	return robloxState{codes: map[string]robloxGrant{}, tokens: map[string]string{}, groups: map[string][]RobloxGroupRank{}}
}

// AddRobloxAccount adds an account the fake Roblox can sign in as.
func (f *Fake) AddRobloxAccount(a RobloxAccount) {
	f.roblox.mu.Lock()
	defer f.roblox.mu.Unlock()
	f.roblox.accounts = append(f.roblox.accounts, a)
}

// FailNextRobloxUserinfo makes the next userinfo call fail with a 500.
func (f *Fake) FailNextRobloxUserinfo() {
	f.roblox.mu.Lock()
	defer f.roblox.mu.Unlock()
	f.roblox.failUserinfo = true
}

var robloxPickerPage = template.Must(template.New("roblox").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Roblox (demo): authorize Zócalo</title>
<style>
body{font-family:system-ui,sans-serif;background:#f2f4f5;color:#1b1d1f;display:flex;justify-content:center;padding:40px 16px;margin:0}
main{background:#fff;border-radius:8px;padding:24px;max-width:480px;width:100%;box-shadow:0 1px 4px rgba(0,0,0,.15)}
h1{font-size:20px;margin:0 0 8px}p{color:#5b5d63;font-size:14px}
.grid{display:grid;gap:8px;margin:16px 0}
button{background:#335fff;color:#fff;border:0;border-radius:6px;padding:10px;font-size:15px;cursor:pointer;text-align:left}
button.cancel{background:#5b5d63;width:100%;text-align:center}
</style></head><body><main>
<h1>Demo: authorize Zócalo</h1>
<p>This Roblox is a demo. Zócalo asks to read your profile (openid, profile). Pick the account to link, or cancel.</p>
<form method="get" action="authorize">
{{range $k, $v := .Params}}<input type="hidden" name="{{$k}}" value="{{$v}}">{{end}}
<div class="grid">{{range .Accounts}}<button type="submit" name="account" value="{{.Username}}">Authorize as {{.Username}} ({{.DisplayName}})</button>{{end}}</div>
<button class="cancel" type="submit" name="deny" value="1">Cancel</button>
</form></main></body></html>`))

// robloxAuthorize is the consent page: ?account=NAME consents as that account, ?deny=1
// cancels; without either it shows the accounts.
func (f *Fake) robloxAuthorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	redirectURI, state := q.Get("redirect_uri"), q.Get("state")
	validClient := f.opts.RobloxClientID == "" || q.Get("client_id") == f.opts.RobloxClientID
	scopes := strings.Fields(q.Get("scope"))
	if !validClient || q.Get("response_type") != "code" || redirectURI == "" ||
		!slices.Contains(scopes, "openid") || !slices.Contains(scopes, "profile") ||
		q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" {
		http.Error(w, "invalid OAuth2 request (client_id, response_type=code, scope openid profile and an S256 code_challenge are required)", http.StatusBadRequest)
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
	rs := &f.roblox
	rs.mu.Lock()
	accounts := slices.Clone(rs.accounts)
	rs.mu.Unlock()
	name := q.Get("account")
	if name == "" {
		params := map[string]string{}
		for k := range q {
			params[k] = q.Get(k)
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_ = robloxPickerPage.Execute(w, map[string]any{"Params": params, "Accounts": accounts})
		return
	}
	i := slices.IndexFunc(accounts, func(a RobloxAccount) bool { return strings.EqualFold(a.Username, name) })
	if i < 0 {
		http.Error(w, "unknown Roblox account "+name, http.StatusBadRequest)
		return
	}
	code := randomHex(16)
	rs.mu.Lock()
	rs.codes[code] = robloxGrant{userID: accounts[i].UserID, redirectURI: redirectURI, challenge: q.Get("code_challenge")}
	rs.mu.Unlock()
	back.Set("code", code)
	target.RawQuery = back.Encode()
	http.Redirect(w, r, target.String(), http.StatusFound)
}

// robloxToken trades a code for an access token, checking the PKCE verifier.
func (f *Fake) robloxToken(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request"})
		return
	}
	clientID, _, ok := r.BasicAuth()
	if !ok {
		clientID = r.PostForm.Get("client_id")
	}
	if f.opts.RobloxClientID != "" && clientID != f.opts.RobloxClientID {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client"})
		return
	}
	if r.PostForm.Get("grant_type") != "authorization_code" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type"})
		return
	}
	rs := &f.roblox
	rs.mu.Lock()
	code := r.PostForm.Get("code")
	g, found := rs.codes[code]
	delete(rs.codes, code)
	sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
	var access string
	if found && g.redirectURI == r.PostForm.Get("redirect_uri") && base64.RawURLEncoding.EncodeToString(sum[:]) == g.challenge {
		access = randomHex(20)
		rs.tokens[access] = g.userID
	}
	rs.mu.Unlock()
	if access == "" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"access_token": access, "token_type": "Bearer", "expires_in": 900,
		"scope": "openid profile"})
}

// robloxUserinfo answers the OpenID userinfo of the token's account.
func (f *Fake) robloxUserinfo(w http.ResponseWriter, r *http.Request) {
	rs := &f.roblox
	rs.mu.Lock()
	fail := rs.failUserinfo
	rs.failUserinfo = false
	userID := rs.tokens[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
	var acct *RobloxAccount
	for i := range rs.accounts {
		if rs.accounts[i].UserID == userID {
			acct = &rs.accounts[i]
		}
	}
	rs.mu.Unlock()
	if fail {
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "server_error"})
		return
	}
	if acct == nil {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"sub": acct.UserID, "name": acct.DisplayName, "nickname": acct.DisplayName,
		"preferred_username": acct.Username, "profile": "https://www.roblox.com/users/" + acct.UserID + "/profile",
		"picture": ""})
}
