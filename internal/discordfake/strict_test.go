package discordfake

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

const otherChannel = "710000000000000002"

// newStrictFake is newFake with a second channel and the options given.
func newStrictFake(t *testing.T, opts Options) (*Fake, *httptest.Server) {
	t.Helper()
	opts.ClientID, opts.GuildID, opts.BotToken = testApp, testGuild, testToken
	f := New(opts)
	f.AddRole(testRole, "COMITE")
	f.AddRole(otherRole, "MODERADOR")
	f.AddChannel(testChannel, "noticias")
	f.AddChannel(otherChannel, "tickets")
	f.AddUser(discordgo.User{ID: alice, Username: "alicia"}, true, testRole)
	srv := httptest.NewServer(f.Handler())
	t.Cleanup(srv.Close)
	t.Cleanup(f.Close)
	return f, srv
}

// answer is one raw HTTP answer, as the bot would read it.
type answer struct {
	status int
	header http.Header
	body   map[string]any
	raw    []byte
}

func (a answer) code() int {
	n, _ := a.body["code"].(float64)
	return int(n)
}

// call makes one request with the bot's token (or token, when given) and decodes the answer.
func call(t *testing.T, srv *httptest.Server, method, path string, body any, token ...string) answer {
	t.Helper()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(mustJSON(body))
	}
	req, err := http.NewRequest(method, srv.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	auth := testToken
	if len(token) > 0 {
		auth = token[0]
	}
	req.Header.Set("Authorization", "Bot "+auth)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	a := answer{status: res.StatusCode, header: res.Header}
	a.raw, _ = io.ReadAll(res.Body)
	if len(a.raw) > 0 && a.raw[0] == '{' {
		if err := json.Unmarshal(a.raw, &a.body); err != nil {
			t.Fatalf("%s %s: %v: %s", method, path, err, a.raw)
		}
	}
	return a
}

// wantError checks a Discord error answer: status, JSON code and message.
func wantError(t *testing.T, what string, a answer, status, code int, message string) {
	t.Helper()
	if a.status != status || a.code() != code || a.body["message"] != message {
		t.Errorf("%s: %d %s, want %d code %d %q", what, a.status, a.raw, status, code, message)
	}
}

func messagesPath(channelID string) string { return "/api/v9/channels/" + channelID + "/messages" }

