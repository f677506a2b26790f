package webapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/legislative"
	"zocalo/core/news"
	"zocalo/internal/testdb"
)

// prerenderedPage is the shape of a page web/scripts/prerender.mjs writes: the built
// index.html with the app's markup, its marks and its regions.
func prerenderedPage(markup string) []byte {
	return []byte(strings.Replace(builtIndex, `<div id="root"></div>`, `<div id="root">`+markup+`</div>`, 1))
}

const testManifest = `{
  "marks": {"communityName": "%%ZOCALO_COMMUNITY_NAME%%", "year": "%%ZOCALO_YEAR%%"},
  "bootElementId": "zocalo-boot",
  "slotAttribute": "data-ssr-slot",
  "latestNews": 3,
  "newsPage": 3,
  "lawsPage": {"page": 1, "limit": 10},
  "newsPreviewLength": 150,
  "defaultNewsImage": "/news-default.svg",
  "texts": {"heroJoin": "Jugar Ahora", "heroChat": "Únete a Discord", "unavailable": "No Disponible", "join": "Unirse",
    "players": "{players} de {maxPlayers} jugadores", "readMore": "Leer más", "noNews": "No hay noticias disponibles",
    "newsNotFound": "Noticia no encontrada", "otherNews": "Noticia", "noLaws": "Aún no se ha aprobado ninguna ley",
    "law": {"presented": "Presentada el", "approved": "Aprobada el", "inFavor": "a favor", "against": "en contra",
      "abstention": "abstención", "abstentions": "abstenciones"}},
  "pages": {"/": "index.html", "/news": "news.html", "/news/:id": "news--_id.html", "/diario-oficial": "diario-oficial.html",
    "/support": "support.html"},
  "notFound": "404.html"
}`

// frame is the header and footer every prerendered page has, with the marks the server fills.
func frame(content string) string {
	return `<header><a class="brand" aria-label="%%ZOCALO_COMMUNITY_NAME%%: Inicio" href="/">%%ZOCALO_COMMUNITY_NAME%%</a></header>` +
		`<main>` + content + `</main><footer>© %%ZOCALO_YEAR%% %%ZOCALO_COMMUNITY_NAME%%.</footer>`
}

// builtApp is a built web app with prerendered pages, as `make build` leaves it.
func builtApp() fstest.MapFS {
	slot := func(name string) string {
		return `<!--$!--><template data-dgst=""></template><div data-ssr-slot="` + name + `" class="ssr-slot"></div><!--/$-->`
	}
	return fstest.MapFS{
		"index.html":                            {Data: []byte(builtIndex)},
		"assets/index-1.js":                     {Data: []byte("console.log(1)")},
		"prerendered/manifest.json":             {Data: []byte(testManifest)},
		"prerendered/index.html":                {Data: prerenderedPage(frame(`<h1>%%ZOCALO_COMMUNITY_NAME%%</h1>` + slot("hero-actions") + slot("servers") + slot("latest-news")))},
		"prerendered/news.html":                 {Data: prerenderedPage(frame(`<h1>Noticias</h1>` + slot("news-list")))},
		"prerendered/news--_id.html":            {Data: prerenderedPage(frame(slot("news-item")))},
		"prerendered/diario-oficial.html":       {Data: prerenderedPage(frame(`<h1>Diario Oficial</h1>` + slot("laws")))},
		"prerendered/support.html":              {Data: prerenderedPage(frame(`<h1>Centro de Soporte</h1>`))},
		"prerendered/404.html":                  {Data: prerenderedPage(frame(`<h1>Página no encontrada</h1><svg><title>No Found</title></svg>`))},
		"prerendered/not-a-page-of-the-app.txt": {Data: []byte("x")},
	}
}

var bootBlock = regexp.MustCompile(`<script type="application/json" id="zocalo-boot">(.*?)</script>`)

// servedBoot is the data block of a served page, decoded.
func servedBoot(t *testing.T, page string) map[string]json.RawMessage {
	t.Helper()
	m := bootBlock.FindAllStringSubmatch(page, -1)
	if len(m) != 1 {
		t.Fatalf("%d data blocks in %s", len(m), page)
	}
	var out map[string]json.RawMessage
	if err := json.Unmarshal([]byte(m[0][1]), &out); err != nil {
		t.Fatalf("data block: %v: %s", err, m[0][1])
	}
	return out
}

