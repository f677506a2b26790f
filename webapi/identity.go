package webapi

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"zocalo/core/apikeys"
	"zocalo/core/documents"
	"zocalo/core/errs"
	"zocalo/core/records"
	"zocalo/core/roblox"
)

const verifyCookie = "zocalo_roblox_state"

func (s *Server) documentStatus(c *gin.Context) {
	st, err := s.deps.App.Documents.Status(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, st)
}

func (s *Server) myDocument(c *gin.Context) {
	d, err := s.deps.App.Documents.Mine(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"document": d})
}

func (s *Server) createINE(c *gin.Context) {
	var in documents.INEInput
	if !bindJSON(c, &in) {
		return
	}
	d, err := s.deps.App.Documents.CreateINE(c.Request.Context(), actor(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"message": "Identificación Nacional creada.", "document": d})
}

func (s *Server) createPassport(c *gin.Context) {
	var in documents.PassportInput
	if !bindJSON(c, &in) {
		return
	}
	d, err := s.deps.App.Documents.CreatePassport(c.Request.Context(), actor(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"message": "Pasaporte Internacional creado.", "document": d})
}

// correctDocumentRobloxName changes the Roblox name on the signed-in player's document.
func (s *Server) correctDocumentRobloxName(c *gin.Context) {
	var in struct {
		RobloxName string `json:"RobloxName"`
	}
	if !bindJSON(c, &in) {
		return
	}
	d, err := s.deps.App.Documents.CorrectRobloxName(c.Request.Context(), actor(c), in.RobloxName)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Nombre de Roblox actualizado.", "document": d})
}

func recordQuery(c *gin.Context) records.Query {
	return records.Query{DiscordID: c.Query("discordId"), RobloxUsername: c.Query("robloxUsername"), RobloxUserID: c.Query("robloxUserId")}
}

func (s *Server) searchRecords(c *gin.Context) {
	list, err := s.deps.App.Records.Search(c.Request.Context(), actor(c), recordQuery(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, list)
}

func (s *Server) recordPDF(c *gin.Context) {
	body, name, err := s.deps.App.Records.PDF(c.Request.Context(), actor(c), recordQuery(c), s.deps.Config.CommunityName)
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("Content-Disposition", "attachment; filename*=UTF-8''"+url.PathEscape(name))
	c.Header("Cache-Control", "no-store")
	c.Data(http.StatusOK, "application/pdf", body)
}

func (s *Server) addCharge(c *gin.Context) {
	var in struct {
		records.Query
		Description string `json:"description"`
	}
	if !bindJSON(c, &in) {
		return
	}
	rec, err := s.deps.App.Records.AddCharge(c.Request.Context(), actor(c), in.Query, in.Description, records.SourceWeb)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"message": "Cargo agregado al expediente.", "record": rec})
}

func (s *Server) playerProfile(c *gin.Context) {
	p, err := s.deps.App.Players.Mine(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, p)
}

func (s *Server) verifyStatus(c *gin.Context) {
	st, err := s.deps.App.Roblox.Status(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, st)
}

