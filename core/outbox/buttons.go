package outbox

import (
	"context"
	"encoding/json"
)

// Button styles, as Discord names them.
const (
	ButtonPrimary   = "primary"
	ButtonSecondary = "secondary"
	ButtonSuccess   = "success"
	ButtonDanger    = "danger"
)

// ButtonRow is a row of buttons under a message, described without Discord's types.
type ButtonRow struct {
	Buttons []Button `json:"buttons"`
}

// Button is a button the bot answers: CustomID routes the press (prefix:args).
type Button struct {
	Label    string `json:"label"`
	CustomID string `json:"customId"`
	Style    string `json:"style,omitempty"`
	Disabled bool   `json:"disabled,omitempty"`
}

// Superseded tells whether a later edit of the same message waits in the event's channel:
// then this one need not reach Discord, as the later one carries the state that wins. The
// channel delivers in order, so the later edit lands after any earlier one; skipping the
// ones in between keeps a burst of changes within Discord's edit limits.
func (s *Store) Superseded(ctx context.Context, ev Event) (bool, error) {
	var mine MessageEdit
	if ev.Kind != KindMessageEdit || json.Unmarshal([]byte(ev.Payload), &mine) != nil {
		return false, nil
	}
	var later []Event
	if err := s.db.Conn(ctx).Select("id", "payload").
		Where("channel_id = ? AND kind = ? AND id > ? AND status IN ?", ev.ChannelID, KindMessageEdit, ev.ID, queued).
		Order("id").Find(&later).Error; err != nil {
		return false, err
	}
	for _, l := range later {
		var p MessageEdit
		if json.Unmarshal([]byte(l.Payload), &p) == nil && p.RefEventID == mine.RefEventID {
			return true, nil
		}
	}
	return false, nil
}
