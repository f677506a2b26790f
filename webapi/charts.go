package webapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"zocalo/core/errs"
	"zocalo/core/staff"
	"zocalo/core/tickets"
	"zocalo/core/treasury"
)

// The reads behind the portal's charts: each takes how far back to look and hands it to core.

// spanQuery reads a span parameter (weeks, days, months); out of range is the user's mistake.
func spanQuery(c *gin.Context, name string, def, most int) (int, bool) {
	n, ok := numberQuery(c, name, def, most)
	if !ok {
		fail(c, errs.Invalid("El periodo pedido no es válido."))
	}
	return n, ok
}

func (s *Server) teamHours(c *gin.Context) {
	weeks, ok := spanQuery(c, "weeks", staff.DefaultHourWeeks, staff.MaxHourWeeks)
	if !ok {
		return
	}
	rows, err := s.deps.App.Staff.TeamHours(c.Request.Context(), actor(c), weeks)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, rows)
}

func (s *Server) myHours(c *gin.Context) {
	weeks, ok := spanQuery(c, "weeks", staff.DefaultHourWeeks, staff.MaxHourWeeks)
	if !ok {
		return
	}
	rows, err := s.deps.App.Staff.MyHours(c.Request.Context(), actor(c), weeks)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, rows)
}

func (s *Server) ticketDaily(c *gin.Context) {
	days, ok := spanQuery(c, "days", tickets.DefaultDailyDays, tickets.MaxDailyDays)
	if !ok {
		return
	}
	rows, err := s.deps.App.Tickets.Daily(c.Request.Context(), actor(c), days)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, rows)
}

func (s *Server) treasuryIncome(c *gin.Context) {
	months, ok := spanQuery(c, "months", treasury.DefaultIncomeMonths, treasury.MaxIncomeMonths)
	if !ok {
		return
	}
	income, err := s.deps.App.Treasury.Income(c.Request.Context(), actor(c), months)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, income)
}
