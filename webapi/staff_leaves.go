package webapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"zocalo/core/validate"
)

func (s *Server) leaves(c *gin.Context) {
	list, err := s.deps.App.Staff.Leaves(c.Request.Context(), actor(c), c.Query("status"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, list)
}

func (s *Server) myLeaves(c *gin.Context) {
	list, err := s.deps.App.Staff.MyLeaves(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, list)
}

func (s *Server) decideLeave(c *gin.Context) {
	var in struct {
		Decision string `json:"decision"`
	}
	if !bindJSON(c, &in) {
		return
	}
	// An id that is not a number names no leave: the core answers it as not found.
	id, _ := validate.ID(c.Param("id"))
	lv, err := s.deps.App.Staff.DecideLeave(c.Request.Context(), actor(c), id, in.Decision)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, lv)
}

func (s *Server) quotas(c *gin.Context) {
	q, ok := rosterQuery(c)
	if !ok {
		return
	}
	board, err := s.deps.App.Staff.QuotasPage(c.Request.Context(), actor(c), q)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, board)
}

func (s *Server) setQuota(c *gin.Context) {
	var in struct {
		Hours   *int `json:"hours"`
		Minutes *int `json:"minutes"`
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
	role, err := s.deps.App.Staff.SetQuota(c.Request.Context(), actor(c), c.Param("roleId"), hours, minutes)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, role)
}
