package webapi

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"zocalo/core/errs"
	"zocalo/core/storage"
	"zocalo/core/tickets"
)

// ticketFormLimits bound a ticket form or reply: five 5 MB files and the text fields.
var ticketFormLimits = formLimits{maxBody: tickets.MaxFiles*tickets.MaxFileBytes + 1<<20,
	tooLarge: errs.TooLarge("Los archivos exceden el tamaño permitido (5 archivos de 5MB como máximo).")}

// readTicketForm reads a ticket form; every file is an attachment.
func (s *Server) readTicketForm(c *gin.Context) (map[string]string, *tickets.Uploads, bool) {
	uploads := s.deps.App.Tickets.NewUploads()
	fields, ok := readMultipart(c, ticketFormLimits, func(string) *storage.Batch { return uploads }, uploads)
	return fields, uploads, ok
}

func (s *Server) createTicket(c *gin.Context) {
	fields, uploads, ok := s.readTicketForm(c)
	if !ok {
		return
	}
	v, err := s.deps.App.Tickets.Create(c.Request.Context(), actor(c),
		tickets.CreateInput{Title: fields["title"], Category: fields["category"], Message: fields["message"]}, uploads)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"ticket": v})
}

func (s *Server) replyToTicket(c *gin.Context) {
	fields, uploads, ok := s.readTicketForm(c)
	if !ok {
		return
	}
	v, err := s.deps.App.Tickets.Reply(c.Request.Context(), actor(c), c.Param("ticketId"), fields["message"], uploads)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"ticket": v})
}

func (s *Server) listTickets(c *gin.Context) {
	q := tickets.ListQuery{Statuses: c.QueryArray("status"), Priority: c.Query("priority"),
		Category: c.Query("category"), Search: c.Query("search")}
	var ok bool
	if q.Page, q.Limit, ok = pageQuery(c, 10, 100); !ok {
		return
	}
	res, err := s.deps.App.Tickets.List(c.Request.Context(), actor(c), q)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, res)
}

func (s *Server) ticketStats(c *gin.Context) {
	st, err := s.deps.App.Tickets.Summary(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"stats": st})
}

func (s *Server) unreadTickets(c *gin.Context) {
	unread, err := s.deps.App.Tickets.Unread(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, unread)
}

func (s *Server) getTicket(c *gin.Context) {
	v, err := s.deps.App.Tickets.Get(c.Request.Context(), actor(c), c.Param("ticketId"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"ticket": v})
}

func (s *Server) setTicketStatus(c *gin.Context) {
	var in struct {
		Status string `json:"status"`
	}
	if !bindJSON(c, &in) {
		return
	}
	s.ticketResult(c)(s.deps.App.Tickets.SetStatus(c.Request.Context(), actor(c), c.Param("ticketId"), in.Status))
}

func (s *Server) assignTicket(c *gin.Context) {
	var in struct {
		StaffID *string `json:"staffId"`
	}
	if !bindJSON(c, &in) {
		return
	}
	s.ticketResult(c)(s.deps.App.Tickets.Assign(c.Request.Context(), actor(c), c.Param("ticketId"), in.StaffID))
}

func (s *Server) setTicketPriority(c *gin.Context) {
	var in struct {
		Priority string `json:"priority"`
	}
	if !bindJSON(c, &in) {
		return
	}
	s.ticketResult(c)(s.deps.App.Tickets.SetPriority(c.Request.Context(), actor(c), c.Param("ticketId"), in.Priority))
}

func (s *Server) rateTicket(c *gin.Context) {
	var in struct {
		Rating int `json:"rating"`
	}
	if !bindJSON(c, &in) {
		return
	}
	s.ticketResult(c)(s.deps.App.Tickets.Rate(c.Request.Context(), actor(c), c.Param("ticketId"), in.Rating))
}

// ticketResult answers a ticket or the error.
func (s *Server) ticketResult(c *gin.Context) func(tickets.View, error) {
	return func(v tickets.View, err error) {
		if err != nil {
			fail(c, err)
			return
		}
		c.JSON(http.StatusOK, gin.H{"ticket": v})
	}
}

func (s *Server) ticketTranscript(c *gin.Context) {
	page, err := s.deps.App.Tickets.Transcript(c.Request.Context(), actor(c), c.Param("ticketId"), s.deps.Config.Location())
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("Content-Disposition", `inline; filename="ticket-`+c.Param("ticketId")+`.html"`)
	c.Header("Cache-Control", "no-store")
	c.Data(http.StatusOK, "text/html; charset=utf-8", page)
}

func (s *Server) ticketAttachment(c *gin.Context) {
	s.serveStoredFile(c, func() (storedFile, error) {
		a, err := s.deps.App.Tickets.AttachmentFile(c.Request.Context(), actor(c), c.Param("ticketId"), c.Param("attachmentId"))
		return storedFile{Key: a.StorageKey, Filename: a.Filename}, err
	})
}

// moderators answers the roster as the specification's array; ?limit= asks for a page of
// it (with ?page= and ?q=, a name), and X-Total-Count says how many members matched.
func (s *Server) moderators(c *gin.Context) {
	q, ok := rosterQuery(c)
	if !ok {
		return
	}
	page, err := s.deps.App.Staff.ModeratorsPage(c.Request.Context(), actor(c), q)
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("X-Total-Count", strconv.Itoa(page.Total))
	c.JSON(http.StatusOK, page.Members)
}
