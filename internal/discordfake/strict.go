package discordfake

import (
	"crypto/sha1"
	"encoding/hex"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The knobs below make the fake refuse the way Discord does. Until a test turns one on,
// the fake's bot may do everything in every channel.

// Discord's defaults the strict knobs start from.
const (
	defaultNonceWindow = 5 * time.Minute
	// defaultUploadLimit is the per-message upload limit of a guild without boosts.
	defaultUploadLimit = 10 << 20
	// defaultActiveThreadCap is the most active (unarchived) threads a guild may have.
	defaultActiveThreadCap = 1000
)

// privilegedIntents are the intents the developer portal must enable.
const privilegedIntents = int(discordgo.IntentGuildMembers | discordgo.IntentGuildPresences | discordgo.IntentMessageContent)

// strictState is what the knobs set; guarded by Fake.mu.
type strictState struct {
	denied          map[string]int64 // channel id → permissions taken from the bot there
	botRolePosition int              // 0: the bot's role is above every role
	channelLimits   map[string][]rateLimit
	globalLimits    []rateLimit
	uploadLimit     int64
	activeThreadCap int
	privileged      int // the privileged intents enabled in the developer portal
}

func newStrictState() strictState {
	return strictState{denied: map[string]int64{}, channelLimits: map[string][]rateLimit{},
		uploadLimit: defaultUploadLimit, activeThreadCap: defaultActiveThreadCap, privileged: privilegedIntents}
}

// rateLimit is one scripted 429.
type rateLimit struct {
	retryAfter time.Duration
	scope      string // "user", "shared" or "global"
	bucket     string
}

// SetBotToken changes the token the fake accepts, as a reset in the developer portal
// does: the old token then gets 401 on REST and close code 4004 on IDENTIFY.
func (f *Fake) SetBotToken(token string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.opts.BotToken = token
}

// SetPrivilegedIntents sets which privileged intents (discordgo.IntentGuildMembers,
// IntentGuildPresences, IntentMessageContent) the developer portal has enabled: an
// IDENTIFY asking for another one is closed with 4014. All are enabled until called.
func (f *Fake) SetPrivilegedIntents(intents discordgo.Intent) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.strict.privileged = int(intents) & privilegedIntents
}

// DenyChannel takes a permission (discordgo.Permission*) from the bot in a channel and in
// its threads. As on Discord, each request needs its own permission: a post needs
// PermissionSendMessages (PermissionSendMessagesInThreads in a thread) and
// PermissionAttachFiles when it carries files; the fake also asks the post's permission to
// edit or delete the bot's own messages. Starting a thread needs
// PermissionCreatePublicThreads or PermissionCreatePrivateThreads, editing a channel
// PermissionManageChannels (a thread not the bot's: PermissionManageThreads). A refusal
// answers 403 code 50013; without PermissionViewChannel every request on the channel
// answers 403 code 50001 Missing Access.
func (f *Fake) DenyChannel(channelID string, perm int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.strict.denied[channelID] |= perm
	f.showOverwrite(channelID)
}

// AllowChannel gives the bot back every permission in a channel.
func (f *Fake) AllowChannel(channelID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.strict.denied, channelID)
	f.showOverwrite(channelID)
}

// showOverwrite shows the bot's denials in the channel's permission overwrites, as a
// member overwrite, and tells the gateway. f.mu is held.
func (f *Fake) showOverwrite(channelID string) {
	c, ok := f.channels[channelID]
	if !ok || c.Type == discordgo.ChannelTypeDM {
		return
	}
	c.PermissionOverwrites = slices.DeleteFunc(slices.Clone(c.PermissionOverwrites), func(o *discordgo.PermissionOverwrite) bool {
		return o.ID == f.botUser.ID
	})
	if deny := f.strict.denied[channelID]; deny != 0 {
		c.PermissionOverwrites = append(c.PermissionOverwrites, &discordgo.PermissionOverwrite{ID: f.botUser.ID,
			Type: discordgo.PermissionOverwriteTypeMember, Deny: deny})
	}
	event := "CHANNEL_UPDATE"
	if c.IsThread() {
		event = "THREAD_UPDATE"
	}
	f.broadcast(event, mustJSON(c))
}

