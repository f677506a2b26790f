package bot

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/legislative"
	"zocalo/core/outbox"
	"zocalo/internal/discordfake"
)

// The legislative channel's ballot and the reminders before a vote closes.

// openVote files a Congreso initiative and opens its vote until end; it waits for the
// ballot to reach the legislative channel and returns it.
func (e *botRace) openVote(t *testing.T, end time.Time) (legislative.View, discordfake.Message) {
	t.Helper()
	ctx := context.Background()
	admin := e.actor(t, e.member(t, authz.CongresoAdmin))
	v, err := e.app.Legislative.Create(ctx, admin, "Ley "+e.id(), "Texto de la ley", legislative.BodyCongreso)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.app.Legislative.ConfigureVoting(ctx, admin, v.ID, true, &end); err != nil {
		t.Fatal(err)
	}
	var ballot discordfake.Message
	e.eventually("the ballot is posted", func() bool {
		for _, m := range e.fake.Messages(e.cfg.Channels.Legislative) {
			if len(m.Embeds) == 1 && m.Embeds[0].Title == "Votación abierta: "+v.Title && len(m.Components) == 1 {
				ballot = m
				return true
			}
		}
		return false
	})
	return v, ballot
}

func ballotButton(id uint64, choice string) string {
	return CustomID(legislative.BallotPrefix, strconv.FormatUint(id, 10), choice)
}

var _ = addBotRaceRows(
	botRaceRow{
		name:   "a ballot button pressed 20 times at once by one seat holder: one vote, the rest told they voted",
		covers: []string{"button vote"},
		run: func(t *testing.T, e *botRace) {
			v, ballot := e.openVote(t, e.app.Now().Add(72*time.Hour))
			diputado := e.member(t, authz.Diputado)
			answers := make([]string, botRaceN)
			e.atOnce(botRaceN, func(i int) {
				sent, err := e.fake.PressButton(ballot.ID, ballotButton(v.ID, legislative.VoteInFavor), diputado)
				if err != nil {
					t.Error(err)
					return
				}
				answers[i] = e.answer(t, sent)
			})
			expectOneAnswer(t, answers, legislative.VoteConfirmation(legislative.VoteInFavor), "Ya votaste en esta iniciativa.")
			expectCount(t, "votes", e.count(t, "initiative_votes", "initiative_id = ?", v.ID), 1)
			e.settle(t)
			e.eventually("the ballot shows the vote", func() bool {
				for _, m := range e.fake.Messages(e.cfg.Channels.Legislative) {
					if m.ID == ballot.ID {
						return m.Edited && embedHas(m.Embeds[0], "A favor", "1") && !m.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.Button).Disabled
					}
				}
				return false
			})
		},
	},
	botRaceRow{
		name:   "reminders before the close, run 20 times at once: one DM per waiting seat holder",
		covers: []string{"job legislative-reminders"},
		run: func(t *testing.T, e *botRace) {
			v, _ := e.openVote(t, e.app.Now().Add(time.Hour))
			waiting, voter := e.member(t, authz.Diputado), e.member(t, authz.Senador)
			if _, err := e.app.Legislative.Vote(context.Background(), e.actor(t, voter), v.ID, legislative.VoteAgainst); err != nil {
				t.Fatal(err)
			}
			e.runJob(t, "legislative-reminders", botRaceN)
			reminded := e.count(t, "initiative_reminders", "initiative_id = ?", v.ID)
			expectCount(t, "DMs", e.posts(t, outbox.KindDM, "«"+v.Title+"»"), reminded)
			expectCount(t, "reminders of the waiting member", e.count(t, "initiative_reminders", "initiative_id = ? AND member_id = ?", v.ID, waiting), 1)
			expectCount(t, "reminders of the voter", e.count(t, "initiative_reminders", "initiative_id = ? AND member_id = ?", v.ID, voter), 0)
			e.settle(t)
			e.eventually("the waiting member gets the DM", func() bool {
				for _, m := range e.fake.DMs(waiting) {
					if strings.Contains(m.Content, "«"+v.Title+"»") {
						return true
					}
				}
				return false
			})
			var dms []outbox.Event
			e.d.Conn(context.Background()).Where("kind = ? AND channel_id = ?", outbox.KindDM, "dm:"+waiting).Find(&dms)
			for _, ev := range dms {
				var p outbox.DM
				if json.Unmarshal([]byte(ev.Payload), &p) == nil && strings.Contains(p.Content, v.Title) && strings.Count(p.Content, "Recordatorio") != 1 {
					t.Errorf("reminder %q", p.Content)
				}
			}
		},
	},
)
