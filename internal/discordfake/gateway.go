package discordfake

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// Identify is one IDENTIFY the gateway received; Token is without its "Bot " prefix and
// Time is on the fake's clock. Socket numbers the socket it came on (1 for the first the
// fake accepted); AtResumeURL tells it came to resume_gateway_url.
type Identify struct {
	Token       string
	Intents     int
	Time        time.Time
	Socket      int
	AtResumeURL bool
}

// identifyBudget is how many IDENTIFY calls Discord allows a bot a day.
const identifyBudget = 1000

// Gateway intents the fake honours.
const (
	intentGuilds                = 1 << 0
	intentGuildMembers          = 1 << 1
	intentGuildMessages         = 1 << 9
	intentGuildMessageReactions = 1 << 10
	intentGuildMessageTyping    = 1 << 11
	intentDirectMessages        = 1 << 12
	intentDirectMessageReacts   = 1 << 13
	intentDirectMessageTyping   = 1 << 14
	intentMessageContent        = 1 << 15
	intentsAll                  = 1<<26 - 1
)

// sessionTTL is how long a session whose socket dropped may still be resumed.
const sessionTTL = 5 * time.Minute

// chunkSize is the most members one GUILD_MEMBERS_CHUNK carries.
const chunkSize = 1000

// session is one identified gateway session; it outlives its socket until resumed or expired.
type session struct {
	id        string
	intents   int
	seq       int64
	log       []logged // dispatches the client has not acknowledged by a heartbeat
	conn      *gwConn  // nil while disconnected
	downSince time.Time
}

type logged struct {
	seq   int64
	frame []byte
}

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

func (f *Fake) gatewayAddress(r *http.Request) string {
	f.mu.Lock()
	u := f.gatewayURL
	f.mu.Unlock()
	if u != "" {
		return u
	}
	scheme := "ws"
	if r.TLS != nil {
		scheme = "wss"
	}
	return scheme + "://" + r.Host + "/gateway"
}

func (f *Fake) gateway(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"url": f.gatewayAddress(r)})
}

func (f *Fake) gatewayBot(w http.ResponseWriter, r *http.Request) {
	res := discordgo.GatewayBotResponse{URL: f.gatewayAddress(r), Shards: 1}
	// The budget counts the identifies of the last 24 hours on the fake's clock.
	f.mu.Lock()
	now, used, resetAfter := f.now(), 0, 24*time.Hour
	for _, id := range f.identifies {
		if age := now.Sub(id.Time); age < 24*time.Hour {
			if used == 0 {
				resetAfter = 24*time.Hour - age
			}
			used++
		}
	}
	f.mu.Unlock()
	res.SessionStartLimit = discordgo.SessionInformation{Total: identifyBudget, Remaining: max(0, identifyBudget-used),
		ResetAfter: int(resetAfter.Milliseconds()), MaxConcurrency: 1}
	writeJSON(w, http.StatusOK, res)
}

func (f *Fake) serveGateway(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	closed := f.closed
	f.mu.Unlock()
	if closed {
		http.Error(w, "gateway closed", http.StatusServiceUnavailable)
		return
	}
	ws, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return // the upgrader answered
	}
	c := &gwConn{ws: ws, version: 9, wake: make(chan struct{}, 1), done: make(chan struct{})}
	if v, err := strconv.Atoi(r.URL.Query().Get("v")); err == nil && v > 0 {
		c.version = v
	}
	c.connectURL = f.gatewayAddress(r)
	c.atResumeURL = cameToResumeURL(r.URL.Path)
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		c.kill()
		return
	}
	f.gw.sockets++
	c.serial = f.gw.sockets
	f.conns[c] = struct{}{}
	f.mu.Unlock()
	go c.writeLoop()
	c.sendOp(10, map[string]int64{"heartbeat_interval": f.opts.HeartbeatInterval.Milliseconds()})

	ws.SetReadLimit(1 << 16)
	for {
		_, data, err := ws.ReadMessage()
		if err != nil {
			var ce *websocket.CloseError
			// 1006 is what the websocket reports for a connection lost without a close frame.
			closed := errors.As(err, &ce) && ce.Code != websocket.CloseAbnormalClosure
			if closed {
				f.recordClientClose(c, ce.Code)
			}
			normal := closed && (ce.Code == websocket.CloseNormalClosure || ce.Code == websocket.CloseGoingAway)
			f.detach(c, normal)
			return
		}
		f.onFrame(c, data)
	}
}

