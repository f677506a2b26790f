package webapi

import (
	"context"
	"maps"
	"net/http"
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"zocalo/core/news"
	"zocalo/internal/testdb"
)

// builtIndex is the shape of the index.html Vite builds.
const builtIndex = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Portal de la comunidad de roleplay Zócalo" />
    <title>Zócalo</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`

// metaOf is the content of the head's <meta> with that name or property, and whether it is there.
func metaOf(page, key string) (string, bool) {
	re := regexp.MustCompile(`<meta (?:name|property)="` + regexp.QuoteMeta(key) + `" content="([^"]*)"`)
	m := re.FindAllStringSubmatch(page, -1)
	if len(m) != 1 {
		return "", false
	}
	return m[0][1], true
}

func titleOf(page string) string {
	m := regexp.MustCompile(`<title>(.*?)</title>`).FindAllStringSubmatch(page, -1)
	if len(m) != 1 {
		return ""
	}
	return m[0][1]
}

func TestPagesCarryTheirTitleAndPreview(t *testing.T) {
	t.Parallel()
	for _, d := range testdb.Dialects() {
		t.Run(string(d), func(t *testing.T) {
			e := newEnv(t, testdb.Open(t, d, true))
			e.server.deps.WebFS = fstest.MapFS{"index.html": {Data: []byte(builtIndex)},
				"manifest.webmanifest": {Data: []byte(`{"name":"Zócalo"}`)}}
			h := e.server.Handler()
			ctx := context.Background()
			date := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
			hostile := news.Item{Title: `"><script>alert(1)</script> & <b>Ley</b>`, Type: "anuncio", Date: date, Active: true,
				Content:  "## Nueva ley\n\nEl **Congreso** aprobó \"la ley\" <img src=x onerror=alert(1)> para todos.",
				ImageURL: "https://cdn.example/ley.png?a=1&b=\"2\""}
			plain := news.Item{Title: "Feria", Type: "evento", Date: date, Active: true, Content: strings.Repeat("palabra ", 80),
				ImageURL: "/api/files/feria.png"}
			hidden := news.Item{Title: "Borrador", Type: "anuncio", Date: date, Active: true, Content: "x"}
			for _, it := range []*news.Item{&hostile, &plain, &hidden} {
				if err := e.app.DB.Conn(ctx).Create(it).Error; err != nil {
					t.Fatal(err)
				}
			}
			if err := e.app.DB.Conn(ctx).Model(&hidden).Update("active", false).Error; err != nil {
				t.Fatal(err)
			}
			id := func(it news.Item) string { return news.CardOf(it).ID }

			t.Run("each page has its Spanish title and a description", func(t *testing.T) {
				for path, title := range map[string]string{
					"/":                            "Zócalo",
					"/news":                        "Noticias · Zócalo",
					"/shop":                        "Tienda · Zócalo",
					"/admin/support":               "Panel de Soporte · Zócalo",
					"/treasury/history":            "Historial de Ventas · Zócalo",
					"/staff/ausencias":             "Ausencias del Staff · Zócalo",
					"/legislative/initiatives/abc": "Iniciativa · Zócalo",
					"/verify/callback":             "Verificación de Roblox · Zócalo",
					"/index.html":                  "Zócalo",
				} {
					rec := get(t, h, path)
					page := rec.Body.String()
					if rec.Code != http.StatusOK || titleOf(page) != title {
						t.Errorf("%s: %d, title %q, want %q", path, rec.Code, titleOf(page), title)
					}
					if d, ok := metaOf(page, "description"); !ok || d != siteDescription {
						t.Errorf("%s: description %q (%v)", path, d, ok)
					}
					if _, ok := metaOf(page, "og:type"); ok {
						t.Errorf("%s: a page that is not a news item has og:type", path)
					}
					if !strings.Contains(page, `<div id="root"></div>`) || !strings.Contains(page, "/assets/index-1.js") {
						t.Errorf("%s: the app is missing: %s", path, page)
					}
				}
			})

			t.Run("every route of the web app is known and titled", func(t *testing.T) {
				for _, pattern := range webRoutes {
					if pageTitles[pattern] == "" {
						t.Errorf("%s has no title in pageTitles", pattern)
					}
					path := regexp.MustCompile(`:[A-Za-z]+`).ReplaceAllString(strings.ReplaceAll(pattern, "*", "x"), "1")
					if pattern == "/news/:id" {
						path = "/news/" + id(plain)
					}
					if rec := get(t, h, path); rec.Code != http.StatusOK {
						t.Errorf("%s: %d", path, rec.Code)
					}
				}
			})

			t.Run("a news item has Open Graph and Twitter tags, escaped", func(t *testing.T) {
				rec := get(t, h, "/news/"+id(hostile))
				page := rec.Body.String()
				if rec.Code != http.StatusOK {
					t.Fatalf("%d", rec.Code)
				}
				if strings.Contains(page, "<script>alert") || strings.Contains(page, "<img src=x") || strings.Contains(page, "<b>Ley") {
					t.Fatalf("markup of the news reached the page: %s", page)
				}
				wantTitle := `&#34;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;Ley&lt;/b&gt; · Zócalo`
				if got := titleOf(page); got != wantTitle {
					t.Errorf("title %q", got)
				}
				wantDesc := `Nueva ley El Congreso aprobó &#34;la ley&#34; &lt;img src=x onerror=alert(1)&gt; para todos.`
				want := map[string]string{
					"og:title":            wantTitle,
					"og:description":      wantDesc,
					"description":         wantDesc,
					"og:type":             "article",
					"og:url":              e.cfg.PublicURL + "/news/" + id(hostile),
					"og:image":            "https://cdn.example/ley.png?a=1&amp;b=&#34;2&#34;",
					"twitter:card":        "summary_large_image",
					"twitter:title":       wantTitle,
					"twitter:description": wantDesc,
				}
				for key, value := range want {
					if got, ok := metaOf(page, key); !ok || got != value {
						t.Errorf("%s = %q (%v), want %q", key, got, ok, value)
					}
				}
			})

			t.Run("a long news item is summarised and its image made absolute", func(t *testing.T) {
				page := get(t, h, "/news/"+id(plain)).Body.String()
				desc, _ := metaOf(page, "og:description")
				if !strings.HasSuffix(desc, "palabra…") || len([]rune(desc)) > 201 {
					t.Errorf("og:description %q", desc)
				}
				if img, _ := metaOf(page, "og:image"); img != e.cfg.PublicURL+"/api/files/feria.png" {
					t.Errorf("og:image %q", img)
				}
				if title := titleOf(page); title != "Feria · Zócalo" {
					t.Errorf("title %q", title)
				}
			})

			t.Run("the web manifest is served as one", func(t *testing.T) {
				rec := get(t, h, "/manifest.webmanifest")
				if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/manifest+json" || !strings.Contains(rec.Body.String(), "Zócalo") {
					t.Errorf("%d %v %s", rec.Code, rec.Header(), rec.Body.String())
				}
			})

			t.Run("unknown paths and missing news answer 404 with the app", func(t *testing.T) {
				for _, path := range []string{"/no-such-page", "/news/999999", "/news/" + id(hidden), "/news/abc", "/news/1/more", "/treasury/nope", "/admin"} {
					rec := get(t, h, path)
					page := rec.Body.String()
					if rec.Code != http.StatusNotFound || !strings.Contains(page, `<div id="root"></div>`) {
						t.Errorf("%s: %d %s", path, rec.Code, page)
					}
					if _, ok := metaOf(page, "og:type"); ok || !strings.Contains(titleOf(page), "no encontrada") {
						t.Errorf("%s: title %q", path, titleOf(page))
					}
				}
			})
		})
	}
}

