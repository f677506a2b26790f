package discordfake

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	textmsg "golang.org/x/text/message"
)

// The fake's answers are held to Discord's own description of them: the OpenAPI document
// of github.com/discord/discord-api-spec, cut by tools/discordspec to the operations the
// bot and the sign-in use (testdata/discord-openapi.json names its commit). A test drives
// every one of those operations through discordgo and raw requests, the refusals too, and
// validates each answer's body against the schema of its operation and status, and the
// headers Discord documents for it.

// specURL is the name the subset is compiled under.
const specURL = "https://discord.test/openapi.json"

// exchange is one request and its answer, as a client saw them.
type exchange struct {
	method, path string
	status       int
	header       http.Header
	body         []byte
}

// answerLog is a transport that keeps every exchange.
type answerLog struct {
	next http.RoundTripper
	mu   sync.Mutex
	seen []exchange
}

func (r *answerLog) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := r.next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		return nil, err
	}
	res.Body = io.NopCloser(bytes.NewReader(body))
	r.mu.Lock()
	r.seen = append(r.seen, exchange{method: req.Method, path: apiPath(req.URL.Path), status: res.StatusCode, header: res.Header.Clone(), body: body})
	r.mu.Unlock()
	return res, nil
}

func (r *answerLog) exchanges() []exchange {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.seen)
}

// spec is the compiled subset and what the test looks up in it.
type spec struct {
	doc      map[string]any
	compiler *jsonschema.Compiler
	routes   []specRoute
	schemas  map[string]*jsonschema.Schema
}

type specRoute struct {
	template string
	pattern  *regexp.Regexp
}

func loadSpec(t *testing.T) *spec {
	t.Helper()
	raw, err := os.ReadFile("testdata/discord-openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(specURL, doc); err != nil {
		t.Fatal(err)
	}
	s := &spec{doc: doc.(map[string]any), compiler: c, schemas: map[string]*jsonschema.Schema{}}
	for template := range s.doc["paths"].(map[string]any) {
		re := regexp.QuoteMeta(template)
		re = regexp.MustCompile(`\\\{[a-z_]+\\\}`).ReplaceAllString(re, `[^/]+`)
		s.routes = append(s.routes, specRoute{template: template, pattern: regexp.MustCompile("^/api" + re + "$")})
	}
	// A literal segment (@me, @original) wins over a parameter in the same place.
	sort.Slice(s.routes, func(i, j int) bool {
		return strings.Count(s.routes[i].template, "{") < strings.Count(s.routes[j].template, "{")
	})
	return s
}

// pointer escapes a JSON pointer's tokens for a URL fragment.
func pointer(tokens ...string) string {
	var b strings.Builder
	for _, tok := range tokens {
		tok = strings.NewReplacer("~", "~0", "/", "~1").Replace(tok)
		b.WriteString("/" + url.PathEscape(tok))
	}
	return b.String()
}

// response finds the response an operation documents for a status: the status itself, its
// class (4XX) or the default. It answers the response object and the JSON pointer of its
// body's schema ("" when it documents no body).
func (s *spec) response(method, path string, status int) (op string, resp map[string]any, schemaAt string, err error) {
	var template string
	for _, r := range s.routes {
		if r.pattern.MatchString(path) {
			template = r.template
			break
		}
	}
	if template == "" {
		return "", nil, "", fmt.Errorf("no operation in the description for %s", path)
	}
	ops := s.doc["paths"].(map[string]any)[template].(map[string]any)
	operation, ok := ops[strings.ToLower(method)].(map[string]any)
	if !ok {
		return "", nil, "", fmt.Errorf("%s %s is not in the description", method, template)
	}
	op = method + " " + template
	responses := operation["responses"].(map[string]any)
	code := strconv.Itoa(status)
	for _, key := range []string{code, code[:1] + "XX", "default"} {
		r, ok := responses[key].(map[string]any)
		if !ok {
			continue
		}
		at := []string{"paths", template, strings.ToLower(method), "responses", key}
		if ref, ok := r["$ref"].(string); ok {
			name := strings.TrimPrefix(ref, "#/components/responses/")
			r = s.doc["components"].(map[string]any)["responses"].(map[string]any)[name].(map[string]any)
			at = []string{"components", "responses", name}
		}
		content, _ := r["content"].(map[string]any)
		if _, ok := content["application/json"]; !ok {
			return op, r, "", nil
		}
		return op, r, pointer(append(at, "content", "application/json", "schema")...), nil
	}
	return op, nil, "", fmt.Errorf("%s documents no answer %d", op, status)
}

func (s *spec) schema(at string) (*jsonschema.Schema, error) {
	if sch, ok := s.schemas[at]; ok {
		return sch, nil
	}
	sch, err := s.compiler.Compile(specURL + "#" + at)
	if err != nil {
		return nil, err
	}
	s.schemas[at] = sch
	return sch, nil
}

