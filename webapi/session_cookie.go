package webapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"zocalo/core/auth"
	"zocalo/core/errs"
)

// sessionCookie carries the web's session token beside the bearer header, for one use only:
// when the browser asks for a page, the server writes the signed-in member's profile and
// rights into it (document.go), so the page shows them without first asking the API.
//
// The API never reads it: every API route authenticates by the Authorization header alone, so
// no cookie-authenticated write exists and a cross-site form or script, which the browser lets
// send the cookie but not the header, cannot act as the member (CSRF has nothing to forge). A
// page carrying the profile is readable by the portal's own origin only. The cookie is HttpOnly
// (scripts cannot read it), SameSite=Lax (sent on a link followed from another site, never on
// another site's POST or subresource), Secure behind https, and lives as long as the session.
const sessionCookie = "zocalo_session"

// setSessionCookie stores token as the session cookie until the session ends.
func (s *Server) setSessionCookie(c *gin.Context, token string, expires time.Time) {
	maxAge := int(expires.Sub(s.deps.App.Now()).Seconds())
	if maxAge <= 0 {
		s.clearSessionCookie(c)
		return
	}
	http.SetCookie(c.Writer, &http.Cookie{
		Name: sessionCookie, Value: token, Path: "/", MaxAge: maxAge,
		HttpOnly: true, Secure: strings.HasPrefix(s.deps.Config.PublicURL, "https://"),
		SameSite: http.SameSiteLaxMode,
	})
}

// clearSessionCookie tells the browser to forget the session cookie.
func (s *Server) clearSessionCookie(c *gin.Context) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: sessionCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: strings.HasPrefix(s.deps.Config.PublicURL, "https://"),
		SameSite: http.SameSiteLaxMode,
	})
}

// followBearerSession keeps the session cookie naming the bearer token's session: a session
// opened before the cookie existed gets it on its next profile read.
func (s *Server) followBearerSession(c *gin.Context, p *auth.Principal) {
	if have, err := c.Cookie(sessionCookie); err == nil && have == bearer(c) {
		return
	}
	s.setSessionCookie(c, bearer(c), p.ExpiresAt)
}

// documentPrincipal is who the session cookie of a page request speaks for, or nil: the page
// is then served as to a visitor, and the app asks for the profile as it did before the
// cookie. A cookie naming a session that ended is dropped; any other failure (the database
// restarting) only costs this page its profile.
func (s *Server) documentPrincipal(c *gin.Context) *auth.Principal {
	token, err := c.Cookie(sessionCookie)
	if err != nil || token == "" {
		return nil
	}
	p, err := s.deps.App.Auth.Authenticate(c.Request.Context(), token)
	if err != nil {
		if errs.KindOf(err) == errs.KindUnauthorized {
			s.clearSessionCookie(c)
		} else {
			logger(c).Warn("page profile", "err", err)
		}
		return nil
	}
	return p
}
