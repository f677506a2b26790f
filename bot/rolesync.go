package bot

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/members"
)

// roleSync keeps the members table equal to the guild: a full reconcile from the
// member chunks at start and every hour, and each member event as it comes. Gateway
// handlers only queue work; one worker applies it in arrival order.
type roleSync struct {
	b     *Bot
	queue chan func(ctx context.Context)

	mu      sync.Mutex
	pending map[string]*chunkSet // by request nonce
}

type chunkSet struct {
	asked    time.Time
	count    int
	received map[int]bool
	members  []members.Snapshot
	// newer are the members a member event told of since the request was sent: the
	// event is at least as fresh as the chunks, so their snapshot in them is skipped.
	newer map[string]bool
}

func newRoleSync(b *Bot) *roleSync {
	return &roleSync{b: b, queue: make(chan func(context.Context), 4096), pending: map[string]*chunkSet{}}
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
		case <-check.C:
			r.retryStalled(ctx)
		}
	}
}

// retryStalled asks again when a member request went unanswered, as happens when the
// socket drops while the chunks are on their way.
func (r *roleSync) retryStalled(ctx context.Context) {
	r.mu.Lock()
	stalled := false
	for nonce, set := range r.pending {
		if time.Since(set.asked) > r.b.deps.Timing.ChunkTimeout {
			delete(r.pending, nonce)
			stalled = true
		}
	}
	r.mu.Unlock()
	if stalled {
		r.b.log.Warn("guild member request unanswered, asking again")
		if err := r.requestAll(ctx); err != nil {
			r.b.log.Error("request guild members", "error", err)
		}
	}
}

func (r *roleSync) enqueue(job func(ctx context.Context)) { r.queue <- job }

func (r *roleSync) guildID() string { return r.b.deps.Config.Discord.GuildID }

// requestAll asks the gateway for every member of the guild (the hourly job).
func (r *roleSync) requestAll(ctx context.Context) error {
	gw := r.b.currentGateway()
	if gw == nil {
		return errNotConnected
	}
	return gw.requestGuildMembers(ctx, r.guildID(), r.expect())
}

// expect records a member request about to be sent and returns its nonce: the chunks
// that answer it are collected from now, and so are the members events tell of.
func (r *roleSync) expect() string {
	nonce := randomNonce()
	r.mu.Lock()
	r.pending[nonce] = &chunkSet{asked: time.Now(), received: map[int]bool{}, newer: map[string]bool{}}
	r.mu.Unlock()
	return nonce
}

func (r *roleSync) onGuildCreate(_ *discordgo.Session, g *discordgo.GuildCreate) {
	if g.ID != r.guildID() {
		return
	}
	roles := g.Roles
	r.enqueue(func(ctx context.Context) { r.syncGuildRoles(ctx, roles) })
	// Not in the handler itself: a GUILD_CREATE replayed on a resume comes before RESUMED,
	// and the request waits for the socket to be live, which would hold back the events.
	go func() {
		if err := r.requestAll(context.Background()); err != nil {
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
		}
	}
	done := len(set.received) == set.count
	if done {
		delete(r.pending, c.Nonce)
	}
	r.mu.Unlock()
	if done {
		r.enqueue(func(ctx context.Context) { r.reconcile(ctx, set.members, set.newer) })
	}
}

// reconcile records a full member list, but for the members in newer, whose events
// came after the list was asked for.
func (r *roleSync) reconcile(ctx context.Context, snaps []members.Snapshot, newer map[string]bool) {
	start := time.Now()
	res, err := r.b.deps.App.Members.Reconcile(ctx, snaps, newer)
	if err != nil {
		r.b.log.Error("role reconcile failed", "error", err)
		return
	}
	for _, c := range res.Changes {
		r.logChange(c)
	}
	r.b.metrics.reconciles.Inc()
	r.b.log.Info("members reconciled", "members", res.Seen, "newer_from_events", len(newer),
		"role_changes", len(res.Changes), "left", res.Left,
		"duration_ms", time.Since(start).Milliseconds())
}

func (r *roleSync) onMemberAdd(_ *discordgo.Session, m *discordgo.GuildMemberAdd) {
	r.apply(m.Member, true)
	r.followVerification(m.Member)
}

func (r *roleSync) onMemberUpdate(_ *discordgo.Session, m *discordgo.GuildMemberUpdate) {
	r.apply(m.Member, true)
	r.followVerification(m.Member)
}

func (r *roleSync) onMemberRemove(_ *discordgo.Session, m *discordgo.GuildMemberRemove) {
	r.apply(m.Member, false)
}

func (r *roleSync) apply(m *discordgo.Member, inGuild bool) {
	if m == nil || m.User == nil || m.GuildID != r.guildID() {
		return
	}
	snap := snapshotOf(m, inGuild)
	// Handlers run in the gateway's order (SyncEvents), so every member list still being
	// received was asked for before this event: the event wins over its snapshot.
	r.mu.Lock()
	for _, set := range r.pending {
		set.newer[snap.DiscordID] = true
	}
	r.mu.Unlock()
	r.enqueue(func(ctx context.Context) { r.record(ctx, snap) })
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
