package bot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"slices"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/members"
	"zocalo/core/verification"
)

// roleSync keeps the members table equal to the guild: a full reconcile from the
// member chunks at start and every hour, and each member event as it comes. Gateway
// handlers only queue work, never waiting for room (see offer); one worker applies it in
// arrival order.
type roleSync struct {
	b     *Bot
	queue chan func(ctx context.Context)

	mu      sync.Mutex
	pending map[string]*chunkSet // by request nonce
	behind  behind               // what a full queue could not take, to catch up on

	// seen is what each member showed at their last event or member list, so that a
	// member event tells what it changed (verification puts back only what one took
	// away). Only the worker reads and writes it.
	seen map[string]verification.Seen
	// listed is whether a member list has been recorded since the bot started; until then,
	// unjudged are the members whose events came with nothing seen before them: the first
	// list judges them.
	listed   bool
	unjudged map[string]bool
}

type chunkSet struct {
	asked   time.Time
	askedAt time.Time // on the core's clock, which times deliveries
	recheck bool      // the list is checked for what verification gave (see listReceived)
	// behind are the members whose last event a full queue dropped: the list is checked
	// for what verification gave them, as for a new session's.
	behind   map[string]bool
	count    int
	received map[int]bool
	members  []members.Snapshot
	nicks    map[string]string // by member, for those with one
	// newer are the members a member event told of since the request was sent: the
	// event is at least as fresh as the chunks, so their snapshot in them is skipped.
	newer map[string]bool
}

// roleQueueSize is how many jobs the role sync's queue holds: a burst of member events
// (a role given to everyone) waits there while the worker writes.
const roleQueueSize = 4096

func newRoleSync(b *Bot) *roleSync {
	return &roleSync{b: b, queue: make(chan func(context.Context), roleQueueSize), pending: map[string]*chunkSet{},
		behind: newBehind(), seen: map[string]verification.Seen{}, unjudged: map[string]bool{}}
}

func (r *roleSync) run(ctx context.Context) {
	check := time.NewTicker(r.b.deps.Timing.ChunkTimeout / 4)
	defer check.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case job := <-r.queue:
			job(ctx)
			if len(r.queue) == 0 {
				r.catchUp(ctx)
			}
		case <-check.C:
			r.retryStalled()
			r.catchUp(ctx)
		}
	}
}

// retryStalled asks again (through catchUp) when a member request went unanswered, as
// happens when the socket drops while the chunks are on their way.
func (r *roleSync) retryStalled() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for nonce, set := range r.pending {
		if time.Since(set.asked) > r.b.deps.Timing.ChunkTimeout {
			delete(r.pending, nonce)
			r.b.log.Warn("guild member request unanswered, asking again")
			r.behind.addList(set.recheck, set.behind)
		}
	}
}

func (r *roleSync) guildID() string { return r.b.deps.Config.Discord.GuildID }

// requestAll asks the gateway for every member of the guild (the hourly job).
func (r *roleSync) requestAll(ctx context.Context) error {
	gw := r.b.currentGateway()
	if gw == nil {
		return errNotConnected
	}
	return r.request(ctx, gw, false, nil)
}

// request asks the gateway for the member list. recheck asks for verification to be
// checked against the list (see listReceived), and so do the members in behind.
func (r *roleSync) request(ctx context.Context, gw *gatewayClient, recheck bool, behind map[string]bool) error {
	nonce := r.expect(recheck, behind)
	err := gw.requestGuildMembers(ctx, r.guildID(), nonce)
	if err != nil {
		r.mu.Lock()
		delete(r.pending, nonce)
		r.mu.Unlock()
	}
	return err
}

// expect records a member request about to be sent and returns its nonce: the chunks
// that answer it are collected from now, and so are the members events tell of.
func (r *roleSync) expect(recheck bool, behind map[string]bool) string {
	nonce := randomNonce()
	r.mu.Lock()
	r.pending[nonce] = &chunkSet{asked: time.Now(), askedAt: r.b.deps.App.Now(), recheck: recheck, behind: behind,
		received: map[int]bool{}, nicks: map[string]string{}, newer: map[string]bool{}}
	r.mu.Unlock()
	return nonce
}

func (r *roleSync) onGuildCreate(_ *discordgo.Session, g *discordgo.GuildCreate) {
	if g.ID != r.guildID() {
		return
	}
	roles := g.Roles
	r.offerRoles(func(ctx context.Context) { r.syncGuildRoles(ctx, roles) })
	// Not in the handler itself: a GUILD_CREATE replayed on a resume comes before RESUMED,
	// and the request waits for the socket to be live, which would hold back the events.
	// A new session may have missed events: its list is checked for verification too.
	go func() {
		gw := r.b.currentGateway()
		if gw == nil {
			return
		}
		if err := r.request(context.Background(), gw, true, nil); err != nil {
			r.b.log.Error("request guild members", "error", err)
		}
	}()
}

func (r *roleSync) onChunk(_ *discordgo.Session, c *discordgo.GuildMembersChunk) {
	if c.GuildID != r.guildID() {
		return
	}
	r.mu.Lock()
	set, ok := r.pending[c.Nonce]
	if !ok {
		r.mu.Unlock()
		return
	}
	set.count = c.ChunkCount
	if !set.received[c.ChunkIndex] {
		set.received[c.ChunkIndex] = true
		for _, m := range c.Members {
			set.members = append(set.members, snapshotOf(m, true))
			if m.Nick != "" && m.User != nil {
				set.nicks[m.User.ID] = m.Nick
			}
		}
	}
	if len(set.received) == set.count {
		delete(r.pending, c.Nonce)
		if !r.offer(func(ctx context.Context) { r.listReceived(ctx, set) }) {
			r.behind.addList(set.recheck, set.behind)
		}
	}
	r.mu.Unlock()
}

