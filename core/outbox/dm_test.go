package outbox_test

import (
	"context"
	"encoding/json"
	"testing"

	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
)

// A DM is stored as rows written before it lived here were: the relay delivers those
// rows by kind and payload, so neither may change.
func TestDMRowKeepsItsStoredShape(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newStore(t, d)
		ctx := context.Background()
		if err := d.InTx(ctx, func(ctx context.Context) error {
			return s.EnqueueDM(ctx, "530000000000000001", "hola")
		}); err != nil {
			t.Fatal(err)
		}
		var ev outbox.Event
		if err := d.Conn(ctx).Take(&ev).Error; err != nil {
			t.Fatal(err)
		}
		if ev.Kind != "member.dm" || ev.ChannelID != "dm:530000000000000001" ||
			ev.Payload != `{"userId":"530000000000000001","content":"hola"}` {
			t.Fatalf("stored %q on %q: %s", ev.Kind, ev.ChannelID, ev.Payload)
		}
		if got := outbox.ChannelName(ev.ChannelID, nil); got != "Mensaje directo a 530000000000000001" {
			t.Errorf("channel named %q", got)
		}
		var p outbox.DM
		if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil || p != (outbox.DM{UserID: "530000000000000001", Content: "hola"}) {
			t.Errorf("payload read back as %+v, %v", p, err)
		}
	})
}
