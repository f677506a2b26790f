package records

import (
	"bytes"
	"context"
	"fmt"
	"time"

	"codeberg.org/go-pdf/fpdf"

	"zocalo/core/authz"
	"zocalo/core/errs"
)

var errNoRecord = errs.NotFound("No se encontraron expedientes.")

// PDF renders a person's record as a printable document. The file name suggests who it is.
func (s *Service) PDF(ctx context.Context, actor *authz.Actor, q Query, community string) ([]byte, string, error) {
	if actor == nil || actor.DiscordID == "" {
		return nil, "", errSignIn
	}
	// The PDF shows what the search shows the reader: a minor's record is not another player's.
	found, err := s.Search(ctx, actor, q)
	if err != nil {
		return nil, "", err
	}
	if len(found) == 0 {
		return nil, "", errNoRecord
	}
	r := &found[0]
	body, err := renderPDF(*r, community, s.now().In(s.loc), s.loc)
	if err != nil {
		return nil, "", err
	}
	name := r.RobloxUsername
	if name == "" {
		name = r.DiscordID
	}
	return body, "expediente-" + name + ".pdf", nil
}

func renderPDF(r Record, community string, at time.Time, loc *time.Location) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "Letter", "")
	pdf.SetTitle("Expediente criminal", true)
	pdf.SetAuthor(community, true)
	pdf.SetCreationDate(at)
	// The built-in fonts speak Windows-1252, which holds every Spanish letter.
	tr := pdf.UnicodeTranslatorFromDescriptor("cp1252")
	pdf.AddPage()

	pdf.SetFont("Helvetica", "B", 18)
	pdf.CellFormat(0, 10, tr(community+" · Expediente criminal"), "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	pdf.SetTextColor(90, 90, 90)
	pdf.CellFormat(0, 6, tr("Emitido el "+at.Format("02/01/2006 15:04")), "", 1, "L", false, 0, "")
	pdf.Ln(4)

	pdf.SetTextColor(0, 0, 0)
	for _, row := range [][2]string{
		{"Usuario de Roblox", orDash(r.RobloxUsername)},
		{"Usuario de Discord", orDash(r.Username)},
		{"ID de Discord", orDash(r.DiscordID)},
		{"Cargos vigentes", fmt.Sprint(len(r.InForce()))},
		{"Cargos anulados", fmt.Sprint(len(r.Charges) - len(r.InForce()))},
	} {
		pdf.SetFont("Helvetica", "B", 11)
		pdf.CellFormat(50, 7, tr(row[0]), "", 0, "L", false, 0, "")
		pdf.SetFont("Helvetica", "", 11)
		pdf.CellFormat(0, 7, tr(row[1]), "", 1, "L", false, 0, "")
	}
	pdf.Ln(6)

	pdf.SetFont("Helvetica", "B", 11)
	pdf.SetFillColor(230, 230, 240)
	pdf.CellFormat(140, 8, "CARGO", "1", 0, "L", true, 0, "")
	pdf.CellFormat(0, 8, "FECHA", "1", 1, "L", true, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	if len(r.Charges) == 0 {
		pdf.CellFormat(0, 8, tr("No se encontraron registros criminales."), "1", 1, "L", false, 0, "")
	}
	for _, c := range r.Charges {
		// Long descriptions wrap inside their cell; the date cell takes the same height. A
		// voided charge stays, greyed, with the reason and the day it was voided.
		text := c.Description
		pdf.SetTextColor(0, 0, 0)
		if c.Voided {
			text += "\n" + voidedLine(c, loc)
			pdf.SetTextColor(120, 120, 120)
		}
		lines := pdf.SplitText(tr(text), 136)
		h := 6 * float64(max(len(lines), 1))
		if pdf.GetY()+h > 260 {
			pdf.AddPage()
		}
		x, y := pdf.GetXY()
		pdf.MultiCell(140, 6, tr(text), "1", "L", false)
		pdf.SetXY(x+140, y)
		pdf.CellFormat(0, h, displayDate(c.Date), "1", 1, "L", false, 0, "")
	}
	pdf.SetTextColor(0, 0, 0)
	if err := pdf.Error(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// voidedLine marks a voided charge: "Anulado el 02/03/2026: reason".
func voidedLine(c ChargeView, loc *time.Location) string {
	line := "Anulado"
	if c.VoidedAt != nil {
		line += " el " + c.VoidedAt.In(loc).Format("02/01/2006")
	}
	return line + ": " + c.VoidReason
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// displayDate shows YYYY-MM-DD as dd/mm/yyyy.
func displayDate(d string) string {
	t, err := time.Parse(time.DateOnly, d)
	if err != nil {
		return d
	}
	return t.Format("02/01/2006")
}
