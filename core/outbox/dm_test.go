package outbox_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/core/privacy"
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
			return s.EnqueueDM(ctx, "530000000000000001", privacy.UseTicketDMs, "hola")
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

// A DM serves a use: a member who opposed it gets none, and a member under 18 gets only
// those that answer their own requests.
func TestDMsFollowOppositionAndMinority(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := newStore(t, d)
		ctx := context.Background()
		now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
		const opposed, minor, plain = "530000000000000011", "530000000000000012", "530000000000000013"
		if _, _, err := privacy.Apply(ctx, d, opposed, privacy.Change{Oppose: []privacy.Use{privacy.UseTicketDMs}}, now); err != nil {
			t.Fatal(err)
		}
		yes := true
		if _, _, err := privacy.Apply(ctx, d, minor, privacy.Change{Minor: &yes}, now); err != nil {
			t.Fatal(err)
		}
		sends := []struct {
			to  string
			use privacy.Use
		}{
			{opposed, privacy.UseTicketDMs}, {opposed, privacy.UseVoteReminders},
			{minor, privacy.UseVoteReminders}, {minor, privacy.UseTicketDMs}, {minor, privacy.UseRequestDMs},
			{plain, privacy.UseVoteReminders},
		}
		for _, m := range sends {
			if err := d.InTx(ctx, func(ctx context.Context) error { return s.EnqueueDM(ctx, m.to, m.use, string(m.use)) }); err != nil {
				t.Fatal(err)
			}
		}
		var got []string
		if err := d.Conn(ctx).Model(&outbox.Event{}).Order("id").Pluck("channel_id", &got).Error; err != nil {
			t.Fatal(err)
		}
		want := []string{outbox.DMChannel(opposed), outbox.DMChannel(minor), outbox.DMChannel(plain)}
		if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
			t.Fatalf("DMs queued to %v, want %v", got, want)
		}
	})
}
