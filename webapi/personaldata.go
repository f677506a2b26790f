package webapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// headersOnFirstWrite sends a download's headers with its first bytes, so that an error
// found before any (no session, the audit log refusing) still answers as JSON.
type headersOnFirstWrite struct {
	c       *gin.Context
	started bool
	name    string
}

func (w *headersOnFirstWrite) Write(p []byte) (int, error) {
	if !w.started {
		w.started = true
		w.c.Header("Content-Type", "application/json; charset=utf-8")
		w.c.Header("Content-Disposition", `attachment; filename="`+w.name+`"`)
		w.c.Header("Cache-Control", "no-store")
		w.c.Status(http.StatusOK)
	}
	return w.c.Writer.Write(p)
}

// exportMyData streams everything the portal holds about the signed-in member ("Acceso").
func (s *Server) exportMyData(c *gin.Context) {
	w := &headersOnFirstWrite{c: c, name: "mis-datos.json"}
	err := s.deps.App.ExportMyData(c.Request.Context(), actor(c), w)
	if err == nil {
		return
	}
	if !w.started {
		fail(c, err)
		return
	}
	// The answer has begun: it ends cut short, which a JSON reader reports, and the log says why.
	s.deps.Logger.Error("personal data export cut short", "error", err)
}

// exportMyDataPDF sends the same export as a PDF to read.
func (s *Server) exportMyDataPDF(c *gin.Context) {
	body, err := s.deps.App.ExportMyDataPDF(c.Request.Context(), actor(c), s.deps.Config.CommunityName)
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="mis-datos.pdf"`)
	c.Header("Cache-Control", "no-store")
	c.Data(http.StatusOK, "application/pdf", body)
}