// detach forgets a socket; a client that closed normally also ends its session, as on
// Discord, while a dropped one may resume.
func (f *Fake) detach(c *gwConn, endSession bool) {
	f.mu.Lock()
	delete(f.conns, c)
	if s := c.sess; s != nil && s.conn == c {
		s.conn, s.downSince = nil, f.now()
		if endSession {
			delete(f.sessions, s.id)
		}
		f.notify()
	}
	f.mu.Unlock()
	c.kill()
}

func (f *Fake) onFrame(c *gwConn, data []byte) {
	var p struct {
		Op int             `json:"op"`
		D  json.RawMessage `json:"d"`
	}
	if err := json.Unmarshal(data, &p); err != nil {
		c.closeWith(4002, "Error while decoding payload.")
		return
	}
	switch p.Op {
	case 1:
		f.heartbeat(c, p.D)
	case 2:
		f.identify(c, p.D)
	case 6:
		f.resume(c, p.D)
	case 8:
		f.requestMembers(c, p.D)
	case 3, 4:
		f.mu.Lock()
		identified := c.sess != nil
		f.mu.Unlock()
		if !identified {
			c.closeWith(4003, "Not authenticated.")
		}
	default:
		c.closeWith(4001, "Unknown opcode.")
	}
}

func (f *Fake) heartbeat(c *gwConn, d json.RawMessage) {
	var seq *int64
	_ = json.Unmarshal(d, &seq)
	f.mu.Lock()
	defer f.mu.Unlock()
	if s := c.sess; s != nil && seq != nil && s.conn == c {
		i := 0
		for i < len(s.log) && s.log[i].seq <= *seq {
			i++
		}
		s.log = slices.Delete(s.log, 0, i)
	}
	f.gw.heartbeats++
	if c.withholdAcks {
		f.gw.withheldAcks++
		return
	}
	c.sendOp(11, nil)
}

func (f *Fake) identify(c *gwConn, d json.RawMessage) {
	// Only what the fake checks: discordgo's Identify does not decode what discordgo sends
	// (its presence's empty activity fails Activity.UnmarshalJSON).
	var id struct {
		Token   string `json:"token"`
		Intents int    `json:"intents"`
	}
	if err := json.Unmarshal(d, &id); err != nil {
		c.closeWith(4002, "Error while decoding payload.")
		return
	}
	token := strings.TrimPrefix(id.Token, "Bot ")
	f.mu.Lock()
	defer f.mu.Unlock()
	if c.sess != nil {
		c.closeWith(4005, "Already authenticated.")
		return
	}
	f.identifies = append(f.identifies, Identify{Token: token, Intents: id.Intents, Time: f.now(),
		Socket: c.serial, AtResumeURL: c.atResumeURL})
	if f.opts.BotToken != "" && token != f.opts.BotToken {
		c.closeWith(4004, "Authentication failed.")
		return
	}
	if id.Intents < 0 || id.Intents > intentsAll {
		c.closeWith(4013, "Invalid intent(s).")
		return
	}
	if id.Intents&privilegedIntents&^f.strict.privileged != 0 {
		c.closeWith(4014, "Disallowed intent(s).")
		return
	}
	if f.gw.withholdReady > 0 {
		// A gateway that never answers: no session, no READY.
		f.gw.withholdReady--
		return
	}
	s := &session{id: randomHex(16), intents: id.Intents, conn: c}
	f.sessions[s.id] = s
	c.sess = s
	ready := struct {
		discordgo.Ready
		ResumeGatewayURL string `json:"resume_gateway_url"`
	}{Ready: discordgo.Ready{Version: c.version, SessionID: s.id, User: &f.botUser,
		Guilds:          []*discordgo.Guild{{ID: f.opts.GuildID, Unavailable: true}},
		PrivateChannels: []*discordgo.Channel{},
		Application:     &discordgo.Application{ID: f.opts.AppID}},
		ResumeGatewayURL: resumeURLOf(c.connectURL),
	}
	f.dispatchTo(s, "READY", mustJSON(ready), false)
	if s.intents&intentGuilds != 0 {
		f.dispatchTo(s, "GUILD_CREATE", mustJSON(f.guild()), true)
	}
	f.notify()
}

