package bot

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/outbox"
	"zocalo/core/storage"
	"zocalo/core/tickets"
	"zocalo/internal/discordfake"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// restSession talks to the rig's fake over REST only, so a test drives a deliverer by
// hand while no relay runs.
func (r *rig) restSession() *discordgo.Session {
	r.t.Helper()
	s, err := discordgo.New("Bot " + testenv.BotToken)
	if err != nil {
		r.t.Fatal(err)
	}
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: discordfake.RewriteTransport(r.srv.URL)}
	return s
}

// reads counts the requests that listed a channel's messages.
func (r *rig) reads(channelID string) int {
	n := 0
	for _, req := range r.fake.Requests() {
		if req.Method == http.MethodGet && strings.HasSuffix(req.Path, "/channels/"+channelID+"/messages") {
			n++
		}
	}
	return n
}

func TestMarkers(t *testing.T) {
	t.Parallel()
	if m := markerOf(42, "", 1, 1); m != "Zócalo · #42" {
		t.Fatalf("marker %q", m)
	}
	if m := markerOf(42, "archivos", 2, 3); m != "Zócalo · #42 · archivos 2/3" {
		t.Fatalf("marker %q", m)
	}
	bot := &discordgo.User{ID: "1", Bot: true}
	footer := func(s string) *discordgo.Message {
		return &discordgo.Message{Author: bot, Embeds: []*discordgo.MessageEmbed{{Footer: &discordgo.MessageEmbedFooter{Text: s}}}}
	}
	for _, c := range []struct {
		m    *discordgo.Message
		want bool
	}{
		{footer("Zócalo · #42"), true},
		{footer("Equipo · Zócalo · #42"), true},
		{footer("Zócalo · #142"), false},
		{footer("Zócalo · #42 · 1/2"), false},
		{&discordgo.Message{Author: bot, Content: "hola\n-# Zócalo · #42"}, true},
		{&discordgo.Message{Author: bot, Content: "hola…\n-# Texto completo en el archivo adjunto · Zócalo · #42"}, true},
		{&discordgo.Message{Author: bot, Content: "Zócalo · #42"}, false},
		{&discordgo.Message{Author: bot, Content: "-# Zócalo · #42\nmás texto"}, false},
	} {
		if got := carriesMarker(c.m, "Zócalo · #42"); got != c.want {
			t.Errorf("%q %+v: %v", c.m.Content, c.m.Embeds, got)
		}
	}
}

// A retry whose first attempt is older than the nonce window, when Discord kept the
// post but has forgotten its nonce, finds the post by its marker: no second post.
func TestARetryPastTheNonceWindowFindsItsPost(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	b, s, ctx := r.newBot(), r.restSession(), context.Background()
	ev, err := r.app.Outbox.Enqueue(ctx, outbox.KindChannelMessage, testChannel, outbox.ChannelMessage{Content: "aviso"})
	if err != nil {
		t.Fatal(err)
	}
	first, err := b.deliverChannelMessage(ctx, s, *ev)
	if err != nil {
		t.Fatal(err)
	}
	// Its answer was lost; the retry comes after a long back-off.
	started := r.app.Now().Add(-6 * time.Minute)
	ev.FirstAttemptAt = &started
	r.fake.Advance(6 * time.Minute)
	again, err := b.deliverChannelMessage(ctx, s, *ev)
	if err != nil {
		t.Fatal(err)
	}
	if again != first || len(r.fake.Messages(testChannel)) != 1 || r.reads(testChannel) != 1 {
		t.Fatalf("retry gave %s (first %s); %d messages, %d reads", again, first, len(r.fake.Messages(testChannel)), r.reads(testChannel))
	}
	// Without the look-up, the nonce alone no longer protects: the fake posts again.
	ev.FirstAttemptAt = nil
	if _, err := b.deliverChannelMessage(ctx, s, *ev); err != nil {
		t.Fatal(err)
	}
	if n := len(r.fake.Messages(testChannel)); n != 2 {
		t.Fatalf("the fake's nonce still protected after its window: %d messages", n)
	}

	// A first attempt that never reached Discord: the look-up finds nothing and it posts.
	other, err := r.app.Outbox.Enqueue(ctx, outbox.KindChannelMessage, testChannel, outbox.ChannelMessage{Content: "otro"})
	if err != nil {
		t.Fatal(err)
	}
	other.FirstAttemptAt = &started
	if _, err := b.deliverChannelMessage(ctx, s, *other); err != nil {
		t.Fatal(err)
	}
	if msgs := r.fake.Messages(testChannel); len(msgs) != 3 || !strings.HasPrefix(msgs[2].Content, "otro\n") {
		t.Fatalf("%d messages", len(msgs))
	}
}

