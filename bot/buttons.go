package bot

import (
	"github.com/bwmarrin/discordgo"

	"zocalo/core/outbox"
)

var buttonStyles = map[string]discordgo.ButtonStyle{
	outbox.ButtonPrimary: discordgo.PrimaryButton, outbox.ButtonSecondary: discordgo.SecondaryButton,
	outbox.ButtonSuccess: discordgo.SuccessButton, outbox.ButtonDanger: discordgo.DangerButton,
}

// Discord's limits on a message's buttons.
const (
	maxButtonRows  = 5
	maxRowButtons  = 5
	maxButtonLabel = 80
)

// Buttons turns core's rows of buttons into Discord's components, within Discord's
// limits: 5 rows of 5 buttons, labels of 80 characters. nil stays nil (an edit then keeps
// the message's buttons).
func Buttons(rows []outbox.ButtonRow) []discordgo.MessageComponent {
	if rows == nil {
		return nil
	}
	out := []discordgo.MessageComponent{}
	for _, r := range rows[:min(len(rows), maxButtonRows)] {
		row := discordgo.ActionsRow{}
		for _, b := range r.Buttons[:min(len(r.Buttons), maxRowButtons)] {
			style, ok := buttonStyles[b.Style]
			if !ok {
				style = discordgo.SecondaryButton
			}
			label, _ := outbox.CapUnits(b.Label, maxButtonLabel)
			row.Components = append(row.Components, discordgo.Button{Label: label, Style: style, CustomID: b.CustomID, Disabled: b.Disabled})
		}
		if len(row.Components) > 0 {
			out = append(out, row)
		}
	}
	return out
}
