package bot

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// Where discordgo sends its REST calls and where Discord serves attachments.
const (
	discordHost = "discord.com"
	cdnHost     = "cdn.discordapp.com"
)

// apiPath splits a configured API base such as /api/v10 or /x/api from what comes before it.
var apiPath = regexp.MustCompile(`^(.*?)/api(/v[0-9]+)?/?$`)

// RedirectTransport sends the bot's Discord traffic to the configured addresses
// (discord.apiBaseURL, e.g. http://127.0.0.1:9000/api/v10, and discord.cdnBaseURL) instead
// of Discord's own. discordgo fixes every endpoint to https://discord.com/api/vN/ when it
// loads, so changing the client's transport is the only way to reach a stand-in Discord
// (a test double, a proxy). Only the scheme, the host and any path before /api change:
// the API version discordgo asks for is kept. It returns nil when both addresses are
// Discord's own.
func RedirectTransport(apiBaseURL, cdnBaseURL string) (http.RoundTripper, error) {
	api, err := url.Parse(apiBaseURL)
	if err != nil || api.Host == "" || (api.Scheme != "http" && api.Scheme != "https") {
		return nil, fmt.Errorf("config discord.apiBaseURL (ZOCALO_DISCORD_API_BASE_URL): %q is not an http(s) URL", apiBaseURL)
	}
	m := apiPath.FindStringSubmatch(api.Path)
	if m == nil {
		return nil, fmt.Errorf("config discord.apiBaseURL (ZOCALO_DISCORD_API_BASE_URL): %q does not end in /api or /api/vN", apiBaseURL)
	}
	api.Path, api.RawPath = m[1], ""
	cdn, err := url.Parse(strings.TrimRight(cdnBaseURL, "/"))
	if err != nil || cdn.Host == "" || (cdn.Scheme != "http" && cdn.Scheme != "https") {
		return nil, fmt.Errorf("config discord.cdnBaseURL (ZOCALO_DISCORD_CDN_BASE_URL): %q is not an http(s) URL", cdnBaseURL)
	}
	routes := map[string]*url.URL{}
	if api.String() != "https://"+discordHost {
		routes[discordHost] = api
	}
	if cdn.String() != "https://"+cdnHost {
		routes[cdnHost] = cdn
	}
	if len(routes) == 0 {
		return nil, nil
	}
	return redirect{routes: routes, next: http.DefaultTransport}, nil
}

// redirect rewrites requests to the hosts it knows, by host, and passes the rest on.
type redirect struct {
	routes map[string]*url.URL
	next   http.RoundTripper
}

func (t redirect) RoundTrip(r *http.Request) (*http.Response, error) {
	to, ok := t.routes[r.URL.Host]
	if !ok || r.URL.Scheme != "https" {
		return t.next.RoundTrip(r)
	}
	r2 := r.Clone(r.Context())
	r2.URL.Scheme, r2.URL.Host, r2.Host = to.Scheme, to.Host, to.Host
	r2.URL.Path = to.Path + r.URL.Path
	if r.URL.RawPath != "" {
		r2.URL.RawPath = to.EscapedPath() + r.URL.RawPath
	}
	res, err := t.next.RoundTrip(r2)
	if res != nil {
		res.Request = r
	}
	return res, err
}
