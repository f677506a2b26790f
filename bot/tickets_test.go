package bot

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/outbox"
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
	t.Parallel()
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
		// The card's title links to the ticket in the staff panel.
		if got, want := card.Embeds[0].URL, "http://portal.test/admin/support/tickets/"+v.TicketID; got != want {
			t.Fatalf("card links to %q, want %q", got, want)
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
		// The DM names the ticket and links to its conversation on the portal.
		if dm := r.fake.DMs("530000000000000001")[0]; !strings.Contains(dm.Content, "#"+v.TicketID) ||
			!strings.Contains(dm.Content, "http://portal.test/support/tickets/"+v.TicketID) {
			t.Fatalf("DM %q", dm.Content)
		}
		withinLimits(t, r.fake.DMs("530000000000000001")[0].Content, nil)
		got, _ = r.app.Tickets.Get(ctx, player, v.TicketID)
		if len(got.Messages) != 4 {
			t.Fatalf("a player's thread message reached the ticket: %d messages", len(got.Messages))
		}

		// Taking the assignment away is told as such, not as an assignment to nobody.
		if _, err := r.app.Tickets.Assign(ctx, mod, v.TicketID, nil); err != nil {
			t.Fatal(err)
		}
		r.eventually("the un-assignment is posted", func() bool { return len(r.fake.Messages(thread.ID)) == 6 })
		if got := r.fake.Messages(thread.ID)[5].Content; !strings.HasPrefix(got, "👤 moderadora quitó la asignación del ticket.\n") {
			t.Fatalf("thread says %q", got)
		}
		page, err := r.app.Tickets.Transcript(ctx, mod, v.TicketID, nil)
		if err != nil || !strings.Contains(string(page), "moderadora: quitó la asignación del ticket") {
			t.Fatalf("transcript: %v\n%s", err, page)
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
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	ctx := context.Background()
	r.fake.CloseDMs("530000000000000001")
	ev, err := r.app.Outbox.Enqueue(ctx, outbox.KindDM, "dm:530000000000000001", outbox.DM{UserID: "530000000000000001", Content: "hola"})
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

// desk is a rig with the staff channel, a player and a moderator, and a running bot.
type ticketDesk struct {
	*rig
	staffCh string
	player  *authz.Actor
	mod     *authz.Actor
}

func newTicketDesk(t *testing.T, d *db.DB) *ticketDesk {
	t.Helper()
	r := newRig(t, d)
	k := &ticketDesk{rig: r, staffCh: r.cfg.Channels.StaffTickets}
	r.fake.AddChannel(k.staffCh, "tickets-staff")
	r.member("530000000000000001", "jugador")
	r.member("530000000000000002", "moderadora", authz.Moderador)
	r.start(r.newBot(), true)
	r.eventually("the start reconcile", func() bool { return len(r.rolesOf("530000000000000002")) == 1 })
	ctx := context.Background()
	k.player, _ = r.app.Members.MemberActor(ctx, "530000000000000001")
	k.mod, _ = r.app.Members.MemberActor(ctx, "530000000000000002")
	return k
}

// open opens a ticket with files and waits for its thread and their post.
func (k *ticketDesk) open(files *tickets.Uploads) (tickets.View, discordgo.Channel) {
	k.t.Helper()
	v, err := k.app.Tickets.Create(context.Background(), k.player, tickets.CreateInput{Title: "Me sacó del servidor", Message: "Pasó dos veces"}, files)
	if err != nil {
		k.t.Fatal(err)
	}
	k.eventually("the thread opens", func() bool { return len(k.fake.Threads(k.staffCh)) == 1 })
	// Messages in the thread count once the ticket knows its thread: Discord answers the
	// thread's creation before the bot records it.
	k.eventually("the ticket records its thread", func() bool {
		return testenv.CountRows(k.t, k.db, "tickets", "discord_thread_id <> ''") == 1
	})
	return v, k.fake.Threads(k.staffCh)[0]
}

// A reply of 2,500 characters from the portal reaches the thread whole, and so does a
// direct message of that length: the start shown, the whole attached.
func TestALongTicketReplyReachesTheThreadWhole(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		k := newTicketDesk(t, d)
		ctx := context.Background()
		v, thread := k.open(nil)
		reply := text(2500)
		if _, err := k.app.Tickets.Reply(ctx, k.mod, v.TicketID, reply, nil); err != nil {
			t.Fatal(err)
		}
		k.eventually("the reply is in the thread", func() bool { return len(k.fake.Messages(thread.ID)) == 1 })
		posted := k.fake.Messages(thread.ID)[0]
		withinLimits(t, posted.Content, nil)
		if !strings.HasPrefix(posted.Content, "**moderadora** (Staff, desde el portal):\n"+reply[:200]) ||
			!strings.Contains(posted.Content, "Texto completo en el archivo adjunto") {
			t.Fatalf("thread shows %q", posted.Content[:300])
		}
		if len(posted.Attachments) != 1 || !strings.Contains(string(posted.Attachments[0].Data), reply) {
			t.Fatalf("attachments %+v", posted.Attachments)
		}

		dm, err := k.app.Outbox.Enqueue(ctx, outbox.KindDM, "dm:530000000000000001", outbox.DM{UserID: "530000000000000001", Content: reply})
		if err != nil {
			t.Fatal(err)
		}
		k.eventually("the DM is delivered", func() bool {
			got, _ := k.app.Outbox.Get(ctx, dm.ID)
			return got.Status == "delivered"
		})
		var long *discordfake.Message
		for _, m := range k.fake.DMs("530000000000000001") {
			if len(m.Attachments) > 0 {
				long = &m
			}
		}
		if long == nil || !strings.Contains(string(long.Attachments[0].Data), reply) || !strings.HasPrefix(long.Content, reply[:200]) {
			t.Fatalf("DMs %+v", k.fake.DMs("530000000000000001"))
		}
		withinLimits(t, long.Content, nil)
	})
}

