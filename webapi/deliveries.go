package webapi

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"zocalo/core/authz"
	"zocalo/core/outbox"
	"zocalo/internal/config"
)

// Deliveries to Discord, for the ADMIN group: what has not arrived and why, and the
// retry and discard that fix it. The rules and the audit live in core/outbox.

func (s *Server) deliveryRoutes(api *gin.RouterGroup) {
	admins := s.RequireGroups(authz.Admin)
	api.GET("/admin/deliveries", admins, s.listDeliveries)
	api.POST("/admin/deliveries/retry-all", admins, s.retryAllDeliveries)
	api.POST("/admin/deliveries/retry-group", admins, s.retryDeliveryGroup)
	api.POST("/admin/deliveries/:id/retry", admins, s.retryDelivery)
	api.POST("/admin/deliveries/:id/discard", admins, s.discardDelivery)
}

// ChannelNames names the configured channels by their ids, as operators read them.
func ChannelNames(cfg *config.Config) map[string]string {
	ch := cfg.Channels
	names := map[string]string{}
	for id, name := range map[string]string{ch.News: "Noticias", ch.StaffTickets: "Tickets del staff", ch.Contact: "Contacto",
		ch.ArtistApplications: "Solicitudes de artistas", ch.StaffReports: "Reportes del staff", ch.Legislative: "Legislativo",
		ch.Treasury: "Tesorería", ch.Records: "Expedientes"} {
		if id != "" {
			names[id] = name
		}
	}
	return names
}

func (s *Server) listDeliveries(c *gin.Context) {
	q := outbox.DeliveryQuery{State: c.Query("state"), ChannelNames: ChannelNames(s.deps.Config)}
	var ok bool
	if q.Page, q.Limit, ok = pageQuery(c, 25, 100); !ok {
		return
	}
	page, err := s.deps.App.Outbox.List(c.Request.Context(), outbox.ByAdmin(actor(c)), q)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, page)
}

// deliveryAct is the optional body of a retry or a discard: the status the operator saw,
// so that an act on a delivery that has moved on since changes nothing.
type deliveryAct struct {
	ExpectedStatus string `json:"expectedStatus"`
}

// deliveryTarget reads the event's id and the optional body.
func deliveryTarget(c *gin.Context) (uint64, deliveryAct, bool) {
	var in deliveryAct
	id, err := strconv.ParseUint(c.Param("id"), 10, 64)
	if err != nil {
		fail(c, errNoSuchRow)
		return 0, in, false
	}
	if c.Request.ContentLength != 0 && !bindJSON(c, &in) {
		return 0, in, false
	}
	return id, in, true
}

func (s *Server) retryDelivery(c *gin.Context) {
	id, in, ok := deliveryTarget(c)
	if !ok {
		return
	}
	got, err := s.deps.App.Outbox.Retry(c.Request.Context(), outbox.ByAdmin(actor(c)), id, in.ExpectedStatus)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "La entrega se intentará de nuevo ahora.", "delivery": got.Delivery})
}

func (s *Server) discardDelivery(c *gin.Context) {
	id, in, ok := deliveryTarget(c)
	if !ok {
		return
	}
	got, err := s.deps.App.Outbox.Discard(c.Request.Context(), outbox.ByAdmin(actor(c)), id, in.ExpectedStatus)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Entrega descartada: no se enviará a Discord.", "delivery": got})
}

func (s *Server) retryAllDeliveries(c *gin.Context) {
	n, err := s.deps.App.Outbox.RetryAll(c.Request.Context(), outbox.ByAdmin(actor(c)))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": outbox.RetriedMessage(n), "retried": n})
}

// deliveryGroup names a group of blocked deliveries as the list gives it.
type deliveryGroup struct {
	Lane   string `json:"lane"`
	Reason string `json:"reason"`
}

func (s *Server) retryDeliveryGroup(c *gin.Context) {
	var in deliveryGroup
	if !bindJSON(c, &in) {
		return
	}
	n, err := s.deps.App.Outbox.RetryGroup(c.Request.Context(), outbox.ByAdmin(actor(c)), in.Lane, in.Reason)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": outbox.GroupRetriedMessage(n), "retried": n})
}