func TestDeniedPermissionsAnswerAsDiscordDoes(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	s, rec := openSession(t, srv, allIntents)
	mine, err := s.ChannelMessageSend(testChannel, "antes")
	if err != nil {
		t.Fatal(err)
	}
	thread, err := s.ThreadStart(testChannel, "Ticket 1", discordgo.ChannelTypeGuildPublicThread, 1440)
	if err != nil {
		t.Fatal(err)
	}
	// The invite link does not ask for Create Private Threads.
	_, err = s.ThreadStart(testChannel, "Privado", discordgo.ChannelTypeGuildPrivateThread, 1440)
	if status, code := restCode(err); status != 403 || code != 50013 {
		t.Errorf("private thread without Create Private Threads: %v", err)
	}

	f.DenyChannel(testChannel, discordgo.PermissionSendMessages)
	_, err = s.ChannelMessageSend(testChannel, "no")
	if status, code := restCode(err); status != 403 || code != 50013 {
		t.Errorf("post in a denied channel: %v", err)
	}
	wantError(t, "post (raw)", call(t, srv, http.MethodPost, messagesPath(testChannel), map[string]string{"content": "no"}),
		403, 50013, "Missing Permissions")
	if _, err := s.ChannelMessageEdit(testChannel, mine.ID, "editado"); err == nil {
		t.Error("edit in a denied channel went through")
	}
	if err := s.ChannelMessageDelete(testChannel, mine.ID); err == nil {
		t.Error("delete in a denied channel went through")
	}
	if _, err := s.ChannelMessageSend(otherChannel, "otro canal"); err != nil {
		t.Errorf("another channel: %v", err)
	}
	// Threads post with their own permission, which they take from the parent.
	if _, err := s.ChannelMessageSend(thread.ID, "en el hilo"); err != nil {
		t.Errorf("thread post needs Send Messages in Threads only: %v", err)
	}
	f.DenyChannel(testChannel, discordgo.PermissionSendMessagesInThreads|discordgo.PermissionCreatePublicThreads|discordgo.PermissionManageChannels)
	_, err = s.ChannelMessageSend(thread.ID, "no")
	if status, code := restCode(err); status != 403 || code != 50013 {
		t.Errorf("post in a thread of a denied channel: %v", err)
	}
	_, err = s.ThreadStart(testChannel, "Ticket 2", discordgo.ChannelTypeGuildPublicThread, 1440)
	if status, code := restCode(err); status != 403 || code != 50013 {
		t.Errorf("thread start: %v", err)
	}
	_, err = s.ChannelEdit(testChannel, &discordgo.ChannelEdit{Name: "renombrado"})
	if status, code := restCode(err); status != 403 || code != 50013 {
		t.Errorf("channel edit: %v", err)
	}
	// The bot owns the thread: it may still archive it.
	archived := true
	if _, err := s.ChannelEdit(thread.ID, &discordgo.ChannelEdit{Archived: &archived}); err != nil {
		t.Errorf("archive own thread: %v", err)
	}

	f.DenyChannel(testChannel, discordgo.PermissionViewChannel)
	for _, path := range []string{"/api/v9/channels/" + testChannel, messagesPath(testChannel), messagesPath(testChannel) + "/" + mine.ID,
		"/api/v9/channels/" + thread.ID} {
		wantError(t, "GET "+path, call(t, srv, http.MethodGet, path, nil), 403, 50001, "Missing Access")
	}
	// The denials show in the channel's overwrites, as the gateway tells them.
	updates := rec.waitFor(t, "CHANNEL_UPDATE", 3)
	var seen discordgo.Channel
	if err := json.Unmarshal(updates[len(updates)-1].RawData, &seen); err != nil {
		t.Fatal(err)
	}
	if len(seen.PermissionOverwrites) != 1 || seen.PermissionOverwrites[0].ID != testApp ||
		seen.PermissionOverwrites[0].Deny&discordgo.PermissionViewChannel == 0 {
		t.Errorf("overwrites = %+v", seen.PermissionOverwrites)
	}

	f.AllowChannel(testChannel)
	if _, err := s.ChannelMessageSend(testChannel, "después"); err != nil {
		t.Errorf("after AllowChannel: %v", err)
	}
	if _, err := s.ChannelMessageSend(thread.ID, "después"); err != nil {
		t.Errorf("thread after AllowChannel: %v", err)
	}
	if got := call(t, srv, http.MethodGet, "/api/v9/channels/"+testChannel, nil); got.status != 200 || strings.Contains(string(got.raw), testApp) {
		t.Errorf("channel after AllowChannel: %d %s", got.status, got.raw)
	}
}

func TestAttachFilesAndReadHistoryAreTheirOwnPermissions(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	s, _ := newSession(t, srv, allIntents)
	if _, err := s.ChannelMessageSend(testChannel, "texto"); err != nil {
		t.Fatal(err)
	}
	f.DenyChannel(testChannel, discordgo.PermissionAttachFiles|discordgo.PermissionReadMessageHistory)
	_, err := s.ChannelMessageSendComplex(testChannel, &discordgo.MessageSend{Content: "con archivo",
		Files: []*discordgo.File{{Name: "a.txt", ContentType: "text/plain", Reader: strings.NewReader("hola")}}})
	if status, code := restCode(err); status != 403 || code != 50013 {
		t.Errorf("file without Attach Files: %v", err)
	}
	if _, err := s.ChannelMessageSend(testChannel, "sin archivo"); err != nil {
		t.Errorf("text only: %v", err)
	}
	if got := call(t, srv, http.MethodGet, messagesPath(testChannel), nil); got.status != 200 || string(bytes.TrimSpace(got.raw)) != "[]" {
		t.Errorf("history without Read Message History: %d %s", got.status, got.raw)
	}
}

