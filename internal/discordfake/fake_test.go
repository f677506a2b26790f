package discordfake

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

const (
	testToken   = "test-bot-token"
	testGuild   = "700000000000000001"
	testApp     = "700000000000000002"
	testChannel = "710000000000000001"
	testRole    = "800000000000000001"
	otherRole   = "800000000000000002"
	alice       = "500000000000000001"
)

const allIntents = discordgo.IntentsGuilds | discordgo.IntentsGuildMembers | discordgo.IntentsGuildMessages | discordgo.IntentMessageContent

func newFake(t *testing.T) (*Fake, *httptest.Server) {
	t.Helper()
	f := New(Options{ClientID: testApp, GuildID: testGuild, GuildName: "Zócalo", BotToken: testToken})
	f.AddRole(testRole, "COMITE")
	f.AddRole(otherRole, "MODERADOR")
	f.AddChannel(testChannel, "noticias")
	f.AddUser(discordgo.User{ID: alice, Username: "alicia"}, true, testRole)
	srv := httptest.NewServer(f.Handler())
	t.Cleanup(srv.Close)
	t.Cleanup(f.Close)
	return f, srv
}

// recorder keeps every dispatch a session received, in order.
type recorder struct {
	mu     sync.Mutex
	events []*discordgo.Event
}

func (r *recorder) add(_ *discordgo.Session, e *discordgo.Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, e)
}

func (r *recorder) of(eventType string) []*discordgo.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []*discordgo.Event
	for _, e := range r.events {
		if e.Type == eventType {
			out = append(out, e)
		}
	}
	return out
}

// waitFor polls until at least n events of a type arrived.
func (r *recorder) waitFor(t *testing.T, eventType string, n int) []*discordgo.Event {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if evs := r.of(eventType); len(evs) >= n {
			return evs
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("waited for %d %s, got %d", n, eventType, len(r.of(eventType)))
	return nil
}

// newSession is a discordgo session whose REST goes to the fake; it is not opened.
func newSession(t *testing.T, srv *httptest.Server, intents discordgo.Intent) (*discordgo.Session, *recorder) {
	t.Helper()
	s, err := discordgo.New("Bot " + testToken)
	if err != nil {
		t.Fatal(err)
	}
	s.Client = &http.Client{Timeout: 10 * time.Second, Transport: RewriteTransport(srv.URL)}
	s.Identify.Intents = intents
	s.SyncEvents = true // handlers run in order, on the reading goroutine
	rec := &recorder{}
	s.AddHandler(rec.add)
	return s, rec
}

func openSession(t *testing.T, srv *httptest.Server, intents discordgo.Intent) (*discordgo.Session, *recorder) {
	t.Helper()
	s, rec := newSession(t, srv, intents)
	if err := s.Open(); err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s, rec
}

func restCode(err error) (int, int) {
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		return 0, 0
	}
	code := 0
	if re.Message != nil {
		code = re.Message.Code
	}
	return re.Response.StatusCode, code
}

