package personaldata

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"gorm.io/gorm"
)

// ExportPDF is the same export as Export, for reading: each table that holds something about
// p under its title, each row as its columns and values, moments in the community's zone
// (loc), and the tables that hold nothing about them named at the end. A PDF is built whole,
// so it is read into memory; the JSON export streams.
func (r *Registry) ExportPDF(ctx context.Context, conn *gorm.DB, p Person, at time.Time, loc *time.Location, community string) ([]byte, error) {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetTitle(community+" · Mis datos", true)
	pdf.SetAutoPageBreak(true, 15)
	// The built-in fonts speak Windows-1252, which holds every Spanish letter.
	tr := pdf.UnicodeTranslatorFromDescriptor("cp1252")
	pdf.AddPage()
	pdf.SetFont("Helvetica", "B", 18)
	pdf.CellFormat(0, 10, tr(community+" · Mis datos"), "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	pdf.SetTextColor(90, 90, 90)
	pdf.CellFormat(0, 6, tr("Generado el "+at.In(loc).Format("02/01/2006 15:04")), "", 1, "L", false, 0, "")
	for _, line := range []string{"ID de Discord: " + p.DiscordID, "Cuenta de Roblox: " + orDash(p.RobloxUserID), "Correo: " + orDash(p.Email)} {
		pdf.CellFormat(0, 6, tr(line), "", 1, "L", false, 0, "")
	}
	pdf.SetTextColor(0, 0, 0)

	var empty []string
	var current *Holding
	rows := 0
	finish := func() {
		if current != nil && rows == 0 {
			empty = append(empty, current.Title)
		}
	}
	err := r.Walk(ctx, conn, p, Visit{
		Table: func(h Holding) error {
			finish()
			current, rows = &h, 0
			return nil
		},
		Row: func(h Holding, columns []string, row map[string]any) error {
			if rows == 0 {
				pdf.Ln(4)
				pdf.SetFont("Helvetica", "B", 13)
				pdf.MultiCell(0, 7, tr(h.Title), "", "L", false)
			}
			rows++
			pdf.SetDrawColor(210, 210, 220)
			pdf.Line(10, pdf.GetY()+1, 200, pdf.GetY()+1)
			pdf.Ln(2)
			for _, c := range columns {
				pdf.SetFont("Helvetica", "B", 9)
				pdf.CellFormat(45, 5, tr(ColumnLabel(c)), "", 0, "L", false, 0, "")
				pdf.SetFont("Helvetica", "", 9)
				pdf.MultiCell(0, 5, tr(cellText(row[c], loc)), "", "L", false)
			}
			if post, ok := row["publicacionDiscord"].(map[string]string); ok {
				pdf.SetFont("Helvetica", "B", 9)
				pdf.CellFormat(45, 5, tr("Publicación en Discord"), "", 0, "L", false, 0, "")
				pdf.SetFont("Helvetica", "", 9)
				pdf.MultiCell(0, 5, tr(orDash(post["enlace"])+" (mensaje "+post["mensaje"]+")"), "", "L", false)
			}
			return nil
		},
	})
	if err != nil {
		return nil, err
	}
	finish()
	if len(empty) > 0 {
		pdf.Ln(6)
		pdf.SetFont("Helvetica", "B", 11)
		pdf.MultiCell(0, 6, tr("Sin datos tuyos guardados en"), "", "L", false)
		pdf.SetFont("Helvetica", "", 9)
		pdf.MultiCell(0, 5, tr(strings.Join(empty, " · ")), "", "L", false)
	}
	if err := pdf.Error(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// cellText writes a value for reading: a moment in the community's zone, nothing as a dash.
func cellText(v any, loc *time.Location) string {
	switch v := v.(type) {
	case nil:
		return "—"
	case time.Time:
		return v.In(loc).Format("02/01/2006 15:04")
	case string:
		return orDash(v)
	default:
		return fmt.Sprint(v)
	}
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}
