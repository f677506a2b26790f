package webapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"zocalo/core/datarights"
)

// Members' requests about their data (Mis datos) and the handlers' desk (/admin/datos).

func (s *Server) dataRightsRoutes(api *gin.RouterGroup) {
	api.GET("/me/privacy", s.requireAuth, s.myPrivacy)
	api.PUT("/me/privacy", s.requireAuth, s.setMyPrivacy)
	api.GET("/me/data-requests", s.requireAuth, s.myDataRequests)
	api.POST("/me/data-requests", s.requireAuth, s.fileDataRequest)
	api.GET("/admin/data-requests", s.requireAuth, s.listDataRequests)
	api.POST("/admin/data-requests/:id/answer", s.requireAuth, s.answerDataRequest)
}

const noDataRequest = "La solicitud no existe."

func (s *Server) myPrivacy(c *gin.Context) {
	out, err := s.deps.App.DataRights.MyChoices(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, out)
}

func (s *Server) setMyPrivacy(c *gin.Context) {
	var in datarights.ChoicesInput
	if !bindJSON(c, &in) {
		return
	}
	out, err := s.deps.App.DataRights.SetMyChoices(c.Request.Context(), actor(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, out)
}

func (s *Server) myDataRequests(c *gin.Context) {
	items, err := s.deps.App.DataRights.Mine(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"items": items})
}

func (s *Server) fileDataRequest(c *gin.Context) {
	var in datarights.Input
	if !bindJSON(c, &in) {
		return
	}
	out, err := s.deps.App.DataRights.File(c.Request.Context(), actor(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, out)
}

// handledRequest is a request as the handlers' desk lists it: with whose it is.
type handledRequest struct {
	datarights.View
	Requester datarights.Requester `json:"requester"`
}

func (s *Server) listDataRequests(c *gin.Context) {
	q := datarights.Query{State: c.Query("state")}
	var ok bool
	if q.Page, _, ok = pageQuery(c, datarights.PageSize, datarights.PageSize); !ok {
		return
	}
	ctx := c.Request.Context()
	page, err := s.deps.App.DataRights.List(ctx, actor(c), q)
	if err != nil {
		fail(c, err)
		return
	}
	ids := make([]string, len(page.Items))
	for i, v := range page.Items {
		ids[i] = v.DiscordID
	}
	names, err := s.deps.App.DataRights.Requesters(ctx, ids)
	if err != nil {
		fail(c, err)
		return
	}
	items := make([]handledRequest, len(page.Items))
	for i, v := range page.Items {
		items[i] = handledRequest{View: v, Requester: names[v.DiscordID]}
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, gin.H{"items": items, "total": page.Total})
}

func (s *Server) answerDataRequest(c *gin.Context) {
	id, ok := pathID(c, noDataRequest)
	if !ok {
		return
	}
	var in datarights.Decision
	if !bindJSON(c, &in) {
		return
	}
	out, err := s.deps.App.DataRights.Answer(c.Request.Context(), actor(c), id, in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, out)
}