// fetchPage gets a page with c's cookies (and the extra ones given), answering the response and its body.
func fetchPage(t *testing.T, c *http.Client, url string, cookies ...*http.Cookie) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), "GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, ck := range cookies {
		req.AddCookie(ck)
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// sameJSON tells whether two JSON texts hold the same value.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("%v: %s", err, a)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}

// apiBody is the body of a public API answer.
func apiBody(t *testing.T, url string) []byte {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %s", url, res.StatusCode, b)
	}
	return b
}

func TestPagesAreServedWithTheirFirstPaint(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.cfg.CommunityName = `Zócalo <b>"RP"</b> & cía`
		e.server.deps.WebFS = builtApp()
		ctx := context.Background()
		hostile := `</script><script>alert(1)</script><!-- & "comillas"`
		date := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
		var items []news.Item
		for i, title := range []string{"Primera", "Segunda", "Oculta", "Tercera", "Cuarta"} {
			it := news.Item{Title: title, Type: "announcement", Date: date.Add(-time.Duration(i) * time.Hour), Active: true, Content: "Texto de " + title}
			if title == "Primera" {
				it.Title, it.Content = "Primera "+hostile, "Línea 1\n"+hostile
			}
			if err := e.app.DB.Conn(ctx).Create(&it).Error; err != nil {
				t.Fatal(err)
			}
			items = append(items, it)
		}
		if err := e.app.DB.Conn(ctx).Model(&items[2]).Update("active", false).Error; err != nil {
			t.Fatal(err)
		}
		visitor := e.browser()

		t.Run("the landing carries the configuration, the latest news and its regions, the community's name escaped", func(t *testing.T) {
			res, page := fetchPage(t, visitor, e.http.URL+"/")
			if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != "no-cache" {
				t.Fatalf("%d %q", res.StatusCode, res.Header.Get("Cache-Control"))
			}
			if strings.Contains(page, "%%ZOCALO_") || strings.Contains(page, "<b>") ||
				strings.Count(page, `Zócalo &lt;b&gt;&#34;RP&#34;&lt;/b&gt; &amp; cía`) != 4 {
				t.Fatalf("community name: %s", page)
			}
			if !strings.Contains(page, fmt.Sprintf("© %d ", e.app.Now().In(e.app.Location).Year())) {
				t.Fatalf("year: %s", page)
			}
			boot := servedBoot(t, page)
			if !sameJSON(t, boot["config"], apiBody(t, e.http.URL+"/api/config")) {
				t.Fatalf("config %s", boot["config"])
			}
			var latest []news.Card
			if err := json.Unmarshal(boot["latestNews"], &latest); err != nil || len(latest) != 3 ||
				latest[0].Title != items[0].Title || latest[1].Title != "Segunda" || latest[2].Title != "Tercera" {
				t.Fatalf("latest news %s", boot["latestNews"])
			}
			// Readers without scripts see the servers (config: the first online, with its join link)
			// and the news, every value escaped.
			main := e.cfg.Servers[0]
			for _, want := range []string{">" + main.Name + "<", "39 de 40 jugadores", `href="` + html.EscapeString(joinURL(e.cfg, main.Code)) + `"`, ">Jugar Ahora<",
				">Tercera<", "Primera &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;", ">Leer más<"} {
				if !strings.Contains(page, want) {
					t.Fatalf("the regions lack %q: %s", want, page)
				}
			}
			if strings.Count(page, "<script>") != 0 || strings.Contains(page, "Oculta") || strings.Contains(page, "Cuarta") {
				t.Fatalf("%s", page)
			}
		})

		t.Run("a news item's page carries the item and its text, its data unable to end the block", func(t *testing.T) {
			res, page := fetchPage(t, visitor, e.http.URL+"/news/"+news.CardOf(items[0]).ID)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%d", res.StatusCode)
			}
			if strings.Count(page, "</script>") != 2 || strings.Contains(page, "<!-- &") {
				t.Fatalf("the item's text escaped its block: %s", page)
			}
			boot := servedBoot(t, page)
			var item news.Card
			if err := json.Unmarshal(boot["newsItem"], &item); err != nil || item.Title != items[0].Title || item.Content != items[0].Content {
				t.Fatalf("item %s", boot["newsItem"])
			}
			for _, want := range []string{`<h1 class="ssr-article-title">Primera &lt;/script&gt;`, "Línea 1\n&lt;/script&gt;", ">Anuncio<", "1 de febrero de 2026"} {
				if !strings.Contains(page, want) {
					t.Fatalf("the item's region lacks %q: %s", want, page)
				}
			}
		})

		t.Run("an item that is not published answers 404 with the app's words, and no item", func(t *testing.T) {
			res, page := fetchPage(t, visitor, e.http.URL+"/news/"+news.CardOf(items[2]).ID)
			if res.StatusCode != http.StatusNotFound || !strings.Contains(page, "Noticia no encontrada") || strings.Contains(page, "Oculta") {
				t.Fatalf("%d %s", res.StatusCode, page)
			}
			if _, ok := servedBoot(t, page)["newsItem"]; ok {
				t.Fatal("an unpublished item in the data")
			}
		})

		t.Run("the news page carries the first page of the public list as the API answers it", func(t *testing.T) {
			_, page := fetchPage(t, visitor, e.http.URL+"/news")
			answer := apiBody(t, e.http.URL+"/api/news/news-cards?limit=3")
			if !sameJSON(t, servedBoot(t, page)["news"], answer) {
				t.Fatal("the news differ")
			}
			var first []news.Card
			if err := json.Unmarshal(answer, &first); err != nil || len(first) != 3 {
				t.Fatalf("first page %s", answer)
			}
			// The page's size is the app's (the manifest's newsPage): Cuarta is on the next one.
			if !strings.Contains(page, ">Tercera<") || strings.Contains(page, "Cuarta") || strings.Contains(page, "Oculta") {
				t.Fatalf("%s", page)
			}
		})

		t.Run("an item past the first page opens from its link", func(t *testing.T) {
			res, page := fetchPage(t, visitor, e.http.URL+"/news/"+news.CardOf(items[4]).ID)
			var item news.Card
			if res.StatusCode != http.StatusOK || json.Unmarshal(servedBoot(t, page)["newsItem"], &item) != nil || item.Title != "Cuarta" ||
				!strings.Contains(page, `<h1 class="ssr-article-title">Cuarta<`) {
				t.Fatalf("%d %s", res.StatusCode, page)
			}
		})

		t.Run("the Diario Oficial carries its first page as the API answers it", func(t *testing.T) {
			_, page := fetchPage(t, visitor, e.http.URL+"/diario-oficial")
			answer := apiBody(t, e.http.URL+"/api/diario-oficial?page=1&limit=10")
			if !sameJSON(t, servedBoot(t, page)["laws"], answer) {
				t.Fatal("the laws differ")
			}
			// Readers without scripts, and the first paint, see the same laws.
			var laws legislative.GazettePage
			if err := json.Unmarshal(answer, &laws); err != nil {
				t.Fatal(err)
			}
			want := []string{">Aún no se ha aprobado ninguna ley<"}
			if len(laws.Laws) > 0 {
				l := laws.Laws[0]
				want = []string{">" + html.EscapeString(l.Title) + "<", ">Aprobada<", fmt.Sprintf("%d a favor · %d en contra", l.Votes.InFavor, l.Votes.Against)}
			}
			for _, w := range want {
				if !strings.Contains(page, w) {
					t.Fatalf("the laws' region lacks %q: %s", w, page)
				}
			}
		})

		t.Run("the reader's colour mode paints the page; another value is ignored", func(t *testing.T) {
			_, page := fetchPage(t, visitor, e.http.URL+"/news", &http.Cookie{Name: "theme", Value: "dark"})
			if !strings.Contains(page, `<html data-theme="dark" lang="es">`) {
				t.Fatalf("%s", page)
			}
			_, page = fetchPage(t, visitor, e.http.URL+"/news", &http.Cookie{Name: "theme", Value: `x"onload="alert(1)`})
			if strings.Contains(page, "data-theme") || strings.Contains(page, "onload") {
				t.Fatalf("%s", page)
			}
		})

		t.Run("a path the app does not have gets its 404 page; the prerendered files are not served as files", func(t *testing.T) {
			for _, path := range []string{"/no/such/page", "/prerendered/manifest.json", "/prerendered/not-a-page-of-the-app.txt"} {
				res, page := fetchPage(t, visitor, e.http.URL+path)
				// The head gets the page's title; the markup's own titles (an SVG's) stay as they were.
				if res.StatusCode != http.StatusNotFound || titleOf(strings.Split(page, "</head>")[0]) != "Página no encontrada · Zócalo" ||
					!strings.Contains(page, "<svg><title>No Found</title></svg>") || strings.Contains(page, `"pages"`) {
					t.Fatalf("%s: %d %s", path, res.StatusCode, page)
				}
			}
		})

		t.Run("pages are compressed for a browser that takes it", func(t *testing.T) {
			rec := get(t, e.server.Handler(), "/news", "Accept-Encoding", "gzip, br")
			if rec.Header().Get("Content-Encoding") != "gzip" {
				t.Fatalf("headers %v", rec.Header())
			}
			zr, err := gzip.NewReader(rec.Body)
			if err != nil {
				t.Fatal(err)
			}
			page, _ := io.ReadAll(zr)
			if !strings.Contains(string(page), "<h1>Noticias</h1>") {
				t.Fatalf("%s", page)
			}
		})
	})
}

