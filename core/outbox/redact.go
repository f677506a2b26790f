package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// A person's data is suppressed in Discord too: the messages the bot posted that name them (by
// their Discord id, as a mention or written out) are edited so that every text holding the id
// reads the replacement instead.

// RedactMentions queues, in the transaction of ctx, one edit of each channel message posted or
// to be posted that names discordID (the message's latest version: its post or its last edit),
// with each text holding the id replaced by with. Messages in skip, and those already deleted, are left:
// they are going or gone. It returns how many edits it queued.
func (s *Store) RedactMentions(ctx context.Context, discordID, with string, skip []uint64) (int, error) {
	if discordID == "" {
		return 0, nil
	}
	var events []Event
	// Rare (once per suppressed member); the id is 17 to 20 digits, so the pattern matches
	// nothing else.
	// Delivered posts, and those still to go: an edit queued behind one in its channel follows it.
	if err := s.db.Conn(ctx).Where("kind IN ? AND status IN ? AND payload LIKE ?", []string{KindChannelMessage, KindMessageEdit},
		[]string{StatusDelivered, StatusPending, StatusBlocked}, "%"+discordID+"%").Order("id").Find(&events).Error; err != nil {
		return 0, err
	}
	skipped := map[uint64]bool{}
	for _, id := range skip {
		skipped[id] = true
	}
	latest := map[uint64]MessageEdit{} // by the event that posted the message
	channels := map[uint64]string{}
	lastSeen := map[uint64]uint64{} // the newest matching version's event
	var order []uint64
	for _, ev := range events {
		ref, edit, ok := versionOf(ev)
		if !ok || skipped[ref] {
			continue
		}
		if _, seen := latest[ref]; !seen {
			order = append(order, ref)
		}
		latest[ref], channels[ref], lastSeen[ref] = edit, ev.ChannelID, ev.ID
	}
	queued := 0
	for _, ref := range order {
		var deleted int64
		if err := s.db.Conn(ctx).Model(&Event{}).Where("kind = ? AND payload = ?", KindMessageDelete, fmt.Sprintf(`{"refEventId":%d}`, ref)).
			Count(&deleted).Error; err != nil {
			return queued, err
		}
		if deleted > 0 {
			continue
		}
		// A newer edit that no longer names them is what the message shows: nothing to do.
		var newer int64
		if err := s.db.Conn(ctx).Model(&Event{}).Where("kind = ? AND id > ? AND payload LIKE ?", KindMessageEdit, lastSeen[ref],
			fmt.Sprintf(`{"refEventId":%d,%%`, ref)).Count(&newer).Error; err != nil {
			return queued, err
		}
		if newer > 0 {
			continue
		}
		edit := latest[ref]
		edit.RefEventID = ref
		edit.Content = redactText(edit.Content, discordID, with)
		for i := range edit.Embeds {
			e := &edit.Embeds[i]
			e.Title, e.Description, e.Footer = redactText(e.Title, discordID, with), redactText(e.Description, discordID, with), redactText(e.Footer, discordID, with)
			for j := range e.Fields {
				e.Fields[j].Name, e.Fields[j].Value = redactText(e.Fields[j].Name, discordID, with), redactText(e.Fields[j].Value, discordID, with)
			}
		}
		if _, err := s.Enqueue(ctx, KindMessageEdit, channels[ref], edit); err != nil {
			return queued, err
		}
		queued++
	}
	return queued, nil
}

// versionOf reads a posted message's version: the event that posted it and what it shows.
func versionOf(ev Event) (uint64, MessageEdit, bool) {
	switch ev.Kind {
	case KindChannelMessage:
		var m ChannelMessage
		if json.Unmarshal([]byte(ev.Payload), &m) != nil {
			return 0, MessageEdit{}, false
		}
		return ev.ID, MessageEdit{Content: m.Content, Embeds: m.Embeds, Buttons: m.Buttons}, true
	case KindMessageEdit:
		var m MessageEdit
		if json.Unmarshal([]byte(ev.Payload), &m) != nil || m.RefEventID == 0 {
			return 0, MessageEdit{}, false
		}
		return m.RefEventID, m, true
	}
	return 0, MessageEdit{}, false
}

// redactText replaces a text that holds the id, whole: a name written beside it goes too.
func redactText(text, id, with string) string {
	if strings.Contains(text, id) {
		return with
	}
	return text
}

// DeleteMessages queues, in the transaction of ctx, the deletion of the Discord messages that
// the events ids became, each in its event's channel.
func (s *Store) DeleteMessages(ctx context.Context, ids []uint64) error {
	if len(ids) == 0 {
		return nil
	}
	var events []Event
	// A suppressed member's own posts: a handful, never a table's worth.
	if err := s.db.Conn(ctx).Select("id", "channel_id").Where("id IN ?", ids).Order("id").Find(&events).Error; err != nil {
		return err
	}
	for _, ev := range events {
		if _, err := s.Enqueue(ctx, KindMessageDelete, ev.ChannelID, MessageRef{RefEventID: ev.ID}); err != nil {
			return err
		}
	}
	return nil
}
