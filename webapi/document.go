package webapi

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"html"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"
)

// The built app's pages are prerendered (web/scripts/prerender.mjs): each route's HTML holds
// the page as React drew it at build time, so that it paints before any script runs. What the
// build could not know the server writes in when it serves one (serveDocument): the words of
// the configuration, the data the page shows first, the signed-in member's profile (see
// session_cookie.go), the reader's colour mode, and, in a few regions, the content itself for
// readers without JavaScript. The app hydrates the page and reads the data instead of asking.

// prerenderedDir holds the pages and their manifest inside the built app.
const prerenderedDir = "prerendered"

// docManifest is web/dist/prerendered/manifest.json: which file serves which route, and what
// the server writes into them. The web app decides it (src/entry-server.tsx); the server follows.
type docManifest struct {
	Marks struct {
		CommunityName string `json:"communityName"`
		Year          string `json:"year"`
	} `json:"marks"`
	BootElementID string `json:"bootElementId"`
	SlotAttribute string `json:"slotAttribute"`
	LatestNews    int    `json:"latestNews"`
	// NewsPage is how many items the app asks for a page of /news.
	NewsPage int `json:"newsPage"`
	LawsPage struct {
		Page  int `json:"page"`
		Limit int `json:"limit"`
	} `json:"lawsPage"`
	NewsPreviewLength int      `json:"newsPreviewLength"`
	DefaultNewsImage  string   `json:"defaultNewsImage"`
	Texts             docTexts `json:"texts"`
	// Icons are the app's icons as it draws them (SVG markup written by the build, trusted as such).
	Icons struct {
		Play    string `json:"play"`
		Message string `json:"message"`
		Team    string `json:"team"`
	} `json:"icons"`
	Pages    map[string]string `json:"pages"`
	NotFound string            `json:"notFound"`
}

// docTexts are the app's words for what the server writes into regions (document_slots.go).
type docTexts struct {
	HeroJoin     string `json:"heroJoin"`
	HeroChat     string `json:"heroChat"`
	Unavailable  string `json:"unavailable"`
	Join         string `json:"join"`
	Players      string `json:"players"`
	ReadMore     string `json:"readMore"`
	NoNews       string `json:"noNews"`
	NewsNotFound string `json:"newsNotFound"`
	OtherNews    string `json:"otherNews"`
	NoLaws       string `json:"noLaws"`
	Law          struct {
		Presented   string `json:"presented"`
		Approved    string `json:"approved"`
		InFavor     string `json:"inFavor"`
		Against     string `json:"against"`
		Abstention  string `json:"abstention"`
		Abstentions string `json:"abstentions"`
	} `json:"law"`
}

// webDocuments are the built app's pages, read once: with the configuration's words written
// in, they only change with a new binary.
type webDocuments struct {
	once     sync.Once
	manifest *docManifest      // nil for an app built without prerendered pages
	pages    map[string][]byte // by route pattern
	notFound []byte
	index    []byte // the bare shell: routes without a page of their own, or no prerender at all
	err      error
}

// documents loads the built app's pages the first time they are asked for.
func (s *Server) documents() (*webDocuments, error) {
	d := &s.docs
	d.once.Do(func() { d.err = d.load(s.deps.WebFS, s.deps.Config.CommunityName) })
	return d, d.err
}

