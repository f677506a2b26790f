// Package webapi is the HTTP API over core, and serves the built web app. Handlers bind
// the request, call core with the acting user, and map the result; no rule lives here.
package webapi

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"

	"zocalo/core"
	"zocalo/core/staff"
	"zocalo/internal/config"
)

// Deps are what the API is built from.
type Deps struct {
	App     *core.App
	Config  *config.Config
	Metrics *prometheus.Registry
	// WebFS is the built web app (web/dist); nil serves no pages.
	WebFS fs.FS
	// Mounts are extra handlers by path prefix, such as demo mode's fake Discord.
	Mounts map[string]http.Handler
	Logger *slog.Logger
}

// Server is the HTTP side of Zócalo.
type Server struct {
	deps         Deps
	engine       *gin.Engine
	signIns      *keyedLimiter
	publicWrites *keyedLimiter
	integrations *keyedLimiter
	publicNews   newsJSON
	gzipped      gzipCache
	etags        webETags
	// The built app's pages and the configuration's JSON, read and encoded once.
	docs       webDocuments
	configJSON encodedOnce
	// migrated is set once readiness saw every migration applied; requests read it at once.
	migrated atomic.Bool
	// The live stream: its hub starts with the first stream, and liveCtx ends with the
	// server, which ends every stream rather than waiting on them to finish.
	liveOnce   sync.Once
	liveCtx    context.Context
	liveCancel context.CancelFunc
	streams    prometheus.Gauge
}

func init() { gin.SetMode(gin.ReleaseMode) }

// New builds the router.
func New(deps Deps) *Server {
	if deps.Logger == nil {
		deps.Logger = slog.Default()
	}
	if deps.Metrics == nil {
		deps.Metrics = prometheus.NewRegistry()
	}
	s := &Server{deps: deps, engine: gin.New(),
		signIns:      newKeyedLimiter(deps.App.RateLimits, "sign-in", deps.Config.RateLimit.SignInPerMinute),
		publicWrites: newKeyedLimiter(deps.App.RateLimits, "public-write", deps.Config.RateLimit.PublicWritesPerMinute),
		integrations: newKeyedLimiter(deps.App.RateLimits, "integration", deps.Config.RateLimit.IntegrationPerMinute)}
	// Forwarded headers are not trusted unless a proxy is configured in front.
	// Only configured proxies may name the client; otherwise the connection's address is it.
	s.liveCtx, s.liveCancel = context.WithCancel(context.Background())
	s.streams = prometheus.NewGauge(prometheus.GaugeOpts{Name: "zocalo_live_streams", Help: "Open live event streams."})
	deps.Metrics.MustRegister(s.streams)
	_ = s.engine.SetTrustedProxies(deps.Config.TrustedProxies)
	s.engine.HandleMethodNotAllowed = false
	s.engine.ContextWithFallback = true
	s.routes()
	return s
}

// Handler is the router, for tests and for http.Server.
func (s *Server) Handler() http.Handler { return s.engine }

// Routes lists method and path of every API route, for the contract test.
func (s *Server) Routes() gin.RoutesInfo { return s.engine.Routes() }