func TestOpenFiresReadyAndGuildCreate(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	s, _ := newSession(t, srv, allIntents)
	ready := make(chan string, 1)
	// discordgo's state keeps (and changes) the guild after the handlers ran: copy now.
	type guildSeen struct {
		name     string
		members  int
		channels []string
		roles    []string
	}
	guild := make(chan guildSeen, 1)
	s.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
		ok := r.User.ID == testApp && r.User.Bot && r.SessionID != "" && len(r.Guilds) == 1 && r.Guilds[0].ID == testGuild
		ready <- fmt.Sprintf("%v user=%+v guilds=%d", ok, *r.User, len(r.Guilds))
	})
	s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildCreate) {
		seen := guildSeen{name: g.Name, members: g.MemberCount}
		for _, c := range g.Channels {
			seen.channels = append(seen.channels, c.Name)
		}
		for _, r := range g.Roles {
			seen.roles = append(seen.roles, r.Name)
		}
		guild <- seen
	})
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })

	select {
	case r := <-ready:
		if !strings.HasPrefix(r, "true") {
			t.Errorf("READY: %s", r)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no READY")
	}
	select {
	case g := <-guild:
		if g.name != "Zócalo" || g.members != 1 || strings.Join(g.channels, ",") != "noticias" ||
			strings.Join(g.roles, ",") != "@everyone,COMITE,MODERADOR,Zócalo" {
			t.Errorf("GUILD_CREATE = %+v", g)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no GUILD_CREATE")
	}
	if ids := f.Identifies(); len(ids) != 1 || ids[0].Token != testToken || ids[0].Intents != int(allIntents) {
		t.Errorf("identifies = %+v", ids)
	}
	if f.Connected() != 1 {
		t.Errorf("connected = %d", f.Connected())
	}
}

func TestRequestGuildMembersComesInChunks(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	f.AddBulkMembers(2499, otherRole)
	s, rec := openSession(t, srv, allIntents)
	if err := s.RequestGuildMembers(testGuild, "", 0, "sync-1", false); err != nil {
		t.Fatal(err)
	}
	evs := rec.waitFor(t, "GUILD_MEMBERS_CHUNK", 3)
	seen := map[string]bool{}
	var sizes []int
	for i, e := range evs {
		c := e.Struct.(*discordgo.GuildMembersChunk)
		if c.ChunkIndex != i || c.ChunkCount != 3 || c.Nonce != "sync-1" || c.GuildID != testGuild {
			t.Errorf("chunk %d: index %d count %d nonce %q", i, c.ChunkIndex, c.ChunkCount, c.Nonce)
		}
		sizes = append(sizes, len(c.Members))
		for _, m := range c.Members {
			seen[m.User.ID] = true
		}
	}
	if len(seen) != 2500 || sizes[0] != 1000 || sizes[1] != 1000 || sizes[2] != 500 {
		t.Errorf("members %d in chunks %v", len(seen), sizes)
	}
	if m, ok := f.Member("600000000000000007"); !ok || m.User.Username != "miembro7" || m.Roles[0] != otherRole {
		t.Errorf("bulk member = %+v", m)
	}
}

func TestIntentsAreHonoured(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	_, narrow := openSession(t, srv, discordgo.IntentsGuilds|discordgo.IntentsGuildMessages)
	_, wide := openSession(t, srv, allIntents)

	if err := f.UpdateMemberRoles(alice, otherRole); err != nil {
		t.Fatal(err)
	}
	f.PostUserMessage(testChannel, alice, "respuesta del staff")

	upd := wide.waitFor(t, "GUILD_MEMBER_UPDATE", 1)[0].Struct.(*discordgo.GuildMemberUpdate)
	if upd.User.ID != alice || len(upd.Roles) != 1 || upd.Roles[0] != otherRole || upd.GuildID != testGuild {
		t.Errorf("GUILD_MEMBER_UPDATE = %+v", upd.Member)
	}
	full := wide.waitFor(t, "MESSAGE_CREATE", 1)[0].Struct.(*discordgo.MessageCreate)
	if full.Content != "respuesta del staff" || full.Author.ID != alice {
		t.Errorf("with message content: %+v", full.Message)
	}
	// The narrow session receives the message after the member update would have come.
	bare := narrow.waitFor(t, "MESSAGE_CREATE", 1)[0].Struct.(*discordgo.MessageCreate)
	if bare.Content != "" || bare.Author.ID != alice || bare.ChannelID != testChannel {
		t.Errorf("without message content: %+v", bare.Message)
	}
	if got := narrow.of("GUILD_MEMBER_UPDATE"); len(got) != 0 {
		t.Errorf("GUILD_MEMBER_UPDATE reached a session without the members intent")
	}
}

func TestResumeReplaysWhatWasMissed(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	_, rec := openSession(t, srv, allIntents)
	rec.waitFor(t, "GUILD_CREATE", 1)

	f.DropConnections()
	if f.Connected() != 0 {
		t.Fatalf("connected after drop = %d", f.Connected())
	}
	f.AddMember(discordgo.User{ID: "500000000000000042", Username: "nuevo"}, testRole)

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := f.WaitConnected(ctx, 1); err != nil {
		t.Fatal(err)
	}
	rec.waitFor(t, "RESUMED", 1)
	add := rec.waitFor(t, "GUILD_MEMBER_ADD", 1)[0].Struct.(*discordgo.GuildMemberAdd)
	if add.User.ID != "500000000000000042" {
		t.Errorf("GUILD_MEMBER_ADD = %+v", add.Member)
	}
	// A later event proves the missed one came exactly once.
	f.RemoveMember("500000000000000042")
	rec.waitFor(t, "GUILD_MEMBER_REMOVE", 1)
	if n := len(rec.of("GUILD_MEMBER_ADD")); n != 1 {
		t.Errorf("GUILD_MEMBER_ADD received %d times", n)
	}
	if f.Resumes() != 1 || len(f.Identifies()) != 1 {
		t.Errorf("resumes %d, identifies %d", f.Resumes(), len(f.Identifies()))
	}
	var last int64
	for _, e := range rec.events {
		if e.Sequence <= last {
			t.Errorf("sequence %d after %d", e.Sequence, last)
		}
		last = e.Sequence
	}
}

// post is how the bot posts: discordgo's MessageSend has no nonce.
type post struct {
	Content      string `json:"content"`
	Nonce        string `json:"nonce"`
	EnforceNonce bool   `json:"enforce_nonce"`
}

func postMessage(s *discordgo.Session, channelID string, p post) (*discordgo.Message, error) {
	endpoint := discordgo.EndpointChannelMessages(channelID)
	raw, err := s.RequestWithBucketID(http.MethodPost, endpoint, p, endpoint)
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	return &m, json.Unmarshal(raw, &m)
}

func TestNonceMakesAPostHappenOnce(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	s, _ := newSession(t, srv, allIntents)
	first, err := postMessage(s, testChannel, post{Content: "Nueva noticia", Nonce: "evt-1", EnforceNonce: true})
	if err != nil {
		t.Fatal(err)
	}
	again, err := postMessage(s, testChannel, post{Content: "Nueva noticia", Nonce: "evt-1", EnforceNonce: true})
	if err != nil {
		t.Fatal(err)
	}
	if first.ID == "" || again.ID != first.ID {
		t.Errorf("ids %q then %q", first.ID, again.ID)
	}
	if _, err := postMessage(s, testChannel, post{Content: "Otra", Nonce: "evt-2", EnforceNonce: true}); err != nil {
		t.Fatal(err)
	}
	msgs := f.Messages(testChannel)
	if len(msgs) != 2 || msgs[0].Nonce != "evt-1" || msgs[0].AuthorID != testApp || msgs[1].Content != "Otra" {
		t.Errorf("messages = %+v", msgs)
	}
	if _, err := postMessage(s, testChannel, post{Content: "x", Nonce: strings.Repeat("n", 26), EnforceNonce: true}); err == nil {
		t.Error("a 26-character nonce was accepted")
	}
}

// A held post is already kept while its answer waits; its repeat by nonce is not held.
func TestOnPostHoldsTheAnswerOfAKeptPost(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	s, _ := newSession(t, srv, allIntents)
	held, release := make(chan Message, 1), make(chan struct{})
	f.OnPost(func(m Message) {
		held <- m
		<-release
	})
	answered := make(chan error, 1)
	go func() {
		_, err := postMessage(s, testChannel, post{Content: "Retenida", Nonce: "evt-1", EnforceNonce: true})
		answered <- err
	}()
	m := <-held
	if got := f.Messages(testChannel); len(got) != 1 || got[0].ID != m.ID || m.Nonce != "evt-1" {
		t.Errorf("while held: %+v, hook saw %+v", got, m)
	}
	select {
	case err := <-answered:
		t.Fatalf("answered while held: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	// Another client: discordgo waits for the held answer before its next post on the route.
	other, _ := newSession(t, srv, allIntents)
	again, err := postMessage(other, testChannel, post{Content: "Retenida", Nonce: "evt-1", EnforceNonce: true})
	if err != nil || again.ID != m.ID {
		t.Errorf("repeat: %v, id %q", err, again.ID)
	}
	close(release)
	if err := <-answered; err != nil {
		t.Fatal(err)
	}
	f.OnPost(nil)
	if _, err := postMessage(s, testChannel, post{Content: "Libre", Nonce: "evt-2", EnforceNonce: true}); err != nil {
		t.Fatal(err)
	}
	if n := len(f.Messages(testChannel)); n != 2 {
		t.Errorf("%d messages", n)
	}
}

func TestRateLimitThenDiscordgoRetries(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	s, _ := newSession(t, srv, allIntents)
	f.FailNext(1, http.StatusTooManyRequests, 0.2)
	start := time.Now()
	m, err := s.ChannelMessageSend(testChannel, "tras esperar")
	if err != nil {
		t.Fatal(err)
	}
	if time.Since(start) < 200*time.Millisecond {
		t.Errorf("discordgo did not wait: %v", time.Since(start))
	}
	if msgs := f.Messages(testChannel); len(msgs) != 1 || msgs[0].ID != m.ID {
		t.Errorf("messages = %+v", msgs)
	}
	posts := 0
	for _, r := range f.Requests() {
		if r.Method == http.MethodPost && r.Path == "/api/v9/channels/"+testChannel+"/messages" {
			posts++
		}
	}
	if posts != 2 {
		t.Errorf("posts = %d", posts)
	}

	f.FailNext(1, http.StatusTooManyRequests, 1.5)
	res, err := http.Get(srv.URL + "/api/v9/gateway")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body struct {
		RetryAfter float64 `json:"retry_after"`
		Global     bool    `json:"global"`
	}
	_ = json.NewDecoder(res.Body).Decode(&body)
	h := res.Header
	if res.StatusCode != 429 || body.RetryAfter != 1.5 || body.Global || h.Get("Retry-After") != "2" ||
		h.Get("X-RateLimit-Reset-After") != "1.500" || h.Get("X-RateLimit-Remaining") != "0" || h.Get("X-RateLimit-Global") != "" {
		t.Errorf("429: %d %+v %v", res.StatusCode, body, h)
	}
}

func TestInteractionCallbackAndFollowups(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	s, _ := openSession(t, srv, allIntents)
	errs := make(chan error, 4)
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		if ic.ApplicationCommandData().Name != "turno" || ic.Member.User.ID != alice {
			errs <- errors.New("unexpected interaction")
			return
		}
		errs <- s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}})
		content := "Turno iniciado."
		_, err := s.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{Content: &content})
		errs <- err
		_, err = s.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{Content: "¡Suerte!"})
		errs <- err
		errs <- s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "otra vez"}})
	})
	sent := f.SendInteraction(discordgo.Interaction{ChannelID: testChannel,
		Member: &discordgo.Member{User: &discordgo.User{ID: alice, Username: "alicia"}},
		Data: discordgo.ApplicationCommandInteractionData{Name: "turno", CommandType: discordgo.ChatApplicationCommand,
			Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "entrar", Type: discordgo.ApplicationCommandOptionSubCommand}}}})
	if sent.ID == "" || sent.Token == "" || sent.AppID != testApp || sent.GuildID != testGuild || sent.Type != discordgo.InteractionApplicationCommand {
		t.Fatalf("sent = %+v", sent)
	}
	for i := range 4 {
		select {
		case err := <-errs:
			if i < 3 && err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
			if i == 3 {
				if status, code := restCode(err); status != 400 || code != 40060 {
					t.Errorf("second callback: %v", err)
				}
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("step %d did not happen", i)
		}
	}
	res := f.InteractionResponses(sent.ID)
	if len(res) != 1 || res[0].Type != 5 || res[0].Data.Flags != discordgo.MessageFlagsEphemeral {
		t.Errorf("responses = %+v", res)
	}
	ups := f.Followups(sent.Token)
	if len(ups) != 2 || ups[0].Content != "Turno iniciado." || ups[0].EditedTimestamp == nil ||
		ups[1].Content != "¡Suerte!" || ups[1].EditedTimestamp != nil {
		t.Errorf("followups = %+v", ups)
	}
	if o, ok := f.Original(sent.Token); !ok || o.Content != "Turno iniciado." || o.Flags != discordgo.MessageFlagsEphemeral {
		t.Errorf("original = %+v", o)
	}
}

