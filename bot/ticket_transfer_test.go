package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/tickets"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// answerOf waits for the bot's first answer to an interaction.
func (r *rig) answerOf(sent discordgo.Interaction) *discordgo.InteractionResponseData {
	r.t.Helper()
	var data *discordgo.InteractionResponseData
	r.eventually("the interaction is answered", func() bool {
		res := r.fake.InteractionResponses(sent.ID)
		if len(res) == 0 || res[0].Data == nil {
			return false
		}
		data = res[0].Data
		return true
	})
	return data
}

// Transferir reaches every staff member, not the first 24 of a list of buttons: it offers
// a member picker, and core decides who may take the ticket. A player picked is refused in
// Spanish and the ticket stays as it was.
func TestTransferReachesEveryStaffMember(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		k := newTicketDesk(t, d)
		const staffCount = 30
		var staffIDs []string
		for i := range staffCount {
			id := fmt.Sprintf("5310000000000000%02d", i)
			k.fake.AddMember(discordgo.User{ID: id, Username: fmt.Sprintf("soporte%02d", i)}, testenv.RoleIDs(authz.SoporteTecnico)...)
			staffIDs = append(staffIDs, id)
		}
		last := staffIDs[staffCount-1]
		k.eventually("the staff are recorded", func() bool { return len(k.rolesOf(last)) == 1 })
		// The card is the message the ticket's thread starts from: they share an id.
		v, thread := k.open(nil)
		pressed, err := k.fake.PressButton(thread.ID, CustomID(tickets.CardButtonPrefix, tickets.ActionTransfer, v.TicketID), k.mod.DiscordID)
		if err != nil {
			t.Fatal(err)
		}
		offered := k.answerOf(pressed)
		var picker *discordgo.SelectMenu
		for _, row := range offered.Components {
			for _, c := range row.(*discordgo.ActionsRow).Components {
				if sm, ok := c.(*discordgo.SelectMenu); ok {
					picker = sm
				}
			}
		}
		if picker == nil || picker.MenuType != discordgo.UserSelectMenu || picker.MaxValues != 1 ||
			picker.CustomID != CustomID(tickets.CardButtonPrefix, tickets.ActionTransfer, v.TicketID, pickedChoice) {
			t.Fatalf("Transferir offers %+v", offered.Components)
		}
		if offered.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Fatal("Transferir's choices are shown to everyone")
		}

		assignee := func() string {
			var tk tickets.Ticket
			if err := d.Conn(context.Background()).Where("id = ?", v.TicketID).Take(&tk).Error; err != nil {
				t.Fatal(err)
			}
			return tk.AssigneeID
		}
		// The thirtieth staff member, past what 24 buttons held.
		got := k.answerOf(k.fake.SendInteraction(pickInteraction(k.mod.DiscordID, picker.CustomID, last)))
		if want := "transferido a **soporte29**"; !strings.Contains(got.Content, want) {
			t.Fatalf("picking the 30th staff member said %q", got.Content)
		}
		if a := assignee(); a != last {
			t.Fatalf("assigned to %q, want %s", a, last)
		}
		// A player: refused by core, in Spanish, and nothing changes.
		got = k.answerOf(k.fake.SendInteraction(pickInteraction(k.mod.DiscordID, picker.CustomID, k.player.DiscordID)))
		if got.Content != "La persona asignada debe ser parte del staff." || got.Flags&discordgo.MessageFlagsEphemeral == 0 {
			t.Fatalf("picking a player said %q (flags %d)", got.Content, got.Flags)
		}
		if a := assignee(); a != last {
			t.Fatalf("after a refused pick, assigned to %q", a)
		}
		testenv.ExpectCount(t, "assignment audits", testenv.Audits(t, d, "assign", v.TicketID), 1)
		// A player's pick is refused too.
		refused := k.answerOf(k.fake.SendInteraction(pickInteraction(k.player.DiscordID, picker.CustomID, last)))
		if refused.Content != "Solo el staff puede hacer esto." {
			t.Fatalf("a player's pick said %q", refused.Content)
		}
	})
}
