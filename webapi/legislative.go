package webapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"zocalo/core/errs"
	"zocalo/core/legislative"
)

func pathID(c *gin.Context, notFound string) (uint64, bool) {
	id, err := strconv.ParseUint(c.Param("id"), 10, 64)
	if err != nil {
		fail(c, errs.NotFound(notFound))
		return 0, false
	}
	return id, true
}

const (
	noInitiative = "No existe esa iniciativa."
	noAgendaItem = "No existe ese punto de la orden del día."
)

func (s *Server) listInitiatives(c *gin.Context) {
	q := legislative.InitiativesQuery{Body: c.Query("type")}
	var ok bool
	if q.Limit, q.Before, ok = cursorQuery(c, legislative.DefaultInitiativesPage, legislative.MaxInitiativesPage); !ok {
		return
	}
	list, err := s.deps.App.Legislative.Initiatives(c.Request.Context(), actor(c), q)
	if err != nil {
		fail(c, err)
		return
	}
	c.Data(http.StatusOK, "application/json; charset=utf-8", appendInitiatives(make([]byte, 0, 400*len(list)+2), list))
}

func (s *Server) getInitiative(c *gin.Context) {
	id, ok := pathID(c, noInitiative)
	if !ok {
		return
	}
	rec, err := s.deps.App.Legislative.Get(c.Request.Context(), actor(c), id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, rec)
}

func (s *Server) createInitiative(c *gin.Context) {
	var in struct {
		Title   string `json:"title"`
		Summary string `json:"summary"`
		Type    string `json:"type"`
	}
	if !bindJSON(c, &in) {
		return
	}
	v, err := s.deps.App.Legislative.Create(c.Request.Context(), actor(c), in.Title, in.Summary, in.Type)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, v)
}

func (s *Server) deleteInitiative(c *gin.Context) {
	id, ok := pathID(c, noInitiative)
	if !ok {
		return
	}
	if err := s.deps.App.Legislative.Delete(c.Request.Context(), actor(c), id); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Iniciativa eliminada exitosamente"})
}

func (s *Server) withdrawInitiative(c *gin.Context) {
	id, ok := pathID(c, noInitiative)
	if !ok {
		return
	}
	v, err := s.deps.App.Legislative.Withdraw(c.Request.Context(), actor(c), id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, v)
}

func (s *Server) voteInitiative(c *gin.Context) {
	var in struct {
		VoteType string `json:"voteType"`
	}
	if !bindJSON(c, &in) {
		return
	}
	id, ok := pathID(c, noInitiative)
	if !ok {
		return
	}
	v, err := s.deps.App.Legislative.Vote(c.Request.Context(), actor(c), id, in.VoteType)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, v)
}

var errEndDate = errs.Invalid("La fecha de cierre no es válida.")

func (s *Server) configureVoting(c *gin.Context) {
	var in struct {
		VotingEnabled bool    `json:"votingEnabled"`
		VotingEndDate *string `json:"votingEndDate"`
	}
	if !bindJSON(c, &in) {
		return
	}
	id, ok := pathID(c, noInitiative)
	if !ok {
		return
	}
	var end *time.Time
	if in.VotingEndDate != nil && *in.VotingEndDate != "" {
		t, err := time.Parse(time.RFC3339, *in.VotingEndDate)
		if err != nil {
			fail(c, errEndDate)
			return
		}
		t = t.UTC()
		end = &t
	}
	v, err := s.deps.App.Legislative.ConfigureVoting(c.Request.Context(), actor(c), id, in.VotingEnabled, end)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, v)
}

func (s *Server) listAgenda(c *gin.Context) {
	list, err := s.deps.App.Legislative.Agenda(c.Request.Context(), actor(c), c.Query("type"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, list)
}

func (s *Server) createAgendaItem(c *gin.Context) {
	var in legislative.AgendaInput
	if !bindJSON(c, &in) {
		return
	}
	v, err := s.deps.App.Legislative.AddAgenda(c.Request.Context(), actor(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, v)
}

func (s *Server) deleteAgendaItem(c *gin.Context) {
	id, ok := pathID(c, noAgendaItem)
	if !ok {
		return
	}
	if err := s.deps.App.Legislative.DeleteAgenda(c.Request.Context(), actor(c), id); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Punto de agenda eliminado exitosamente"})
}

// diarioOficial is the public Diario Oficial: the approved initiatives, searchable.
func (s *Server) diarioOficial(c *gin.Context) {
	q := legislative.GazetteQuery{Search: c.Query("q")}
	var ok bool
	if q.Page, q.Limit, ok = pageQuery(c, 20, 100); !ok {
		return
	}
	page, err := s.deps.App.Legislative.Gazette(c.Request.Context(), q)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, page)
}
