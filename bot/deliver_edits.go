package bot

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/outbox"
)

// referencedMessage is the Discord message an earlier event became, or "" when it never
// became one (its channel was not configured, or Discord refused it).
func (b *Bot) referencedMessage(ctx context.Context, refEventID uint64) (string, error) {
	ref, err := b.deps.App.Outbox.Get(ctx, refEventID)
	if err != nil {
		return "", errPermanent{err}
	}
	if ref.Status == outbox.StatusPending {
		// Same channel, so it is delivered first; reaching here means it is retrying.
		return "", errors.New("the referenced event is not delivered yet")
	}
	return ref.DiscordMessageID, nil
}

func (b *Bot) deliverMessageEdit(ctx context.Context, s *discordgo.Session, ev outbox.Event) (string, error) {
	var p outbox.MessageEdit
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		return "", errPermanent{err}
	}
	msgID, err := b.referencedMessage(ctx, p.RefEventID)
	if err != nil || msgID == "" {
		return "", err
	}
	content := p.Content
	embeds := Embeds(p.Embeds)
	m, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: msgID, Channel: ev.ChannelID,
		Content: &content, Embeds: &embeds})
	if isUnknownMessage(err) {
		return "", nil // deleted in Discord meanwhile: nothing left to edit
	}
	if err != nil {
		return "", err
	}
	return m.ID, nil
}

func (b *Bot) deliverMessageDelete(ctx context.Context, s *discordgo.Session, ev outbox.Event) (string, error) {
	var p outbox.MessageRef
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		return "", errPermanent{err}
	}
	msgID, err := b.referencedMessage(ctx, p.RefEventID)
	if err != nil || msgID == "" {
		return "", err
	}
	if err := s.ChannelMessageDelete(ev.ChannelID, msgID); err != nil && !isUnknownMessage(err) {
		return "", err
	}
	return msgID, nil
}

// isUnknownMessage: Discord no longer has the message (404), which for an edit or a
// delete means there is nothing left to do.
func isUnknownMessage(err error) bool {
	var rest *discordgo.RESTError
	return errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode == http.StatusNotFound
}