// listReceived records a member list once its last chunk is in. The list of a new
// gateway session also shows what was changed by hand while the bot was away or its
// events were lost: verification puts that back, for the members listed and, the first
// time, for those whose events came with nothing seen to compare them with.
func (r *roleSync) listReceived(ctx context.Context, set *chunkSet) {
	if !r.reconcile(ctx, set.members, set.newer) {
		return
	}
	var listed []verification.Observed
	for _, m := range set.members {
		if set.newer[m.DiscordID] {
			continue
		}
		shown := verification.Seen{RoleIDs: m.RoleIDs, Nick: set.nicks[m.DiscordID]}
		r.seen[m.DiscordID] = shown
		if set.recheck || set.behind[m.DiscordID] {
			listed = append(listed, verification.Observed{DiscordID: m.DiscordID, RoleIDs: shown.RoleIDs, Nick: shown.Nick})
		}
	}
	for id := range r.unjudged {
		// As the list or a later event shows them; the list's own are in already.
		if shown, ok := r.seen[id]; ok && (set.newer[id] || !set.recheck) {
			listed = append(listed, verification.Observed{DiscordID: id, RoleIDs: shown.RoleIDs, Nick: shown.Nick})
		}
	}
	r.listed, r.unjudged = true, map[string]bool{}
	if len(listed) == 0 {
		return
	}
	queued, err := r.b.deps.App.Verification.Recheck(ctx, listed, set.askedAt)
	if err != nil {
		r.b.log.Error("verification recheck failed", "error", err)
	}
	if queued > 0 {
		r.b.log.Info("verified roles or nicknames changed by hand while unseen: putting them back", "members", queued)
		r.b.Wake()
	}
}

// reconcile records a full member list, but for the members in newer, whose events
// came after the list was asked for. It tells whether it did.
func (r *roleSync) reconcile(ctx context.Context, snaps []members.Snapshot, newer map[string]bool) bool {
	start := time.Now()
	res, err := r.b.deps.App.Members.Reconcile(ctx, snaps, newer)
	if err != nil {
		r.b.log.Error("role reconcile failed", "error", err)
		return false
	}
	for _, c := range res.Changes {
		r.logChange(c)
	}
	r.b.metrics.reconciles.Inc()
	r.b.log.Info("members reconciled", "members", res.Seen, "newer_from_events", len(newer),
		"role_changes", len(res.Changes), "left", res.Left,
		"duration_ms", time.Since(start).Milliseconds())
	return true
}

// memberChange is what a member event says happened.
type memberChange int

const (
	memberJoined memberChange = iota
	memberUpdated
	memberLeft
)

func (r *roleSync) onMemberAdd(_ *discordgo.Session, m *discordgo.GuildMemberAdd) {
	r.apply(m.Member, memberJoined)
}

func (r *roleSync) onMemberUpdate(_ *discordgo.Session, m *discordgo.GuildMemberUpdate) {
	r.apply(m.Member, memberUpdated)
}

func (r *roleSync) onMemberRemove(_ *discordgo.Session, m *discordgo.GuildMemberRemove) {
	r.apply(m.Member, memberLeft)
}

func (r *roleSync) apply(m *discordgo.Member, what memberChange) {
	if m == nil || m.User == nil || m.GuildID != r.guildID() {
		return
	}
	snap := snapshotOf(m, what != memberLeft)
	shown := verification.Seen{RoleIDs: slices.Clone(m.Roles), Nick: m.Nick}
	job := func(ctx context.Context) {
		r.record(ctx, snap)
		if what == memberLeft {
			delete(r.seen, snap.DiscordID)
			return
		}
		r.followVerification(ctx, snap.DiscordID, shown, what == memberJoined)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.offer(job) {
		r.behind.addMember(snap.DiscordID)
		return
	}
	// This event says all there is of the member: an earlier one dropped is made good.
	delete(r.behind.members, snap.DiscordID)
	// Handlers run in the gateway's order (SyncEvents), so every member list still being
	// received was asked for before this event: the event wins over its snapshot.
	for _, set := range r.pending {
		set.newer[snap.DiscordID] = true
	}
}

// record writes what a member event says of one member.
func (r *roleSync) record(ctx context.Context, snap members.Snapshot) {
	change, err := r.b.deps.App.Members.Upsert(ctx, snap)
	if err != nil {
		r.b.log.Error("member sync failed", "member", snap.DiscordID, "error", err)
		return
	}
	if change.Changed() {
		r.logChange(change)
	}
}

func (r *roleSync) logChange(c members.RoleChange) {
	ids := r.b.deps.App.Roles
	r.b.log.Info("member roles changed", "member", c.DiscordID,
		"before", ids.Names(c.Before).Sorted(), "after", ids.Names(c.After).Sorted(),
		"before_ids", c.Before, "after_ids", c.After)
}

func snapshotOf(m *discordgo.Member, inGuild bool) members.Snapshot {
	snap := members.Snapshot{DiscordID: m.User.ID, Username: m.User.Username, GlobalName: m.User.GlobalName,
		Avatar: m.User.Avatar, InGuild: inGuild, RoleIDs: m.Roles}
	if !m.JoinedAt.IsZero() {
		j := m.JoinedAt.UTC()
		snap.JoinedAt = &j
	}
	return snap
}

func randomNonce() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
