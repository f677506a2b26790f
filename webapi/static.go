package webapi

import (
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/gin-gonic/gin"
)

// serveWeb serves a file of the built app, or index.html for the app's own routes.
func (s *Server) serveWeb(c *gin.Context) {
	if s.deps.WebFS == nil {
		c.String(http.StatusNotFound, "web app not built: run make build")
		return
	}
	name := strings.TrimPrefix(path.Clean(c.Request.URL.Path), "/")
	if name != "" && name != "index.html" {
		if st, err := fs.Stat(s.deps.WebFS, name); err == nil && !st.IsDir() {
			if strings.HasPrefix(name, "assets/") {
				// Vite names assets by content hash.
				c.Header("Cache-Control", "public, max-age=31536000, immutable")
			}
			c.FileFromFS(name, http.FS(s.deps.WebFS))
			return
		}
		if path.Ext(name) != "" && strings.HasPrefix(name, "assets/") {
			c.String(http.StatusNotFound, "not found")
			return
		}
	}
	index, err := fs.ReadFile(s.deps.WebFS, "index.html")
	if err != nil {
		c.String(http.StatusNotFound, "web app not built: run make build")
		return
	}
	c.Header("Cache-Control", "no-cache")
	c.Data(http.StatusOK, "text/html; charset=utf-8", index)
}
