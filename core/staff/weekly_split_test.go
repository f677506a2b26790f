package staff

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	"zocalo/core/outbox"
)

func TestWeeklyMessages(t *testing.T) {
	t.Parallel()
	mexico, err := time.LoadLocation("America/Mexico_City")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 3, 2, 0, 0, 0, 0, mexico)
	now := time.Date(2026, 3, 9, 9, 0, 0, 0, mexico)
	const quota = 10 * 3600
	const title = "Reporte semanal de horas: 02/03 al 08/03/2026"
	const footer = "Cuota semanal por omisión: 10 h (cada rol puede tener la suya)"
	tests := []struct {
		name  string
		staff int
		// wantMessages is how many messages the report takes; 0 when more than one.
		wantMessages int
		// wantOnly is the description of a report of one embed.
		wantOnly string
	}{
		{name: "no staff", staff: 0, wantMessages: 1, wantOnly: "No hubo staff registrado esta semana."},
		{name: "one member", staff: 1, wantMessages: 1, wantOnly: "**" + longName(0) + "**: 0 s ⚠️ bajo la cuota (10 h)"},
		{name: "500 members with long names", staff: 500},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			lines := weekOf(tc.staff, quota)
			sortWeeklyLines(lines)
			for i := 1; i < len(lines); i++ {
				a, b := lines[i-1], lines[i]
				if (!a.UnderQuota && b.UnderQuota) || (a.UnderQuota == b.UnderQuota && a.Seconds < b.Seconds) {
					t.Fatalf("line %d (%+v) comes after %+v", i, b, a)
				}
			}
			msgs := weeklyMessages(lines, start, quota, now)
			checkWithinDiscordLimits(t, msgs)
			if tc.wantMessages > 0 && len(msgs) != tc.wantMessages {
				t.Errorf("%d messages, want %d", len(msgs), tc.wantMessages)
			}
			if tc.wantMessages == 0 && len(msgs) < 2 {
				t.Errorf("%d messages for %d members", len(msgs), tc.staff)
			}
			if tc.wantOnly != "" && (len(msgs[0].Embeds) != 1 || msgs[0].Embeds[0].Description != tc.wantOnly) {
				t.Errorf("the report shows %+v, want %q", msgs[0].Embeds, tc.wantOnly)
			}

			var shown []string
			embeds := 0
			for _, m := range msgs {
				embeds += len(m.Embeds)
			}
			part := 0
			for i, m := range msgs {
				for j, e := range m.Embeds {
					part++
					want := title
					if part > 1 {
						want = fmt.Sprintf("%s (continuación, %d de %d)", title, part, embeds)
					}
					if e.Title != want {
						t.Errorf("embed %d titled %q, want %q", part, e.Title, want)
					}
					last := j == len(m.Embeds)-1
					if (e.Footer == footer) != last || (e.Timestamp != nil && e.Timestamp.Equal(now)) != last {
						t.Errorf("message %d, embed %d: footer %q at %v", i, j, e.Footer, e.Timestamp)
					}
					if tc.staff > 0 {
						shown = append(shown, strings.Split(e.Description, "\n")...)
					}
				}
			}
			// Every line shown once, whole and in order: the under-quota ones first.
			if len(shown) != len(lines) {
				t.Fatalf("%d lines shown, want %d", len(shown), len(lines))
			}
			for i, l := range lines {
				if want := weeklyLineText(l); shown[i] != want {
					t.Fatalf("line %d shows %q, want %q", i, shown[i], want)
				}
			}
		})
	}
}

// weekOf is a week of n members in a shuffled order: long names with accents and emoji,
// worked time all over the range, some on leave, some under their quota.
func weekOf(n int, quota int64) []WeeklyLine {
	rng := rand.New(rand.NewPCG(7, 11))
	lines := make([]WeeklyLine, n)
	for i := range lines {
		worked, leave := int64(rng.IntN(20*3600)), rng.IntN(3)/2*rng.IntN(7)
		if i == 0 {
			worked, leave = 0, 0 // the one member of a report of one
		}
		q := quota
		lines[i] = WeeklyLine{UserID: fmt.Sprint(1000 + i), Username: longName(i), Seconds: worked,
			QuotaSeconds: &q, LeaveDays: leave, UnderQuota: worked < quota}
	}
	rng.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	return lines
}

// longName is a name of more than 32 characters with accents, an emoji outside the BMP
// (two UTF-16 units) and a flag (two code points of two units each).
func longName(i int) string {
	name := fmt.Sprintf("Ñandú Peñaloza-Álvarez 🦜🇲🇽 nº%03d", i)
	if utf8.RuneCountInString(name) < 32 {
		panic("a short name")
	}
	return name
}

// checkWithinDiscordLimits fails on a message past Discord's limits once the relay has put
// its longest mark in its first embed's footer, as bot/fit.go does; counted in UTF-16 units.
func checkWithinDiscordLimits(t *testing.T, msgs []outbox.ChannelMessage) {
	t.Helper()
	units := func(s string) int { return len(utf16.Encode([]rune(s))) }
	const mark = "Zócalo · #18446744073709551615"
	for i, m := range msgs {
		if len(m.Embeds) == 0 || len(m.Embeds) > 10 || m.Content != "" {
			t.Errorf("message %d: %d embeds, content %q", i, len(m.Embeds), m.Content)
		}
		total := 0
		for j, e := range m.Embeds {
			footer := e.Footer
			if j == 0 {
				footer = strings.TrimPrefix(footer+" · "+mark, " · ")
			}
			if units(e.Title) > 256 || units(e.Description) > 4096 || units(footer) > 2048 || len(e.Fields) > 0 {
				t.Errorf("message %d, embed %d: title %d, description %d, footer %d", i, j, units(e.Title), units(e.Description), units(footer))
			}
			total += units(e.Title) + units(e.Description) + units(footer)
		}
		if total > 6000 {
			t.Errorf("message %d: %d units in its embeds", i, total)
		}
	}
}
