package bot

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/tickets"
	"zocalo/internal/discordfake"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

var pngBytes = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89" +
	"\x00\x00\x00\rIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N\x00\x00\x00\x00IEND\xaeB`\x82")

// A ticket lives in Discord too: its thread opens with the card and files, web messages
// and changes are posted once, a staff reply in the thread lands in the ticket with its
// file stored by us, the author gets a DM, and closing archives the thread.
func TestTicketsBothWays(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		staffCh := r.cfg.Channels.StaffTickets
		r.fake.AddChannel(staffCh, "tickets-staff")
		r.member("530000000000000001", "jugador")
		r.member("530000000000000002", "moderadora", authz.Moderador)
		r.member("530000000000000003", "soporte", authz.SoporteTecnico)
		r.start(r.newBot(), true)
		r.eventually("the start reconcile", func() bool { return len(r.rolesOf("530000000000000002")) == 1 })
		player, _ := r.app.Members.MemberActor(ctx, "530000000000000001")
		mod, _ := r.app.Members.MemberActor(ctx, "530000000000000002")
		closer, _ := r.app.Members.MemberActor(ctx, "530000000000000003")

		files := r.app.Tickets.NewUploads()
		if err := files.Add(ctx, "error.png", bytes.NewReader(pngBytes)); err != nil {
			t.Fatal(err)
		}
		v, err := r.app.Tickets.Create(ctx, player, tickets.CreateInput{Title: "Me sacó del servidor", Message: "Pasó dos veces"}, files)
		if err != nil {
			t.Fatal(err)
		}
		r.eventually("the thread opens", func() bool { return len(r.fake.Threads(staffCh)) == 1 })
		thread := r.fake.Threads(staffCh)[0]
		if !strings.Contains(thread.Name, "#"+v.TicketID) {
			t.Fatalf("thread %q", thread.Name)
		}
		card := r.fake.Messages(staffCh)[0]
		if len(card.Embeds) != 1 || !strings.Contains(card.Embeds[0].Title, "Me sacó del servidor") || !strings.Contains(card.Embeds[0].Description, "Pasó dos veces") {
			t.Fatalf("card %+v", card.Embeds)
		}
		r.eventually("the first files are in the thread", func() bool {
			msgs := r.fake.Messages(thread.ID)
			return len(msgs) == 1 && len(msgs[0].Attachments) == 1 && bytes.Equal(msgs[0].Attachments[0].Data, pngBytes)
		})

		// A web message and an assignment are posted in the thread, once each.
		if _, err := r.app.Tickets.Reply(ctx, player, v.TicketID, "¿Alguien?", nil); err != nil {
			t.Fatal(err)
		}
		if _, err := r.app.Tickets.Assign(ctx, mod, v.TicketID, &mod.DiscordID); err != nil {
			t.Fatal(err)
		}
		r.eventually("both are posted", func() bool { return len(r.fake.Messages(thread.ID)) == 3 })
		msgs := r.fake.Messages(thread.ID)
		if !strings.Contains(msgs[1].Content, "¿Alguien?") || !strings.Contains(msgs[2].Content, "asignó") {
			t.Fatalf("thread says %q / %q", msgs[1].Content, msgs[2].Content)
		}

		// A staff reply in the thread, with a file, lands in the ticket.
		r.fake.PostUserMessage(thread.ID, "530000000000000002", "Ya lo revisamos, intenta de nuevo",
			discordfake.Attachment{Name: "solucion.png", ContentType: "image/png", Data: pngBytes})
		var got tickets.View
		r.eventually("the reply reaches the ticket and waits on the user", func() bool {
			got, _ = r.app.Tickets.Get(ctx, player, v.TicketID)
			return len(got.Messages) == 4 && got.Status == tickets.StatusWaitingUser
		})
		last := got.Messages[3]
		if last.SenderType != tickets.SenderStaff || last.SenderName != "moderadora" || last.Content != "Ya lo revisamos, intenta de nuevo" ||
			len(last.Attachments) != 1 || got.Status != tickets.StatusWaitingUser {
			t.Fatalf("reply %+v, status %s", last, got.Status)
		}
		// Its file is ours now: served from our storage.
		var att tickets.Attachment
		if err := d.Conn(ctx).Where("filename = ?", "solucion.png").Take(&att).Error; err != nil {
			t.Fatal(err)
		}
		f, obj, err := r.app.Files.Open(ctx, att.StorageKey)
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		if obj.ContentType != "image/png" || obj.Size != int64(len(pngBytes)) {
			t.Fatalf("stored %+v", obj)
		}
		// It is not posted back into the thread it came from.
		if n := len(r.fake.Messages(thread.ID)); n != 4 {
			t.Fatalf("thread has %d messages", n)
		}
		// A player writing in the thread is not staff: ignored.
		r.fake.PostUserMessage(thread.ID, "530000000000000001", "yo también escribo aquí")
		r.eventually("the author was told by DM", func() bool { return len(r.fake.DMs("530000000000000001")) == 1 })
		if dm := r.fake.DMs("530000000000000001")[0]; !strings.Contains(dm.Content, "#"+v.TicketID) {
			t.Fatalf("DM %q", dm.Content)
		}
		got, _ = r.app.Tickets.Get(ctx, player, v.TicketID)
		if len(got.Messages) != 4 {
			t.Fatalf("a player's thread message reached the ticket: %d messages", len(got.Messages))
		}

		// Closing archives and locks the thread.
		if _, err := r.app.Tickets.SetStatus(ctx, closer, v.TicketID, tickets.StatusClosed); err != nil {
			t.Fatal(err)
		}
		r.eventually("the thread is archived", func() bool {
			th := r.fake.Threads(staffCh)[0]
			return th.ThreadMetadata != nil && th.ThreadMetadata.Archived && th.ThreadMetadata.Locked
		})
	})
}

// A member with closed DMs is told nothing, and the bot does not retry forever.
func TestClosedDMsAreNotRetried(t *testing.T) {
	r := newRig(t, testdb.Open(t, db.SQLite, true))
	ctx := context.Background()
	r.fake.CloseDMs("530000000000000001")
	ev, err := r.app.Outbox.Enqueue(ctx, tickets.KindDM, "dm:530000000000000001", tickets.DMPayload{UserID: "530000000000000001", Content: "hola"})
	if err != nil {
		t.Fatal(err)
	}
	r.fake.AddUser(discordgo.User{ID: "530000000000000001", Username: "cerrado"}, true)
	r.start(r.newBot(), true)
	r.eventually("the DM is set aside", func() bool {
		got, _ := r.app.Outbox.Get(ctx, ev.ID)
		return got.Status == "failed" && got.Attempts == 1
	})
	_ = testenv.GuildID
}
