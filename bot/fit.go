package bot

import (
	"bytes"
	"strings"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/outbox"
)

const (
	// fullTextName is the attachment that carries a message's whole text when Discord's
	// limits cut what the message shows.
	fullTextName   = "mensaje-completo.txt"
	fullTextNotice = "Texto completo en el archivo adjunto"
	footerSep      = " · "
)

// fitted is a message within Discord's limits: what it shows and, when something had to
// be cut, the whole text as an attachment.
type fitted struct {
	content  string
	embeds   []*discordgo.MessageEmbed
	fullText []byte // nil when nothing was cut
}

// files are the message's own attachments: the full text, when there is one. Each call
// gives fresh readers, so a request made again reads them whole.
func (f fitted) files() []*discordgo.File {
	if f.fullText == nil {
		return nil
	}
	return []*discordgo.File{{Name: fullTextName, ContentType: "text/plain; charset=utf-8", Reader: bytes.NewReader(f.fullText)}}
}

// fitMessage fits content and embeds to Discord's limits, and marks the message with
// marker (the event it delivers): in the first embed's footer, or as a last line of small
// text when there are no embeds. A message past any limit stays one message: it shows the
// start of its text, says so, and carries the whole text as mensaje-completo.txt. The
// embeds given are not changed.
func fitMessage(content string, embeds []*discordgo.MessageEmbed, marker string) fitted {
	out := fitted{}
	cut := false
	if len(embeds) > 0 {
		out.embeds, cut = fitEmbeds(embeds, marker, false)
		if cut {
			out.embeds, _ = fitEmbeds(embeds, marker, true)
		}
		var contentCut bool
		out.content, contentCut = fitContent(content, "")
		cut = cut || contentCut
	} else {
		var contentCut bool
		out.content, contentCut = fitContent(content, marker)
		cut = contentCut
	}
	if cut {
		out.fullText = []byte(fullText(content, embeds))
	}
	return out
}

// fitContent keeps content within 2,000 characters, ending with a line of small text that
// carries the marker (when given) and, when it was cut, the notice of the attachment.
func fitContent(content, marker string) (string, bool) {
	last := ""
	if marker != "" {
		last = "-# " + marker
	}
	whole := content
	if last != "" {
		if whole != "" {
			whole += "\n"
		}
		whole += last
	}
	if outbox.Units(whole) <= outbox.MaxContent {
		return whole, false
	}
	tail := outbox.Ellipsis + "\n-# " + joinNonEmpty(footerSep, fullTextNotice, marker)
	return outbox.CutUnits(content, outbox.MaxContent-outbox.Units(tail)) + tail, true
}

// fitEmbeds copies embeds within Discord's limits, the marker (and, with notice, the
// notice of the attachment) in the first one's footer. It tells whether anything was cut.
func fitEmbeds(in []*discordgo.MessageEmbed, marker string, notice bool) ([]*discordgo.MessageEmbed, bool) {
	cut := false
	if len(in) > outbox.MaxEmbedsPerMessage {
		in, cut = in[:outbox.MaxEmbedsPerMessage], true
	}
	out := make([]*discordgo.MessageEmbed, len(in))
	fixed := 0 // what must stay whole: titles, authors and footers, after their own limits
	for i, e := range in {
		c := *e
		c.Fields = nil
		var was bool
		c.Title, was = outbox.CapUnits(e.Title, outbox.MaxEmbedTitle)
		cut = cut || was
		if e.Author != nil {
			a := *e.Author
			a.Name, was = outbox.CapUnits(a.Name, outbox.MaxEmbedAuthor)
			cut = cut || was
			c.Author = &a
			fixed += outbox.Units(a.Name)
		}
		footer := ""
		if e.Footer != nil {
			footer = e.Footer.Text
		}
		if i == 0 {
			extra := []string{}
			if notice {
				extra = append(extra, fullTextNotice)
			}
			footer, was = footerWith(footer, extra, marker)
		} else {
			footer, was = outbox.CapUnits(footer, outbox.MaxEmbedFooter)
		}
		cut = cut || was
		if footer != "" {
			f := discordgo.MessageEmbedFooter{Text: footer}
			if e.Footer != nil {
				f = *e.Footer
				f.Text = footer
			}
			c.Footer = &f
		}
		fixed += outbox.Units(c.Title) + outbox.Units(footer)
		out[i] = &c
	}
	// Titles, authors and footers of many embeds could pass the total alone: the last
	// embeds go to the attachment then.
	for len(out) > 1 && fixed > outbox.MaxEmbedsTotal {
		last := out[len(out)-1]
		fixed -= outbox.Units(last.Title) + outbox.Units(footerText(last))
		if last.Author != nil {
			fixed -= outbox.Units(last.Author.Name)
		}
		out, cut = out[:len(out)-1], true
	}
	// Descriptions and fields share what is left, in reading order: the message keeps the
	// start of its text.
	left := outbox.MaxEmbedsTotal - fixed
	for i, c := range out {
		e := in[i]
		desc, was := outbox.CapUnits(e.Description, min(outbox.MaxEmbedDescription, max(left, 0)))
		cut = cut || was
		c.Description = desc
		left -= outbox.Units(desc)
		fields := e.Fields
		if len(fields) > outbox.MaxEmbedFields {
			fields, cut = fields[:outbox.MaxEmbedFields], true
		}
		for _, f := range fields {
			name, nameCut := outbox.CapUnits(f.Name, outbox.MaxFieldName)
			value, valueCut := outbox.CapUnits(f.Value, min(outbox.MaxFieldValue, left-outbox.Units(name)))
			if f.Value != "" && value == "" {
				break // no room left: this field and the next ones go to the attachment
			}
			cut = cut || nameCut || valueCut
			c.Fields = append(c.Fields, &discordgo.MessageEmbedField{Name: name, Value: value, Inline: f.Inline})
			left -= outbox.Units(name) + outbox.Units(value)
		}
		if len(c.Fields) < len(fields) {
			cut = true
		}
	}
	return out, cut
}

// footerWith is the first embed's footer: the extra notes, the footer's own text (cut when
// needed) and the marker, within the footer's limit.
func footerWith(own string, extra []string, marker string) (string, bool) {
	rest := joinNonEmpty(footerSep, append(extra, marker)...)
	room := outbox.MaxEmbedFooter
	if rest != "" {
		room -= outbox.Units(rest) + outbox.Units(footerSep)
	}
	own, cut := outbox.CapUnits(own, room)
	return joinNonEmpty(footerSep, append(append([]string{}, extra...), own, marker)...), cut
}

func footerText(e *discordgo.MessageEmbed) string {
	if e.Footer == nil {
		return ""
	}
	return e.Footer.Text
}

// fullText is a message's whole text, as the attachment of a cut message carries it.
func fullText(content string, embeds []*discordgo.MessageEmbed) string {
	var b strings.Builder
	block := func(s string) {
		if strings.TrimSpace(s) == "" {
			return
		}
		if b.Len() > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(s)
	}
	block(content)
	for _, e := range embeds {
		block(e.Title)
		if e.Author != nil {
			block(e.Author.Name)
		}
		block(e.Description)
		for _, f := range e.Fields {
			block(f.Name + "\n" + f.Value)
		}
		if e.Footer != nil {
			block(e.Footer.Text)
		}
		block(e.URL)
	}
	b.WriteString("\n")
	return b.String()
}

func joinNonEmpty(sep string, parts ...string) string {
	kept := parts[:0:0]
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, sep)
}

// truncate keeps s within n bytes without splitting a character.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	for cut > 0 && (s[cut]&0xC0) == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}