func TestRoleHierarchy(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	s, _ := newSession(t, srv, allIntents)
	// By default the bot's role is above every role.
	if err := s.GuildMemberRoleAdd(testGuild, alice, otherRole); err != nil {
		t.Fatalf("default: %v", err)
	}
	f.SetBotRolePosition(2) // COMITE is 1, MODERADOR is 2
	err := s.GuildMemberRoleRemove(testGuild, alice, otherRole)
	if status, code := restCode(err); status != 403 || code != 50013 {
		t.Errorf("remove a role at the bot's position: %v", err)
	}
	wantError(t, "add (raw)", call(t, srv, http.MethodPut, "/api/v9/guilds/"+testGuild+"/members/"+alice+"/roles/"+otherRole, nil),
		403, 50013, "Missing Permissions")
	if err := s.GuildMemberRoleRemove(testGuild, alice, testRole); err != nil {
		t.Errorf("a role below the bot's: %v", err)
	}
	if m, _ := f.Member(alice); len(m.Roles) != 1 || m.Roles[0] != otherRole {
		t.Errorf("roles = %v", m.Roles)
	}
	if edits := f.RoleEdits(); len(edits) != 2 {
		t.Errorf("refused edits were recorded: %+v", edits)
	}
}

func TestDeletedChannelAndUnknownMessage(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	s, rec := openSession(t, srv, allIntents)
	m, err := s.ChannelMessageSend(testChannel, "hola")
	if err != nil {
		t.Fatal(err)
	}
	thread, err := s.ThreadStart(testChannel, "Ticket", discordgo.ChannelTypeGuildPublicThread, 1440)
	if err != nil {
		t.Fatal(err)
	}
	wantError(t, "unknown message", call(t, srv, http.MethodGet, messagesPath(testChannel)+"/1234", nil), 404, 10008, "Unknown Message")

	f.DeleteChannel(testChannel)
	for _, c := range []struct{ method, path string }{
		{http.MethodPost, messagesPath(testChannel)},
		{http.MethodGet, messagesPath(testChannel) + "/" + m.ID},
		{http.MethodPatch, messagesPath(testChannel) + "/" + m.ID},
		{http.MethodDelete, messagesPath(testChannel) + "/" + m.ID},
		{http.MethodGet, "/api/v9/channels/" + testChannel},
		{http.MethodPost, "/api/v9/channels/" + testChannel + "/threads"},
		{http.MethodPost, messagesPath(thread.ID)},
		{http.MethodPatch, "/api/v9/channels/" + thread.ID},
	} {
		wantError(t, c.method+" "+c.path, call(t, srv, c.method, c.path, map[string]any{"content": "x", "name": "x"}),
			404, 10003, "Unknown Channel")
	}
	if _, err := s.ChannelMessageSend(otherChannel, "sigue"); err != nil {
		t.Errorf("another channel: %v", err)
	}
	deleted := rec.waitFor(t, "CHANNEL_DELETE", 1)
	if !strings.Contains(string(deleted[0].RawData), testChannel) {
		t.Errorf("CHANNEL_DELETE = %s", deleted[0].RawData)
	}
}

