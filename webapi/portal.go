package webapi

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"

	"zocalo/core/artists"
	"zocalo/core/contact"
	"zocalo/core/news"
)

func (s *Server) listNews(c *gin.Context) {
	var q news.PageQuery
	var ok bool
	if q.Limit, q.Before, ok = cursorQuery(c, news.DefaultPage, news.MaxPage); !ok {
		return
	}
	if !news.CanManage(actor(c)) && q.Before == 0 {
		body, compressed, err := s.publicNews.get(c.Request.Context(), s.deps.App.News, q.Limit)
		if err != nil {
			fail(c, err)
			return
		}
		c.Header("Vary", "Accept-Encoding")
		if acceptsGzip(c) {
			c.Header("Content-Encoding", "gzip")
			body = compressed
		}
		c.Data(http.StatusOK, "application/json; charset=utf-8", body)
		return
	}
	cards, err := s.deps.App.News.List(c.Request.Context(), actor(c), q)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, cards)
}

// getNews is one item, opened by its link: published for everyone, any for news managers.
func (s *Server) getNews(c *gin.Context) {
	card, err := s.deps.App.News.Get(c.Request.Context(), actor(c), c.Param("id"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, card)
}

// newsJSON is the first page of the published news encoded, and compressed, once per version
// of the list and number of items asked for: every visit to the landing and to /news asks
// for one. Only a few numbers are asked for (the landing's, /news's, the default), so only
// a few are kept.
type newsJSON struct {
	mu      sync.Mutex
	version uint64
	pages   map[int]encodedNews
}

type encodedNews struct{ body, compressed []byte }

// newsJSONKept bounds how many page sizes are kept encoded at once.
const newsJSONKept = 8

func (n *newsJSON) get(ctx context.Context, svc *news.Service, limit int) (body, compressed []byte, err error) {
	cards, version, err := svc.Public(ctx)
	if err != nil {
		return nil, nil, err
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.pages == nil || n.version != version {
		n.pages, n.version = map[int]encodedNews{}, version
	}
	page, ok := n.pages[limit]
	if !ok {
		body, err := json.Marshal(cards[:min(limit, len(cards))])
		if err != nil {
			return nil, nil, err
		}
		page = encodedNews{body: body, compressed: gzipped(body, gzip.DefaultCompression)}
		if len(n.pages) >= newsJSONKept {
			clear(n.pages)
		}
		n.pages[limit] = page
	}
	return page.body, page.compressed, nil
}

func (s *Server) createNews(c *gin.Context) {
	var in news.Input
	if !bindJSON(c, &in) {
		return
	}
	card, err := s.deps.App.News.Create(c.Request.Context(), actor(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, card)
}

func (s *Server) updateNews(c *gin.Context) {
	var in news.Input
	if !bindJSON(c, &in) {
		return
	}
	card, err := s.deps.App.News.Update(c.Request.Context(), actor(c), c.Param("id"), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, card)
}

func (s *Server) deleteNews(c *gin.Context) {
	if err := s.deps.App.News.Delete(c.Request.Context(), actor(c), c.Param("id")); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Noticia eliminada exitosamente"})
}

func (s *Server) submitContact(c *gin.Context) {
	var in contact.Input
	if !bindJSON(c, &in) {
		return
	}
	if err := s.deps.App.Contact.Submit(c.Request.Context(), in); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"message": "¡Mensaje enviado exitosamente! Te contactaremos pronto."})
}

func (s *Server) submitArtistApplication(c *gin.Context) {
	var in artists.Input
	if !bindJSON(c, &in) {
		return
	}
	if err := s.deps.App.Artists.Submit(c.Request.Context(), in); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"message": "Tu aplicación ha sido enviada exitosamente. Te contactaremos pronto."})
}

func (s *Server) listArtistApplications(c *gin.Context) {
	apps, err := s.deps.App.Artists.List(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, apps)
}

func (s *Server) setArtistApplicationStatus(c *gin.Context) {
	var in struct {
		Status string `json:"status"`
	}
	if !bindJSON(c, &in) {
		return
	}
	app, err := s.deps.App.Artists.SetStatus(c.Request.Context(), actor(c), c.Param("id"), in.Status)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, app)
}
