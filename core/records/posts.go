package records

import (
	"context"
	"fmt"
	"strings"

	"zocalo/core/outbox"
)

// New charges and every correction are posted to the records channel, in the same
// transaction as the change, so the channel is a log the moderators can follow.

// channelPosts is where the records service posts.
type channelPosts struct {
	outbox    *outbox.Store
	channel   string
	publicURL string
}

// PostTo sends new charges and their corrections to a Discord channel through the outbox;
// with no channel nothing is posted.
func (s *Service) PostTo(o *outbox.Store, channel, publicURL string) *Service {
	s.posts = channelPosts{outbox: o, channel: channel, publicURL: publicURL}
	return s
}

const (
	colorFiled    = 0xb91c1c
	colorVoided   = 0x6b7280
	colorExpunged = 0x111827
)

var sourceLabels = map[string]string{SourceWeb: "Portal", SourceDiscord: "Discord", SourceGame: "Juego"}

// announceFiled posts a new charge and remembers the post, which an expunge deletes.
func (s *Service) announceFiled(ctx context.Context, c *Charge) error {
	ev, err := s.post(ctx, fmt.Sprintf("Cargo registrado #%d", c.ID), colorFiled, *c,
		outbox.EmbedField{Name: "Cargo", Value: c.Description},
		outbox.EmbedField{Name: "Origen", Value: sourceLabels[c.Source], Inline: true},
		outbox.EmbedField{Name: "Registrado por", Value: orDash(c.ActorName), Inline: true})
	if err != nil || ev == nil {
		return err
	}
	c.PostEventID = &ev.ID
	return s.db.Conn(ctx).Model(&Charge{}).Where("id = ?", c.ID).Update("post_event_id", ev.ID).Error
}

func (s *Service) announceVoided(ctx context.Context, c Charge, by corrector) error {
	_, err := s.post(ctx, fmt.Sprintf("Cargo anulado #%d", c.ID), colorVoided, c,
		outbox.EmbedField{Name: "Motivo", Value: c.VoidReason},
		outbox.EmbedField{Name: "Anulado por", Value: by.name(), Inline: true})
	return err
}

// announceExpunged posts the expunge without the charge's text, and deletes the post that
// announced the charge: after an expunge only the audit log holds it.
func (s *Service) announceExpunged(ctx context.Context, c Charge, by corrector, reason string) error {
	if _, err := s.post(ctx, fmt.Sprintf("Cargo eliminado #%d", c.ID), colorExpunged, c,
		outbox.EmbedField{Name: "Motivo", Value: reason},
		outbox.EmbedField{Name: "Eliminado por", Value: by.name(), Inline: true}); err != nil {
		return err
	}
	if c.PostEventID == nil || s.posts.outbox == nil || s.posts.channel == "" {
		return nil
	}
	_, err := s.posts.outbox.Enqueue(ctx, outbox.KindMessageDelete, s.posts.channel, outbox.MessageRef{RefEventID: *c.PostEventID})
	return err
}

// post queues a card about a charge: whose record it is, then fields.
func (s *Service) post(ctx context.Context, title string, color int, c Charge, fields ...outbox.EmbedField) (*outbox.Event, error) {
	if s.posts.outbox == nil || s.posts.channel == "" {
		return nil, nil
	}
	at := s.now()
	person := []outbox.EmbedField{{Name: "Persona", Value: personOf(c), Inline: true}}
	return s.posts.outbox.Enqueue(ctx, outbox.KindChannelMessage, s.posts.channel, outbox.ChannelMessage{Embeds: []outbox.Embed{{
		Title: title, Color: color, Fields: append(person, fields...), URL: s.posts.publicURL + "/records", Timestamp: &at,
	}}})
}

// personOf names whose record a charge is on: their Discord mention and Roblox name.
func personOf(c Charge) string {
	var parts []string
	if c.DiscordID != "" {
		parts = append(parts, "<@"+c.DiscordID+">")
	}
	if c.RobloxUsername != "" {
		parts = append(parts, "Roblox: "+c.RobloxUsername)
	}
	if len(parts) == 0 {
		return "—"
	}
	return strings.Join(parts, " · ")
}
