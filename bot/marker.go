package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/outbox"
)

// Discord honours a post's nonce for a few minutes only. Each message the bot posts for an
// event carries a visible marker of the event, so that a retry after a long back-off finds
// the message an earlier attempt made (Discord may have kept it and the answer got lost)
// instead of posting it a second time.

// markerOf is the marker of one message of an event: "Zócalo · #42"; a post spread over
// messages numbers them ("Zócalo · #42 · 2/3"), and a second post of the same event is
// named by its label ("Zócalo · #42 · archivos").
func markerOf(eventID uint64, label string, part, parts int) string {
	m := fmt.Sprintf("Zócalo · #%d", eventID)
	switch {
	case label != "" && parts > 1:
		m += fmt.Sprintf(" · %s %d/%d", label, part, parts)
	case label != "":
		m += " · " + label
	case parts > 1:
		m += fmt.Sprintf(" · %d/%d", part, parts)
	}
	return m
}

// pastNonceWindow tells whether Discord may have forgotten the event's nonce: its first
// attempt is older than the nonce window.
func (b *Bot) pastNonceWindow(ev outbox.Event) bool {
	return ev.FirstAttemptAt != nil && b.deps.App.Now().Sub(*ev.FirstAttemptAt) > b.deps.Timing.NonceWindow
}

// markedMessages are a channel's last 100 messages, read once when first needed, to find
// the ones the bot already posted for an event.
type markedMessages struct {
	s         *discordgo.Session
	channelID string
	read      bool
	messages  []*discordgo.Message
}

// find returns the bot's message in the channel that carries marker, or nil.
func (mm *markedMessages) find(marker string) (*discordgo.Message, error) {
	if !mm.read {
		msgs, err := mm.s.ChannelMessages(mm.channelID, 100, "", "", "")
		if err != nil {
			return nil, err
		}
		mm.messages, mm.read = msgs, true
	}
	botID := ""
	if mm.s.State != nil && mm.s.State.User != nil {
		botID = mm.s.State.User.ID
	}
	for _, m := range mm.messages {
		if m.Author == nil || (botID != "" && m.Author.ID != botID) || (botID == "" && !m.Author.Bot) {
			continue
		}
		if carriesMarker(m, marker) {
			return m, nil
		}
	}
	return nil, nil
}

// carriesMarker: the marker ends an embed's footer, or the message's last line of small
// text, as fitMessage puts it.
func carriesMarker(m *discordgo.Message, marker string) bool {
	for _, e := range m.Embeds {
		if e.Footer != nil && endsWithMarker(e.Footer.Text, marker) {
			return true
		}
	}
	last := m.Content
	if i := strings.LastIndexByte(last, '\n'); i >= 0 {
		last = last[i+1:]
	}
	return strings.HasPrefix(last, "-# ") && endsWithMarker(last, marker)
}

// endsWithMarker: s is the marker, or ends with it after a separator, so that "#42" is
// not found in "#142".
func endsWithMarker(s, marker string) bool {
	return s == marker || strings.HasSuffix(s, footerSep+marker) || strings.HasSuffix(s, "-# "+marker)
}
