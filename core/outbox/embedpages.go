package outbox

import (
	"strings"
	"time"
)

// RelayMarkerRoom is left free in every message for the mark the relay adds to its first
// embed's footer (" · Zócalo · #<event id>", bot/marker.go): with it the message still fits
// (Discord's limits: limits.go), so the relay cuts nothing.
const RelayMarkerRoom = 64

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
	footer := capped(p.Footer, MaxEmbedFooter-RelayMarkerRoom)
	budget := MaxEmbedsTotal - RelayMarkerRoom - Units(footer) // a message's titles and descriptions
	longestLine := min(MaxEmbedDescription, budget-MaxEmbedTitle)
	// Each embed has a line at least, so there are never more embeds than lines: each
	// continuation title is given room for that many parts, and numbered with the real count
	// once it is known.
	maxParts := len(lines)
	title := func(part, parts int) string {
		if part == 1 || p.Continued == nil {
			return capped(p.Title, MaxEmbedTitle)
		}
		return capped(p.Continued(part, parts), MaxEmbedTitle)
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
		line = capped(line, longestLine)
		n := Units(line)
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
		room := Units(title(parts, maxParts))
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
			embeds[j] = Embed{Title: capped(title(part, parts), pg.titleRoom), Description: strings.Join(pg.lines, "\n"), Color: p.Color}
		}
		embeds[len(embeds)-1].Footer = footer
		embeds[len(embeds)-1].Timestamp = p.Timestamp
		out[i] = ChannelMessage{Embeds: embeds}
	}
	return out
}

// capped is s within n units, cut with an ellipsis when it does not fit.
func capped(s string, n int) string {
	out, _ := CapUnits(s, n)
	return out
}
