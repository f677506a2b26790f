package core_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"zocalo/core"
	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/core/personaldata"
	"zocalo/core/records"
	"zocalo/internal/testdb"
)

// Suppressing the person a charge is about deletes it and its Discord post; suppressing the
// moderator who filed it keeps the charge on the other person's record, without the
// moderator, and keeps its post.
func TestSuppressionTellsTheSubjectFromWhoActed(t *testing.T) {
	t.Parallel()
	registry, err := core.PersonalData()
	if err != nil {
		t.Fatal(err)
	}
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		const subject, moderator = "610000000000000001", "610000000000000002"
		now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
		post := outbox.Event{Kind: outbox.KindChannelMessage, ChannelID: "710000000000000008", Payload: "{}", Nonce: "zsuppress1", Status: outbox.StatusDelivered,
			NextAttemptAt: now, CreatedAt: now, DiscordMessageID: "880000000000000001"}
		if err := d.Conn(ctx).Create(&post).Error; err != nil {
			t.Fatal(err)
		}
		charge := records.Charge{DiscordID: subject, Description: "Robo de vehículo", Date: "2026-11-28", Source: records.SourceWeb,
			ActorID: moderator, ActorName: "moderador", CreatedAt: now}
		charge.PostEventID = &post.ID
		if err := d.Conn(ctx).Create(&charge).Error; err != nil {
			t.Fatal(err)
		}

		var filedBy personaldata.Suppression
		if err := d.InTx(ctx, func(ctx context.Context) error {
			filedBy, err = registry.Suppress(ctx, d.Conn(ctx), personaldata.Person{DiscordID: moderator})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		var kept records.Charge
		if err := d.Conn(ctx).Take(&kept, charge.ID).Error; err != nil {
			t.Fatalf("the charge went with the moderator: %v", err)
		}
		if kept.DiscordID != subject || kept.ActorID != "" || kept.ActorName != personaldata.Redacted || kept.Description != charge.Description {
			t.Fatalf("after the moderator's suppression the charge reads %+v", kept)
		}
		if len(filedBy.Posts) != 0 {
			t.Fatalf("the moderator's suppression would delete the posts %v", filedBy.Posts)
		}

		var about personaldata.Suppression
		if err := d.InTx(ctx, func(ctx context.Context) error {
			about, err = registry.Suppress(ctx, d.Conn(ctx), personaldata.Person{DiscordID: subject})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		var n int64
		if err := d.Conn(ctx).Model(&records.Charge{}).Where("id = ?", charge.ID).Count(&n).Error; err != nil || n != 0 {
			t.Fatalf("the charge stays after its subject's suppression: %d %v", n, err)
		}
		if len(about.Posts) != 1 || about.Posts[0] != post.ID {
			t.Fatalf("the subject's suppression deletes the posts %v, want [%d]", about.Posts, post.ID)
		}
	})
}

// The PDF names every column a member may read in Spanish: a column added to a declared
// table without a label fails here.
func TestEveryExportedColumnHasASpanishLabel(t *testing.T) {
	t.Parallel()
	registry, err := core.PersonalData()
	if err != nil {
		t.Fatal(err)
	}
	g := testdb.Open(t, testdb.Dialects()[0], true).Conn(context.Background())
	for _, h := range registry.Holdings {
		types, err := g.Migrator().ColumnTypes(h.Table)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range types {
			name := c.Name()
			if slices.Contains(h.Withheld, name) || name == h.SearchWords {
				continue // never exported
			}
			if personaldata.ColumnLabel(name) == strings.ReplaceAll(name, "_", " ") {
				t.Errorf("%s.%s has no Spanish label in core/personaldata/columns.go", h.Table, name)
			}
		}
	}
}