func TestUploadLimit(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	s, _ := newSession(t, srv, allIntents)
	send := func(sizes ...int) error {
		var files []*discordgo.File
		for i, n := range sizes {
			files = append(files, &discordgo.File{Name: "f" + strconv.Itoa(i) + ".bin", ContentType: "application/octet-stream",
				Reader: bytes.NewReader(make([]byte, n))})
		}
		_, err := s.ChannelMessageSendComplex(testChannel, &discordgo.MessageSend{Content: "archivos", Files: files})
		return err
	}
	// Discord's limit for a guild without boosts: 10 MiB for the message's files together.
	if err := send(6<<20, 4<<20); err != nil {
		t.Errorf("10 MiB: %v", err)
	}
	err := send(6<<20, 4<<20+1)
	if status, code := restCode(err); status != 413 || code != 40005 {
		t.Errorf("10 MiB and a byte: %v", err)
	}
	f.SetUploadLimit(1000)
	if err := send(600); err != nil {
		t.Errorf("600 bytes: %v", err)
	}
	err = send(600, 600)
	if status, code := restCode(err); status != 413 || code != 40005 {
		t.Errorf("1200 bytes: %v", err)
	}
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message.Message != "Request entity too large" {
		t.Errorf("message %q", re.Message.Message)
	}
	if n := len(f.Messages(testChannel)); n != 2 {
		t.Errorf("%d messages kept", n)
	}
}