// The titles in the served head are the web's headings: both come from web/src/pageTitles.ts,
// which `npm run gen:routes` copies into webroutes_gen.go.
func TestPageTitlesAreTheWebApps(t *testing.T) {
	t.Parallel()
	source, err := os.ReadFile("../web/src/pageTitles.ts")
	if err != nil {
		t.Fatal(err)
	}
	web := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^\s*'([^']+)': '([^']+)',$`).FindAllStringSubmatch(string(source), -1) {
		web[m[1]] = m[2]
	}
	if len(web) == 0 {
		t.Fatal("no titles read from web/src/pageTitles.ts")
	}
	if !maps.Equal(web, pageTitles) {
		t.Errorf("webroutes_gen.go's titles differ from web/src/pageTitles.ts: run `npm run gen:routes` in web/ and commit the result\nweb: %v\nserver: %v", web, pageTitles)
	}
}

func TestMatchRoute(t *testing.T) {
	t.Parallel()
	for path, want := range map[string]string{
		"/": "/", "": "/", "/news": "/news", "/news/": "/news", "/news/7": "/news/:id", "/news/7/x": "",
		"/staff/profile": "/staff/profile", "/staff/stats": "/staff/stats", "/staff/500000000000000001": "/staff/:userId",
		"/verify": "/verify/*", "/verify/a/b": "/verify/*", "/nope": "", "/legislative/initiatives/3": "/legislative/initiatives/:id",
		"/support/tickets/12": "/support/tickets/:id", "/admin/support/tickets/12": "/admin/support/tickets/:id", "/admin/support/tickets": "",
	} {
		if got := matchRoute(path); got != want {
			t.Errorf("matchRoute(%q) = %q, want %q", path, got, want)
		}
	}
}
