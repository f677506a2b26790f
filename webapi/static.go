package webapi

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"
)

// serveWeb serves a file of the built app, or a page of it (document.go): 200 for the app's own
// routes, 404 for any other path (the app shows its 404 page).
func (s *Server) serveWeb(c *gin.Context) {
	if s.deps.WebFS == nil {
		c.String(http.StatusNotFound, "web app not built: run make build")
		return
	}
	name := strings.TrimPrefix(path.Clean(c.Request.URL.Path), "/")
	// The prerendered pages are served as pages, with what the request brings written in, never as files.
	if name != "" && name != "index.html" && !strings.HasPrefix(name, prerenderedDir+"/") {
		if st, err := fs.Stat(s.deps.WebFS, name); err == nil && !st.IsDir() {
			etag := ""
			if strings.HasPrefix(name, "assets/") {
				// Vite names assets by content hash.
				c.Header("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				// A file known by its name (the service worker, the web manifest, the icons, the
				// offline page) changes with a new build: the browser asks each time, and the ETag
				// makes the answer a 304 when nothing changed, so a new version is seen at once.
				c.Header("Cache-Control", "no-cache")
				if etag, err = s.webETag(name); err != nil {
					etag = ""
				}
			}
			if s.serveCompressed(c, name, etag) {
				return
			}
			if etag != "" {
				// http.ServeContent answers If-None-Match with a 304 from this header.
				c.Header("ETag", etag)
			}
			c.FileFromFS(name, http.FS(s.deps.WebFS))
			return
		}
		if path.Ext(name) != "" && strings.HasPrefix(name, "assets/") {
			c.String(http.StatusNotFound, "not found")
			return
		}
	}
	s.serveDocument(c)
}

func init() {
	// Go's table of types does not know the web manifest's extension.
	_ = mime.AddExtensionType(".webmanifest", "application/manifest+json")
}

// compressible are the kinds of file worth compressing; images and fonts already are.
var compressible = map[string]bool{".js": true, ".webmanifest": true, ".css": true, ".svg": true, ".json": true, ".txt": true, ".map": true}

// gzipCache holds each built file compressed once: the files never change while the
// process runs, and compressing the app's scripts on every visit would cost more CPU than
// serving them.
type gzipCache struct{ files sync.Map } // name → []byte

// gzipped compresses raw at the given level.
func gzipped(raw []byte, level int) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, level)
	_, _ = zw.Write(raw)
	_ = zw.Close()
	return buf.Bytes()
}

// acceptsGzip tells whether the client takes gzip-compressed answers.
func acceptsGzip(c *gin.Context) bool {
	return strings.Contains(c.GetHeader("Accept-Encoding"), "gzip")
}

// serveCompressed answers with the gzip-compressed file when the client accepts it; with an
// etag (of the file as built), the compressed answer has one of its own and may be a 304.
func (s *Server) serveCompressed(c *gin.Context, name, etag string) bool {
	ext := path.Ext(name)
	if !compressible[ext] || !acceptsGzip(c) {
		return false
	}
	if etag != "" {
		etag = gzipETag(etag)
		c.Header("Vary", "Accept-Encoding")
		if notModified(c, etag) {
			return true
		}
	}
	var body []byte
	if cached, ok := s.gzipped.files.Load(name); ok {
		body = cached.([]byte)
	} else {
		raw, err := fs.ReadFile(s.deps.WebFS, name)
		if err != nil {
			return false
		}
		body = gzipped(raw, gzip.BestCompression)
		s.gzipped.files.Store(name, body)
	}
	ctype := mime.TypeByExtension(ext)
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	c.Header("Content-Encoding", "gzip")
	c.Header("Vary", "Accept-Encoding")
	c.Data(http.StatusOK, ctype, body)
	return true
}
