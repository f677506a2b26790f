package webapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"zocalo/internal/testdb"
)

// revalidate asks for path again with the ETag of an earlier answer.
func revalidate(t *testing.T, h http.Handler, path, etag string, headers ...string) *httptest.ResponseRecorder {
	t.Helper()
	return get(t, h, path, append([]string{"If-None-Match", etag}, headers...)...)
}

func TestUpdatesAreSeenAtOnceAndHashedAssetsKept(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Open(t, testdb.Dialects()[0], true))
	app := builtApp()
	for name, body := range map[string]string{
		"sw.js":                "self.addEventListener('fetch', () => {})",
		"manifest.webmanifest": `{"name":"Zócalo","start_url":"/"}`,
		"offline.html":         "<!doctype html><h1>Sin conexión</h1>",
		"icon-192.png":         "\x89PNG",
	} {
		app[name] = &fstest.MapFile{Data: []byte(body)}
	}
	e.server.deps.WebFS = app
	h := e.server.Handler()

	for _, path := range []string{"/sw.js", "/manifest.webmanifest", "/offline.html", "/icon-192.png"} {
		t.Run(path+" is checked each time and unchanged answers 304", func(t *testing.T) {
			for _, encoding := range []string{"", "gzip"} {
				first := get(t, h, path, "Accept-Encoding", encoding)
				etag := first.Header().Get("ETag")
				if first.Code != http.StatusOK || first.Header().Get("Cache-Control") != "no-cache" || !strings.HasPrefix(etag, `"`) {
					t.Fatalf("%q: %d %v", encoding, first.Code, first.Header())
				}
				again := revalidate(t, h, path, etag, "Accept-Encoding", encoding)
				if again.Code != http.StatusNotModified || again.Body.Len() != 0 || again.Header().Get("ETag") != etag {
					t.Fatalf("%q: revalidated with %s: %d %v %q", encoding, etag, again.Code, again.Header(), again.Body.String())
				}
				if stale := revalidate(t, h, path, `"an-older-build"`, "Accept-Encoding", encoding); stale.Code != http.StatusOK || stale.Body.Len() == 0 {
					t.Fatalf("%q: an older ETag got %d", encoding, stale.Code)
				}
			}
		})
	}

	t.Run("the plain and the compressed answer have tags of their own", func(t *testing.T) {
		plain := get(t, h, "/sw.js").Header().Get("ETag")
		compressed := get(t, h, "/sw.js", "Accept-Encoding", "gzip")
		if compressed.Header().Get("Content-Encoding") != "gzip" || compressed.Header().Get("ETag") == plain {
			t.Fatalf("plain %s, compressed %v", plain, compressed.Header())
		}
		if rec := revalidate(t, h, "/sw.js", plain, "Accept-Encoding", "gzip"); rec.Code != http.StatusOK {
			t.Fatalf("the plain answer's tag validated the compressed one: %d", rec.Code)
		}
		if !strings.Contains(get(t, h, "/sw.js").Header().Get("Content-Type"), "javascript") {
			t.Fatal("the service worker is not served as a script")
		}
	})

	t.Run("a hashed asset is kept a year", func(t *testing.T) {
		rec := get(t, h, "/assets/index-1.js")
		if rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Fatalf("%d %v", rec.Code, rec.Header())
		}
	})

	t.Run("a visitor's page is checked each time and answers 304 while it is the same", func(t *testing.T) {
		for _, encoding := range []string{"", "gzip"} {
			first := get(t, h, "/news", "Accept-Encoding", encoding)
			etag := first.Header().Get("ETag")
			if first.Code != http.StatusOK || first.Header().Get("Cache-Control") != "no-cache" || etag == "" {
				t.Fatalf("%q: %d %v", encoding, first.Code, first.Header())
			}
			if again := revalidate(t, h, "/news", etag, "Accept-Encoding", encoding); again.Code != http.StatusNotModified || again.Body.Len() != 0 {
				t.Fatalf("%q: %d %q", encoding, again.Code, again.Body.String())
			}
		}
		if other := get(t, h, "/diario-oficial").Header().Get("ETag"); other == get(t, h, "/news").Header().Get("ETag") {
			t.Fatalf("two pages share the ETag %s", other)
		}
	})

	t.Run("a member's page is never stored, so it has no ETag", func(t *testing.T) {
		e.addUser("jugadora", "590000000000000001", true)
		c, _ := signInBrowser(t, e, "jugadora")
		res, _ := fetchPage(t, c, e.http.URL+"/news")
		if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != "private, no-store" || res.Header.Get("ETag") != "" {
			t.Fatalf("%d %v", res.StatusCode, res.Header)
		}
	})
}

func TestETagMatching(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, ifNoneMatch string
		match             bool
	}{
		{"the same tag", `"abc"`, true},
		{"among others", `"x", "abc" ,"y"`, true},
		{"weak form", `W/"abc"`, true},
		{"any", `*`, true},
		{"another tag", `"abd"`, false},
		{"none", ``, false},
		{"unquoted", `abc`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := etagMatches(c.ifNoneMatch, `"abc"`); got != c.match {
				t.Fatalf("etagMatches(%q) = %v", c.ifNoneMatch, got)
			}
		})
	}
}