// DeleteChannel deletes a channel and its threads: requests on them answer 404 with code
// 10003, and the gateway gets CHANNEL_DELETE (THREAD_DELETE for a thread).
func (f *Fake) DeleteChannel(channelID string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c, ok := f.channels[channelID]
	if !ok {
		return
	}
	for _, tid := range f.threads[channelID] {
		delete(f.channels, tid)
	}
	delete(f.threads, channelID)
	delete(f.channels, channelID)
	f.channelOrder = slices.DeleteFunc(f.channelOrder, func(id string) bool { return id == channelID })
	if c.IsThread() {
		f.threads[c.ParentID] = slices.DeleteFunc(f.threads[c.ParentID], func(id string) bool { return id == channelID })
		f.broadcast("THREAD_DELETE", mustJSON(struct {
			ID       string                `json:"id"`
			GuildID  string                `json:"guild_id"`
			ParentID string                `json:"parent_id"`
			Type     discordgo.ChannelType `json:"type"`
		}{c.ID, c.GuildID, c.ParentID, c.Type}))
		return
	}
	f.broadcast("CHANNEL_DELETE", mustJSON(c))
}

// SetBotRolePosition places the bot's highest role: it cannot add or remove roles at or
// above that position (403, code 50013). AddRole gives roles positions 1, 2, … in order.
func (f *Fake) SetBotRolePosition(pos int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.strict.botRolePosition = pos
}

