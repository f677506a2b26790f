// Package discordfake is a local stand-in for Discord (OAuth2, REST and the gateway) that
// speaks the real wire format, built from discordgo's own types. Tests script it (dispatch
// an event, fail the next requests, drop the sockets, change a member's roles) and read what
// it received; demo mode mounts it in the same process so the real sign-in and the real bot
// run without a Discord account.
package discordfake

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Options configure the fake.
type Options struct {
	ClientID     string
	ClientSecret string // empty: any secret is accepted
	GuildID      string
	GuildName    string
	// AppID is the application's id, which is also the bot user's id; ClientID when empty.
	AppID string
	// BotToken, when set, is required on the bot's REST calls ("Authorization: Bot <token>")
	// and in its gateway IDENTIFY and RESUME.
	BotToken string
	// GatewayURL is what GET /gateway answers, e.g. ws://127.0.0.1:8080/demo/discord/gateway.
	// Empty: ws://<Host of the request>/gateway, right when the fake is served at the root
	// of a real listener.
	GatewayURL string
	// HeartbeatInterval is sent in HELLO; 41.25 s when zero.
	HeartbeatInterval time.Duration
	// InteractionTimeout is how long after SendInteraction its first callback may come
	// (3 seconds, Discord's, when zero); a later one answers 404 Unknown interaction. The
	// interaction's token (follow-ups, edits of @original) lives InteractionTokenLife (15
	// minutes when zero). Both are measured on the fake's clock (see Now and Advance), and
	// Relax.InteractionDeadline turns both off.
	InteractionTimeout time.Duration
	// InteractionTokenLife is how long an interaction's token works; 15 minutes when zero.
	InteractionTokenLife time.Duration
	// Now is the fake's clock; time.Now when nil. Advance moves it forward either way, so a
	// test that wants time to stand still gives a fixed time here and moves it with Advance.
	Now func() time.Time
	// NonceWindow is how long after a post its nonce makes a repeat return it instead of
	// posting again (enforce_nonce); Discord honours a nonce for a few minutes. 5 minutes
	// when zero.
	NonceWindow time.Duration
	// Location is the time zone of the demo page's times; UTC when nil.
	Location *time.Location
	// RobloxClientID is the client id the fake Roblox OAuth2 expects (any when empty).
	RobloxClientID string
	// BotPermissions are the guild-wide permissions of the bot's managed role;
	// InvitePermissions when zero.
	BotPermissions int64
	// BotRoleID is the id of the bot's managed role; 100000000000000002 when empty.
	BotRoleID string
	// Relax turns off, by name, what the fake otherwise holds the bot to as Discord does.
	Relax Relax
}

// Persona is a user offered on the authorize page's picker.
type Persona struct {
	Name   string
	UserID string
}

// Request is one request the fake received.
type Request struct {
	Method string
	Path   string
	Query  string
	Body   string // the first 64 KiB
	Time   time.Time
}

type grant struct {
	userID      string
	redirectURI string
	scope       string
}

type failure struct {
	status     int
	retryAfter float64
}

// maxBody is the most a request may carry; larger requests answer 413. The per-message
// upload limit (SetUploadLimit) is lower.
const maxBody = 25 << 20

// maxRequests is how many requests Requests remembers.
const maxRequests = 10000