func (s *Server) routes() {
	r := s.engine
	metrics := newHTTPMetrics(s.deps.Metrics)
	r.Use(withRequestID(s.deps.Logger), recoverPanics, logRequests, metrics.middleware,
		securityHeaders(strings.HasPrefix(s.deps.Config.PublicURL, "https://")),
		sameOrigin(originOf(s.deps.Config.PublicURL)), cleanInput)

	r.GET("/healthz", s.healthz)
	r.GET("/readyz", s.readyz)
	r.GET("/metrics", gin.WrapH(MetricsHandler(s.deps.Metrics, s.deps.Config.MetricsToken)))

	// Creates honour Idempotency-Key: a retried or double-submitted create makes one row.
	once := s.idempotent(storedAnswer)
	onceTicketForm := s.idempotent(formAnswer(ticketFormLimits))

	api := r.Group("/api")
	api.GET("/config", s.publicConfig)

	signIn := s.signInLimit("Demasiados intentos de inicio de sesión. Espera un minuto e inténtalo de nuevo.")
	api.GET("/auth/discord", signIn, s.beginSignIn)
	api.GET("/auth/discord/callback", signIn, s.finishSignIn)
	api.POST("/auth/exchange", s.exchangeSignIn)
	api.GET("/auth/profile", s.requireAuth, s.profile)
	api.POST("/auth/logout", s.requireAuth, s.logout)
	api.GET("/events", s.requireAuth, s.events)

	publicWrite := s.publicWrites.formMiddleware("Has enviado demasiadas solicitudes. Espera un minuto e inténtalo de nuevo.")
	api.GET("/news/news-cards", s.optionalAuth, s.listNews)
	api.GET("/news/news-cards/:id", s.optionalAuth, s.getNews)
	api.POST("/news/news-cards", s.requireAuth, once, s.createNews)
	api.PUT("/news/news-cards/:id", s.requireAuth, s.updateNews)
	api.DELETE("/news/news-cards/:id", s.requireAuth, s.deleteNews)
	api.POST("/contact", publicWrite, once, s.submitContact)
	api.POST("/artists/submit", publicWrite, once, s.submitArtistApplication)
	api.GET("/artists/applications", s.requireAuth, s.listArtistApplications)
	api.PUT("/artists/applications/:id/status", s.requireAuth, s.setArtistApplicationStatus)

	api.POST("/tickets", s.requireAuth, onceTicketForm, s.createTicket)
	api.GET("/tickets", s.requireAuth, s.listTickets)
	api.GET("/tickets/stats/summary", s.requireAuth, s.ticketStats)
	api.GET("/tickets/stats/daily", s.requireAuth, s.ticketDaily)
	api.GET("/tickets/unread", s.requireAuth, s.unreadTickets)
	api.GET("/tickets/canned-replies", s.requireAuth, s.listCannedReplies)
	api.POST("/tickets/canned-replies", s.requireAuth, once, s.createCannedReply)
	api.PUT("/tickets/canned-replies/:cannedId", s.requireAuth, s.updateCannedReply)
	api.DELETE("/tickets/canned-replies/:cannedId", s.requireAuth, s.deleteCannedReply)
	api.GET("/tickets/:ticketId", s.requireAuth, s.getTicket)
	api.POST("/tickets/:ticketId/messages", s.requireAuth, onceTicketForm, s.replyToTicket)
	api.POST("/tickets/:ticketId/notes", s.requireAuth, once, s.addTicketNote)
	api.PUT("/tickets/:ticketId/status", s.requireAuth, s.setTicketStatus)
	api.PUT("/tickets/:ticketId/assign", s.requireAuth, s.assignTicket)
	api.PUT("/tickets/:ticketId/priority", s.requireAuth, s.setTicketPriority)
	api.POST("/tickets/:ticketId/rating", s.requireAuth, s.rateTicket)
	api.GET("/tickets/:ticketId/transcript", s.requireAuth, s.ticketTranscript)
	api.GET("/tickets/:ticketId/attachments/:attachmentId", s.requireAuth, s.ticketAttachment)
	api.GET("/staff/moderators", s.requireAuth, s.moderators)
	api.PUT("/staff/hours", s.requireAuth, s.adjustHours)
	api.POST("/staff/dismiss", s.requireAuth, s.dismiss)
	api.GET("/staff/stats", s.requireAuth, s.staffStats)
	api.GET("/staff/hours", s.requireAuth, s.teamHours)
	api.GET("/staff/stats/hours", s.requireAuth, s.myHours)
	api.GET("/staff/profile", s.requireAuth, s.staffProfile)
	api.POST("/staff/report", s.requireAuth, once, s.staffReport)
	api.GET("/staff/reports/weekly", s.requireAuth, s.weeklyReport)
	api.POST("/staff/:userId/notes", s.requireAuth, once, s.staffNote(staff.KindNote))
	api.POST("/staff/:userId/warns", s.requireAuth, once, s.staffNote(staff.KindWarn))
	api.PUT("/staff/:userId/hired", s.requireAuth, s.setHired)
	api.GET("/staff/members/:userId", s.requireAuth, s.staffMember)
	api.GET("/staff/on-shift", s.requireAuth, s.onShift)
	api.POST("/staff/shifts/:discordId/end", s.requireAuth, s.endShift)
	api.GET("/staff/leaves", s.requireAuth, s.leaves)
	api.GET("/staff/leaves/mine", s.requireAuth, s.myLeaves)
	api.POST("/staff/leaves/:id/decision", s.requireAuth, s.decideLeave)
	api.GET("/staff/quotas", s.requireAuth, s.quotas)
	api.PUT("/staff/quotas/:roleId", s.requireAuth, s.setQuota)

	api.GET("/documents/status", s.requireAuth, s.documentStatus)
	api.GET("/documents/mine", s.requireAuth, s.myDocument)
	api.POST("/documents/ine", s.requireAuth, once, s.createINE)
	api.POST("/documents/pasaporte", s.requireAuth, once, s.createPassport)
	api.PUT("/documents/mine/roblox", s.requireAuth, s.correctDocumentRobloxName)
	api.GET("/records/search", s.requireAuth, s.searchRecords)
	api.GET("/records/pdf", s.requireAuth, s.recordPDF)
	api.POST("/records/charges", s.requireAuth, once, s.addCharge)
	api.POST("/records/charges/:id/void", s.requireAuth, s.voidCharge)
	api.POST("/records/charges/:id/expunge", s.requireAuth, s.expungeCharge)
	api.GET("/players/me", s.requireAuth, s.playerProfile)
	api.GET("/me/export", s.requireAuth, s.exportMyData)
	api.GET("/me/export/pdf", s.requireAuth, s.exportMyDataPDF)
	api.GET("/verify/status", s.requireAuth, s.verifyStatus)
	api.POST("/verify/initiate", s.requireAuth, s.initiateVerify)
	api.DELETE("/verify/link", s.requireAuth, s.unlinkRoblox)
	api.GET("/verify/callback", signIn, s.verifyCallback)
	api.GET("/admin/api-keys", s.requireAuth, s.listAPIKeys)
	api.POST("/admin/api-keys", s.requireAuth, s.idempotent(secretAnswer), s.createAPIKey)
	api.DELETE("/admin/api-keys/:id", s.requireAuth, s.revokeAPIKey)
	s.deliveryRoutes(api)
	s.contactAdminRoutes(api)
	s.dataRightsRoutes(api)

	api.GET("/treasury/sales", s.requireAuth, s.listSales)
	api.POST("/treasury/sales", s.requireAuth, once, s.registerSale)
	api.GET("/treasury/sales/export", s.requireAuth, s.exportSales)
	api.POST("/treasury/sales/:id/void", s.requireAuth, s.voidSale)
	api.GET("/treasury/members", s.requireAuth, s.treasuryMembers)
	api.GET("/treasury/buyers", s.requireAuth, s.treasuryBuyers)
	api.GET("/treasury/summary", s.requireAuth, s.treasurySummary)
	api.GET("/treasury/income", s.requireAuth, s.treasuryIncome)
	api.GET("/treasury/catalogue", s.requireAuth, s.treasuryCatalogue)
	api.GET("/sat/businesses", s.requireAuth, s.listBusinesses)
	api.POST("/sat/businesses", s.requireAuth, s.idempotent(formAnswer(businessFormLimits)), s.registerBusiness)
	api.PUT("/sat/businesses/:id", s.requireAuth, s.updateBusiness)
	api.PUT("/sat/businesses/:id/status", s.requireAuth, s.setBusinessStatus)
	api.GET("/sat/businesses/:id/documents/:documentId", s.requireAuth, s.businessDocument)
	api.GET("/sat/businesses/:id/logo", s.businessLogo)

	api.GET("/diario-oficial", s.diarioOficial)
	api.GET("/legislative/initiatives", s.requireAuth, s.listInitiatives)
	api.POST("/legislative/initiatives", s.requireAuth, once, s.createInitiative)
	api.GET("/legislative/initiatives/:id", s.requireAuth, s.getInitiative)
	api.DELETE("/legislative/initiatives/:id", s.requireAuth, s.deleteInitiative)
	api.POST("/legislative/initiatives/:id/withdraw", s.requireAuth, s.withdrawInitiative)
	api.POST("/legislative/initiatives/:id/vote", s.requireAuth, s.voteInitiative)
	api.PUT("/legislative/initiatives/:id/voting", s.requireAuth, s.configureVoting)
	api.GET("/legislative/agenda", s.requireAuth, s.listAgenda)
	api.POST("/legislative/agenda", s.requireAuth, once, s.createAgendaItem)
	api.DELETE("/legislative/agenda/:id", s.requireAuth, s.deleteAgendaItem)

	api.GET("/roles/roles", s.requireAuth, s.guildRoles)
	api.GET("/roles/panels/:panelId/permissions", s.requireAuth, s.panelPermissions)
	api.PUT("/roles/panels/:panelId/permissions", s.requireAuth, s.setPanelPermissions)
	api.GET("/audit", s.requireAuth, s.auditLog)

	// The game servers' API: an API key instead of a session.
	game := api.Group("/integrations", s.requireAPIKey)
	game.GET("/players/:robloxUsername", s.integrationPlayer)
	game.GET("/players/by-id/:robloxUserId", s.integrationPlayerByID)
	game.POST("/records/charges", once, s.integrationCharge)
	game.POST("/records/charges/:id/void", s.integrationVoidCharge)

	for prefix, h := range s.deps.Mounts {
		r.Any(prefix+"/*rest", gin.WrapH(http.StripPrefix(prefix, h)))
	}
	r.NoRoute(s.noRoute)
}

