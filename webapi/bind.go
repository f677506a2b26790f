package webapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"zocalo/core/errs"
	"zocalo/core/staff"
	"zocalo/core/validate"
)

// maxJSONBody bounds every JSON request body.
const maxJSONBody = 256 << 10

var (
	errBodyTooLarge   = errs.Invalid("La solicitud es demasiado grande.")
	errBadJSON        = errs.Invalid("La solicitud no tiene un formato válido.")
	errUnstorableText = errs.Invalid("El texto contiene caracteres no válidos.")
)

// bindJSON decodes the body into v, answering 400 with a Spanish message when it cannot.
// Text with NUL is refused: PostgreSQL cannot store it. (Invalid UTF-8 needs no check: the
// decoder turns it into U+FFFD.)
func bindJSON(c *gin.Context, v any) bool {
	raw, err := io.ReadAll(http.MaxBytesReader(c.Writer, c.Request.Body, maxJSONBody))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			fail(c, errBodyTooLarge)
		} else {
			fail(c, errBadJSON)
		}
		return false
	}
	if escapesNUL(raw) {
		fail(c, errUnstorableText)
		return false
	}
	if err := json.NewDecoder(bytes.NewReader(raw)).Decode(v); err != nil {
		fail(c, errBadJSON)
		return false
	}
	return true
}

// escapesNUL tells whether JSON text holds the escape \u0000. In JSON every backslash
// starts an escape, so the character after one is skipped: \\u0000 is a backslash and
// the letters u0000.
func escapesNUL(raw []byte) bool {
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		if bytes.HasPrefix(raw[i+1:], []byte("u0000")) {
			return true
		}
		i++
	}
	return false
}

// maxPage bounds ?page=, so that no offset overflows; no list is that long.
const maxPage = 1_000_000

// pageQuery reads ?page= (1 to maxPage) and ?limit= (1 to maxLimit) of a list, each its
// default when absent or empty. Anything else answers 400, on every engine alike; a page
// past the end is an empty page.
func pageQuery(c *gin.Context, defLimit, maxLimit int) (page, limit int, ok bool) {
	page, pageOK := numberQuery(c, "page", 1, maxPage)
	limit, limitOK := numberQuery(c, "limit", defLimit, maxLimit)
	if !pageOK || !limitOK {
		fail(c, errs.ErrPage)
		return 0, 0, false
	}
	return page, limit, true
}

// rosterQuery reads a query of the staff roster: ?q= (a name), and a page when ?limit= is
// given (1 to staff.MaxRosterPage, with ?page=); without a limit, the whole roster.
func rosterQuery(c *gin.Context) (staff.RosterQuery, bool) {
	q := staff.RosterQuery{Search: c.Query("q")}
	if c.Query("limit") == "" && c.Query("page") == "" {
		return q, true
	}
	var ok bool
	q.Page, q.Limit, ok = pageQuery(c, staff.MaxRosterPage, staff.MaxRosterPage)
	return q, ok
}

// cursorQuery reads ?limit= (1 to maxLimit, defLimit when absent or empty) and ?before= (an
// item's id, 0 when absent) of a list paged by cursor. Anything else answers 400.
func cursorQuery(c *gin.Context, defLimit, maxLimit int) (limit int, before uint64, ok bool) {
	limit, ok = numberQuery(c, "limit", defLimit, maxLimit)
	if raw := c.Query("before"); ok && raw != "" {
		before, ok = validate.ID(raw)
		ok = ok && before != 0
	}
	if !ok {
		fail(c, errs.ErrPage)
	}
	return limit, before, ok
}

// numberQuery reads a whole-number parameter from 1 to most, or def when it is absent or
// empty; ok is false for anything else.
func numberQuery(c *gin.Context, name string, def, most int) (n int, ok bool) {
	raw := c.Query(name)
	if raw == "" {
		return def, true
	}
	n, err := strconv.Atoi(raw)
	return n, err == nil && n >= 1 && n <= most
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