// check holds one answer to what the description says of it.
func (s *spec) check(e exchange) (string, error) {
	op, resp, at, err := s.response(e.method, e.path, e.status)
	if err != nil {
		return op, err
	}
	// The headers the description documents for this answer, with their types.
	headers, _ := resp["headers"].(map[string]any)
	for name, h := range headers {
		if ref, ok := h.(map[string]any)["$ref"].(string); ok {
			h = s.doc["components"].(map[string]any)["headers"].(map[string]any)[strings.TrimPrefix(ref, "#/components/headers/")]
		}
		v := e.header.Get(name)
		if v == "" {
			return op, fmt.Errorf("no %s header", name)
		}
		switch h.(map[string]any)["schema"].(map[string]any)["type"] {
		case "integer":
			if _, err := strconv.Atoi(v); err != nil {
				return op, fmt.Errorf("%s: %q is not an integer", name, v)
			}
		case "number":
			if _, err := strconv.ParseFloat(v, 64); err != nil {
				return op, fmt.Errorf("%s: %q is not a number", name, v)
			}
		}
	}
	if at == "" {
		if len(bytes.TrimSpace(e.body)) != 0 {
			return op, fmt.Errorf("a body where Discord sends none: %s", e.body)
		}
		return op, nil
	}
	if ct := e.header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		return op, fmt.Errorf("content type %q", ct)
	}
	sch, err := s.schema(at)
	if err != nil {
		return op, fmt.Errorf("compiling %s: %v", at, err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(e.body))
	if err != nil {
		return op, fmt.Errorf("not JSON: %v: %s", err, e.body)
	}
	if err := sch.Validate(inst); err != nil {
		return op, fmt.Errorf("%s\n%s", brief(err), e.body)
	}
	return op, nil
}

