package bot

import (
	"context"
	"strings"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/news"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
)

// A news item's post follows it in Discord: posted, edited in place, then deleted.
func TestNewsPostIsEditedAndDeleted(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		admin := &authz.Actor{DiscordID: "510000000000000001", Roles: authz.RoleSet{authz.ScjnAdmin: true}}
		r.start(r.newBot(), true)

		card, err := r.app.News.Create(ctx, admin, news.Input{Title: "Servidor abierto", Content: "Ya pueden entrar.", Type: news.TypeAnnouncement})
		if err != nil {
			t.Fatal(err)
		}
		r.eventually("the post appears", func() bool { return len(r.fake.Messages(testChannel)) == 1 })
		posted := r.fake.Messages(testChannel)[0]
		if len(posted.Embeds) != 1 || posted.Embeds[0].Title != "Servidor abierto" ||
			posted.Embeds[0].URL != "http://portal.test/news/"+card.ID {
			t.Fatalf("post %+v", posted.Embeds)
		}

		if _, err := r.app.News.Update(ctx, admin, card.ID, news.Input{Title: "Servidor abierto (v2)", Content: "Ya pueden entrar.", Type: news.TypeAnnouncement}); err != nil {
			t.Fatal(err)
		}
		r.eventually("the post is edited", func() bool {
			m := r.fake.Messages(testChannel)[0]
			return m.Edited && len(m.Embeds) == 1 && m.Embeds[0].Title == "Servidor abierto (v2)"
		})
		if n := len(r.fake.Messages(testChannel)); n != 1 {
			t.Fatalf("an edit made %d messages", n)
		}

		if err := r.app.News.Delete(ctx, admin, card.ID); err != nil {
			t.Fatal(err)
		}
		r.eventually("the post is deleted", func() bool { return r.fake.Messages(testChannel)[0].Deleted })

		// Hidden items are not posted; showing one later posts it.
		draft, err := r.app.News.Create(ctx, admin, news.Input{Title: "Borrador", Content: "x", Type: news.TypeEvent, Active: new(false)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.app.News.Update(ctx, admin, draft.ID, news.Input{Title: "Evento", Content: "x", Type: news.TypeEvent}); err != nil {
			t.Fatal(err)
		}
		r.eventually("the shown item is posted", func() bool { return len(r.fake.Messages(testChannel)) == 2 })
		if got := r.fake.Messages(testChannel)[1].Embeds[0].Title; got != "Evento" {
			t.Fatalf("posted %q", got)
		}
	})
}

// An edit past Discord's limits keeps the message one message: it shows the start and
// carries the whole text attached; an edit back within them drops the attachment. The
// message keeps its event's marker throughout.
func TestALongEditAttachesTheWholeText(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		r.start(r.newBot(), true)
		post, err := r.app.Outbox.Enqueue(ctx, outbox.KindChannelMessage, testChannel, outbox.ChannelMessage{Embeds: []outbox.Embed{{Title: "Aviso", Description: "corto"}}})
		if err != nil {
			t.Fatal(err)
		}
		r.eventually("the post appears", func() bool { return len(r.fake.Messages(testChannel)) == 1 })
		long := text(5000)
		if _, err := r.app.Outbox.Enqueue(ctx, outbox.KindMessageEdit, testChannel, outbox.MessageEdit{RefEventID: post.ID,
			Embeds: []outbox.Embed{{Title: "Aviso", Description: long}}}); err != nil {
			t.Fatal(err)
		}
		marker := markerOf(post.ID, "", 1, 1)
		r.eventually("the post is edited with the whole text attached", func() bool {
			m := r.fake.Messages(testChannel)[0]
			return m.Edited && len(m.Attachments) == 1 && strings.Contains(string(m.Attachments[0].Data), long)
		})
		m := r.fake.Messages(testChannel)[0]
		withinLimits(t, m.Content, m.Embeds)
		if !strings.HasPrefix(long, strings.TrimSuffix(m.Embeds[0].Description, "…")) || !strings.HasSuffix(m.Embeds[0].Footer.Text, marker) {
			t.Fatalf("edited to %+v", m.Embeds[0])
		}
		if _, err := r.app.Outbox.Enqueue(ctx, outbox.KindMessageEdit, testChannel, outbox.MessageEdit{RefEventID: post.ID,
			Embeds: []outbox.Embed{{Title: "Aviso", Description: "corto otra vez"}}}); err != nil {
			t.Fatal(err)
		}
		r.eventually("the attachment goes with the long text", func() bool {
			m := r.fake.Messages(testChannel)[0]
			return m.Embeds[0].Description == "corto otra vez" && len(m.Attachments) == 0
		})
		if n := len(r.fake.Messages(testChannel)); n != 1 {
			t.Fatalf("%d messages", n)
		}
		if f := r.fake.Messages(testChannel)[0].Embeds[0].Footer; f == nil || f.Text != marker {
			t.Fatalf("footer %+v", f)
		}
	})
}

// Edits of one message waiting together are coalesced: only the latest reaches Discord,
// with its buttons; the post's own buttons go with it.
func TestEditsOfOneMessageAreCoalesced(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(t, d)
		ctx := context.Background()
		button := func(disabled bool) []outbox.ButtonRow {
			return []outbox.ButtonRow{{Buttons: []outbox.Button{{Label: "A favor", CustomID: "vote:1:infavor", Style: outbox.ButtonSuccess, Disabled: disabled}}}}
		}
		post, err := r.app.Outbox.Enqueue(ctx, outbox.KindChannelMessage, testChannel, outbox.ChannelMessage{Content: "Votación", Buttons: button(false)})
		if err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= 5; n++ {
			if _, err := r.app.Outbox.Enqueue(ctx, outbox.KindMessageEdit, testChannel, outbox.MessageEdit{RefEventID: post.ID,
				Content: "Votos: " + strings.Repeat("I", n), Buttons: button(n == 5)}); err != nil {
				t.Fatal(err)
			}
		}
		other, err := r.app.Outbox.Enqueue(ctx, outbox.KindChannelMessage, testChannel, outbox.ChannelMessage{Content: "Otro"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.app.Outbox.Enqueue(ctx, outbox.KindMessageEdit, testChannel, outbox.MessageEdit{RefEventID: other.ID, Content: "Otro, editado"}); err != nil {
			t.Fatal(err)
		}
		r.start(r.newBot(), true)
		r.eventually("everything is delivered", func() bool {
			b, err := r.app.Outbox.Backlog(ctx)
			return err == nil && b.Pending == 0 && b.Blocked == 0
		})
		msgs := r.fake.Messages(testChannel)
		if len(msgs) != 2 || msgs[0].Content != "Votos: IIIII\n-# "+markerOf(post.ID, "", 1, 1) || msgs[1].Content != "Otro, editado\n-# "+markerOf(other.ID, "", 1, 1) {
			t.Fatalf("messages %+v", msgs)
		}
		if len(msgs[0].Components) != 1 {
			t.Fatalf("components %+v", msgs[0].Components)
		}
		patches := 0
		for _, req := range r.fake.Requests() {
			if req.Method == "PATCH" && strings.Contains(req.Path, "/messages/") {
				patches++
			}
		}
		if patches != 2 {
			t.Fatalf("%d edits reached Discord, want one per message", patches)
		}
	})
}
