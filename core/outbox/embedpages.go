package outbox

import (
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"
)

// Discord's limits on the embeds of one message (docs: resources/message, "Embed Limits"),
// the same the relay fits every message to (bot/fit.go). They are counted here as there, in
// UTF-16 code units, never fewer than code points: a text that fits here fits however
// Discord counts it.
const (
	MaxEmbedsPerMessage = 10
	MaxEmbedTitle       = 256
	MaxEmbedDescription = 4096
	MaxEmbedFooter      = 2048
	// MaxEmbedsTotal bounds the titles, descriptions, fields, footers and authors of all of a
	// message's embeds together.
	MaxEmbedsTotal = 6000
	// RelayMarkerRoom is left free in every message for the mark the relay adds to its first
	// embed's footer (" · Zócalo · #<event id>", bot/marker.go): with it the message still
	// fits, so the relay cuts nothing.
	RelayMarkerRoom = 64
)

// LinePages is a list of lines posted as embeds over as many messages as Discord's limits
// need, so that every line shows in the channel and none goes to the relay's attachment.
type LinePages struct {
	// Title heads the first embed.
	Title string
	// Continued heads each embed after the first (nil: Title does); part counts the list's
	// embeds from 1 (the first is part 1) and parts is how many there are. Its text may
	// grow with parts, never shrink, as a number written out does: room for it is kept
	// before parts is known.
	Continued func(part, parts int) string
	// Empty is the description when there are no lines.
	Empty string
	// Footer closes each message, on its last embed, with the timestamp.
	Footer    string
	Color     int
	Timestamp *time.Time
}

// Messages spreads lines, in their order, over embeds and the embeds over messages, each
// within Discord's limits with room for the relay's mark. A line is never split between
// embeds; one too long for any embed on its own is cut, with an ellipsis.
func (p LinePages) Messages(lines []string) []ChannelMessage {
	if len(lines) == 0 {
		lines = []string{p.Empty}
	}
	footer := capUnits(p.Footer, MaxEmbedFooter-RelayMarkerRoom)
	budget := MaxEmbedsTotal - RelayMarkerRoom - textUnits(footer) // a message's titles and descriptions
	longestLine := min(MaxEmbedDescription, budget-MaxEmbedTitle)
	// Each embed has a line at least, so there are never more embeds than lines: each
	// continuation title is given room for that many parts, and numbered with the real count
	// once it is known.
	maxParts := len(lines)
	title := func(part, parts int) string {
		if part == 1 || p.Continued == nil {
			return capUnits(p.Title, MaxEmbedTitle)
		}
		return capUnits(p.Continued(part, parts), MaxEmbedTitle)
	}

	type page struct {
		titleRoom int
		lines     []string
		units     int // of the description
	}
	var messages [][]*page
	used := 0 // titles and descriptions of the last message
	parts := 0
	for _, line := range lines {
		line = capUnits(line, longestLine)
		n := textUnits(line)
		if len(messages) > 0 {
			last := messages[len(messages)-1]
			pg := last[len(last)-1]
			if pg.units+1+n <= MaxEmbedDescription && used+1+n <= budget {
				pg.lines = append(pg.lines, line)
				pg.units += 1 + n
				used += 1 + n
				continue
			}
		}
		parts++
		room := textUnits(title(parts, maxParts))
		if len(messages) == 0 || len(messages[len(messages)-1]) == MaxEmbedsPerMessage || used+room+n > budget {
			messages = append(messages, nil)
			used = 0
		}
		last := len(messages) - 1
		messages[last] = append(messages[last], &page{titleRoom: room, lines: []string{line}, units: n})
		used += room + n
	}

	out := make([]ChannelMessage, len(messages))
	part := 0
	for i, pages := range messages {
		embeds := make([]Embed, len(pages))
		for j, pg := range pages {
			part++
			// Numbered with the real count, which never makes it longer than the room kept
			// for it while Continued keeps its word; cut to that room if it does not.
			embeds[j] = Embed{Title: capUnits(title(part, parts), pg.titleRoom), Description: strings.Join(pg.lines, "\n"), Color: p.Color}
		}
		embeds[len(embeds)-1].Footer = footer
		embeds[len(embeds)-1].Timestamp = p.Timestamp
		out[i] = ChannelMessage{Embeds: embeds}
	}
	return out
}

// textUnits counts s as Discord's limits are checked: in UTF-16 code units.
func textUnits(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// capUnits keeps s within n units: whole when it fits, else its start and an ellipsis.
func capUnits(s string, n int) string {
	if textUnits(s) <= n {
		return s
	}
	const ellipsis = "…" // one unit
	if n < 1 {
		return ""
	}
	used, end := 0, 0
	for end < len(s) {
		r, size := utf8.DecodeRuneInString(s[end:])
		if used+utf16.RuneLen(r) > n-1 {
			break
		}
		used += utf16.RuneLen(r)
		end += size
	}
	return s[:end] + ellipsis
}