func (d *webDocuments) load(web fs.FS, communityName string) error {
	index, err := fs.ReadFile(web, "index.html")
	if err != nil {
		return err
	}
	d.index = index
	raw, err := fs.ReadFile(web, path.Join(prerenderedDir, "manifest.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var m docManifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return err
	}
	name := []byte(html.EscapeString(communityName))
	read := func(file string) ([]byte, error) {
		b, err := fs.ReadFile(web, path.Join(prerenderedDir, file))
		if err != nil {
			return nil, err
		}
		return bytes.ReplaceAll(b, []byte(m.Marks.CommunityName), name), nil
	}
	d.pages = make(map[string][]byte, len(m.Pages))
	for pattern, file := range m.Pages {
		if d.pages[pattern], err = read(file); err != nil {
			return err
		}
	}
	if m.NotFound != "" {
		if d.notFound, err = read(m.NotFound); err != nil {
			return err
		}
	}
	d.manifest = &m
	return nil
}

// page is the HTML that serves pattern ("" for a path the app does not have).
func (d *webDocuments) page(pattern string) []byte {
	if p, ok := d.pages[pattern]; ok {
		return p
	}
	if pattern == "" && d.notFound != nil {
		return d.notFound
	}
	return d.index
}

// serveDocument answers a page of the app: its prerendered HTML with the page's head, and
// what its first paint needs written in.
func (s *Server) serveDocument(c *gin.Context) {
	docs, err := s.documents()
	if err != nil {
		logger(c).Error("web app pages", "err", err)
		c.String(http.StatusInternalServerError, "the web app's pages could not be read: run make build")
		return
	}
	ctx := c.Request.Context()
	meta, status, err := s.metaFor(ctx, c.Request.URL.Path)
	if err != nil {
		// The page still works without its preview: the app loads the news itself.
		s.deps.Logger.Warn("page meta", "path", c.Request.URL.Path, "err", err)
	}
	pattern := matchRoute(c.Request.URL.Path)
	if c.Request.URL.Path == "/index.html" {
		pattern = "/"
	}
	page := withMeta(docs.page(pattern), meta)

	who := s.documentPrincipal(c)
	first := s.firstPaint(c, docs.manifest, pattern, who)
	page = first.writeInto(page, docs.manifest)

	// A page carrying a member's profile is theirs alone: never stored, by the browser or on the way.
	// A visitor's page is checked each time; its ETag makes that a 304 while the news stay the same.
	etag := ""
	if who != nil {
		c.Header("Cache-Control", "private, no-store")
	} else {
		c.Header("Cache-Control", "no-cache")
		if status == http.StatusOK {
			etag = etagOf(page)
		}
	}
	c.Header("Vary", "Cookie")
	gz := acceptsGzip(c)
	if gz {
		c.Writer.Header().Add("Vary", "Accept-Encoding")
	}
	if etag != "" {
		if gz {
			etag = gzipETag(etag)
		}
		if notModified(c, etag) {
			return
		}
	}
	if gz {
		// A page carries its data: on a slow phone its bytes count as much as the scripts'.
		c.Header("Content-Encoding", "gzip")
		page = gzipped(page, gzip.DefaultCompression)
	}
	c.Data(status, "text/html; charset=utf-8", page)
}

// htmlAttributes are what the page's <html> tag gets: the reader's colour mode (the theme
// cookie the app writes), so the stylesheet paints it before any script, and whether a member
// is signed in, so the frame keeps the avatar's place.
func htmlAttributes(c *gin.Context, signedIn bool) string {
	var attrs strings.Builder
	if mode, err := c.Cookie("theme"); err == nil && (mode == "light" || mode == "dark") {
		attrs.WriteString(` data-theme="` + mode + `"`)
	}
	if signedIn {
		attrs.WriteString(" data-signed-in")
	}
	return attrs.String()
}

// withHTMLAttributes adds attrs to the page's <html> tag.
func withHTMLAttributes(page []byte, attrs string) []byte {
	if attrs == "" {
		return page
	}
	i := bytes.Index(page, []byte("<html"))
	if i < 0 {
		return page
	}
	i += len("<html")
	return append(append(append([]byte{}, page[:i]...), attrs...), page[i:]...)
}

// withSlot writes content into the page's region named slot, after its opening tag; a page
// without that region is returned as it is.
func withSlot(page []byte, attribute, slot string, content []byte) []byte {
	marker := []byte(attribute + `="` + slot + `"`)
	i := bytes.Index(page, marker)
	if i < 0 {
		return page
	}
	end := bytes.IndexByte(page[i:], '>')
	if end < 0 {
		return page
	}
	at := i + end + 1
	return append(append(append([]byte{}, page[:at]...), content...), page[at:]...)
}

// withBootData writes the data block just before </body>: the page's markup above it paints
// while it arrives.
func withBootData(page []byte, id string, data []byte) []byte {
	block := `<script type="application/json" id="` + html.EscapeString(id) + `">` + string(data) + `</script>`
	i := bytes.LastIndex(page, []byte("</body>"))
	if i < 0 {
		return append(page, block...)
	}
	return append(append(append([]byte{}, page[:i]...), block...), page[i:]...)
}

// yearIn writes the year where the page has its mark.
func yearIn(page []byte, mark string, year int) []byte {
	if mark == "" {
		return page
	}
	return bytes.ReplaceAll(page, []byte(mark), []byte(strconv.Itoa(year)))
}