// A ticket's first message with five files of 5 MB reaches its thread over as many
// messages as a 10 MiB upload limit needs, every file once, in order.
func TestATicketsFilesAreSpreadWithinTheUploadLimit(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		k := newTicketDesk(t, d)
		k.fake.SetUploadLimit(10 << 20)
		ctx := context.Background()
		files := k.app.Tickets.NewUploads()
		for i := range 5 {
			big := make([]byte, tickets.MaxFileBytes)
			copy(big, pngBytes)
			big[len(big)-1] = byte(i)
			if err := files.Add(ctx, fmt.Sprintf("captura-%d.png", i), bytes.NewReader(big)); err != nil {
				t.Fatal(err)
			}
		}
		if err := files.Check(); err != nil {
			t.Fatal(err)
		}
		_, thread := k.open(files)
		k.eventually("every file is in the thread", func() bool {
			n := 0
			for _, m := range k.fake.Messages(thread.ID) {
				n += len(m.Attachments)
			}
			return n == 5
		})
		msgs := k.fake.Messages(thread.ID)
		if len(msgs) < 3 {
			t.Fatalf("five files of 5 MB in %d messages", len(msgs))
		}
		next := 0
		for _, m := range msgs {
			var sum int
			for _, a := range m.Attachments {
				if a.Name != fmt.Sprintf("captura-%d.png", next) || len(a.Data) != tickets.MaxFileBytes || a.Data[len(a.Data)-1] != byte(next) {
					t.Fatalf("file %s (%d bytes) where captura-%d.png was due", a.Name, len(a.Data), next)
				}
				sum += len(a.Data)
				next++
			}
			if sum > 10<<20 {
				t.Fatalf("a message of %d bytes", sum)
			}
		}
		if !strings.HasPrefix(msgs[0].Content, "Archivos adjuntos del ticket:") {
			t.Fatalf("first files message %q", msgs[0].Content)
		}
	})
}

// A staff reply in the thread with a PDF reaches the ticket with its text and names the
// PDF; the bot answers in the thread, once, which file was not kept and why.
func TestAThreadReplyWithAPDFReachesTheTicket(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		k := newTicketDesk(t, d)
		ctx := context.Background()
		v, thread := k.open(nil)
		pdf := []byte("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n")
		sent := k.fake.PostUserMessage(thread.ID, "530000000000000002", "Te dejo el informe",
			discordfake.Attachment{Name: "informe.pdf", ContentType: "application/pdf", Data: pdf},
			discordfake.Attachment{Name: "captura.png", ContentType: "image/png", Data: pngBytes})
		var last tickets.MessageView
		k.eventually("the reply reaches the ticket", func() bool {
			got, _ := k.app.Tickets.Get(ctx, k.player, v.TicketID)
			for _, m := range got.Messages {
				if m.SenderType == tickets.SenderStaff {
					last = m
					return true
				}
			}
			return false
		})
		if !strings.HasPrefix(last.Content, "Te dejo el informe") ||
			!strings.Contains(last.Content, "Archivo no guardado: informe.pdf (tipo no admitido: solo JPEG, PNG o GIF)") ||
			len(last.Attachments) != 1 || last.Attachments[0].Filename != "captura.png" {
			t.Fatalf("recorded %+v", last)
		}
		k.eventually("the bot's answer is delivered", func() bool {
			notices := k.notices(ctx)
			return len(notices) == 1 && notices[0].Status == outbox.StatusDelivered
		})
		var answers []discordfake.Message
		for _, m := range k.fake.Messages(thread.ID) {
			if m.ID != sent.ID {
				answers = append(answers, m)
			}
		}
		notices := k.notices(ctx)
		if len(answers) != 1 || !strings.Contains(answers[0].Content, "informe.pdf: tipo no admitido") ||
			strings.Contains(answers[0].Content, "captura.png") ||
			len(notices) != 1 || notices[0].DiscordMessageID != answers[0].ID || !strings.Contains(notices[0].Payload, sent.ID) {
			t.Fatalf("answers %+v, notices %+v", answers, notices)
		}
	})
}

