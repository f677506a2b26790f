package webapi

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
)

// genericError is what a 500 says; the cause goes to the log with the request id.
const genericError = "Ocurrió un error inesperado. Inténtalo de nuevo más tarde."

// unavailableError is what a 503 says while the database cannot be reached.
const unavailableError = "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos."

var statusOf = map[errs.Kind]int{
	errs.KindInvalid:      http.StatusBadRequest,
	errs.KindUnauthorized: http.StatusUnauthorized,
	errs.KindForbidden:    http.StatusForbidden,
	errs.KindNotFound:     http.StatusNotFound,
	errs.KindConflict:     http.StatusConflict,
	errs.KindTooLarge:     http.StatusRequestEntityTooLarge,
	errs.KindRateLimited:  http.StatusTooManyRequests,
	errs.KindUnavailable:  http.StatusServiceUnavailable,
}

// fail is the one place where an error becomes a status and {"message": "…"}.
func fail(c *gin.Context, err error) {
	if errors.Is(err, idempotency.ErrReplay) {
		// The key was used first by another request: the idempotency middleware answers
		// with that request's result.
		c.Set(replayKey, true)
		c.Abort()
		return
	}
	if e, ok := errs.As(err); ok {
		if status, known := statusOf[e.Kind]; known {
			if e.Err != nil {
				logger(c).Debug("request refused", "kind", e.Kind.String(), "cause", e.Err)
			}
			c.AbortWithStatusJSON(status, gin.H{"message": e.Message})
			return
		}
	}
	if errors.Is(err, c.Request.Context().Err()) && c.Request.Context().Err() != nil {
		// The client went away; nobody reads the answer.
		c.Abort()
		return
	}
	if db.IsUnavailable(err) {
		// The database is down or restarting: the request may succeed in a moment.
		logger(c).Warn("database unavailable", "method", c.Request.Method, "path", c.FullPath(), "error", err)
		c.Header("Retry-After", "5")
		c.AbortWithStatusJSON(http.StatusServiceUnavailable, gin.H{"message": unavailableError})
		return
	}
	logger(c).Error("request failed", "method", c.Request.Method,
		"path", c.FullPath(), "error", err)
	c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"message": genericError})
}