// RateLimitChannel makes the next n requests on a channel's routes (/channels/{id}/…, the
// channel itself and not its threads, which are channels of their own) answer 429 with
// retry_after; scope is "user" (the route's own bucket) or "shared" (the resource's).
// Requests on other channels are not affected.
func (f *Fake) RateLimitChannel(channelID string, n int, retryAfter time.Duration, scope string) {
	if scope != "shared" {
		scope = "user"
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for range n {
		f.strict.channelLimits[channelID] = append(f.strict.channelLimits[channelID], rateLimit{retryAfter: retryAfter, scope: scope})
	}
}

// RateLimitGlobal makes the bot's next n requests, on any route, answer a global 429.
// Interaction responses are left out, as Discord leaves them out of the global limit.
func (f *Fake) RateLimitGlobal(n int, retryAfter time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for range n {
		f.strict.globalLimits = append(f.strict.globalLimits, rateLimit{retryAfter: retryAfter, scope: "global"})
	}
}

// SetUploadLimit sets the per-message upload limit in bytes (the files of one message
// together; 10 MiB until set); a larger message answers 413 with code 40005.
func (f *Fake) SetUploadLimit(bytes int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.strict.uploadLimit = bytes
}

// SetActiveThreadCap sets how many active (unarchived) threads the guild may have (1000
// until set); starting or unarchiving one more answers 400 with code 160006.
func (f *Fake) SetActiveThreadCap(n int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.strict.activeThreadCap = n
}

// Advance moves the fake's clock forward: the nonce window, the interaction deadline and
// the life of a dropped gateway session are measured on it, never on the wall clock.
func (f *Fake) Advance(d time.Duration) {
	f.clockOffset.Add(int64(d))
}

// now is the fake's clock: Options.Now (or the wall clock) plus what Advance added.
func (f *Fake) now() time.Time {
	base := time.Now
	if f.opts.Now != nil {
		base = f.opts.Now
	}
	return base().Add(time.Duration(f.clockOffset.Load()))
}

// Now is the time on the fake's clock.
func (f *Fake) Now() time.Time { return f.now() }

// rateLimited takes the scripted 429 a bot request meets, if any: a global one first,
// then one on the channel its route is on. f.mu is held.
func (f *Fake) rateLimited(r *http.Request) *rateLimit {
	if !strings.HasPrefix(r.Header.Get("Authorization"), "Bot ") || !strings.HasPrefix(r.URL.Path, "/api/") {
		return nil
	}
	p := r.URL.Path
	if len(f.strict.globalLimits) > 0 && !strings.HasPrefix(p, "/api/interactions/") && !strings.HasPrefix(p, "/api/webhooks/") {
		rl := f.strict.globalLimits[0]
		f.strict.globalLimits = f.strict.globalLimits[1:]
		return &rl
	}
	rest, ok := strings.CutPrefix(p, "/api/channels/")
	if !ok {
		return nil
	}
	channelID, _, _ := strings.Cut(rest, "/")
	queue := f.strict.channelLimits[channelID]
	if len(queue) == 0 {
		return nil
	}
	rl := queue[0]
	if len(queue) == 1 {
		delete(f.strict.channelLimits, channelID)
	} else {
		f.strict.channelLimits[channelID] = queue[1:]
	}
	rl.bucket = routeBucket(r.Method, p)
	return &rl
}

// routeBucket names a route's bucket as Discord does: the same for every channel, since
// the bucket leaves out the top-level resource.
func routeBucket(method, path string) string {
	parts := strings.Split(strings.TrimPrefix(path, "/api/"), "/")
	for i := range parts {
		if i > 0 && parts[i] != "" && parts[i][0] >= '0' && parts[i][0] <= '9' {
			parts[i] = "{id}"
		}
	}
	sum := sha1.Sum([]byte(method + " " + strings.Join(parts, "/")))
	return hex.EncodeToString(sum[:16])
}

// writeRateLimit answers a scripted 429 with the headers and body Discord sends.
func (f *Fake) writeRateLimit(w http.ResponseWriter, rl rateLimit) {
	secs := rl.retryAfter.Seconds()
	h := w.Header()
	h.Set("Retry-After", strconv.Itoa(int(math.Ceil(secs))))
	h.Set("X-RateLimit-Scope", rl.scope)
	body := map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": rl.scope == "global"}
	if rl.scope == "global" {
		h.Set("X-RateLimit-Global", "true")
		writeJSON(w, http.StatusTooManyRequests, body)
		return
	}
	if rl.scope == "shared" {
		body["message"] = "The resource is being rate limited."
	}
	// Reset is on the wall clock, as the Date header net/http adds is.
	reset := float64(time.Now().UnixMilli())/1000 + secs
	h.Set("X-RateLimit-Limit", "5")
	h.Set("X-RateLimit-Remaining", "0")
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(reset, 'f', 3, 64))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(secs, 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", rl.bucket)
	writeJSON(w, http.StatusTooManyRequests, body)
}

// channelFor finds a channel a request acts on and checks the bot may: 404 code 10003
// when it does not exist, 403 code 50001 without PermissionViewChannel, 403 code 50013
// when a permission in need is denied there (or, for a thread, in its parent). f.mu is held.
func (f *Fake) channelFor(w http.ResponseWriter, channelID string, need int64) (*discordgo.Channel, bool) {
	c, ok := f.channels[channelID]
	if !ok {
		apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
		return nil, false
	}
	denied := f.deniedIn(c)
	if denied&discordgo.PermissionViewChannel != 0 {
		apiError(w, http.StatusForbidden, 50001, "Missing Access")
		return nil, false
	}
	if denied&need != 0 {
		apiError(w, http.StatusForbidden, 50013, "Missing Permissions")
		return nil, false
	}
	return c, true
}

// deniedIn is what the bot may not do in a channel; a thread inherits its parent's
// denials. f.mu is held.
func (f *Fake) deniedIn(c *discordgo.Channel) int64 {
	d := f.strict.denied[c.ID]
	if c.IsThread() {
		d |= f.strict.denied[c.ParentID]
	}
	return d
}

// sendPermission is what posting in a channel needs.
func sendPermission(c *discordgo.Channel) int64 {
	if c.IsThread() {
		return discordgo.PermissionSendMessagesInThreads
	}
	return discordgo.PermissionSendMessages
}

// tooLarge answers 413 code 40005 when files together pass the upload limit.
func (f *Fake) tooLarge(w http.ResponseWriter, files []Attachment) bool {
	var total int64
	for _, a := range files {
		total += int64(len(a.Data))
	}
	f.mu.Lock()
	limit := f.strict.uploadLimit
	f.mu.Unlock()
	if total <= limit {
		return false
	}
	apiError(w, http.StatusRequestEntityTooLarge, 40005, "Request entity too large")
	return true
}

// activeThreadsFull answers 400 code 160006 when the guild has as many active threads as
// it may. f.mu is held.
func (f *Fake) activeThreadsFull(w http.ResponseWriter) bool {
	active := 0
	for _, c := range f.channels {
		if c.IsThread() && (c.ThreadMetadata == nil || !c.ThreadMetadata.Archived) {
			active++
		}
	}
	if active < f.strict.activeThreadCap {
		return false
	}
	apiError(w, http.StatusBadRequest, 160006, "Maximum number of active threads reached")
	return true
}

// roleAboveBot answers 403 code 50013 when the bot's role is not above a role. f.mu is held.
func (f *Fake) roleAboveBot(w http.ResponseWriter, roleID string) bool {
	if f.strict.botRolePosition == 0 {
		return false
	}
	for _, r := range f.roles {
		if r.ID == roleID && r.Position >= f.strict.botRolePosition {
			apiError(w, http.StatusForbidden, 50013, "Missing Permissions")
			return true
		}
	}
	return false
}
