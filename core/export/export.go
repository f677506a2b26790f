// Package export holds what every download meant for a spreadsheet shares.
package export

// Text makes a text cell safe to open in a spreadsheet. A cell that starts with =, +, -,
// @, a tab or a carriage return is read as a formula (and may run one, or open a link
// that leaks the sheet); a leading apostrophe makes the spreadsheet show it as text.
// Figures the portal itself formats (amounts, ids, dates) are written as they are, so
// they stay numbers; everything a person typed goes through Text.
func Text(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}