// unlinkRoblox removes the signed-in member's Roblox link; without one it changes nothing.
func (s *Server) unlinkRoblox(c *gin.Context) {
	st, err := s.deps.App.Roblox.Unlink(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Cuenta de Roblox desvinculada.", "status": st})
}

// initiateVerify answers Roblox's consent URL and binds the state to this browser with an
// HttpOnly cookie, so that only the browser that started may finish.
func (s *Server) initiateVerify(c *gin.Context) {
	target, state, err := s.deps.App.Roblox.Initiate(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	http.SetCookie(c.Writer, &http.Cookie{
		Name: verifyCookie, Value: state, Path: "/api/verify/callback", MaxAge: 600,
		HttpOnly: true, Secure: strings.HasPrefix(s.deps.Config.PublicURL, "https://"), SameSite: http.SameSiteLaxMode,
	})
	c.JSON(http.StatusOK, gin.H{"url": target})
}

// verifyCallback is Roblox's redirect back: it ends at /verify/success, or at /verify/error
// with the reason.
func (s *Server) verifyCallback(c *gin.Context) {
	bound, _ := c.Cookie(verifyCookie)
	http.SetCookie(c.Writer, &http.Cookie{Name: verifyCookie, Value: "", Path: "/api/verify/callback", MaxAge: -1,
		HttpOnly: true, SameSite: http.SameSiteLaxMode})
	c.Header("Cache-Control", "no-store")
	_, err := s.deps.App.Roblox.Complete(c.Request.Context(), c.Query("state"), bound, c.Query("code"), c.Query("error"))
	if err == nil {
		c.Redirect(http.StatusFound, "/verify/success")
		return
	}
	reason := roblox.ReasonUnavailable
	var refusal *roblox.Refusal
	if errors.As(err, &refusal) {
		reason = refusal.Reason
		logger(c).Info("roblox verification refused", "reason", reason, "cause", refusal.Err)
	} else {
		logger(c).Error("roblox verification failed", "error", err)
	}
	c.Redirect(http.StatusFound, "/verify/error?reason="+url.QueryEscape(reason))
}

func (s *Server) listAPIKeys(c *gin.Context) {
	keys, err := s.deps.App.APIKeys.List(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, keys)
}

func (s *Server) createAPIKey(c *gin.Context) {
	var in struct {
		Name string `json:"name"`
	}
	if !bindJSON(c, &in) {
		return
	}
	k, err := s.deps.App.APIKeys.Create(c.Request.Context(), actor(c), in.Name)
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("Cache-Control", "no-store")
	c.JSON(http.StatusCreated, k)
}

func (s *Server) revokeAPIKey(c *gin.Context) {
	id, err := strconv.ParseUint(c.Param("id"), 10, 64)
	if err != nil {
		fail(c, errs.NotFound("No existe esa clave de API."))
		return
	}
	if err := s.deps.App.APIKeys.Revoke(c.Request.Context(), actor(c), id); err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"message": "Clave revocada."})
}

const apiKeyContext = "apiKey"

// requireAPIKey admits a game server presenting a valid key, within its rate limit.
func (s *Server) requireAPIKey(c *gin.Context) {
	presented := c.GetHeader("X-API-Key")
	if presented == "" {
		presented = bearer(c)
	}
	k, err := s.deps.App.APIKeys.Authenticate(c.Request.Context(), presented)
	if err != nil {
		fail(c, err)
		return
	}
	allowed, err := s.integrations.allow(c.Request.Context(), strconv.FormatUint(k.ID, 10))
	if err != nil {
		fail(c, err)
		return
	}
	if !allowed {
		c.Header("Retry-After", "60")
		fail(c, errIntegrationRate)
		return
	}
	c.Set(apiKeyContext, k)
	c.Next()
}

var errIntegrationRate = errs.RateLimited("Demasiadas consultas con esta clave. Espera un minuto.")

func apiKeyOf(c *gin.Context) *apikeys.Key {
	k, _ := c.Get(apiKeyContext)
	key, _ := k.(*apikeys.Key)
	return key
}

// integrationPlayer is what the game reads of a player: their document and their record.
func (s *Server) integrationPlayer(c *gin.Context) {
	p, err := s.deps.App.Players.ForGame(c.Request.Context(), c.Param("robloxUsername"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, p)
}

// integrationPlayerByID is integrationPlayer by Roblox user id, which survives renames.
func (s *Server) integrationPlayerByID(c *gin.Context) {
	p, err := s.deps.App.Players.ForGameByUserID(c.Request.Context(), c.Param("robloxUserId"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, p)
}

func (s *Server) integrationCharge(c *gin.Context) {
	var in struct {
		RobloxUsername string `json:"robloxUsername"`
		RobloxUserID   string `json:"robloxUserId"`
		Description    string `json:"description"`
	}
	if !bindJSON(c, &in) {
		return
	}
	rec, err := s.deps.App.Records.AddChargeFromGameAccount(c.Request.Context(),
		records.GameAccount{Username: in.RobloxUsername, UserID: in.RobloxUserID}, in.Description, gameKeyOf(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"message": "Cargo agregado al expediente.", "record": rec})
}
