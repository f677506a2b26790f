package webapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"zocalo/core/records"
	"zocalo/core/validate"
)

// Corrections of criminal records: voiding a charge (moderators and the ADMIN group, or a
// game server's key for the charges the game filed) and expunging one (COMITE).

type correction struct {
	Reason string `json:"reason"`
}

// chargeID is the charge named in the path (cleanInput has refused ids that are not
// numbers).
func chargeID(c *gin.Context) uint64 {
	id, _ := validate.ID(c.Param("id"))
	return id
}

func (s *Server) voidCharge(c *gin.Context) {
	var in correction
	if !bindJSON(c, &in) {
		return
	}
	charge, err := s.deps.App.Records.Void(c.Request.Context(), actor(c), chargeID(c), in.Reason)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Cargo anulado.", "charge": charge})
}

func (s *Server) expungeCharge(c *gin.Context) {
	var in correction
	if !bindJSON(c, &in) {
		return
	}
	if err := s.deps.App.Records.Expunge(c.Request.Context(), actor(c), chargeID(c), in.Reason); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Cargo eliminado del expediente."})
}

func (s *Server) integrationVoidCharge(c *gin.Context) {
	var in correction
	if !bindJSON(c, &in) {
		return
	}
	charge, err := s.deps.App.Records.VoidFromGame(c.Request.Context(), gameKeyOf(c), chargeID(c), in.Reason)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Cargo anulado.", "charge": charge})
}

// gameKeyOf is the API key of a game server's request, as the records service knows it.
func gameKeyOf(c *gin.Context) records.GameKey {
	k := apiKeyOf(c)
	return records.GameKey{ID: k.ID, Name: k.Name}
}
