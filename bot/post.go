package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/outbox"
	"zocalo/core/tickets"
)

// messageCreate is a message post with the nonce that makes a repeat harmless.
type messageCreate struct {
	Content      string                    `json:"content,omitempty"`
	Embeds       []*discordgo.MessageEmbed `json:"embeds,omitempty"`
	Nonce        string                    `json:"nonce"`
	EnforceNonce bool                      `json:"enforce_nonce"`
	// Mentions are never parsed from relayed text: nobody gets pinged by a news post.
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
}

// PostMessage posts to a channel with the event's nonce.
func PostMessage(s *discordgo.Session, channelID, nonce, content string, embeds []*discordgo.MessageEmbed) (*discordgo.Message, error) {
	endpoint := discordgo.EndpointChannelMessages(channelID)
	body := messageCreate{Content: content, Embeds: embeds, Nonce: nonce, EnforceNonce: true,
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}
	raw, err := s.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint)
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	return &m, nil
}

func deliverChannelMessage(_ context.Context, s *discordgo.Session, ev outbox.Event) (string, error) {
	var p outbox.ChannelMessage
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		return "", errPermanent{err}
	}
	m, err := PostMessage(s, ev.ChannelID, ev.Nonce, p.Content, Embeds(p.Embeds))
	if err != nil {
		return "", err
	}
	return m.ID, nil
}

// Embeds turns core's embeds into Discord's.
func Embeds(in []outbox.Embed) []*discordgo.MessageEmbed {
	out := make([]*discordgo.MessageEmbed, 0, len(in))
	for _, e := range in {
		me := &discordgo.MessageEmbed{Title: e.Title, Description: e.Description, URL: e.URL, Color: e.Color}
		for _, f := range e.Fields {
			me.Fields = append(me.Fields, &discordgo.MessageEmbedField{Name: f.Name, Value: f.Value, Inline: f.Inline})
		}
		if e.Footer != "" {
			me.Footer = &discordgo.MessageEmbedFooter{Text: e.Footer}
		}
		if e.ImageURL != "" {
			me.Image = &discordgo.MessageEmbedImage{URL: e.ImageURL}
		}
		if e.Timestamp != nil {
			me.Timestamp = e.Timestamp.UTC().Format(time.RFC3339)
		}
		out = append(out, me)
	}
	return out
}

// messageWithFiles is a post with attachments, carrying the nonce that makes a repeat
// harmless.
type messageWithFiles struct {
	Content         string                            `json:"content,omitempty"`
	Embeds          []*discordgo.MessageEmbed         `json:"embeds,omitempty"`
	Nonce           string                            `json:"nonce"`
	EnforceNonce    bool                              `json:"enforce_nonce"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions"`
}

// postWithFiles posts to a channel, attaching stored files.
func (b *Bot) postWithFiles(ctx context.Context, s *discordgo.Session, channelID, nonce, content string,
	embeds []*discordgo.MessageEmbed, refs []tickets.FileRef) (*discordgo.Message, error) {
	if len(refs) == 0 {
		return PostMessage(s, channelID, nonce, content, embeds)
	}
	files := make([]*discordgo.File, 0, len(refs))
	for _, ref := range refs {
		f, _, err := b.deps.App.Files.Open(ctx, ref.Key)
		if err != nil {
			return nil, errPermanent{fmt.Errorf("attachment %s: %w", ref.Key, err)}
		}
		data, err := io.ReadAll(f)
		f.Close()
		if err != nil {
			return nil, err
		}
		files = append(files, &discordgo.File{Name: ref.Filename, ContentType: ref.ContentType, Reader: bytes.NewReader(data)})
	}
	body := messageWithFiles{Content: content, Embeds: embeds, Nonce: nonce, EnforceNonce: true,
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}
	contentType, raw, err := discordgo.MultipartBodyWithJSON(body, files)
	if err != nil {
		return nil, errPermanent{err}
	}
	endpoint := discordgo.EndpointChannelMessages(channelID)
	res, err := s.RequestRaw(http.MethodPost, endpoint, contentType, raw, endpoint, 0)
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	if err := json.Unmarshal(res, &m); err != nil {
		return nil, err
	}
	return &m, nil
}
