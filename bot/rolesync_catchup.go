package bot

import (
	"context"
	"maps"

	"github.com/bwmarrin/discordgo"
)

// A full queue drops, and the role sync catches up.
//
// The gateway's read loop runs the event handlers one after another, so a handler that
// waited for room in a full queue (a slow or unreachable database, a burst of member
// events) would stop every event behind it: heartbeat ACKs, interactions, and so
// Discord's "La interacción falló". Handlers therefore never wait: what the queue cannot
// take is dropped, counted in zocalo_bot_gateway_events_dropped_total, and noted, and
// once the worker has emptied its queue it reads it again from Discord. That is sound
// here because nothing in these events is lost with them: a member event carries the
// member's whole state, which a member list gives again; a role event is read again as
// the guild's role list; a member list is asked for again. Memory stays bounded while
// the database is slow, which is when queues fill, where holding every event would grow
// with the outage.

// behind is what the role sync's queue could not take. Guarded by roleSync.mu.
type behind struct {
	members map[string]bool // whose last event was dropped
	list    bool            // a member list is to be asked for
	recheck bool            // that list is checked for verification (see listReceived)
	roles   bool            // a role event was dropped: the guild's roles are read again
	// asked is the nonce of the list a catch-up asked for, while it is on its way: one at
	// a time.
	asked string
}

func newBehind() behind { return behind{members: map[string]bool{}} }

func (b *behind) addMember(id string) { b.members[id] = true }

// addList notes a member list to ask for again, with what it was to check.
func (b *behind) addList(recheck bool, members map[string]bool) {
	b.list, b.recheck = true, b.recheck || recheck
	maps.Copy(b.members, members)
}

// offer hands the worker a job without waiting, and tells whether it was taken. r.mu
// may be held.
func (r *roleSync) offer(job func(context.Context)) bool {
	select {
	case r.queue <- job:
		return true
	default:
		r.b.metrics.eventsDropped.WithLabelValues(queueMembers).Inc()
		return false
	}
}

// offerRoles offers a job of the guild's roles; dropped, the roles are read again.
func (r *roleSync) offerRoles(job func(context.Context)) {
	if !r.offer(job) {
		r.mu.Lock()
		r.behind.roles = true
		r.mu.Unlock()
	}
}

// catchUp reads again from Discord what the queue dropped: the guild's roles, and a
// member list whose reconcile writes the members whose events were lost and checks them
// for verification. It runs on the worker, once its queue is empty.
func (r *roleSync) catchUp(ctx context.Context) {
	r.mu.Lock()
	if _, waiting := r.pending[r.behind.asked]; waiting && r.behind.asked != "" {
		r.mu.Unlock()
		return
	}
	todo := r.behind
	if !todo.roles && !todo.list && len(todo.members) == 0 {
		r.mu.Unlock()
		return
	}
	r.behind = newBehind()
	r.mu.Unlock()
	s := r.b.currentSession()
	if s == nil {
		r.putBack(todo)
		return
	}
	if todo.roles {
		if err := r.catchUpRoles(ctx, s); err != nil {
			r.b.log.Warn("read the guild's roles again after dropped role events", "error", err)
			r.putBack(behind{members: map[string]bool{}, roles: true})
		}
	}
	if !todo.list && len(todo.members) == 0 {
		return
	}
	r.b.log.Warn("member events were dropped while the role sync was behind: asking for the member list",
		"members", len(todo.members))
	nonce := r.expect(todo.recheck, todo.members)
	r.mu.Lock()
	r.behind.asked = nonce
	r.mu.Unlock()
	gw := r.b.currentGateway()
	if gw == nil {
		r.mu.Lock()
		delete(r.pending, nonce)
		r.behind.addList(todo.recheck, todo.members)
		r.mu.Unlock()
		return
	}
	if err := gw.requestGuildMembers(ctx, r.guildID(), nonce); err != nil {
		r.b.log.Error("request guild members", "error", err)
		r.mu.Lock()
		delete(r.pending, nonce)
		r.behind.addList(todo.recheck, todo.members)
		r.mu.Unlock()
	}
}

// putBack notes again what a catch-up could not do, for the next one.
func (r *roleSync) putBack(todo behind) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.behind.roles = r.behind.roles || todo.roles
	if todo.list || len(todo.members) > 0 {
		r.behind.addList(todo.recheck, todo.members)
	}
}

// catchUpRoles reads the guild's roles from Discord: a role no longer there was deleted
// (its GUILD_ROLE_DELETE may be among what was dropped) and loses its holders and rights
// as the event would have done.
func (r *roleSync) catchUpRoles(ctx context.Context, s *discordgo.Session) error {
	roles, err := s.GuildRoles(r.guildID(), discordgo.WithContext(ctx))
	if err != nil {
		return err
	}
	known, err := r.b.deps.App.Members.GuildRoles(ctx)
	if err != nil {
		return err
	}
	exists := map[string]bool{}
	for _, role := range roles {
		exists[role.ID] = true
	}
	for _, role := range known {
		if !exists[role.DiscordID] {
			r.deleteRole(ctx, role.DiscordID)
		}
	}
	r.syncGuildRoles(ctx, roles)
	return nil
}
