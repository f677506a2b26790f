package legislative

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"zocalo/core/outbox"
)

// The ballot: the post that opens a vote in the legislative channel carries A favor / En
// contra / Abstención buttons. A press is a vote through Vote, like the web's; each change
// of the initiative (a vote, the close, a stop, a withdrawal) edits the post, coalesced in
// the outbox so that the latest state wins, and the buttons are disabled once the vote no
// longer takes votes.

// BallotPrefix starts the custom_id of the ballot's buttons: "vote:<initiative>:<choice>".
const BallotPrefix = "vote"

// ParseBallot reads a ballot button's arguments (after the prefix): the initiative and
// the choice. A malformed button is an unknown initiative.
func ParseBallot(args []string) (uint64, string, error) {
	if len(args) != 2 {
		return 0, "", errNotFound
	}
	id, err := strconv.ParseUint(args[0], 10, 64)
	if err != nil {
		return 0, "", errNotFound
	}
	return id, args[1], nil
}

// VoteConfirmation is what a member is told when their vote from the ballot counts.
func VoteConfirmation(choice string) string {
	return "Voto registrado exitosamente. Tu voto: " + Votes.Of(choice) + "."
}

var ballotStyles = map[string]string{VoteInFavor: outbox.ButtonSuccess, VoteAgainst: outbox.ButtonDanger, VoteAbstention: outbox.ButtonSecondary}

func ballotButtons(id uint64, open bool) []outbox.ButtonRow {
	row := outbox.ButtonRow{}
	for _, v := range Votes {
		row.Buttons = append(row.Buttons, outbox.Button{Label: v.Label, Style: ballotStyles[v.Value], Disabled: !open,
			CustomID: strings.Join([]string{BallotPrefix, strconv.FormatUint(id, 10), v.Value}, ":")})
	}
	return []outbox.ButtonRow{row}
}

// ballotEmbed is the ballot as the initiative stands: its state in the title, the close,
// the tally and, once decided, the result.
func (s *Service) ballotEmbed(in Initiative) outbox.Embed {
	c := countsOf(in)
	title, color := "Votación abierta: "+in.Title, 0x2563eb
	switch in.Status {
	case StatusPending:
		title, color = "Votación suspendida: "+in.Title, 0x6b7280
	case StatusApproved:
		title, color = "Aprobada: "+in.Title, 0x16a34a
	case StatusRejected:
		title, color = "Rechazada: "+in.Title, 0xb91c1c
	case StatusWithdrawn:
		title, color = "Iniciativa retirada: "+in.Title, 0xd97706
	}
	fields := countFields(in, c)
	fields = append(fields[:1], append([]outbox.EmbedField{{Name: "Cierre", Value: s.closeDetail(in), Inline: true}}, fields[1:]...)...)
	if r := resultOf(in); r != nil {
		_, why := Result(c, s.set.Quorum[in.Body])
		fields = append(fields, outbox.EmbedField{Name: "Resultado", Value: statusName(*r) + why})
	}
	return outbox.Embed{Title: title, Color: color, Fields: fields,
		URL: fmt.Sprintf("%s/legislative/initiatives/%d", s.set.PublicURL, in.ID)}
}

func (s *Service) closeDetail(in Initiative) string {
	if in.VotingEndDate == nil {
		return "sin fecha de cierre"
	}
	return "hasta el " + in.VotingEndDate.In(s.set.Location).Format("02/01/2006 15:04")
}

// postBallot posts the opening of a vote with its buttons and records the post on the
// initiative. The initiative is locked by the caller's transaction.
func (s *Service) postBallot(ctx context.Context, in *Initiative) error {
	if s.set.Channel == "" {
		return nil
	}
	now := s.set.Now()
	embed := s.ballotEmbed(*in)
	embed.Timestamp = &now
	ev, err := s.outbox.Enqueue(ctx, outbox.KindChannelMessage, s.set.Channel, outbox.ChannelMessage{
		Embeds: []outbox.Embed{embed}, Buttons: ballotButtons(in.ID, true)})
	if err != nil {
		return err
	}
	in.BallotEventID = &ev.ID
	return s.db.Conn(ctx).Model(&Initiative{}).Where("id = ?", in.ID).Update("ballot_event_id", ev.ID).Error
}

// refreshBallot edits the ballot to the initiative's state (read under the caller's lock);
// its buttons stay pressable only while the vote is open.
func (s *Service) refreshBallot(ctx context.Context, in Initiative) error {
	if in.BallotEventID == nil || s.set.Channel == "" {
		return nil
	}
	open := in.Status == StatusVoting && in.VotingEnabled
	_, err := s.outbox.Enqueue(ctx, outbox.KindMessageEdit, s.set.Channel, outbox.MessageEdit{RefEventID: *in.BallotEventID,
		Embeds: []outbox.Embed{s.ballotEmbed(in)}, Buttons: ballotButtons(in.ID, open)})
	return err
}
