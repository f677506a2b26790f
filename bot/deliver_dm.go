package bot

import (
	"context"
	"encoding/json"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/outbox"
)

// deliverDM sends a direct message. A member whose DMs are closed is not retried: the
// refusal is logged and the event set aside.
func (b *Bot) deliverDM(ctx context.Context, s *discordgo.Session, ev outbox.Event) (string, error) {
	var p outbox.DM
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		return "", errPermanent{err}
	}
	ch, err := s.UserChannelCreate(p.UserID)
	if err != nil {
		return "", err
	}
	m, err := b.post(ctx, s, ev, eventPost{channelID: ch.ID, content: p.Content})
	if err != nil {
		return "", err
	}
	return m.ID, nil
}
