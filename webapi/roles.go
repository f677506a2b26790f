package webapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"zocalo/core/audit"
	"zocalo/core/authz"
)

func (s *Server) guildRoles(c *gin.Context) {
	roles, err := s.deps.App.Permissions.Roles(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, roles)
}

func (s *Server) panelPermissions(c *gin.Context) {
	list, err := s.deps.App.Permissions.Panel(c.Request.Context(), actor(c), c.Param("panelId"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, list)
}

func (s *Server) setPanelPermissions(c *gin.Context) {
	var in struct {
		RoleID      string       `json:"roleId"`
		Permissions *authz.Flags `json:"permissions"`
	}
	if !bindJSON(c, &in) {
		return
	}
	e, err := s.deps.App.Permissions.Set(c.Request.Context(), actor(c), c.Param("panelId"), in.RoleID, in.Permissions)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Permisos actualizados correctamente", "permission": e})
}

func (s *Server) auditLog(c *gin.Context) {
	q := audit.Query{Area: c.Query("area"), ActorID: c.Query("actorId"), EntityID: c.Query("entityId"),
		From: c.Query("from"), To: c.Query("to")}
	var ok bool
	if q.Page, q.Limit, ok = pageQuery(c, 25, 100); !ok {
		return
	}
	page, err := s.deps.App.AuditLog(c.Request.Context(), actor(c), q)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, page)
}
