package webapi

import (
	"mime"
	"net/http"

	"github.com/gin-gonic/gin"
)

// storedFile names an object and the name it is downloaded as.
type storedFile struct {
	Key      string
	Filename string
}

// serveStoredFile streams a stored object once lookup, the caller's core call that checks
// the permission and finds the file, has allowed it. The type is the one sniffed from the
// bytes; the browser is told not to guess another, and anything but an image is offered
// as a download.
func (s *Server) serveStoredFile(c *gin.Context, lookup func() (storedFile, error)) {
	file, err := lookup()
	if err != nil {
		fail(c, err)
		return
	}
	f, obj, err := s.deps.App.Files.Open(c.Request.Context(), file.Key)
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
	c.Header("Content-Disposition", mime.FormatMediaType(disposition, map[string]string{"filename": file.Filename}))
	c.Header("X-Content-Type-Options", "nosniff")
	c.Header("Cache-Control", "private, max-age=300")
	http.ServeContent(c.Writer, c.Request, "", obj.ModTime, f)
}
