package staff

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"zocalo/core/outbox"
)

// sortWeeklyLines puts the members under their quota first, the ones a supervisor must
// see, then the most worked first.
func sortWeeklyLines(lines []WeeklyLine) {
	slices.SortStableFunc(lines, func(a, b WeeklyLine) int {
		if a.UnderQuota != b.UnderQuota {
			if a.UnderQuota {
				return -1
			}
			return 1
		}
		return cmp.Compare(b.Seconds, a.Seconds)
	})
}

// weeklyLineText is a member's line as the reports channel shows it.
func weeklyLineText(l WeeklyLine) string {
	flag := ""
	if l.UnderQuota && l.QuotaSeconds != nil {
		flag = " ⚠️ bajo la cuota (" + FormatDuration(*l.QuotaSeconds) + ")"
	}
	if l.LeaveDays > 0 {
		flag += fmt.Sprintf(" · %d %s de ausencia", l.LeaveDays, plural(l.LeaveDays, "día", "días"))
	}
	return fmt.Sprintf("**%s**: %s%s", l.Username, FormatDuration(l.Seconds), flag)
}

// weeklyMessages is the week from start as the reports channel shows it: every line, in
// their order, spread over as many embeds and messages as Discord's limits need, so none
// is left to an attachment.
func weeklyMessages(lines []WeeklyLine, start time.Time, defaultQuotaSeconds int64, now time.Time) []outbox.ChannelMessage {
	title := fmt.Sprintf("Reporte semanal de horas: %s al %s", start.Format("02/01"), start.AddDate(0, 0, 6).Format("02/01/2006"))
	texts := make([]string, len(lines))
	for i, l := range lines {
		texts[i] = weeklyLineText(l)
	}
	return outbox.LinePages{
		Title: title,
		Continued: func(part, parts int) string {
			return fmt.Sprintf("%s (continuación, %d de %d)", title, part, parts)
		},
		Empty:     "No hubo staff registrado esta semana.",
		Footer:    "Cuota semanal por omisión: " + FormatDuration(defaultQuotaSeconds) + " (cada rol puede tener la suya)",
		Color:     0x4f46e5,
		Timestamp: &now,
	}.Messages(texts)
}