// Within the nonce window, the nonce is trusted: no read, Discord returns the post.
func TestARetryWithinTheNonceWindowUsesTheNonce(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	b, s, ctx := r.newBot(), r.restSession(), context.Background()
	ev, err := r.app.Outbox.Enqueue(ctx, outbox.KindChannelMessage, testChannel, outbox.ChannelMessage{Content: "aviso"})
	if err != nil {
		t.Fatal(err)
	}
	first, err := b.deliverChannelMessage(ctx, s, *ev)
	if err != nil {
		t.Fatal(err)
	}
	started := r.app.Now().Add(-time.Minute)
	ev.FirstAttemptAt = &started
	r.fake.Advance(time.Minute)
	again, err := b.deliverChannelMessage(ctx, s, *ev)
	if err != nil {
		t.Fatal(err)
	}
	if again != first || len(r.fake.Messages(testChannel)) != 1 || r.reads(testChannel) != 0 {
		t.Fatalf("retry gave %s (first %s); %d messages, %d reads", again, first, len(r.fake.Messages(testChannel)), r.reads(testChannel))
	}
}

// A post spread over messages that failed half-way, retried past the nonce window,
// keeps the part Discord has and posts only the rest.
func TestASpreadPostIsResumedPartByPart(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	b, s, ctx := r.newBot(), r.restSession(), context.Background()
	var refs []tickets.FileRef
	for i := range 2 {
		big := make([]byte, tickets.MaxFileBytes)
		copy(big, pngBytes)
		obj, err := r.app.Files.Put(ctx, "tickets", bytes.NewReader(big), storage.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		refs = append(refs, tickets.FileRef{Key: obj.Key, Filename: string(rune('a'+i)) + ".png", ContentType: "image/png"})
	}
	ev, err := r.app.Outbox.Enqueue(ctx, outbox.KindChannelMessage, testChannel, outbox.ChannelMessage{Content: "dos capturas"})
	if err != nil {
		t.Fatal(err)
	}
	var posts atomic.Int32
	r.fake.OnPost(func(discordfake.Message) {
		if posts.Add(1) == 1 {
			r.fake.FailNext(1, http.StatusInternalServerError, 0) // the second message fails
		}
	})
	p := eventPost{channelID: testChannel, content: "dos capturas", files: refs}
	if _, err := b.post(ctx, s, *ev, p); err == nil {
		t.Fatal("the second message did not fail")
	}
	if n := len(r.fake.Messages(testChannel)); n != 1 {
		t.Fatalf("%d messages after the failure", n)
	}
	started := r.app.Now().Add(-6 * time.Minute)
	ev.FirstAttemptAt = &started
	r.fake.Advance(6 * time.Minute)
	m, err := b.post(ctx, s, *ev, p)
	if err != nil {
		t.Fatal(err)
	}
	msgs := r.fake.Messages(testChannel)
	if len(msgs) != 2 || m.ID != msgs[0].ID || msgs[0].Attachments[0].Name != "a.png" || msgs[1].Attachments[0].Name != "b.png" {
		t.Fatalf("%d messages, the event's is %s", len(msgs), m.ID)
	}
	if !strings.HasSuffix(msgs[0].Content, markerOf(ev.ID, "", 1, 2)) || !strings.HasSuffix(msgs[1].Content, markerOf(ev.ID, "", 2, 2)) {
		t.Fatalf("markers %q / %q", msgs[0].Content, msgs[1].Content)
	}
}
