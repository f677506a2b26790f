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
	if !news.CanManage(actor(c)) {
		body, compressed, err := s.publicNews.get(c.Request.Context(), s.deps.App.News)
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
	cards, err := s.deps.App.News.List(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, cards)
}

// newsJSON is the public news list encoded, and compressed, once per version of the list:
// every visit to the landing asks for it, and with a community's years of news it is a
// few hundred kilobytes of JSON, a tenth of that compressed.
type newsJSON struct {
	mu         sync.Mutex
	version    uint64
	body       []byte
	compressed []byte
}

func (n *newsJSON) get(ctx context.Context, svc *news.Service) (body, compressed []byte, err error) {
	cards, version, err := svc.Public(ctx)
	if err != nil {
		return nil, nil, err
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.body == nil || n.version != version {
		body, err := json.Marshal(cards)
		if err != nil {
			return nil, nil, err
		}
		n.body, n.compressed, n.version = body, gzipped(body, gzip.DefaultCompression), version
	}
	return n.body, n.compressed, nil
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