// Fake is the fake Discord.
type Fake struct {
	opts    Options
	mux     *http.ServeMux
	botUser discordgo.User

	mu       sync.Mutex
	demo     demoState // what the demo page shows of the last interaction it sent
	users    map[string]*discordgo.User
	members  map[string]*discordgo.Member
	roles    []*discordgo.Role
	personas []Persona
	codes    map[string]grant
	tokens   map[string]string
	requests []Request
	failures []failure
	outage   *failure // every REST request fails with it until the outage ends
	lastID   uint64
	bulk     int

	channels     map[string]*discordgo.Channel
	channelOrder []string
	threads      map[string][]string // parent id → thread ids, oldest first
	dms          map[string]string   // user id → DM channel id
	closedDMs    map[string]bool
	messages     map[string]*message
	byChannel    map[string][]*message
	nonces       map[string]*message // channel id + "\x00" + nonce
	files        map[string]*Attachment
	roleEdits    []RoleEdit
	commands     []byte // the last guild bulk overwrite, as answered
	postHook     func(Message)
	pings        []Ping // whom each new message notified, oldest first
	global       []byte

	interactions map[string]*interaction // by id
	byToken      map[string]*interaction
	responses    map[string][]InteractionResponse
	followups    map[string][]discordgo.Message

	gatewayURL string
	sessions   map[string]*session
	conns      map[*gwConn]struct{}
	identifies []Identify
	resumes    int
	changed    chan struct{}
	closed     bool
	gw         gatewayScript

	roblox robloxState

	ownerID string // the guild's owner; defaultOwnerID when empty

	clockOffset atomic.Int64 // what Advance added, in nanoseconds
	strict      strictState
	// wallNow is the wall clock the rate-limit windows run on; the package's tests stop it.
	wallNow func() time.Time
}

// New builds an empty fake.
func New(opts Options) *Fake {
	if opts.GuildName == "" {
		opts.GuildName = "Zócalo"
	}
	if opts.AppID == "" {
		opts.AppID = opts.ClientID
	}
	if opts.Location == nil {
		opts.Location = time.UTC
	}
	if opts.HeartbeatInterval <= 0 {
		opts.HeartbeatInterval = 41250 * time.Millisecond
	}
	if opts.NonceWindow <= 0 {
		opts.NonceWindow = defaultNonceWindow
	}
	if opts.InteractionTimeout <= 0 {
		opts.InteractionTimeout = interactionDeadline
	}
	if opts.InteractionTokenLife <= 0 {
		opts.InteractionTokenLife = interactionTokenLife
	}
	if opts.BotRoleID == "" {
		opts.BotRoleID = defaultBotRoleID
	}
	f := &Fake{
		opts:         opts,
		botUser:      discordgo.User{ID: opts.AppID, Username: "Zócalo", Discriminator: "0", Bot: true},
		users:        map[string]*discordgo.User{},
		roles:        []*discordgo.Role{newBotRole(opts)},
		members:      map[string]*discordgo.Member{},
		codes:        map[string]grant{},
		tokens:       map[string]string{},
		channels:     map[string]*discordgo.Channel{},
		threads:      map[string][]string{},
		dms:          map[string]string{},
		closedDMs:    map[string]bool{},
		messages:     map[string]*message{},
		byChannel:    map[string][]*message{},
		nonces:       map[string]*message{},
		files:        map[string]*Attachment{},
		interactions: map[string]*interaction{},
		byToken:      map[string]*interaction{},
		responses:    map[string][]InteractionResponse{},
		followups:    map[string][]discordgo.Message{},
		gatewayURL:   opts.GatewayURL,
		sessions:     map[string]*session{},
		conns:        map[*gwConn]struct{}{},
		changed:      make(chan struct{}),
		roblox:       newRobloxState(),
		strict:       newStrictState(),
		wallNow:      time.Now,
	}
	f.routes()
	return f
}

