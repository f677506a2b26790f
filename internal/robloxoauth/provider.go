// Package robloxoauth is Roblox's OAuth2 authorization-code flow with PKCE and the
// userinfo read that tells which account consented.
package robloxoauth

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"golang.org/x/oauth2"

	"zocalo/core/roblox"
)

// Scopes asked of Roblox: who the account is.
var Scopes = []string{"openid", "profile"}

// Options configure the provider.
type Options struct {
	ClientID     string
	ClientSecret string
	RedirectURL  string
	AuthorizeURL string
	TokenURL     string
	UserinfoURL  string
	// HTTPClient reaches Roblox; nil means a client with a 10 s timeout.
	HTTPClient *http.Client
}

// Provider implements roblox.Provider.
type Provider struct {
	oauth    *oauth2.Config
	userinfo string
	client   *http.Client
}

// New builds the provider.
func New(opts Options) *Provider {
	client := opts.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	return &Provider{
		client:   client,
		userinfo: opts.UserinfoURL,
		oauth: &oauth2.Config{
			ClientID: opts.ClientID, ClientSecret: opts.ClientSecret, RedirectURL: opts.RedirectURL, Scopes: Scopes,
			Endpoint: oauth2.Endpoint{AuthURL: opts.AuthorizeURL, TokenURL: opts.TokenURL, AuthStyle: oauth2.AuthStyleInParams},
		},
	}
}

// AuthorizeURL is Roblox's consent page, with the verifier's S256 challenge.
func (p *Provider) AuthorizeURL(state, verifier string) string {
	return p.oauth.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier))
}

type userinfo struct {
	Sub               string `json:"sub"`
	PreferredUsername string `json:"preferred_username"`
	Nickname          string `json:"nickname"`
	Picture           string `json:"picture"`
}

// Exchange trades the code and verifier for a token and reads userinfo.
func (p *Provider) Exchange(ctx context.Context, code, verifier string) (roblox.Account, error) {
	ctx = context.WithValue(ctx, oauth2.HTTPClient, p.client)
	tok, err := p.oauth.Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		return roblox.Account{}, fmt.Errorf("roblox token exchange: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.userinfo, nil)
	if err != nil {
		return roblox.Account{}, err
	}
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	res, err := p.client.Do(req)
	if err != nil {
		return roblox.Account{}, fmt.Errorf("roblox userinfo: %w", err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if res.StatusCode != http.StatusOK {
		return roblox.Account{}, fmt.Errorf("roblox userinfo: status %d: %.200s", res.StatusCode, body)
	}
	var u userinfo
	if err := json.Unmarshal(body, &u); err != nil {
		return roblox.Account{}, fmt.Errorf("roblox userinfo: %w", err)
	}
	return roblox.Account{UserID: u.Sub, Username: u.PreferredUsername, DisplayName: u.Nickname, Picture: u.Picture}, nil
}
