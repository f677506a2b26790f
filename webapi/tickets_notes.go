package webapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"zocalo/core/tickets"
)

// Private staff notes and canned replies of the support desk.

func (s *Server) addTicketNote(c *gin.Context) {
	var in struct {
		Content string `json:"content"`
	}
	if !bindJSON(c, &in) {
		return
	}
	v, err := s.deps.App.Tickets.AddNote(c.Request.Context(), actor(c), c.Param("ticketId"), in.Content)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"ticket": v})
}

// cannedBody is a canned reply as the web sends it.
type cannedBody struct {
	Name    string `json:"name"`
	Content string `json:"content"`
}

func (s *Server) listCannedReplies(c *gin.Context) {
	list, err := s.deps.App.Tickets.CannedReplies(c.Request.Context(), actor(c), c.Query("search"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"cannedReplies": list})
}

func (s *Server) createCannedReply(c *gin.Context) {
	var in cannedBody
	if !bindJSON(c, &in) {
		return
	}
	v, err := s.deps.App.Tickets.CreateCanned(c.Request.Context(), actor(c), tickets.CannedInput{Name: in.Name, Content: in.Content})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"cannedReply": v})
}

func (s *Server) updateCannedReply(c *gin.Context) {
	var in cannedBody
	if !bindJSON(c, &in) {
		return
	}
	v, err := s.deps.App.Tickets.UpdateCanned(c.Request.Context(), actor(c), c.Param("cannedId"),
		tickets.CannedInput{Name: in.Name, Content: in.Content})
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"cannedReply": v})
}

func (s *Server) deleteCannedReply(c *gin.Context) {
	if err := s.deps.App.Tickets.DeleteCanned(c.Request.Context(), actor(c), c.Param("cannedId")); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Respuesta predefinida eliminada."})
}
