package outbox_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"zocalo/core/outbox"
)

// utf16Units counts as Discord's limits are checked here, written again so the test does
// not grade the code with its own rule.
func utf16Units(s string) int { return len(utf16.Encode([]rune(s))) }

// relayMark is the longest mark the relay adds to a message's first embed footer: an
// event id of 20 digits.
const relayMark = "Zócalo · #18446744073709551615"

// checkEmbedLimits fails on any message past Discord's limits once the relay has added its
// mark to the first embed's footer, as bot/fit.go does.
func checkEmbedLimits(t *testing.T, msgs []outbox.ChannelMessage) {
	t.Helper()
	for i, m := range msgs {
		if len(m.Embeds) == 0 || len(m.Embeds) > 10 {
			t.Errorf("message %d has %d embeds", i, len(m.Embeds))
		}
		total := 0
		for j, e := range m.Embeds {
			footer := e.Footer
			if j == 0 {
				footer = strings.TrimPrefix(footer+" · "+relayMark, " · ")
			}
			if utf16Units(e.Title) > 256 || utf16Units(e.Description) > 4096 || utf16Units(footer) > 2048 {
				t.Errorf("message %d, embed %d: title %d, description %d, footer %d", i, j,
					utf16Units(e.Title), utf16Units(e.Description), utf16Units(footer))
			}
			total += utf16Units(e.Title) + utf16Units(e.Description) + utf16Units(footer)
		}
		if total > 6000 {
			t.Errorf("message %d: %d units in its embeds", i, total)
		}
	}
}

func TestLinePages(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 9, 9, 0, 0, 0, time.UTC)
	pages := outbox.LinePages{
		Title:     "Lista",
		Continued: func(part, parts int) string { return fmt.Sprintf("Lista (continuación, %d de %d)", part, parts) },
		Empty:     "Nada que mostrar.",
		Footer:    "Pie",
		Color:     7,
		Timestamp: &now,
	}
	// Emoji outside the BMP count two units: Discord's count, not Go's runes.
	emoji := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%04d %s", i, strings.Repeat("🦜ñ", 40))
		}
		return out
	}
	tests := []struct {
		name      string
		lines     []string
		wantLines []string // nil: the lines themselves
		wantMsgs  int      // 0: any number
	}{
		{name: "no lines", lines: nil, wantLines: []string{"Nada que mostrar."}, wantMsgs: 1},
		{name: "one line", lines: []string{"solo"}, wantMsgs: 1},
		{name: "two embeds in one message", lines: emoji(40), wantMsgs: 1},
		{name: "past one message", lines: emoji(47), wantMsgs: 2},
		{name: "many long lines", lines: emoji(1000)},
		{name: "one tiny line each", lines: strings.Split(strings.Repeat("x", 3000), "")},
		{name: "a line too long for any embed", lines: []string{"antes", strings.Repeat("é", 5000), "después"},
			wantLines: []string{"antes", strings.Repeat("é", 4095) + "…", "después"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			msgs := pages.Messages(tc.lines)
			checkEmbedLimits(t, msgs)
			if tc.wantMsgs > 0 && len(msgs) != tc.wantMsgs {
				t.Errorf("%d messages, want %d", len(msgs), tc.wantMsgs)
			}
			want := tc.wantLines
			if want == nil {
				want = tc.lines
			}
			var got []string
			var titles []string
			for i, m := range msgs {
				for j, e := range m.Embeds {
					got = append(got, strings.Split(e.Description, "\n")...)
					titles = append(titles, e.Title)
					last := j == len(m.Embeds)-1
					if (e.Footer == "Pie") != last || (e.Timestamp != nil) != last || e.Color != 7 {
						t.Errorf("message %d, embed %d: footer %q, timestamp %v, color %d", i, j, e.Footer, e.Timestamp, e.Color)
					}
				}
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("the embeds show %d lines, want %d in order", len(got), len(want))
			}
			for i, title := range titles {
				want := "Lista"
				if i > 0 {
					want = fmt.Sprintf("Lista (continuación, %d de %d)", i+1, len(titles))
				}
				if title != want {
					t.Errorf("embed %d titled %q, want %q", i, title, want)
				}
			}
		})
	}
}
