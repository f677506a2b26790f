package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// The gateway client decodes each dispatch into discordgo's exported event type and calls
// the bot's handlers with the REST session, as discordgo would (its dispatch is not
// exported). Handlers run one at a time in the order the events arrived, on a goroutine
// of their own: a slow handler holds back the next event, never the socket's reads, so a
// busy bot still sees its heartbeat ACKs.

// eventKind ties a dispatch's name to the discordgo type its d decodes into.
type eventKind struct {
	name   string
	decode func(json.RawMessage) (any, error)
	// bind adapts a handler of this kind's type, or says it is not one.
	bind func(handler any) (func(*discordgo.Session, any), bool)
}

func kindOf[T any](name string) eventKind {
	return eventKind{
		name: name,
		decode: func(raw json.RawMessage) (any, error) {
			v := new(T)
			return v, json.Unmarshal(raw, v)
		},
		bind: func(handler any) (func(*discordgo.Session, any), bool) {
			fn, ok := handler.(func(*discordgo.Session, *T))
			if !ok {
				return nil, false
			}
			return func(s *discordgo.Session, v any) { fn(s, v.(*T)) }, true
		},
	}
}

// eventKinds are the dispatches a handler may be written for. A handler of another type
// is refused when the bot starts, rather than never called.
var eventKinds = []eventKind{
	kindOf[discordgo.Ready]("READY"),
	kindOf[discordgo.Resumed]("RESUMED"),
	kindOf[discordgo.GuildCreate]("GUILD_CREATE"),
	kindOf[discordgo.GuildUpdate]("GUILD_UPDATE"),
	kindOf[discordgo.GuildDelete]("GUILD_DELETE"),
	kindOf[discordgo.GuildMembersChunk]("GUILD_MEMBERS_CHUNK"),
	kindOf[discordgo.GuildMemberAdd]("GUILD_MEMBER_ADD"),
	kindOf[discordgo.GuildMemberUpdate]("GUILD_MEMBER_UPDATE"),
	kindOf[discordgo.GuildMemberRemove]("GUILD_MEMBER_REMOVE"),
	kindOf[discordgo.GuildRoleCreate]("GUILD_ROLE_CREATE"),
	kindOf[discordgo.GuildRoleUpdate]("GUILD_ROLE_UPDATE"),
	kindOf[discordgo.GuildRoleDelete]("GUILD_ROLE_DELETE"),
	kindOf[discordgo.ChannelCreate]("CHANNEL_CREATE"),
	kindOf[discordgo.ChannelUpdate]("CHANNEL_UPDATE"),
	kindOf[discordgo.ChannelDelete]("CHANNEL_DELETE"),
	kindOf[discordgo.ThreadCreate]("THREAD_CREATE"),
	kindOf[discordgo.ThreadUpdate]("THREAD_UPDATE"),
	kindOf[discordgo.ThreadDelete]("THREAD_DELETE"),
	kindOf[discordgo.MessageCreate]("MESSAGE_CREATE"),
	kindOf[discordgo.MessageUpdate]("MESSAGE_UPDATE"),
	kindOf[discordgo.MessageDelete]("MESSAGE_DELETE"),
	kindOf[discordgo.InteractionCreate]("INTERACTION_CREATE"),
}

// boundHandlers are the handlers of one dispatch name, in the order they were given.
type boundHandlers struct {
	kind     eventKind
	handlers []func(*discordgo.Session, any)
}

// gatewayEvents queues the dispatches read from the socket and runs their handlers.
type gatewayEvents struct {
	byName  map[string]*boundHandlers
	session *discordgo.Session
	// received counts every dispatch as it is handled, by name.
	received func(name string)
	// decodeFailed reports a payload discordgo's type did not fully decode; its handlers
	// still get what was decoded, as with discordgo.
	decodeFailed func(name string, err error)

	mu    sync.Mutex
	queue []dispatch
	wake  chan struct{}
}

type dispatch struct {
	name string
	data json.RawMessage
}

// newGatewayEvents binds handlers, each a func(*discordgo.Session, *E) for an E of
// eventKinds.
func newGatewayEvents(s *discordgo.Session, handlers []any) (*gatewayEvents, error) {
	e := &gatewayEvents{byName: map[string]*boundHandlers{}, session: s, wake: make(chan struct{}, 1),
		received: func(string) {}, decodeFailed: func(string, error) {}}
	for _, h := range handlers {
		bound := false
		for _, k := range eventKinds {
			fn, ok := k.bind(h)
			if !ok {
				continue
			}
			b := e.byName[k.name]
			if b == nil {
				b = &boundHandlers{kind: k}
				e.byName[k.name] = b
			}
			b.handlers = append(b.handlers, fn)
			bound = true
			break
		}
		if !bound {
			return nil, fmt.Errorf("bot: the gateway client has no event for a handler of type %T: add its event to eventKinds", h)
		}
	}
	return e, nil
}

// push queues one dispatch; it never blocks, so the socket's reads go on whatever the
// handlers are doing.
func (e *gatewayEvents) push(name string, data json.RawMessage) {
	e.mu.Lock()
	e.queue = append(e.queue, dispatch{name: name, data: data})
	e.mu.Unlock()
	select {
	case e.wake <- struct{}{}:
	default:
	}
}

// run handles the queued dispatches in order until ctx ends; what is still queued then
// is dropped with the leadership (the next leader reconciles from Discord).
func (e *gatewayEvents) run(ctx context.Context) {
	for {
		e.mu.Lock()
		batch := e.queue
		e.queue = nil
		e.mu.Unlock()
		for _, d := range batch {
			if ctx.Err() != nil {
				return
			}
			e.handle(d)
		}
		if len(batch) > 0 {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-e.wake:
		}
	}
}

func (e *gatewayEvents) handle(d dispatch) {
	e.received(d.name)
	b := e.byName[d.name]
	if b == nil {
		return
	}
	v, err := b.kind.decode(d.data)
	if err != nil {
		e.decodeFailed(d.name, err)
	}
	switch g := v.(type) {
	case *discordgo.GuildCreate:
		setGuildIDs(g.Guild)
	case *discordgo.GuildUpdate:
		setGuildIDs(g.Guild)
	}
	for _, fn := range b.handlers {
		fn(e.session, v)
	}
}

// setGuildIDs fills the guild id Discord leaves out of a guild's channels and members,
// as discordgo does.
func setGuildIDs(g *discordgo.Guild) {
	if g == nil {
		return
	}
	for _, c := range g.Channels {
		c.GuildID = g.ID
	}
	for _, m := range g.Members {
		m.GuildID = g.ID
	}
}
