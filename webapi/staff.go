package webapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"zocalo/core/staff"
)

func (s *Server) adjustHours(c *gin.Context) {
	var in struct {
		UserID    string `json:"userId"`
		Hours     *int   `json:"hours"`
		Minutes   *int   `json:"minutes"`
		Operation string `json:"operation"`
	}
	if !bindJSON(c, &in) {
		return
	}
	// An empty value counts as zero, as the hours dialog sends it.
	hours, minutes := 0, 0
	if in.Hours != nil {
		hours = *in.Hours
	}
	if in.Minutes != nil {
		minutes = *in.Minutes
	}
	change, err := s.deps.App.Staff.AdjustHours(c.Request.Context(), actor(c), in.UserID, hours, minutes, in.Operation)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Horas actualizadas.", "TiempoTotal": change.Total, "applied": change.Applied})
}

func (s *Server) dismiss(c *gin.Context) {
	var in struct {
		UserID string `json:"userId"`
		Reason string `json:"reason"`
	}
	if !bindJSON(c, &in) {
		return
	}
	if err := s.deps.App.Staff.Dismiss(c.Request.Context(), actor(c), in.UserID, in.Reason); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Baja aplicada."})
}

func (s *Server) onShift(c *gin.Context) {
	list, err := s.deps.App.Staff.OnShift(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, list)
}

func (s *Server) endShift(c *gin.Context) {
	var in struct {
		Reason string `json:"reason"`
	}
	// The body is optional: no reason, no body.
	if c.Request.ContentLength != 0 && !bindJSON(c, &in) {
		return
	}
	sh, err := s.deps.App.Staff.EndShift(c.Request.Context(), actor(c), c.Param("discordId"), in.Reason)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Turno terminado.", "discordId": sh.MemberID,
		"endedAt": sh.EndedAt.UTC().Format(time.RFC3339), "capped": sh.Capped})
}

func (s *Server) staffStats(c *gin.Context) {
	st, err := s.deps.App.Staff.Stats(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, st)
}

func (s *Server) staffProfile(c *gin.Context) {
	p, err := s.deps.App.Staff.Profile(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, p)
}

func (s *Server) staffReport(c *gin.Context) {
	var in struct {
		Date    string `json:"date"`
		Content string `json:"content"`
	}
	if !bindJSON(c, &in) {
		return
	}
	if err := s.deps.App.Staff.SubmitReport(c.Request.Context(), actor(c), in.Date, in.Content); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"message": "Reporte enviado."})
}

// staffNote adds a note or a warning, by the route's kind.
func (s *Server) staffNote(kind string) gin.HandlerFunc {
	return func(c *gin.Context) {
		var in struct {
			Nota string `json:"nota"`
			Warn string `json:"warn"`
		}
		if !bindJSON(c, &in) {
			return
		}
		text := in.Nota
		if kind == staff.KindWarn {
			text = in.Warn
		}
		if err := s.deps.App.Staff.AddNote(c.Request.Context(), actor(c), c.Param("userId"), kind, text); err != nil {
			fail(c, err)
			return
		}
		c.JSON(http.StatusCreated, gin.H{"message": "Registrado."})
	}
}

func (s *Server) weeklyReport(c *gin.Context) {
	w, err := s.deps.App.Staff.LatestWeekly(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"report": w})
}

func (s *Server) setHired(c *gin.Context) {
	var in struct {
		Date string `json:"date"`
	}
	if !bindJSON(c, &in) {
		return
	}
	if err := s.deps.App.Staff.SetHired(c.Request.Context(), actor(c), c.Param("userId"), in.Date); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Fecha de contratación actualizada."})
}

// staffMember is a staff member's file, for directors.
func (s *Server) staffMember(c *gin.Context) {
	rec, err := s.deps.App.Staff.MemberRecord(c.Request.Context(), actor(c), c.Param("userId"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, rec)
}