// notices are the bot's answers under thread messages, as queued thread posts.
func (k *ticketDesk) notices(ctx context.Context) []outbox.Event {
	k.t.Helper()
	var posts, out []outbox.Event
	if err := k.db.Conn(ctx).Where("kind = ?", tickets.KindPost).Order("id").Find(&posts).Error; err != nil {
		k.t.Fatal(err)
	}
	for _, ev := range posts {
		if strings.Contains(ev.Payload, `"kind":"`+tickets.PostNotice+`"`) {
			out = append(out, ev)
		}
	}
	return out
}

// A staff message with a PDF, handled 20 times at once (a gateway replay, two handlers):
// one ticket message, and one answer in the thread.
func TestAThreadReplyWithAPDFHandledTwentyTimesAnswersOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		k := newTicketDesk(t, d)
		ctx := context.Background()
		_, thread := k.open(nil)
		b := k.newBot() // not started: the running bot holds the lock, this one handles by hand
		s := k.restSession()
		// The running bot gets it from the gateway too: one more delivery at about the same time.
		sent := k.fake.PostUserMessage(thread.ID, "530000000000000002", "Adjunto el informe",
			discordfake.Attachment{Name: "informe.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.7\n%%EOF\n")})
		testenv.Together(d, 20, func(int) {
			m := sent
			b.replyFromThread(ctx, s, &m)
		})
		var n int64
		if err := d.Conn(ctx).Model(&tickets.Message{}).Where("discord_message_id = ?", sent.ID).Count(&n).Error; err != nil || n != 1 {
			t.Fatalf("%d ticket messages, %v", n, err)
		}
		k.eventually("the answer is delivered", func() bool {
			notices := k.notices(ctx)
			return len(notices) > 0 && notices[0].Status == outbox.StatusDelivered
		})
		answers := 0
		for _, m := range k.fake.Messages(thread.ID) {
			if m.ID != sent.ID && strings.Contains(m.Content, "informe.pdf") {
				answers++
			}
		}
		if notices := k.notices(ctx); answers != 1 || len(notices) != 1 {
			t.Fatalf("%d answers in the thread, %d queued", answers, len(notices))
		}
	})
}

// A ticket whose thread was deleted in Discord does not hold back the other tickets: its
// post is set aside with the reason, and the next ticket's post arrives.
func TestADeletedTicketThreadDoesNotHoldBackOtherTickets(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		k := newTicketDesk(t, d)
		ctx := context.Background()
		first, gone := k.open(nil)
		second, err := k.app.Tickets.Create(ctx, k.player, tickets.CreateInput{Title: "Otro problema", Message: "Tampoco entro"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		k.eventually("the second thread opens", func() bool { return len(k.fake.Threads(k.staffCh)) == 2 })
		kept := k.fake.Threads(k.staffCh)[1]
		k.fake.DeleteChannel(gone.ID)

		if _, err := k.app.Tickets.Reply(ctx, k.mod, first.TicketID, "Para el hilo borrado", nil); err != nil {
			t.Fatal(err)
		}
		if _, err := k.app.Tickets.Reply(ctx, k.mod, second.TicketID, "Para el hilo que sigue", nil); err != nil {
			t.Fatal(err)
		}
		var posts []outbox.Event
		k.eventually("the second ticket's reply is delivered", func() bool {
			posts = nil
			if err := d.Conn(ctx).Where("kind = ?", tickets.KindPost).Order("id").Find(&posts).Error; err != nil {
				t.Fatal(err)
			}
			return len(posts) == 2 && posts[1].Status == outbox.StatusDelivered
		})
		if got := k.fake.Messages(kept.ID); len(got) != 1 || !strings.HasPrefix(got[0].Content, "**moderadora** (Staff, desde el portal):\nPara el hilo que sigue") {
			t.Fatalf("the kept thread shows %+v", got)
		}
		if len(posts) != 2 || posts[0].Status != outbox.StatusFailed || !strings.Contains(posts[0].LastError, "ya no existe") ||
			posts[1].Status != outbox.StatusDelivered {
			t.Fatalf("ticket posts: %+v", posts)
		}
	})
}