func TestActiveThreadCap(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	s, _ := newSession(t, srv, allIntents)
	f.SetActiveThreadCap(2)
	first, err := s.ThreadStart(testChannel, "Ticket 1", discordgo.ChannelTypeGuildPublicThread, 1440)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ThreadStart(otherChannel, "Ticket 2", discordgo.ChannelTypeGuildPublicThread, 1440); err != nil {
		t.Fatal(err)
	}
	_, err = s.ThreadStart(testChannel, "Ticket 3", discordgo.ChannelTypeGuildPublicThread, 1440)
	if status, code := restCode(err); status != 400 || code != 160006 {
		t.Errorf("third thread: %v", err)
	}
	wantError(t, "third thread (raw)", call(t, srv, http.MethodPost, "/api/v9/channels/"+testChannel+"/threads",
		map[string]any{"name": "Ticket 3", "type": 11}), 400, 160006, "Maximum number of active threads reached")
	// An archived thread is not active.
	archived, unarchived := true, false
	if _, err := s.ChannelEdit(first.ID, &discordgo.ChannelEdit{Archived: &archived}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ThreadStart(testChannel, "Ticket 3", discordgo.ChannelTypeGuildPublicThread, 1440); err != nil {
		t.Errorf("after archiving one: %v", err)
	}
	_, err = s.ChannelEdit(first.ID, &discordgo.ChannelEdit{Archived: &unarchived})
	if status, code := restCode(err); status != 400 || code != 160006 {
		t.Errorf("unarchive past the cap: %v", err)
	}
	_, err = s.ChannelMessageSend(first.ID, "reabre el hilo")
	if status, code := restCode(err); status != 400 || code != 160006 {
		t.Errorf("post in an archived thread past the cap: %v", err)
	}
	if threads := f.Threads(testChannel); len(threads) != 2 || !threads[0].ThreadMetadata.Archived {
		t.Errorf("threads = %+v", threads)
	}
}

func TestNewBotTokenRefusesTheOld(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	s, _ := openSession(t, srv, allIntents)
	f.SetBotToken("new-token")
	_, err := s.ChannelMessageSend(testChannel, "con el token viejo")
	if status, code := restCode(err); status != 401 || code != 0 {
		t.Errorf("REST with the old token: %v", err)
	}
	wantError(t, "raw", call(t, srv, http.MethodGet, "/api/v9/channels/"+testChannel, nil), 401, 0, "401: Unauthorized")
	if a := call(t, srv, http.MethodGet, "/api/v9/channels/"+testChannel, nil, "new-token"); a.status != 200 {
		t.Errorf("new token: %d %s", a.status, a.raw)
	}
	if code := rawGateway(t, srv, `{"op":2,"d":{"token":"Bot `+testToken+`","intents":513}}`); code != 4004 {
		t.Errorf("identify with the old token: close %d", code)
	}
	ids := f.Identifies()
	if len(ids) != 2 || ids[0].Token != testToken || ids[1].Token != testToken {
		t.Errorf("identifies = %+v", ids)
	}
	var limit discordgo.GatewayBotResponse
	if a := call(t, srv, http.MethodGet, "/api/v9/gateway/bot", nil, "new-token"); a.status != 200 || json.Unmarshal(a.raw, &limit) != nil ||
		limit.SessionStartLimit.Total != 1000 || limit.SessionStartLimit.Remaining != 998 {
		t.Errorf("session start limit: %d %s", a.status, a.raw)
	}
}

func TestPrivilegedIntentsNotEnabledClose4014(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	f.SetPrivilegedIntents(discordgo.IntentGuildMembers)
	identify := func(intents discordgo.Intent) string {
		return `{"op":2,"d":{"token":"Bot ` + testToken + `","intents":` + strconv.Itoa(int(intents)) + `}}`
	}
	if code := rawGateway(t, srv, identify(discordgo.IntentsGuilds|discordgo.IntentsGuildMessages|discordgo.IntentMessageContent)); code != 4014 {
		t.Errorf("message content not enabled: close %d", code)
	}
	s, err := discordgo.New("Bot " + testToken)
	if err != nil {
		t.Fatal(err)
	}
	s.Client = &http.Client{Timeout: 10 * time.Second, Transport: RewriteTransport(srv.URL)}
	s.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsGuildMembers
	if err := s.Open(); err != nil {
		t.Fatalf("enabled intents: %v", err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if n := len(f.Identifies()); n != 2 {
		t.Errorf("identifies = %d", n)
	}
}

func TestListMessagesWindows(t *testing.T) {
	t.Parallel()
	// The reads below come faster than the route's bucket allows, and the test is about
	// the windows they answer.
	_, srv := newStrictFake(t, Options{Relax: Relax{RateLimits: true}})
	s, _ := newSession(t, srv, allIntents)
	var ids []string
	for i := range 6 {
		m, err := s.ChannelMessageSend(testChannel, "m"+strconv.Itoa(i))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	if err := s.ChannelMessageDelete(testChannel, ids[5]); err != nil {
		t.Fatal(err)
	}
	list := func(query string) []string {
		t.Helper()
		a := call(t, srv, http.MethodGet, messagesPath(testChannel)+"?"+query, nil)
		var msgs []discordgo.Message
		if a.status != 200 || json.Unmarshal(a.raw, &msgs) != nil {
			t.Fatalf("?%s: %d %s", query, a.status, a.raw)
		}
		var out []string
		for _, m := range msgs {
			out = append(out, m.Content)
		}
		return out
	}
	for query, want := range map[string]string{
		"":                                "m4 m3 m2 m1 m0",
		"limit=2":                         "m4 m3",
		"before=" + ids[3]:                "m2 m1 m0",
		"before=" + ids[3] + "&limit=2":   "m2 m1",
		"after=" + ids[1] + "&limit=2":    "m3 m2",
		"after=" + ids[1]:                 "m4 m3 m2",
		"around=" + ids[2] + "&limit=3":   "m3 m2 m1",
		"around=" + ids[0] + "&limit=3":   "m2 m1 m0",
		"limit=100&before=" + ids[0]:      "",
		"limit=1&after=" + ids[4]:         "",
		"around=" + ids[4] + "&limit=100": "m4 m3 m2 m1 m0",
		"before=" + ids[5] + "&limit=1":   "m4",
	} {
		if got := strings.Join(list(query), " "); got != want {
			t.Errorf("?%s: %q, want %q", query, got, want)
		}
	}
	for _, bad := range []string{"limit=0", "limit=101", "limit=abc"} {
		if a := call(t, srv, http.MethodGet, messagesPath(testChannel)+"?"+bad, nil); a.status != 400 || a.code() != 50035 {
			t.Errorf("?%s: %d %s", bad, a.status, a.raw)
		}
	}
}