// originOf is scheme://host of a URL.
func originOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return u.Scheme + "://" + u.Host
}

func (s *Server) healthz(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"status": "ok"}) }

// readyz: the database answers and every migration is applied.
func (s *Server) readyz(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if err := s.deps.App.DB.Ping(ctx); err != nil {
		c.JSON(http.StatusServiceUnavailable, gin.H{"status": "database unreachable"})
		return
	}
	if !s.migrated.Load() {
		pending, err := s.deps.App.DB.Pending(ctx)
		if err != nil || pending {
			c.JSON(http.StatusServiceUnavailable, gin.H{"status": "migrations pending"})
			return
		}
		s.migrated.Store(true)
	}
	c.JSON(http.StatusOK, gin.H{"status": "ready"})
}

// noRoute: unknown API paths answer JSON; any other path is a page of the web app.
func (s *Server) noRoute(c *gin.Context) {
	p := c.Request.URL.Path
	if p == "/api" || strings.HasPrefix(p, "/api/") {
		c.JSON(http.StatusNotFound, gin.H{"message": "Ruta no encontrada."})
		return
	}
	if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
		c.JSON(http.StatusNotFound, gin.H{"message": "Ruta no encontrada."})
		return
	}
	s.serveWeb(c)
}

// Run serves until ctx ends, then stops accepting and lets in-flight requests finish.
func (s *Server) Run(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s.engine,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute,
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	errc := make(chan error, 1)
	s.startLive()
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		s.liveCancel()
		return err
	case <-ctx.Done():
	}
	// Streams never finish by themselves: end them, then wait for the other requests.
	s.liveCancel()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
