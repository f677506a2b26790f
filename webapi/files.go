package webapi

import (
	"mime"
	"net/http"

	"github.com/gin-gonic/gin"

	"zocalo/core/storage"
)

// sendStoredFile streams a stored object after the caller's core check has passed. The
// type is the one sniffed from the bytes; the browser is told not to guess another, and
// anything but an image is offered as a download.
func (s *Server) sendStoredFile(c *gin.Context, key, filename string) {
	f, obj, err := s.deps.Files.Open(c.Request.Context(), key)
	if err != nil {
		fail(c, err)
		return
	}
	defer f.Close()
	disposition := "attachment"
	switch obj.ContentType {
	case "image/png", "image/jpeg", "image/gif":
		disposition = "inline"
	}
	c.Header("Content-Type", obj.ContentType)
	c.Header("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": filename}))
	c.Header("X-Content-Type-Options", "nosniff")
	c.Header("Cache-Control", "private, max-age=300")
	http.ServeContent(c.Writer, c.Request, "", obj.ModTime, f)
}

var _ storage.Store = (*storage.Local)(nil)
