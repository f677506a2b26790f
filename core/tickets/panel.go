package tickets

import (
	"context"

	"zocalo/core/outbox"
)

// The panel: a message the bot keeps in a configured channel, with a button per category
// that opens the ticket form. It is posted once and posted again when it is gone.

// KindPanel posts the panel message.
const KindPanel = "ticket.panel"

// PanelButtonPrefix starts the custom id of the panel's buttons: tkopen:<category key>.
const PanelButtonPrefix = "tkopen"

// PanelCategoryKeys name the categories in the panel's custom ids (a value holds a space).
var PanelCategoryKeys = map[string]string{"soporte": CategorySupport, "otros": CategoryOther}

// panelMessage is the panel's text, card and buttons.
func panelMessage() outbox.ChannelMessage {
	return outbox.ChannelMessage{
		Embeds: []outbox.Embed{{Title: "Centro de Soporte", Color: 0x4f46e5,
			Description: "¿Necesitas ayuda? Abre un ticket con el botón de su categoría: el staff te responderá en el portal " +
				"y te avisará por mensaje directo. También puedes usar /ticket."}},
		Buttons: []outbox.ButtonRow{{Buttons: []outbox.Button{
			{Label: "Soporte Técnico", CustomID: PanelButtonPrefix + ":soporte", Style: outbox.ButtonPrimary},
			{Label: "Otros", CustomID: PanelButtonPrefix + ":otros", Style: outbox.ButtonSecondary},
		}}},
	}
}

// Panel is the panel's latest post, or nil when there is none (or no channel for it).
func (s *Service) Panel(ctx context.Context) (*outbox.Event, error) {
	if s.s.PanelChannel == "" {
		return nil, nil
	}
	var ev outbox.Event
	err := s.db.Conn(ctx).Where("kind = ? AND channel_id = ?", KindPanel, s.s.PanelChannel).Order("id DESC").Limit(1).Find(&ev).Error
	if err != nil || ev.ID == 0 {
		return nil, err
	}
	return &ev, nil
}

// PostPanel queues the panel's post in place of replaced (0: there was none). It posts
// only while replaced is still the latest, so the checks of two runs at once post once.
func (s *Service) PostPanel(ctx context.Context, replaced uint64) (bool, error) {
	if s.s.PanelChannel == "" {
		return false, nil
	}
	posted := false
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.db.LockKey(ctx, "tickets.panel"); err != nil {
			return err
		}
		latest, err := s.Panel(ctx)
		if err != nil {
			return err
		}
		if (latest == nil && replaced != 0) || (latest != nil && latest.ID != replaced) {
			return nil
		}
		if _, err := s.outbox.Enqueue(ctx, KindPanel, s.s.PanelChannel, panelMessage()); err != nil {
			return err
		}
		posted = true
		return nil
	})
	return posted, err
}