// TestAnswersMatchDiscordsSchema drives every operation of the subset the way the bot and
// the sign-in call it (and makes it refuse), then validates every answer the fake gave.
func TestAnswersMatchDiscordsSchema(t *testing.T) {
	t.Parallel()
	sp := loadSpec(t)
	// Dozens of requests in a few channels come faster than Discord's buckets allow; the
	// test is about the answers' shapes (the one 429 it checks is scripted).
	f, srv := newStrictFake(t, Options{Relax: Relax{RateLimits: true}})
	f.AddUser(discordgo.User{ID: bob, Username: "beto", GlobalName: "Beto"}, true, otherRole)
	rec := &answerLog{next: RewriteTransport(srv.URL)}
	client := &http.Client{Timeout: 10 * time.Second, Transport: rec}
	s, err := discordgo.New("Bot " + testToken)
	if err != nil {
		t.Fatal(err)
	}
	s.Client = client
	s.ShouldRetryOnRateLimit = false
	must := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	raw := func(method, path, auth string, body any) {
		t.Helper()
		var rd io.Reader
		if body != nil {
			rd = bytes.NewReader(mustJSON(body))
		}
		req, _ := http.NewRequest(method, "https://discord.com"+path, rd)
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		res, err := client.Do(req)
		must(method+" "+path, err)
		res.Body.Close()
	}

	// The gateway's address, the sign-in's two reads, users.
	raw(http.MethodGet, "/api/v10/gateway", "", nil)
	_, err = s.GatewayBot()
	must("gateway/bot", err)
	bearer := "Bearer " + bearerFor(t, srv, f, alice)
	raw(http.MethodGet, "/api/v10/users/@me", bearer, nil)
	raw(http.MethodGet, "/api/v10/users/@me/guilds/"+testGuild+"/member", bearer, nil)
	raw(http.MethodGet, "/api/v10/users/@me/guilds/799999999999999999/member", bearer, nil)
	raw(http.MethodGet, "/api/v10/users/@me", "Bearer nope", nil)
	_, err = s.User("@me")
	must("user @me", err)
	_, err = s.User(alice)
	must("user", err)

	// The guild, its roles, channels and members; roles and nicknames.
	_, err = s.Guild(testGuild)
	must("guild", err)
	_, err = s.GuildRoles(testGuild)
	must("roles", err)
	_, err = s.GuildChannels(testGuild)
	must("channels", err)
	_, err = s.GuildMembers(testGuild, "", 1000)
	must("members", err)
	_, err = s.GuildMember(testGuild, alice)
	must("member", err)
	must("role add", s.GuildMemberRoleAdd(testGuild, bob, testRole))
	must("role remove", s.GuildMemberRoleRemove(testGuild, bob, testRole))
	must("nickname", s.GuildMemberNickname(testGuild, bob, "Beto RP"))
	_ = s.GuildMemberRoleAdd(testGuild, bob, f.BotRole().ID) // refused: the bot's own role

	// Messages: with embeds, buttons and a file, a reply, reads, an edit and a delete.
	card, err := s.ChannelMessageSendComplex(testChannel, &discordgo.MessageSend{Content: "Nuevo ticket <@" + bob + ">",
		Embeds: []*discordgo.MessageEmbed{{Title: "Ticket #1", Description: "No carga", URL: "https://portal.test/t/1", Color: 0x4f46e5,
			Timestamp: "2026-07-01T12:00:00Z", Footer: &discordgo.MessageEmbedFooter{Text: "Zócalo"},
			Fields: []*discordgo.MessageEmbedField{{Name: "Autor", Value: "beto", Inline: true}}}},
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "Reclamar", CustomID: "tk:claim:1", Style: discordgo.PrimaryButton}}}},
		Files: []*discordgo.File{{Name: "mensaje-completo.txt", ContentType: "text/plain", Reader: strings.NewReader("hola")}}})
	must("post", err)
	userSaid := f.PostUserMessage(testChannel, bob, "¿Alguien?")
	_, err = s.ChannelMessageSendReply(testChannel, "Aquí estamos", userSaid.Reference())
	must("reply", err)
	_, err = s.ChannelMessage(testChannel, card.ID)
	must("get message", err)
	_, err = s.ChannelMessages(testChannel, 100, "", "", "")
	must("list messages", err)
	_, err = s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: card.ID, Channel: testChannel, Content: new("Ticket tomado"),
		Components: &[]discordgo.MessageComponent{}})
	must("edit", err)
	gone, err := s.ChannelMessageSend(testChannel, "se borra")
	must("post to delete", err)
	must("delete", s.ChannelMessageDelete(testChannel, gone.ID))
	_, _ = s.ChannelMessage(testChannel, gone.ID)          // 404 Unknown Message
	_, _ = s.ChannelMessageSend(testChannel, "")           // 400 empty
	_, _ = s.ChannelMessageSend("799999999999999999", "x") // 404 Unknown Channel
	f.RateLimitChannel(otherChannel, 1, 1500*time.Millisecond, "user")
	_, _ = s.ChannelMessageSend(otherChannel, "limitado") // 429

	// Threads, channels, a DM.
	thread, err := s.MessageThreadStartComplex(testChannel, card.ID, &discordgo.ThreadStart{Name: "Ticket #1", AutoArchiveDuration: 10080})
	must("thread from a message", err)
	_, err = s.ThreadStartComplex(otherChannel, &discordgo.ThreadStart{Name: "Reporte", Type: discordgo.ChannelTypeGuildPublicThread,
		AutoArchiveDuration: 1440})
	must("thread", err)
	_, err = s.ChannelMessageSend(thread.ID, "En el hilo")
	must("thread post", err)
	_, err = s.Channel(thread.ID)
	must("get thread", err)
	archived := true
	_, err = s.ChannelEditComplex(thread.ID, &discordgo.ChannelEdit{Archived: &archived, Locked: &archived})
	must("archive", err)
	_, err = s.Channel(testChannel)
	must("get channel", err)
	_, _ = s.ChannelEdit(testChannel, &discordgo.ChannelEdit{Name: "renombrado"}) // 403: no Manage Channels
	dm, err := s.UserChannelCreate(bob)
	must("dm", err)
	_, err = s.ChannelMessageSend(dm.ID, "Tu ticket fue cerrado")
	must("dm post", err)
	_, err = s.Channel(dm.ID)
	must("get dm", err)

	// Commands.
	cmds := []*discordgo.ApplicationCommand{{Name: "turno", Description: "Turnos", DefaultMemberPermissions: new(int64(discordgo.PermissionManageMessages)),
		Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "entrar", Description: "Entra",
			Options: []*discordgo.ApplicationCommandOption{{Type: discordgo.ApplicationCommandOptionString, Name: "nota", Description: "Nota",
				Autocomplete: true}}}}}}
	_, err = s.ApplicationCommandBulkOverwrite(testApp, testGuild, cmds)
	must("guild commands", err)
	_, err = s.ApplicationCommandBulkOverwrite(testApp, "", cmds)
	must("global commands", err)
	_, err = s.ApplicationCommands(testApp, testGuild)
	must("read guild commands", err)
	_, err = s.ApplicationCommands(testApp, "")
	must("read global commands", err)

	// Interactions: every kind of answer, the webhook's messages, and the refusals.
	m, _ := f.Member(alice)
	command := f.SendInteraction(discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, ChannelID: testChannel, Member: &m,
		Data: discordgo.ApplicationCommandInteractionData{ID: "1", Name: "turno"}})
	must("defer", s.InteractionRespond(&command, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}))
	_, err = s.InteractionResponseEdit(&command, &discordgo.WebhookEdit{Content: new("Turno iniciado.")})
	must("edit @original", err)
	_, err = s.InteractionResponse(&command)
	must("read @original", err)
	up, err := s.FollowupMessageCreate(&command, true, &discordgo.WebhookParams{Content: "¡Suerte!"})
	must("follow-up", err)
	_, err = s.FollowupMessageCreate(&command, false, &discordgo.WebhookParams{Content: "sin esperar"})
	must("follow-up without wait", err)
	_, err = s.FollowupMessageEdit(&command, up.ID, &discordgo.WebhookEdit{Content: new("¡Mucha suerte!")})
	must("edit follow-up", err)
	raw(http.MethodGet, "/api/v10/webhooks/"+testApp+"/"+command.Token+"/messages/"+up.ID, "", nil)
	must("delete follow-up", s.FollowupMessageDelete(&command, up.ID))
	must("delete @original", s.InteractionResponseDelete(&command))
	_ = s.InteractionRespond(&command, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong}) // 400 acknowledged

	answered := f.SendInteraction(discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, ChannelID: testChannel, Member: &m,
		Data: discordgo.ApplicationCommandInteractionData{ID: "1", Name: "whois"}})
	must("answer", s.InteractionRespond(&answered, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: "Beto", Embeds: []*discordgo.MessageEmbed{{Title: "Perfil"}}}}))
	modal := f.SendInteraction(discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, ChannelID: testChannel, Member: &m,
		Data: discordgo.ApplicationCommandInteractionData{ID: "1", Name: "ticket"}})
	must("modal", s.InteractionRespond(&modal, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal,
		Data: &discordgo.InteractionResponseData{CustomID: "ticket:nuevo", Title: "Nuevo ticket", Components: []discordgo.MessageComponent{
			discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{CustomID: "titulo", Label: "Título",
				Style: discordgo.TextInputShort, Required: true, MaxLength: 100}}}}}}))
	pressed, err := f.PressButton(card.ID, "tk:claim:1", alice)
	if err == nil {
		must("update", s.InteractionRespond(&pressed, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: "Tomado"}}))
	}
	typed, err := f.Autocomplete("turno", "entrar", "nota", "ho", alice)
	must("autocomplete", err)
	must("choices", s.InteractionRespond(&typed, &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "hola", Value: "hola"}}}}))
	late := f.SendInteraction(discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, ChannelID: testChannel, Member: &m,
		Data: discordgo.ApplicationCommandInteractionData{ID: "1", Name: "turno"}})
	f.Advance(4 * time.Second)
	_ = s.InteractionRespond(&late, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}) // 404
	raw(http.MethodGet, "/api/v10/channels/"+testChannel, "Bot nope", nil)                                                               // 401

	// Every answer, held to the description.
	seen := map[string]bool{}
	failures := 0
	for _, e := range rec.exchanges() {
		op, err := sp.check(e)
		seen[op] = true
		if err != nil {
			failures++
			t.Errorf("%s %s → %d (%s): %v", e.method, e.path, e.status, op, err)
		}
	}
	// Every operation of the subset was met.
	for template, ops := range sp.doc["paths"].(map[string]any) {
		for method := range ops.(map[string]any) {
			if op := strings.ToUpper(method) + " " + template; !seen[op] {
				t.Errorf("no answer of %s was checked", op)
			}
		}
	}
	t.Logf("%d answers checked, %d differ from Discord's description", len(rec.exchanges()), failures)
}

// bearerFor signs a user in through the fake's code exchange and answers the access token.
func bearerFor(t *testing.T, srv *httptest.Server, f *Fake, userID string) string {
	t.Helper()
	const redirect = "http://portal.test/api/auth/discord/callback"
	code := f.IssueCode(userID, redirect)
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect}, "client_id": {testApp}}
	res, err := srv.Client().Post(srv.URL+"/api/oauth2/token", "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(res.Body).Decode(&tok); err != nil || tok.AccessToken == "" {
		t.Fatalf("token: %d %v", res.StatusCode, err)
	}
	return tok.AccessToken
}

// brief keeps, of a validation error, the innermost causes: where in the answer and what
// the schema wanted there.
func brief(err error) string {
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return err.Error()
	}
	var out []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			out = append(out, "/"+strings.Join(e.InstanceLocation, "/")+": "+e.ErrorKind.LocalizedString(textmsg.NewPrinter(language.English)))
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	slices.Sort(out)
	out = slices.Compact(out)
	if len(out) > 12 {
		out = append(out[:12], fmt.Sprintf("… and %d more", len(out)-12))
	}
	return strings.Join(out, "\n\t")
}
