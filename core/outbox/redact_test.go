package outbox_test

import (
	"context"
	"encoding/json"
	"testing"

	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
)

// Suppressing a member edits each delivered post that names them, once, in its latest version;
// posts deleted, going, or since edited not to name them are left alone.
func TestRedactMentionsEditsWhatNamesThem(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newStore(t, d)
		ctx := context.Background()
		const who = "530000000000000077"
		post := func(channel string, m outbox.ChannelMessage) uint64 {
			t.Helper()
			ev, err := s.Enqueue(ctx, outbox.KindChannelMessage, channel, m)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Conn(ctx).Model(&outbox.Event{}).Where("id = ?", ev.ID).Update("status", outbox.StatusDelivered).Error; err != nil {
				t.Fatal(err)
			}
			return ev.ID
		}
		sale := post("c1", outbox.ChannelMessage{Embeds: []outbox.Embed{{Title: "Venta #1", Fields: []outbox.EmbedField{
			{Name: "Comprador", Value: "ana (" + who + ")"}, {Name: "Precio final", Value: "$300 MXN"}}}}})
		post("c1", outbox.ChannelMessage{Content: "Otra venta, de otra persona: 530000000000000078"})
		gone := post("c2", outbox.ChannelMessage{Content: "<@" + who + "> cargo"})
		if _, err := s.Enqueue(ctx, outbox.KindMessageDelete, "c2", outbox.MessageRef{RefEventID: gone}); err != nil {
			t.Fatal(err)
		}
		skipped := post("c2", outbox.ChannelMessage{Content: "<@" + who + "> otro cargo"})
		renamed := post("c3", outbox.ChannelMessage{Content: "Autor: <@" + who + ">"})
		if _, err := s.Enqueue(ctx, outbox.KindMessageEdit, "c3", outbox.MessageEdit{RefEventID: renamed, Content: "Autor: alguien"}); err != nil {
			t.Fatal(err)
		}

		n, err := s.RedactMentions(ctx, who, "[suprimido]", []uint64{skipped})
		if err != nil || n != 1 {
			t.Fatalf("queued %d edits (%v), want 1", n, err)
		}
		var edits []outbox.Event
		if err := d.Conn(ctx).Where("kind = ? AND channel_id = ?", outbox.KindMessageEdit, "c1").Find(&edits).Error; err != nil || len(edits) != 1 {
			t.Fatalf("edits in c1: %v %v", edits, err)
		}
		var edit outbox.MessageEdit
		if err := json.Unmarshal([]byte(edits[0].Payload), &edit); err != nil {
			t.Fatal(err)
		}
		fields := edit.Embeds[0].Fields
		if edit.RefEventID != sale || fields[0].Value != "[suprimido]" || fields[1].Value != "$300 MXN" || edit.Embeds[0].Title != "Venta #1" {
			t.Fatalf("the edit reads %+v", edit)
		}
	})
}
