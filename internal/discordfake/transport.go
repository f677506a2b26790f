package discordfake

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
)

// Transport serves requests in-process, whatever their host: the client's base URL only
// needs the right path. pathPrefix is cut from the path first.
func (f *Fake) Transport(pathPrefix string) http.RoundTripper {
	return roundTripper(func(r *http.Request) (*http.Response, error) {
		rec := httptest.NewRecorder()
		r2 := r.Clone(r.Context())
		r2.URL.Path = strings.TrimPrefix(r.URL.Path, pathPrefix)
		r2.URL.RawPath = ""
		r2.RequestURI = r2.URL.RequestURI()
		f.Handler().ServeHTTP(rec, r2)
		res := rec.Result()
		res.Request = r
		return res, nil
	})
}

// RewriteTransport sends every request to baseURL's scheme and host, keeping its path and
// query: a client that calls https://discord.com/api/v9/… reaches a fake served at baseURL.
func RewriteTransport(baseURL string) http.RoundTripper {
	base, err := url.Parse(baseURL)
	if err != nil || base.Host == "" {
		panic(fmt.Sprintf("discordfake: bad base URL %q", baseURL))
	}
	return roundTripper(func(r *http.Request) (*http.Response, error) {
		r2 := r.Clone(r.Context())
		r2.URL.Scheme, r2.URL.Host, r2.Host = base.Scheme, base.Host, base.Host
		return http.DefaultTransport.RoundTrip(r2)
	})
}

type roundTripper func(*http.Request) (*http.Response, error)

func (rt roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return rt(r) }