func (f *Fake) routes() {
	m := http.NewServeMux()
	f.mux = m
	// OAuth2 and the signed-in user's reads (bearer token).
	m.HandleFunc("GET /oauth2/authorize", f.authorize)
	m.HandleFunc("POST /api/oauth2/token", f.token)
	m.HandleFunc("GET /api/users/@me", f.me)
	m.HandleFunc("GET /api/users/@me/guilds/{guild}/member", f.myMember)

	// Roblox's OAuth2, for account verification.
	m.HandleFunc("GET /roblox/oauth/v1/authorize", f.robloxAuthorize)
	m.HandleFunc("POST /roblox/oauth/v1/token", f.robloxToken)
	m.HandleFunc("GET /roblox/oauth/v1/userinfo", f.robloxUserinfo)
	m.HandleFunc("GET /roblox/groups/v2/users/{user}/groups/roles", f.robloxGroupRoles)

	// The bot's REST calls.
	m.HandleFunc("GET /api/gateway", f.gateway)
	m.HandleFunc("GET /api/gateway/bot", f.bot(f.gatewayBot))
	m.HandleFunc("GET /api/users/{user}", f.bot(f.getUser))
	m.HandleFunc("POST /api/users/@me/channels", f.bot(f.createDM))
	m.HandleFunc("GET /api/guilds/{guild}", f.bot(f.getGuild))
	m.HandleFunc("GET /api/guilds/{guild}/roles", f.bot(f.getRoles))
	m.HandleFunc("GET /api/guilds/{guild}/channels", f.bot(f.getGuildChannels))
	m.HandleFunc("GET /api/guilds/{guild}/members", f.bot(f.listMembers))
	m.HandleFunc("GET /api/guilds/{guild}/members/{user}", f.bot(f.getMember))
	m.HandleFunc("PATCH /api/guilds/{guild}/members/{user}", f.bot(f.editMember))
	m.HandleFunc("PUT /api/guilds/{guild}/members/{user}/roles/{role}", f.bot(f.editRole(true)))
	m.HandleFunc("DELETE /api/guilds/{guild}/members/{user}/roles/{role}", f.bot(f.editRole(false)))
	m.HandleFunc("GET /api/channels/{channel}", f.bot(f.getChannel))
	m.HandleFunc("PATCH /api/channels/{channel}", f.bot(f.editChannel))
	m.HandleFunc("POST /api/channels/{channel}/threads", f.bot(f.startThread))
	m.HandleFunc("GET /api/channels/{channel}/messages", f.bot(f.listMessages))
	m.HandleFunc("POST /api/channels/{channel}/messages", f.bot(f.createMessage))
	m.HandleFunc("GET /api/channels/{channel}/messages/{message}", f.bot(f.getMessage))
	m.HandleFunc("PATCH /api/channels/{channel}/messages/{message}", f.bot(f.editMessage))
	m.HandleFunc("DELETE /api/channels/{channel}/messages/{message}", f.bot(f.deleteMessage))
	m.HandleFunc("POST /api/channels/{channel}/messages/{message}/threads", f.bot(f.startThread))
	m.HandleFunc("GET /api/applications/{app}/commands", f.bot(f.getCommands(false)))
	m.HandleFunc("PUT /api/applications/{app}/commands", f.bot(f.putCommands(false)))
	m.HandleFunc("GET /api/applications/{app}/guilds/{guild}/commands", f.bot(f.getCommands(true)))
	m.HandleFunc("PUT /api/applications/{app}/guilds/{guild}/commands", f.bot(f.putCommands(true)))

	// Interactions: the token in the path is the credential.
	m.HandleFunc("POST /api/interactions/{id}/{token}/callback", f.callback)
	m.HandleFunc("POST /api/webhooks/{app}/{token}", f.followup)
	m.HandleFunc("GET /api/webhooks/{app}/{token}/messages/{message}", f.webhookMessage)
	m.HandleFunc("PATCH /api/webhooks/{app}/{token}/messages/{message}", f.webhookEdit)
	m.HandleFunc("DELETE /api/webhooks/{app}/{token}/messages/{message}", f.webhookDelete)

	m.HandleFunc("/api/", func(w http.ResponseWriter, _ *http.Request) {
		apiError(w, http.StatusNotFound, 0, "404: Not Found")
	})

	// The CDN, the gateway and the demo page.
	m.HandleFunc("GET /attachments/{channel}/{attachment}/{name}", f.cdn)
	m.HandleFunc("GET /gateway", f.serveGateway)
	m.HandleFunc("GET /gateway/{$}", f.serveGateway)
	m.HandleFunc("GET /gateway/resume", f.serveGateway)
	m.HandleFunc("GET /{$}", f.demoPage)
	m.HandleFunc("POST /members/{user}/roles", f.demoRoles)
	m.HandleFunc("POST /interactions", f.demoInteraction)
	m.HandleFunc("POST /buttons", f.demoPress)
	m.HandleFunc("POST /modals", f.demoSubmitModal)
	m.HandleFunc("POST /threads/messages", f.demoThreadPost)
	m.HandleFunc("POST /channels/{channel}/bot-permissions", f.demoSetBotPermission)
}

