package webapi

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/gin-gonic/gin"

	"zocalo/core/auth"
	"zocalo/core/authz"
	"zocalo/core/errs"
)

const (
	stateCookie  = "zocalo_oauth_state"
	principalKey = "principal"
)

// stateCookiePath covers the sign-in's start, Discord's redirect back and the exchange.
const stateCookiePath = "/api/auth"

// signInLimit counts the sign-in's browser navigations against the sign-in limit. A
// refused navigation (a browser asking for a page) goes back to the web's sign-in page with
// the message instead of a JSON body; other clients get the 429.
func (s *Server) signInLimit(message string) gin.HandlerFunc {
	refusal := errs.RateLimited(message)
	return func(c *gin.Context) {
		ok, err := s.signIns.allow(c.Request.Context(), c.ClientIP())
		if err != nil {
			fail(c, err)
			return
		}
		if !ok {
			c.Header("Retry-After", "60")
			c.Header("Cache-Control", "no-store")
			if strings.Contains(c.GetHeader("Accept"), "text/html") {
				c.Redirect(http.StatusFound, "/auth/callback?error="+url.QueryEscape(message))
				c.Abort()
				return
			}
			fail(c, refusal)
			return
		}
		c.Next()
	}
}

// beginSignIn sends the browser to Discord with a state bound to an HttpOnly cookie.
func (s *Server) beginSignIn(c *gin.Context) {
	target, state := s.deps.App.Auth.BeginSignIn()
	s.setStateCookie(c, state, 600)
	c.Header("Cache-Control", "no-store")
	c.Redirect(http.StatusFound, target)
}

func (s *Server) setStateCookie(c *gin.Context, value string, maxAge int) {
	http.SetCookie(c.Writer, &http.Cookie{
		Name: stateCookie, Value: value, Path: stateCookiePath, MaxAge: maxAge,
		HttpOnly: true, Secure: strings.HasPrefix(s.deps.Config.PublicURL, "https://"),
		SameSite: http.SameSiteLaxMode,
	})
}

// finishSignIn is Discord's redirect back: it ends at /auth/callback with a one-time code
// (never a token: see exchangeSignIn), or with the error to show on the sign-in page. The
// state cookie stays until the exchange, which only the browser holding it can make.
func (s *Server) finishSignIn(c *gin.Context) {
	want, _ := c.Cookie(stateCookie)
	c.Header("Cache-Control", "no-store")
	code, err := s.deps.App.Auth.FinishSignIn(c.Request.Context(), want, c.Query("state"), c.Query("code"), c.Query("error"))
	if err != nil {
		s.setStateCookie(c, "", -1)
		msg := "No se pudo iniciar sesión. Inténtalo de nuevo."
		if e, ok := errs.As(err); ok {
			msg = e.Message
			if e.Err != nil {
				logger(c).Warn("sign-in failed", "kind", e.Kind.String(), "cause", e.Err)
			}
		} else {
			logger(c).Error("sign-in failed", "error", err)
		}
		c.Redirect(http.StatusFound, "/auth/callback?error="+url.QueryEscape(msg))
		return
	}
	c.Redirect(http.StatusFound, "/auth/callback?code="+url.QueryEscape(code))
}

type exchangeRequest struct {
	Code string `json:"code"`
}

// exchangeSignIn trades the one-time code of a finished sign-in for a token, when the
// request carries that sign-in's state cookie: a code planted in another browser's link,
// reused or expired signs nobody in.
func (s *Server) exchangeSignIn(c *gin.Context) {
	c.Header("Cache-Control", "no-store")
	var req exchangeRequest
	if err := c.ShouldBindJSON(&req); err != nil || req.Code == "" {
		fail(c, errs.Invalid("Falta el código de inicio de sesión."))
		return
	}
	state, _ := c.Cookie(stateCookie)
	token, err := s.deps.App.Auth.ExchangeCode(c.Request.Context(), req.Code, state)
	if err != nil {
		fail(c, err)
		return
	}
	s.setStateCookie(c, "", -1)
	if p, err := s.deps.App.Auth.Authenticate(c.Request.Context(), token); err == nil {
		s.setSessionCookie(c, token, p.ExpiresAt)
	}
	c.JSON(http.StatusOK, gin.H{"token": token})
}

// requireAuth admits a request carrying a valid bearer token.
func (s *Server) requireAuth(c *gin.Context) {
	if s.authenticate(c) {
		c.Next()
	}
}

// authenticate loads the principal of the bearer token, or answers 401.
func (s *Server) authenticate(c *gin.Context) bool {
	token := bearer(c)
	if token == "" {
		fail(c, errs.ErrNotSignedIn)
		return false
	}
	p, err := s.deps.App.Auth.Authenticate(c.Request.Context(), token)
	if err != nil {
		fail(c, err)
		return false
	}
	c.Set(principalKey, p)
	return true
}

// bearer is the request's bearer token, or "".
func bearer(c *gin.Context) string {
	token, ok := strings.CutPrefix(c.GetHeader("Authorization"), "Bearer ")
	if !ok {
		return ""
	}
	return strings.TrimSpace(token)
}

// actor is who is acting, or nil for an anonymous request.
func actor(c *gin.Context) *authz.Actor {
	if p := principal(c); p != nil {
		return p.Actor
	}
	return nil
}

func principal(c *gin.Context) *auth.Principal {
	p, _ := c.Get(principalKey)
	pr, _ := p.(*auth.Principal)
	return pr
}

// profileAnswer is the signed-in person with everything the web decides by: their rights,
// their abilities, the pages they may open and those the navigation offers them.
type profileAnswer struct {
	auth.Profile
	Pages []string `json:"pages"`
	Menu  []string `json:"menu"`
}

func (s *Server) profile(c *gin.Context) {
	s.followBearerSession(c, principal(c))
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusOK, s.profileOf(principal(c)))
}

// profileOf is what the web knows of a signed-in person: the profile, the pages they may
// open and those the navigation offers them; the page served to them carries it (document.go).
func (s *Server) profileOf(p *auth.Principal) profileAnswer {
	prof := s.deps.App.Auth.Profile(p)
	pages := pagesFor(p.Actor, prof.Abilities)
	return profileAnswer{Profile: prof, Pages: pages, Menu: menuFor(p.Actor, prof.Abilities, pages)}
}

func (s *Server) logout(c *gin.Context) {
	if err := s.deps.App.Auth.Logout(c.Request.Context(), principal(c).SessionID); err != nil {
		fail(c, err)
		return
	}
	s.clearSessionCookie(c)
	c.JSON(http.StatusOK, gin.H{"message": "Sesión cerrada."})
}

// RequireGroups admits a signed-in user who passes the permission check for the roles of
// any of the groups.
func (s *Server) RequireGroups(groups ...authz.Group) gin.HandlerFunc {
	return func(c *gin.Context) {
		if !s.authenticate(c) {
			return
		}
		if !principal(c).Actor.InGroup(groups...) {
			fail(c, errs.ErrNoPermission)
			return
		}
		c.Next()
	}
}
