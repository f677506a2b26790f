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

// messageEdit replaces a message's text, embeds and attachments. Edited messages are
// channel posts, whose only attachment is their full text when it did not fit: an edit
// sends the new one, or none, so the attachment always matches what the message shows.
type messageEdit struct {
	Content         string                            `json:"content"`
	Embeds          []*discordgo.MessageEmbed         `json:"embeds"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
	// Attachments lists every file the message keeps: since API v10 the ones not listed go.
	Attachments []attachmentRef `json:"attachments"`
	// Components, when set, replace the message's buttons; omitted, they stay.
	Components []discordgo.MessageComponent `json:"components,omitempty"`
}

// attachmentRef names a file of an edit; a new file's id is its index among the files sent.
type attachmentRef struct {
	ID       string `json:"id"`
	Filename string `json:"filename"`
}

func (b *Bot) deliverMessageEdit(ctx context.Context, s *discordgo.Session, ev outbox.Event) (string, error) {
	var p outbox.MessageEdit
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		return "", errPermanent{err}
	}
	// Coalesced: a later edit of the same message carries the state that wins.
	if later, err := b.deps.App.Outbox.Superseded(ctx, ev); err != nil || later {
		return "", err
	}
	msgID, err := b.referencedMessage(ctx, p.RefEventID)
	if err != nil || msgID == "" {
		return "", err
	}
	// The message keeps the marker of the event that posted it.
	f := fitMessage(p.Content, Embeds(p.Embeds), markerOf(p.RefEventID, "", 1, 1))
	body := messageEdit{Content: f.content, Embeds: f.embeds, AllowedMentions: noMentions(), Attachments: []attachmentRef{},
		Components: Buttons(p.Buttons)}
	if f.embeds == nil {
		body.Embeds = []*discordgo.MessageEmbed{}
	}
	endpoint := discordgo.EndpointChannelMessage(ev.ChannelID, msgID)
	bucket := discordgo.EndpointChannelMessage(ev.ChannelID, "")
	var raw []byte
	if files := f.files(); len(files) > 0 {
		body.Attachments = []attachmentRef{{ID: "0", Filename: fullTextName}}
		contentType, payload, merr := discordgo.MultipartBodyWithJSON(body, files)
		if merr != nil {
			return "", errPermanent{merr}
		}
		raw, err = s.RequestRaw(http.MethodPatch, endpoint, contentType, payload, bucket, 0)
	} else {
		raw, err = s.RequestWithBucketID(http.MethodPatch, endpoint, body, bucket)
	}
	if isUnknownMessage(err) {
		return "", nil // deleted in Discord meanwhile: nothing left to edit
	}
	if err != nil {
		return "", err
	}
	var m discordgo.Message
	if err := json.Unmarshal(raw, &m); err != nil {
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