// Handler serves the fake; mount it at the base URL the clients are configured with.
func (f *Fake) Handler() http.Handler { return http.HandlerFunc(f.serve) }

func (f *Fake) serve(w http.ResponseWriter, r *http.Request) {
	original := r.URL.Path
	if p := apiPath(original); p != original {
		r2 := *r
		u := *r.URL
		u.Path, u.RawPath = p, ""
		r2.URL = &u
		r = &r2
	}
	var body []byte
	if r.Body != nil && r.Method != http.MethodGet && r.Method != http.MethodHead {
		b, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
		if err != nil {
			apiError(w, http.StatusBadRequest, 0, "400: Bad Request")
			return
		}
		if len(b) > maxBody {
			apiError(w, http.StatusRequestEntityTooLarge, 40005, "Request entity too large")
			return
		}
		body = b
		r.Body = io.NopCloser(bytes.NewReader(b))
	}
	recorded := body
	if len(recorded) > 64<<10 {
		recorded = recorded[:64<<10]
	}
	f.mu.Lock()
	if len(f.requests) >= maxRequests {
		f.requests = slices.Delete(f.requests, 0, len(f.requests)-maxRequests+1)
	}
	f.requests = append(f.requests, Request{Method: r.Method, Path: original, Query: r.URL.RawQuery, Body: string(recorded), Time: f.now()})
	var fail *failure
	switch {
	case f.outage != nil && strings.HasPrefix(r.URL.Path, "/api/"):
		fail = f.outage
	case len(f.failures) > 0 && strings.HasPrefix(r.URL.Path, "/api/"):
		fail = &f.failures[0]
		f.failures = f.failures[1:]
	}
	api := strings.HasPrefix(r.URL.Path, "/api/")
	var bucket bucketState
	var limited *rateLimit
	if fail == nil && api {
		bucket, limited = f.takeRateLimit(r)
	}
	f.mu.Unlock()
	if fail != nil {
		writeFailure(w, *fail)
		return
	}
	if limited != nil {
		writeRateLimit(w, *limited)
		return
	}
	if api {
		setBucketHeaders(w.Header(), bucket)
	}
	f.mux.ServeHTTP(w, r)
}

// apiPath drops the version from /api/vN/…, so that v9 (discordgo) and v10 (the sign-in)
// reach the same routes.
func apiPath(p string) string {
	rest, ok := strings.CutPrefix(p, "/api/v")
	if !ok {
		return p
	}
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	if i == 0 || (i < len(rest) && rest[i] != '/') {
		return p
	}
	return "/api" + rest[i:]
}

// bot guards a bot route: the configured bot token, as discordgo sends it.
func (f *Fake) bot(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !f.botAuthorized(r) {
			apiError(w, http.StatusUnauthorized, 0, "401: Unauthorized")
			return
		}
		h(w, r)
	}
}

func (f *Fake) botAuthorized(r *http.Request) bool {
	f.mu.Lock()
	want := f.opts.BotToken
	f.mu.Unlock()
	if want == "" {
		return true
	}
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bot ")
	return ok && tok == want
}

// Requests lists what the fake received, oldest first (the last 10,000).
func (f *Fake) Requests() []Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.requests)
}

// newID makes a snowflake: increasing, with the current time in its top bits. f.mu is held.
func (f *Fake) newID() string {
	id := uint64(f.now().UnixMilli()-1420070400000) << 22
	if id <= f.lastID {
		id = f.lastID + 1
	}
	f.lastID = id
	return strconv.FormatUint(id, 10)
}

func copyChannel(c *discordgo.Channel) *discordgo.Channel {
	cp := *c
	if c.ThreadMetadata != nil {
		md := *c.ThreadMetadata
		cp.ThreadMetadata = &md
	}
	cp.Recipients = slices.Clone(c.Recipients)
	return &cp
}

func cloneIDs(ids []string) []string {
	if ids == nil {
		return []string{}
	}
	return slices.Clone(ids)
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("discordfake: marshal %T: %v", v, err))
	}
	return b
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// apiError answers Discord's error shape.
func apiError(w http.ResponseWriter, status, code int, message string) {
	writeJSON(w, status, map[string]any{"message": message, "code": code})
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
