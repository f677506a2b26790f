package webapi

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/gin-gonic/gin"

	"zocalo/core/auth"
	"zocalo/core/errs"
	"zocalo/core/legislative"
	"zocalo/core/news"
)

// bootData is what the app reads from the page instead of asking the API (web/src/ssr/bootData.ts).
type bootData struct {
	Config     json.RawMessage          `json:"config,omitempty"`
	LatestNews []news.Card              `json:"latestNews,omitempty"`
	News       json.RawMessage          `json:"news,omitempty"`
	NewsItem   *news.Card               `json:"newsItem,omitempty"`
	Laws       *legislative.GazettePage `json:"laws,omitempty"`
	Session    *bootSession             `json:"session,omitempty"`
	Year       int                      `json:"year"`
}

// bootSession is the signed-in member the page was served to, as /api/auth/profile answers it.
type bootSession struct {
	// ID is the session's id (its token's jti): the app uses the profile only when the token it
	// holds is that session's.
	ID      string        `json:"id"`
	Profile profileAnswer `json:"profile"`
}

// firstPaint is what one page is served with.
type firstPaint struct {
	boot  bootData
	slots map[string][]byte // HTML for the page's regions, by name
	attrs string            // for the <html> tag
}

// firstPaint gathers what the page of pattern shows first. Data that fails to load is left
// out: the app then asks for it as it would without the server's help.
func (s *Server) firstPaint(c *gin.Context, m *docManifest, pattern string, who *auth.Principal) firstPaint {
	ctx := c.Request.Context()
	out := firstPaint{slots: map[string][]byte{}, attrs: htmlAttributes(c, who != nil)}
	out.boot.Config = s.publicConfigJSON()
	out.boot.Year = s.deps.App.Now().In(s.deps.App.Location).Year()
	if who != nil {
		out.boot.Session = &bootSession{ID: who.SessionID, Profile: s.profileOf(who)}
	}
	if m == nil {
		return out
	}
	slots := slotWriter{m: m, loc: s.deps.App.Location}
	warn := func(what string, err error) { logger(c).Warn("page data", "page", pattern, "data", what, "err", err) }

	switch pattern {
	case "/":
		out.slots["hero-actions"] = slots.heroActions(s.deps.Config)
		out.slots["servers"] = slots.servers(s.deps.Config)
		cards, _, err := s.deps.App.News.Public(ctx)
		if err != nil {
			warn("news", err)
			break
		}
		latest := cards[:min(max(m.LatestNews, 0), len(cards))]
		out.boot.LatestNews = latest
		out.slots["latest-news"] = slots.newsCards(latest, true)
	case "/news":
		// The first page, as the app asks for it: the same bytes as the API's answer.
		limit := m.NewsPage
		if limit < 1 || limit > news.MaxPage {
			limit = news.DefaultPage
		}
		body, _, err := s.publicNews.get(ctx, s.deps.App.News, limit)
		if err != nil {
			warn("news", err)
			break
		}
		out.boot.News = body
		if cards, _, err := s.deps.App.News.Public(ctx); err == nil {
			out.slots["news-list"] = slots.newsCards(cards[:min(limit, len(cards))], false)
		}
	case "/news/:id":
		card, err := s.deps.App.News.Published(ctx, splitPath(c.Request.URL.Path)[1])
		switch {
		case err == nil:
			out.boot.NewsItem = &card
		case errs.KindOf(err) != errs.KindNotFound:
			warn("news", err)
		}
		out.slots["news-item"] = slots.newsItem(out.boot.NewsItem)
	case "/diario-oficial":
		page, err := s.deps.App.Legislative.Gazette(ctx, legislative.GazetteQuery{Page: m.LawsPage.Page, Limit: m.LawsPage.Limit})
		if err != nil {
			warn("laws", err)
			break
		}
		out.boot.Laws = &page
		out.slots["laws"] = slots.laws(page)
	}
	return out
}

// writeInto is page with everything written in.
func (f firstPaint) writeInto(page []byte, m *docManifest) []byte {
	page = withHTMLAttributes(page, f.attrs)
	id := "zocalo-boot"
	if m != nil {
		page = yearIn(page, m.Marks.Year, f.boot.Year)
		for name, content := range f.slots {
			page = withSlot(page, m.SlotAttribute, name, content)
		}
		id = m.BootElementID
	}
	return withBootData(page, id, encodeBoot(f.boot))
}

// encodeBoot is the data as JSON safe inside a <script> element: encoding/json writes <, >
// and & as \u escapes, so no text in it can end the element or open a comment; the data
// block is not run (type="application/json") and the CSP needs no change for it.
func encodeBoot(b bootData) []byte {
	raw, err := json.Marshal(b)
	if err != nil {
		return []byte("{}")
	}
	var safe bytes.Buffer
	json.HTMLEscape(&safe, raw)
	return safe.Bytes()
}

// publicConfigJSON is /api/config's answer, encoded once: the configuration does not change
// while the process runs.
func (s *Server) publicConfigJSON() json.RawMessage {
	s.configJSON.once.Do(func() {
		s.configJSON.body, _ = json.Marshal(publicConfigOf(s.deps.Config))
	})
	return s.configJSON.body
}

// encodedOnce is a JSON answer computed the first time it is needed.
type encodedOnce struct {
	once sync.Once
	body json.RawMessage
}