func TestSignedInPagesCarryTheMembersProfile(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.server.deps.WebFS = builtApp()
		e.addUser("jugadora", "590000000000000001", true)
		e.addUser("comite", "590000000000000002", true, authz.Comite)

		t.Run("a member's page carries their profile and rights as the API answers them, never stored", func(t *testing.T) {
			c, token := signInBrowser(t, e, "jugadora")
			res, page := fetchPage(t, c, e.http.URL+"/support")
			if res.StatusCode != http.StatusOK || res.Header.Get("Cache-Control") != "private, no-store" || !strings.Contains(res.Header.Get("Vary"), "Cookie") {
				t.Fatalf("%d %v", res.StatusCode, res.Header)
			}
			if !strings.Contains(page, "data-signed-in") {
				t.Fatalf("the page is not marked signed in: %s", page)
			}
			var session struct {
				ID      string          `json:"id"`
				Profile json.RawMessage `json:"profile"`
			}
			if err := json.Unmarshal(servedBoot(t, page)["session"], &session); err != nil {
				t.Fatal(err)
			}
			var profile json.RawMessage
			if code := e.call("GET", "/api/auth/profile", token, nil, &profile); code != http.StatusOK || !sameJSON(t, session.Profile, profile) {
				t.Fatalf("%d: page %s, API %s", code, session.Profile, profile)
			}
			if session.ID == "" || session.ID != jti(t, token) {
				t.Fatalf("session %q, token's %q", session.ID, jti(t, token))
			}
		})

		t.Run("a visitor's page and an ended session's carry no profile, and the ended session's cookie is dropped", func(t *testing.T) {
			_, page := fetchPage(t, e.browser(), e.http.URL+"/support")
			if _, ok := servedBoot(t, page)["session"]; ok || strings.Contains(page, "data-signed-in") {
				t.Fatalf("%s", page)
			}
			c, token := signInBrowser(t, e, "comite")
			if code := e.call("POST", "/api/auth/logout", token, nil, nil); code != http.StatusOK {
				t.Fatalf("logout %d", code)
			}
			res, page := fetchPage(t, c, e.http.URL+"/support")
			if _, ok := servedBoot(t, page)["session"]; ok || res.Header.Get("Cache-Control") != "no-cache" {
				t.Fatalf("%v %s", res.Header, page)
			}
			if ck := sessionCookieOf(res); ck == nil || ck.MaxAge >= 0 {
				t.Fatalf("the ended session's cookie stays: %v", res.Header["Set-Cookie"])
			}
		})
	})
}
