package webapi

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"zocalo/core/errs"
)

// maxJSONBody bounds every JSON request body.
const maxJSONBody = 256 << 10

var (
	errBodyTooLarge = errs.Invalid("La solicitud es demasiado grande.")
	errBadJSON      = errs.Invalid("La solicitud no tiene un formato válido.")
)

// bindJSON decodes the body into v, answering 400 with a Spanish message when it cannot.
func bindJSON(c *gin.Context, v any) bool {
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, maxJSONBody)
	dec := json.NewDecoder(c.Request.Body)
	if err := dec.Decode(v); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			fail(c, errBodyTooLarge)
		} else {
			fail(c, errBadJSON)
		}
		return false
	}
	return true
}

// optionalAuth sets the principal when a valid token comes with the request; a public
// route then answers the same as to anyone else when none does.
func (s *Server) optionalAuth(c *gin.Context) {
	if c.GetHeader("Authorization") != "" {
		if p, err := s.deps.App.Auth.Authenticate(c.Request.Context(), bearer(c)); err == nil {
			c.Set(principalKey, p)
		}
	}
	c.Next()
}
