package outbox

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Discord's limits on one message (docs: resources/message, "Embed Limits" and Create
// Message), which every message the relay sends is fitted to (bot/fit.go) and which
// LinePages fills without passing. Discord counts characters; these are counted in UTF-16
// code units (Units), never fewer than code points, so a text that fits here fits however
// Discord counts it.
const (
	MaxContent          = 2000
	MaxEmbedsPerMessage = 10
	MaxEmbedTitle       = 256
	MaxEmbedDescription = 4096
	MaxEmbedFields      = 25
	MaxFieldName        = 256
	MaxFieldValue       = 1024
	MaxEmbedFooter      = 2048
	MaxEmbedAuthor      = 256
	// MaxEmbedsTotal bounds the titles, descriptions, fields, footers and authors of all of a
	// message's embeds together.
	MaxEmbedsTotal = 6000
)

// Ellipsis ends a text cut to fit; it is one unit.
const Ellipsis = "…"

// Units counts s as Discord's limits are checked here: in UTF-16 code units.
func Units(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// CapUnits keeps s within n units: whole when it fits, else its start and an ellipsis.
// It tells whether s was cut.
func CapUnits(s string, n int) (string, bool) {
	if Units(s) <= n {
		return s, false
	}
	if n < Units(Ellipsis) {
		return "", s != ""
	}
	return CutUnits(s, n-Units(Ellipsis)) + Ellipsis, true
}

// CutUnits is the longest start of s within n units, never splitting a character, with
// trailing spaces dropped (Discord trims them anyway).
func CutUnits(s string, n int) string {
	used, end := 0, 0
	for end < len(s) {
		r, size := utf8.DecodeRuneInString(s[end:])
		if used+utf16.RuneLen(r) > n {
			break
		}
		used += utf16.RuneLen(r)
		end += size
	}
	return strings.TrimRight(s[:end], " \t\n")
}
