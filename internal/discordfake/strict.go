package discordfake

import (
	"net/http"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The fake refuses the way Discord does from the start: a realistic guild (guild_perms.go),
// per-route rate limits (ratelimit.go), the interaction deadline and the token's life
// (interactions.go), full checks of messages, components and modals. The knobs below change
// that world the way an operator or Discord would (a token reset, an intent turned off, a
// channel deleted, a smaller upload limit); Options.Relax turns rules off, by name, for a
// test about something else.

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
	denied          map[string]int64                            // channel id → permissions taken from the bot's member there
	overwrites      map[string][]*discordgo.PermissionOverwrite // channel id → what SetChannelOverwrites gave it
	channelLimits   map[string][]rateLimit                      // scripted 429s
	globalLimits    []rateLimit
	buckets         map[string]*bucketWindow // caller, bucket and resource → its window
	global          map[string]*bucketWindow // caller → its second
	uploadLimit     int64
	activeThreadCap int
	privileged      int // the privileged intents enabled in the developer portal
}

func newStrictState() strictState {
	return strictState{denied: map[string]int64{}, overwrites: map[string][]*discordgo.PermissionOverwrite{}, channelLimits: map[string][]rateLimit{},
		buckets: map[string]*bucketWindow{}, global: map[string]*bucketWindow{},
		uploadLimit: defaultUploadLimit, activeThreadCap: defaultActiveThreadCap, privileged: privilegedIntents}
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
	f.broadcast("CHANNEL_DELETE", mustJSON(f.wireChannel(c)))
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
