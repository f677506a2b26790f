package webapi

import (
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"

	"zocalo/core/errs"
	"zocalo/core/validate"
)

const (
	requestIDKey = "request_id"
	loggerKey    = "logger"
)

// logger is the request's logger, which names the request.
func logger(c *gin.Context) *slog.Logger {
	if l, ok := c.Get(loggerKey); ok {
		return l.(*slog.Logger)
	}
	return slog.Default()
}

// withRequestID names each request, reusing a sane X-Request-ID from a proxy, and gives
// it a logger that carries the name.
func withRequestID(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-ID")
		if len(id) == 0 || len(id) > 64 || strings.ContainsAny(id, " \t\r\n") {
			b := make([]byte, 8)
			_, _ = rand.Read(b)
			id = hex.EncodeToString(b)
		}
		c.Set(requestIDKey, id)
		c.Set(loggerKey, log.With("request_id", id))
		c.Header("X-Request-ID", id)
		c.Next()
	}
}

// logRequests writes one line per request.
func logRequests(c *gin.Context) {
	start := time.Now()
	c.Next()
	path := c.FullPath()
	if path == "" {
		path = c.Request.URL.Path
	}
	if path == "/healthz" || path == "/readyz" || path == "/metrics" {
		return
	}
	logger(c).Info("http", "method", c.Request.Method, "route", path,
		"status", c.Writer.Status(), "duration_ms", time.Since(start).Milliseconds(), "ip", c.ClientIP())
}

// recoverPanics answers a panic like any unexpected error.
func recoverPanics(c *gin.Context) {
	defer func() {
		if r := recover(); r != nil {
			if r == http.ErrAbortHandler {
				panic(r)
			}
			logger(c).Error("panic", "path", c.Request.URL.Path, "panic", r)
			c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"message": genericError})
		}
	}()
	c.Next()
}

// securityHeaders: the app loads only its own scripts; antd injects styles at run time;
// avatars come from Discord's CDN and news images from any https host.
// Behind https the browser is told to use nothing else for a year (HSTS); a portal
// served over plain http (demo mode, a test) must not send it.
func securityHeaders(https bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		h := c.Writer.Header()
		if https {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "+
			"img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; "+
			"base-uri 'self'; frame-ancestors 'none'; form-action 'self'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		c.Next()
	}
}

// sameOrigin answers CORS only for the portal's own origin: other sites get no CORS
// headers, and their preflights are refused.
func sameOrigin(publicOrigin string) gin.HandlerFunc {
	return func(c *gin.Context) {
		origin := c.GetHeader("Origin")
		if origin == "" {
			c.Next()
			return
		}
		if origin == publicOrigin {
			c.Header("Access-Control-Allow-Origin", origin)
			c.Header("Vary", "Origin")
			if c.Request.Method == http.MethodOptions {
				c.Header("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE")
				c.Header("Access-Control-Allow-Headers", "Authorization, Content-Type")
				c.Header("Access-Control-Max-Age", "600")
				c.AbortWithStatus(http.StatusNoContent)
				return
			}
			c.Next()
			return
		}
		if c.Request.Method == http.MethodOptions {
			c.AbortWithStatus(http.StatusForbidden)
			return
		}
		c.Next()
	}
}

// httpMetrics counts requests and their latency by route.
type httpMetrics struct {
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

func newHTTPMetrics(reg prometheus.Registerer) *httpMetrics {
	m := &httpMetrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "zocalo_http_requests_total", Help: "HTTP requests by route and status.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "zocalo_http_request_duration_seconds", Help: "HTTP request latency by route.",
			Buckets: []float64{.001, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"method", "route"}),
	}
	reg.MustRegister(m.requests, m.latency)
	return m
}

func (m *httpMetrics) middleware(c *gin.Context) {
	start := time.Now()
	c.Next()
	route := c.FullPath()
	if route == "" {
		route = "unmatched"
	}
	m.requests.WithLabelValues(c.Request.Method, route, strconv.Itoa(c.Writer.Status())).Inc()
	m.latency.WithLabelValues(c.Request.Method, route).Observe(time.Since(start).Seconds())
}

// idParams are the path parameters that name a row by its number.
var idParams = map[string]bool{"id": true, "ticketId": true, "attachmentId": true, "documentId": true}

var errNoSuchRow = errs.NotFound("No existe lo que buscas.")

// cleanInput refuses, before any handler runs, what the engines would not treat alike: a
// path or query with a NUL byte or invalid UTF-8 (PostgreSQL refuses both in text; 400),
// and a row id that is not a whole number within 64-bit integers (it names nothing; 404).
func cleanInput(c *gin.Context) {
	if !validate.Storable(c.Request.URL.Path) {
		fail(c, errUnstorableText)
		return
	}
	for name, values := range c.Request.URL.Query() {
		if !validate.Storable(name) {
			fail(c, errUnstorableText)
			return
		}
		for _, v := range values {
			if !validate.Storable(v) {
				fail(c, errUnstorableText)
				return
			}
		}
	}
	for _, p := range c.Params {
		if _, ok := validate.ID(p.Value); idParams[p.Key] && !ok {
			fail(c, errNoSuchRow)
			return
		}
	}
	c.Next()
}
