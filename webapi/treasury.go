package webapi

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"zocalo/core/errs"
	"zocalo/core/export"
	"zocalo/core/sat"
	"zocalo/core/storage"
	"zocalo/core/treasury"
	"zocalo/core/validate"
)

func (s *Server) registerSale(c *gin.Context) {
	var in treasury.Input
	if !bindJSON(c, &in) {
		return
	}
	v, err := s.deps.App.Treasury.Register(c.Request.Context(), actor(c), in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, v)
}

var errSaleFilter = errs.Invalid("Filtro de ventas no válido.")

func saleFilter(c *gin.Context) (treasury.Filter, bool) {
	f := treasury.Filter{Item: c.Query("item"), SellerID: c.Query("sellerId"), From: c.Query("from"), To: c.Query("to")}
	var ok bool
	if f.Limit, ok = numberQuery(c, "limit", 100, 500); !ok {
		fail(c, errSaleFilter)
		return f, false
	}
	if raw := c.Query("before"); raw != "" {
		if f.Before, ok = validate.ID(raw); !ok {
			fail(c, errSaleFilter)
			return f, false
		}
	}
	return f, true
}

func (s *Server) listSales(c *gin.Context) {
	f, ok := saleFilter(c)
	if !ok {
		return
	}
	list, err := s.deps.App.Treasury.List(c.Request.Context(), actor(c), f)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, list)
}

// exportSales streams the filtered history as CSV (UTF-8 with a BOM, so spreadsheets read
// the accents). Text cells go through export.Text, so a name or a reason cannot run as a
// formula; the figures the treasury writes stay numbers.
func (s *Server) exportSales(c *gin.Context) {
	f, ok := saleFilter(c)
	if !ok {
		return
	}
	loc := s.deps.Config.Location()
	var w *csv.Writer
	header := func() {
		c.Header("Content-Type", "text/csv; charset=utf-8")
		c.Header("Content-Disposition", `attachment; filename="ventas.csv"`)
		c.Header("Cache-Control", "no-store")
		c.Status(http.StatusOK)
		_, _ = c.Writer.WriteString("\ufeff")
		w = csv.NewWriter(c.Writer)
		_ = w.Write([]string{"id", "fecha", "comprador", "id_comprador", "articulo", "moneda", "precio_original", "descuento", "precio_final", "vendedor", "anulada", "motivo_anulacion"})
	}
	err := s.deps.App.Treasury.Export(c.Request.Context(), actor(c), f, func(v treasury.View) error {
		if w == nil {
			header()
		}
		return w.Write([]string{strconv.FormatUint(v.ID, 10), v.Date.In(loc).Format(time.DateTime),
			export.Text(v.BuyerUsername), export.Text(v.BuyerDiscordID), export.Text(v.Item), export.Text(v.Currency),
			fmt.Sprintf("%.2f", v.OriginalPrice), fmt.Sprintf("%.2f", v.Discount), fmt.Sprintf("%.2f", v.FinalPrice),
			export.Text(v.SellerUsername), strconv.FormatBool(v.Voided), export.Text(v.VoidReason)})
	})
	if err != nil && w == nil {
		fail(c, err)
		return
	}
	if w == nil {
		header()
	}
	w.Flush()
	if err != nil {
		logger(c).Error("sales export stopped", "error", err)
	}
}

func (s *Server) voidSale(c *gin.Context) {
	var in struct {
		Reason string `json:"reason"`
	}
	if !bindJSON(c, &in) {
		return
	}
	id, err := strconv.ParseUint(c.Param("id"), 10, 64)
	if err != nil {
		fail(c, errs.NotFound("No existe esa venta."))
		return
	}
	v, err := s.deps.App.Treasury.Void(c.Request.Context(), actor(c), id, in.Reason)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, v)
}

func (s *Server) treasuryMembers(c *gin.Context) {
	list, err := s.deps.App.Treasury.Members(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, list)
}

func (s *Server) treasuryBuyers(c *gin.Context) {
	list, err := s.deps.App.Treasury.Buyers(c.Request.Context(), actor(c), c.Query("search"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, list)
}

func (s *Server) treasurySummary(c *gin.Context) {
	sum, err := s.deps.App.Treasury.Summary(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, sum)
}

func (s *Server) treasuryCatalogue(c *gin.Context) {
	list, err := s.deps.App.Treasury.Catalogue(actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, list)
}

// businessFormLimits bound a registration: five 10 MB documents, a 2 MB logo and the fields.
var businessFormLimits = formLimits{maxBody: sat.MaxDocuments*sat.MaxDocumentSize + sat.MaxLogoSize + 1<<20,
	tooLarge: errs.TooLarge("Los archivos exceden el tamaño permitido (5 documentos de 10 MB y un logo de 2 MB como máximo).")}

func (s *Server) listBusinesses(c *gin.Context) {
	list, err := s.deps.App.SAT.List(c.Request.Context(), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, list)
}

func (s *Server) registerBusiness(c *gin.Context) {
	// Refuse before reading any file: a stranger's upload never touches the disk.
	if !sat.MayRegister(actor(c)) {
		fail(c, errs.Forbidden("Solo la administración puede registrar y modificar negocios."))
		return
	}
	docs, logo := s.deps.App.SAT.NewDocuments(), s.deps.App.SAT.NewLogo()
	fields, ok := readMultipart(c, businessFormLimits, func(field string) *storage.Batch {
		switch field {
		case "documents", "documents[]":
			return docs
		case "logo":
			return logo
		}
		return nil
	}, docs, logo)
	if !ok {
		return
	}
	v, err := s.deps.App.SAT.Register(c.Request.Context(), actor(c), sat.Input{Name: fields["name"], Location: fields["location"],
		Server: fields["server"], RFC: fields["rfc"], OwnerName: fields["ownerName"], OwnerDiscordID: fields["ownerDiscordId"]}, docs, logo)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, v)
}

func businessID(c *gin.Context) (uint64, bool) {
	id, err := strconv.ParseUint(c.Param("id"), 10, 64)
	if err != nil {
		fail(c, errs.NotFound("No existe ese negocio."))
		return 0, false
	}
	return id, true
}

func (s *Server) updateBusiness(c *gin.Context) {
	var in sat.Input
	if !bindJSON(c, &in) {
		return
	}
	id, ok := businessID(c)
	if !ok {
		return
	}
	v, err := s.deps.App.SAT.Update(c.Request.Context(), actor(c), id, in)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, v)
}

func (s *Server) setBusinessStatus(c *gin.Context) {
	var in struct {
		Status string `json:"status"`
	}
	if !bindJSON(c, &in) {
		return
	}
	id, ok := businessID(c)
	if !ok {
		return
	}
	v, err := s.deps.App.SAT.SetStatus(c.Request.Context(), actor(c), id, in.Status)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, v)
}

func (s *Server) businessDocument(c *gin.Context) {
	s.serveStoredFile(c, func() (storedFile, error) {
		d, err := s.deps.App.SAT.DocumentFile(c.Request.Context(), actor(c), c.Param("id"), c.Param("documentId"))
		return storedFile{Key: d.StorageKey, Filename: d.Filename}, err
	})
}

func (s *Server) businessLogo(c *gin.Context) {
	s.serveStoredFile(c, func() (storedFile, error) {
		key, err := s.deps.App.SAT.LogoFile(c.Request.Context(), c.Param("id"))
		return storedFile{Key: key, Filename: "logo"}, err
	})
}
