// Package discordoauth is Discord's OAuth2 authorization-code flow and the two REST reads
// a sign-in needs: who the user is and which roles they hold in the guild.
package discordoauth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"golang.org/x/oauth2"

	"zocalo/core/auth"
)

// Scopes asked of Discord: identity, e-mail and the guild membership (roles).
var Scopes = []string{"identify", "email", "guilds.members.read"}

// Options configure the provider.
type Options struct {
	ClientID     string
	ClientSecret string
	RedirectURL  string
	AuthorizeURL string
	TokenURL     string
	APIBaseURL   string
	GuildID      string
	// HTTPClient reaches Discord; nil means a client with a 10 s timeout.
	HTTPClient *http.Client
}

// Provider implements auth.IdentityProvider against Discord.
type Provider struct {
	oauth  *oauth2.Config
	opts   Options
	client *http.Client
}

// New builds the provider.
func New(opts Options) *Provider {
	client := opts.HTTPClient
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	return &Provider{
		opts:   opts,
		client: client,
		oauth: &oauth2.Config{
			ClientID: opts.ClientID, ClientSecret: opts.ClientSecret, RedirectURL: opts.RedirectURL, Scopes: Scopes,
			Endpoint: oauth2.Endpoint{AuthURL: opts.AuthorizeURL, TokenURL: opts.TokenURL, AuthStyle: oauth2.AuthStyleInParams},
		},
	}
}

// AuthorizeURL is Discord's consent page for this state.
func (p *Provider) AuthorizeURL(state string) string {
	return p.oauth.AuthCodeURL(state, oauth2.SetAuthURLParam("prompt", "none"))
}

type discordUser struct {
	ID         string `json:"id"`
	Username   string `json:"username"`
	GlobalName string `json:"global_name"`
	Avatar     string `json:"avatar"`
	Email      string `json:"email"`
}

type discordMember struct {
	Roles    []string   `json:"roles"`
	JoinedAt *time.Time `json:"joined_at"`
}

var errNotMember = errors.New("not a member of the guild")

// Exchange trades the code for a token and reads the user and their guild membership. A
// user who is not in the guild is signed in with no roles.
func (p *Provider) Exchange(ctx context.Context, code string) (auth.Identity, error) {
	ctx = context.WithValue(ctx, oauth2.HTTPClient, p.client)
	tok, err := p.oauth.Exchange(ctx, code)
	if err != nil {
		return auth.Identity{}, fmt.Errorf("discord token exchange: %w", err)
	}
	var u discordUser
	if err := p.get(ctx, tok.AccessToken, "/users/@me", &u); err != nil {
		return auth.Identity{}, err
	}
	if u.ID == "" {
		return auth.Identity{}, errors.New("discord /users/@me answered no id")
	}
	id := auth.Identity{DiscordID: u.ID, Username: u.Username, GlobalName: u.GlobalName, Email: u.Email, Avatar: u.Avatar}
	var m discordMember
	switch err := p.get(ctx, tok.AccessToken, "/users/@me/guilds/"+p.opts.GuildID+"/member", &m); {
	case errors.Is(err, errNotMember):
	case err != nil:
		return auth.Identity{}, err
	default:
		id.InGuild, id.RoleIDs, id.JoinedAt = true, m.Roles, m.JoinedAt
		if id.RoleIDs == nil {
			id.RoleIDs = []string{}
		}
	}
	return id, nil
}

func (p *Provider) get(ctx context.Context, accessToken, path string, into any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.opts.APIBaseURL+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+accessToken)
	res, err := p.client.Do(req)
	if err != nil {
		return fmt.Errorf("discord GET %s: %w", path, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if res.StatusCode == http.StatusNotFound {
		return errNotMember
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("discord GET %s: status %d: %.200s", path, res.StatusCode, body)
	}
	if err := json.Unmarshal(body, into); err != nil {
		return fmt.Errorf("discord GET %s: %w", path, err)
	}
	return nil
}
