package webapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"zocalo/core/authz"
	"zocalo/core/contact"
)

// The contact messages, readable on the portal by the ADMIN group.

func (s *Server) contactAdminRoutes(api *gin.RouterGroup) {
	api.GET("/admin/contact-messages", s.RequireGroups(authz.Admin), s.listContactMessages)
}

func (s *Server) listContactMessages(c *gin.Context) {
	q := contact.Query{Search: c.Query("q")}
	var ok bool
	if q.Page, q.Limit, ok = pageQuery(c, 25, 100); !ok {
		return
	}
	page, err := s.deps.App.Contact.List(c.Request.Context(), actor(c), q)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, page)
}