func TestThreadsAttachmentsAndEdits(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	s, _ := newSession(t, srv, allIntents)

	thread, err := s.ThreadStartComplex(testChannel, &discordgo.ThreadStart{Name: "Ticket #12", Type: discordgo.ChannelTypeGuildPublicThread})
	if err != nil {
		t.Fatal(err)
	}
	if thread.Type != discordgo.ChannelTypeGuildPublicThread || thread.ParentID != testChannel {
		t.Errorf("thread = %+v", thread)
	}
	pdf := []byte("%PDF-1.4 prueba")
	m, err := s.ChannelMessageSendComplex(thread.ID, &discordgo.MessageSend{Content: "Adjunto",
		Files: []*discordgo.File{{Name: "recibo.pdf", ContentType: "application/pdf", Reader: bytes.NewReader(pdf)}}})
	if err != nil {
		t.Fatal(err)
	}
	got := f.Messages(thread.ID)
	if len(got) != 1 || len(got[0].Attachments) != 1 || !bytes.Equal(got[0].Attachments[0].Data, pdf) ||
		got[0].Attachments[0].ContentType != "application/pdf" || len(m.Attachments) != 1 {
		t.Fatalf("thread messages = %+v", got)
	}
	// The attachment's URL is served by the fake, through the same transport.
	res, err := s.Client.Get(m.Attachments[0].URL)
	if err != nil {
		t.Fatal(err)
	}
	downloaded, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !bytes.Equal(downloaded, pdf) {
		t.Errorf("downloaded %q", downloaded)
	}

	if _, err := s.ChannelMessageEdit(thread.ID, m.ID, "Adjunto (corregido)"); err != nil {
		t.Fatal(err)
	}
	if got := f.Messages(thread.ID)[0]; !got.Edited || got.Content != "Adjunto (corregido)" {
		t.Errorf("after edit = %+v", got)
	}
	if err := s.ChannelMessageDelete(thread.ID, m.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessage(thread.ID, m.ID); err == nil || !f.Messages(thread.ID)[0].Deleted {
		t.Error("deleted message still there")
	}

	yes := true
	if _, err := s.ChannelEdit(thread.ID, &discordgo.ChannelEdit{Archived: &yes, Locked: &yes}); err != nil {
		t.Fatal(err)
	}
	if th := f.Threads(testChannel); len(th) != 1 || !th[0].ThreadMetadata.Archived || !th[0].ThreadMetadata.Locked {
		t.Errorf("threads = %+v", th)
	}
	if _, err := s.ChannelMessageSend(thread.ID, "tarde"); err == nil {
		t.Error("posted to a locked, archived thread")
	}

	root, err := s.ChannelMessageSend(testChannel, "Nuevo ticket")
	if err != nil {
		t.Fatal(err)
	}
	fromMsg, err := s.MessageThreadStartComplex(testChannel, root.ID, &discordgo.ThreadStart{Name: "Ticket #13"})
	if err != nil {
		t.Fatal(err)
	}
	if fromMsg.ID != root.ID || fromMsg.Type != discordgo.ChannelTypeGuildPublicThread || len(f.Threads(testChannel)) != 2 {
		t.Errorf("thread from message = %+v", fromMsg)
	}
	if long := strings.Repeat("a", 2001); true {
		_, err := s.ChannelMessageSend(testChannel, long)
		if status, code := restCode(err); status != 400 || code != 50035 {
			t.Errorf("2001 characters: %v", err)
		}
	}
	// An embed links to an absolute http(s) address, as in Discord.
	for link, ok := range map[string]bool{"https://portal.example/admin/support/tickets/7": true,
		"http://127.0.0.1:8080/support/tickets/7": true, "/support/tickets/7": false, "javascript:alert(1)": false} {
		_, err := s.ChannelMessageSendEmbed(testChannel, &discordgo.MessageEmbed{Title: "Ticket #7", URL: link})
		if status, code := restCode(err); ok != (err == nil) || (!ok && (status != 400 || code != 50035)) {
			t.Errorf("embed linking to %q: %v", link, err)
		}
	}
}

func TestRolesDMsCommandsAndAuth(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	s, rec := openSession(t, srv, allIntents)

	if err := s.GuildMemberRoleAdd(testGuild, alice, otherRole); err != nil {
		t.Fatal(err)
	}
	if err := s.GuildMemberRoleRemove(testGuild, alice, testRole); err != nil {
		t.Fatal(err)
	}
	if m, _ := f.Member(alice); len(m.Roles) != 1 || m.Roles[0] != otherRole {
		t.Errorf("roles = %v", m.Roles)
	}
	if e := f.RoleEdits(); len(e) != 2 || !e[0].Added || e[1].Added || e[1].RoleID != testRole {
		t.Errorf("role edits = %+v", e)
	}
	rec.waitFor(t, "GUILD_MEMBER_UPDATE", 2)

	dm, err := s.UserChannelCreate(alice)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ChannelMessageSend(dm.ID, "Tu solicitud fue aprobada"); err != nil {
		t.Fatal(err)
	}
	f.CloseDMs(alice)
	_, err = s.ChannelMessageSend(dm.ID, "otra")
	if status, code := restCode(err); status != 403 || code != 50007 {
		t.Errorf("closed DMs: %v", err)
	}
	if len(f.Messages(dm.ID)) != 1 || len(f.DMs(alice)) != 1 || f.DMs(alice)[0].Content != "Tu solicitud fue aprobada" {
		t.Errorf("DM messages = %+v", f.Messages(dm.ID))
	}

	cmds, err := s.ApplicationCommandBulkOverwrite(testApp, testGuild, []*discordgo.ApplicationCommand{
		{Name: "turno", Description: "Turnos de servicio", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "entrar", Description: "Empieza tu turno"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(cmds) != 1 || cmds[0].ID == "" || cmds[0].ApplicationID != testApp {
		t.Errorf("answered %+v", cmds)
	}
	if got := f.Commands(); len(got) != 1 || got[0].ID != cmds[0].ID || got[0].Options[0].Name != "entrar" {
		t.Errorf("commands = %+v", got)
	}
	_, err = s.ApplicationCommandBulkOverwrite(testApp, testGuild, []*discordgo.ApplicationCommand{{Name: "Turno", Description: "x"}})
	if status, code := restCode(err); status != 400 || code != 50035 {
		t.Errorf("bad name: %v", err)
	}

	for _, c := range []struct {
		name, path, auth string
		status           int
	}{
		{"no token", "/api/v9/channels/" + testChannel, "", 401},
		{"wrong token", "/api/v9/channels/" + testChannel, "Bot nope", 401},
		{"v10 too", "/api/v10/channels/" + testChannel, "Bot " + testToken, 200},
		{"unknown route", "/api/v9/nowhere", "Bot " + testToken, 404},
	} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+c.path, nil)
		if c.auth != "" {
			req.Header.Set("Authorization", c.auth)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var body map[string]any
		_ = json.NewDecoder(res.Body).Decode(&body)
		res.Body.Close()
		if res.StatusCode != c.status || (c.status == 404 && body["message"] != "404: Not Found") {
			t.Errorf("%s: %d %v", c.name, res.StatusCode, body)
		}
	}
}

// rawGateway speaks to the gateway without discordgo, to see its close codes.
func rawGateway(t *testing.T, srv *httptest.Server, frames ...string) int {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(srv.URL, "http")+"/gateway?v=9&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	for _, fr := range frames {
		if err := ws.WriteMessage(websocket.TextMessage, []byte(fr)); err != nil {
			t.Fatal(err)
		}
	}
	_ = ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		if _, _, err := ws.ReadMessage(); err != nil {
			var ce *websocket.CloseError
			if errors.As(err, &ce) {
				return ce.Code
			}
			t.Fatalf("read: %v", err)
		}
	}
}

func TestGatewayCloseCodes(t *testing.T) {
	t.Parallel()
	_, srv := newFake(t)
	if code := rawGateway(t, srv, `{"op":2,"d":{"token":"Bot nope","intents":513}}`); code != 4004 {
		t.Errorf("wrong token: close %d", code)
	}
	if code := rawGateway(t, srv, `{"op":2,"d":{"token":"Bot `+testToken+`","intents":513}}`,
		`{"op":8,"d":{"guild_id":["`+testGuild+`"],"query":"","limit":0}}`); code != 4014 {
		t.Errorf("members without the intent: close %d", code)
	}
	if code := rawGateway(t, srv, `{"op":8,"d":{"guild_id":"`+testGuild+`","query":"","limit":0}}`); code != 4003 {
		t.Errorf("before identify: close %d", code)
	}
}

func TestDemoPageAndRoleForm(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	f.AddPersona(Persona{Name: "comite", UserID: alice})
	s, _ := newSession(t, srv, allIntents)
	if _, err := s.ChannelMessageSendEmbed(testChannel, &discordgo.MessageEmbed{Title: "Ley <aprobada>", Description: "Votos: 12"}); err != nil {
		t.Fatal(err)
	}
	res, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, want := range []string{"#noticias", "Ley &lt;aprobada&gt;", "Votos: 12", `action="members/` + alice + `/roles"`, "MODERADOR"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("page lacks %q", want)
		}
	}
	if bytes.Contains(page, []byte("<script")) {
		t.Error("page has a script")
	}

	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err = client.PostForm(srv.URL+"/members/"+alice+"/roles", url.Values{"role": {otherRole, "999"}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "../../?guardado="+alice+"#persona-"+alice {
		t.Errorf("form answered %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	if m, _ := f.Member(alice); len(m.Roles) != 1 || m.Roles[0] != otherRole {
		t.Errorf("roles = %v", m.Roles)
	}
}

func TestDemoCommandFormRunsTheCommandAsThePersona(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	f.AddPersona(Persona{Name: "comite", UserID: alice})
	s, _ := openSession(t, srv, allIntents)
	if _, err := s.ApplicationCommandBulkOverwrite(testApp, testGuild, []*discordgo.ApplicationCommand{{
		Name: "turno", Description: "Turnos",
		Options: []*discordgo.ApplicationCommandOption{{
			Type: discordgo.ApplicationCommandOptionSubCommand, Name: "entrar", Description: "Entrar",
			Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "servidor",
				Description: "Servidor", Required: true, Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "Principal", Value: "Principal"}, {Name: "Eventos", Value: "Eventos"}}}},
		}},
	}}); err != nil {
		t.Fatal(err)
	}
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		sub := ic.ApplicationCommandData().Options[0]
		text := fmt.Sprintf("%s %s por %s en %v", ic.ApplicationCommandData().Name, sub.Name, ic.Member.User.ID, sub.Options[0].Value)
		_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: text}})
	})

	res, err := http.Get(srv.URL + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, want := range []string{`aria-label="Usar un comando"`, `value="turno entrar"`, `value="Eventos"`} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("page lacks %q", want)
		}
	}

	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err = client.PostForm(srv.URL+"/interactions", url.Values{"persona": {alice}, "command": {"turno entrar"},
		"optionName": {"servidor"}, "option": {"Eventos"}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "./?comando=turno+entrar#respuesta" {
		t.Fatalf("form answered %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	res, err = http.Get(srv.URL + "/?comando=turno+entrar")
	if err != nil {
		t.Fatal(err)
	}
	page, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if want := "turno entrar por " + alice + " en Eventos"; !bytes.Contains(page, []byte(want)) {
		t.Errorf("page does not show the answer %q", want)
	}

	res, err = client.PostForm(srv.URL+"/interactions", url.Values{"persona": {"999"}, "command": {"turno entrar"}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("unknown persona answered %d", res.StatusCode)
	}
}

func TestDemoCommandFormSendsSeveralOptionsToACommandWithoutSubcommands(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	f.AddPersona(Persona{Name: "comite", UserID: alice})
	s, _ := openSession(t, srv, allIntents)
	text := func(name string, required bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: name, Required: required}
	}
	if _, err := s.ApplicationCommandBulkOverwrite(testApp, testGuild, []*discordgo.ApplicationCommand{{
		Name: "ausencia", Description: "Ausencia",
		Options: []*discordgo.ApplicationCommandOption{text("inicio", true), text("fin", true), text("motivo", true), text("servidor", false)},
	}}); err != nil {
		t.Fatal(err)
	}
	got := make(chan []*discordgo.ApplicationCommandInteractionDataOption, 1)
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		got <- ic.ApplicationCommandData().Options
		_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "ok"}})
	})
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.PostForm(srv.URL+"/interactions", url.Values{"persona": {alice}, "command": {"ausencia"},
		"optionName": {"inicio", "fin", "motivo", "servidor"}, "option": {"09/03/2026", "10/03/2026", "Examen", ""}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("the form answered %d", res.StatusCode)
	}
	opts := <-got
	if len(opts) != 3 || opts[0].Name != "inicio" || opts[0].StringValue() != "09/03/2026" || opts[2].Name != "motivo" || opts[2].StringValue() != "Examen" {
		t.Fatalf("options %+v", opts)
	}
}