func (f *Fake) resume(c *gwConn, d json.RawMessage) {
	var p struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	if err := json.Unmarshal(d, &p); err != nil {
		c.closeWith(4002, "Error while decoding payload.")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if c.sess != nil {
		c.closeWith(4005, "Already authenticated.")
		return
	}
	if f.opts.BotToken != "" && strings.TrimPrefix(p.Token, "Bot ") != f.opts.BotToken {
		c.closeWith(4004, "Authentication failed.")
		return
	}
	s := f.sessions[p.SessionID]
	if s != nil && s.conn == nil && f.now().Sub(s.downSince) > sessionTTL {
		delete(f.sessions, s.id)
		s = nil
	}
	accepted := s != nil && p.Seq <= s.seq
	f.gw.resumes = append(f.gw.resumes, Resume{SessionID: p.SessionID, Seq: p.Seq, Time: f.now(),
		Socket: c.serial, AtResumeURL: c.atResumeURL, Accepted: accepted})
	if !accepted {
		c.sendOp(9, false) // invalid session, not resumable: identify again
		return
	}
	if old := s.conn; old != nil {
		old.kill()
	}
	s.conn, c.sess = c, s
	f.resumes++
	for _, e := range s.log {
		if e.seq > p.Seq {
			c.send(outFrame{data: e.frame})
		}
	}
	f.dispatchTo(s, "RESUMED", mustJSON(discordgo.Resumed{Trace: []string{}}), false)
	f.notify()
}

func (f *Fake) requestMembers(c *gwConn, d json.RawMessage) {
	var p struct {
		GuildID   json.RawMessage `json:"guild_id"`
		Query     *string         `json:"query"`
		Limit     int             `json:"limit"`
		UserIDs   []string        `json:"user_ids"`
		Nonce     string          `json:"nonce"`
		Presences bool            `json:"presences"`
	}
	if err := json.Unmarshal(d, &p); err != nil {
		c.closeWith(4002, "Error while decoding payload.")
		return
	}
	// discordgo sends guild_id as a list; Discord documents a single id.
	var guilds []string
	if err := json.Unmarshal(p.GuildID, &guilds); err != nil {
		var one string
		if err := json.Unmarshal(p.GuildID, &one); err != nil {
			c.closeWith(4002, "Error while decoding payload.")
			return
		}
		guilds = []string{one}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s := c.sess
	if s == nil {
		c.closeWith(4003, "Not authenticated.")
		return
	}
	query := ""
	if p.Query != nil {
		query = strings.ToLower(*p.Query)
	}
	all := p.UserIDs == nil && query == ""
	if all && s.intents&intentGuildMembers == 0 {
		delete(f.sessions, s.id)
		c.closeWith(4014, "Disallowed intent(s).")
		return
	}
	for _, gid := range guilds {
		if gid != f.opts.GuildID {
			continue
		}
		var found []*discordgo.Member
		var notFound []string
		switch {
		case p.UserIDs != nil:
			for _, id := range p.UserIDs {
				if m, ok := f.members[id]; ok {
					found = append(found, m)
				} else {
					notFound = append(notFound, id)
				}
			}
		default:
			limit := p.Limit
			if !all && (limit <= 0 || limit > 100) {
				limit = 100
			}
			for _, id := range f.memberIDs() {
				m := f.members[id]
				if query != "" && !strings.HasPrefix(strings.ToLower(m.User.Username), query) && !strings.HasPrefix(strings.ToLower(m.Nick), query) {
					continue
				}
				found = append(found, m)
				if limit > 0 && len(found) == limit {
					break
				}
			}
		}
		count := max(1, (len(found)+chunkSize-1)/chunkSize)
		for i := range count {
			part := found[min(i*chunkSize, len(found)):min((i+1)*chunkSize, len(found))]
			chunk := discordgo.GuildMembersChunk{GuildID: gid, Members: part, ChunkIndex: i, ChunkCount: count, Nonce: p.Nonce}
			if chunk.Members == nil {
				chunk.Members = []*discordgo.Member{}
			}
			if i == 0 {
				chunk.NotFound = notFound
			}
			f.dispatchTo(s, "GUILD_MEMBERS_CHUNK", mustJSON(chunk), true)
		}
	}
}

// memberIDs are the members' ids in snowflake order. f.mu is held.
func (f *Fake) memberIDs() []string {
	ids := make([]string, 0, len(f.members))
	for id := range f.members {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, compareIDs)
	return ids
}

func compareIDs(a, b string) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	return strings.Compare(a, b)
}
