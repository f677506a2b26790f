package bot

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"zocalo/core/identifies"
)

// The bot keeps its own gateway connection loop instead of discordgo's, which reconnects
// forever whatever Discord answered: this one reads the close code, stops for good on the
// codes Discord says not to reconnect after, and keeps within the daily identify budget.

// stopCodes are the close codes after which Discord says not to reconnect, with what an
// operator must do about each.
var stopCodes = map[int]string{
	4004: "Discord refused the bot token (close code 4004, authentication failed): set a valid discord.botToken (ZOCALO_DISCORD_BOT_TOKEN) and restart the bot",
	4010: "Discord refused the shard (close code 4010, invalid shard): the bot connects as one shard; make sure nothing else connects with this token, then restart the bot",
	4011: "Discord requires sharding (close code 4011): the application is in too many guilds for one connection; use an application for this community alone, then restart the bot",
	4012: "Discord refused the gateway version (close code 4012, invalid API version): upgrade Zócalo, then restart the bot",
	4013: "Discord refused the intents (close code 4013, invalid intents): upgrade Zócalo, then restart the bot",
	4014: "Discord refused privileged intents (close code 4014, disallowed intents): enable the Server Members Intent and the Message Content Intent in the Discord developer portal (your application > Bot > Privileged Gateway Intents), then restart the bot",
}

// defaultIdentifyBudget is how many identifies the bot allows itself in 24 hours: Discord's
// 1,000 less a margin for any it sent but could not record (a crash in between).
const defaultIdentifyBudget = 950

// gatewayLink is what the bot learns of its session's sockets.
type gatewayLink struct {
	closeCode   atomic.Int64  // the last close code the server sent on the current socket
	disconnects chan struct{} // discordgo closed the socket (its Disconnect event)
	conn        atomic.Pointer[net.Conn]
}

// abort closes the current socket under discordgo, which waits for Discord's answers
// in Open without a deadline.
func (l *gatewayLink) abort() {
	if c := l.conn.Load(); c != nil {
		_ = (*c).Close()
	}
}

// newSession builds the discordgo session with the bot's intents, handlers and dialer;
// it does not connect.
func (b *Bot) newSession() (*discordgo.Session, *gatewayLink, error) {
	s, err := discordgo.New("Bot " + b.deps.Token)
	if err != nil {
		return nil, nil, err
	}
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: b.global.tap(b.deps.Transport)}
	link := &gatewayLink{disconnects: make(chan struct{}, 1)}
	s.Dialer = gatewayDialer(wireEvents{
		dialed:     func(c net.Conn) { link.conn.Store(&c) },
		closed:     func(code int) { link.closeCode.Store(int64(code)) },
		identified: b.recordIdentify,
	}, b.deps.GatewayTLS)
	s.Identify.Intents = Intents
	s.StateEnabled = false
	// Handlers run in the order events arrive; the slow ones hand off to workers.
	s.SyncEvents = true
	// The bot's own loop (keepConnected) reconnects, knowing why the socket closed.
	s.ShouldReconnectOnError = false
	// A 429 comes back to the caller: the relay reschedules the event instead of sleeping.
	s.ShouldRetryOnRateLimit = false
	s.LogLevel = discordgo.LogError
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Connect) { b.metrics.connected.Set(1) })
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) {
		b.metrics.connected.Set(0)
		select {
		case link.disconnects <- struct{}{}:
		default:
		}
	})
	s.AddHandler(func(_ *discordgo.Session, e *discordgo.Event) { b.metrics.events.WithLabelValues(e.Type).Inc() })
	for _, h := range b.eventHandlers() {
		s.AddHandler(h)
	}
	return s, link, nil
}

// keepConnected connects the session and reconnects it until ctx ends or the bot stops
// for good. ready is called once: at the first connection, or when the bot stops first.
func (b *Bot) keepConnected(ctx context.Context, s *discordgo.Session, link *gatewayLink, ready func()) {
	defer ready()
	halt := b.haltChan()
	wait := b.deps.Timing.RetryBase
	state := gatewayConnecting
	for {
		if b.halted() || ctx.Err() != nil {
			return
		}
		b.setGatewayState(state, 0)
		if !b.awaitIdentifyBudget(ctx, halt) {
			return
		}
		drain(link.disconnects)
		link.closeCode.Store(0)
		unwatch := context.AfterFunc(ctx, link.abort)
		err := s.Open()
		unwatch()
		if err == nil {
			b.setGatewayState(gatewayConnected, 0)
			b.log.Info("connected to Discord", "guild", b.deps.Config.Discord.GuildID)
			ready()
			wait = b.deps.Timing.RetryBase
			select {
			case <-ctx.Done():
				return
			case <-halt:
				_ = s.Close()
				return
			case <-link.disconnects:
			}
			if ctx.Err() != nil {
				return
			}
		}
		code := closeCodeOf(err, link)
		if code != 0 {
			b.metrics.gatewayCloses.WithLabelValues(strconv.Itoa(code)).Inc()
		}
		if fix, stop := stopCodes[code]; stop {
			b.stopOnCloseCode(s, code, fix)
			return
		}
		state = gatewayReconnecting
		b.setGatewayState(state, code)
		if err != nil {
			b.log.Error("cannot connect to the Discord gateway, will retry", "error", err, "close_code", code, "retry_in", wait)
		} else {
			b.log.Warn("the Discord gateway connection closed, reconnecting", "close_code", code, "retry_in", wait)
		}
		select {
		case <-ctx.Done():
			return
		case <-halt:
			return
		case <-time.After(wait):
		}
		wait = min(wait*2, time.Minute)
	}
}

// stopOnCloseCode stops connecting after a close code Discord says not to reconnect after.
func (b *Bot) stopOnCloseCode(s *discordgo.Session, code int, fix string) {
	b.setGatewayState(gatewayStopped, code)
	if code == 4004 {
		// authRefused logs the fix.
		b.authRefused(errors.New("gateway close code 4004: authentication failed"))
	} else {
		b.log.Error("Discord closed the gateway and asks not to reconnect: the bot stops connecting. "+fix, "close_code", code)
		b.stopGateway(fix)
	}
	_ = s.Close()
}

// closeCodeOf is the close code behind a failed Open or a dropped socket: Open returns
// the close frame it read; after Open, only the tap saw it. 0 when the socket ended
// without one.
func closeCodeOf(openErr error, link *gatewayLink) int {
	var ce *websocket.CloseError
	if errors.As(openErr, &ce) {
		return ce.Code
	}
	return int(link.closeCode.Load())
}

func drain(c chan struct{}) {
	select {
	case <-c:
	default:
	}
}

// recordIdentify counts an IDENTIFY as it goes out, against the token's daily budget.
func (b *Bot) recordIdentify() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := b.identifies.Record(ctx, b.tokenKey, b.deps.App.Now()); err != nil {
		b.log.Error("cannot record a gateway identify; the daily count misses it", "error", err)
	}
	b.metrics.identifies.Inc()
}

// awaitIdentifyBudget waits while the token's identifies of the last 24 hours reach the
// budget: past Discord's limit the token is reset and the bot locked out. It tells
// whether to go on (false: ctx ended or the bot stopped). Every connection waits, a
// resume too: Discord may answer a resume by asking for an identify.
func (b *Bot) awaitIdentifyBudget(ctx context.Context, halt <-chan struct{}) bool {
	for {
		usage, err := b.identifies.Since(ctx, b.tokenKey, b.deps.App.Now())
		if err != nil {
			if ctx.Err() != nil {
				return false
			}
			b.log.Error("cannot read the gateway identify count; connecting without it", "error", err)
			return true
		}
		b.metrics.identifiesInWindow.Set(float64(usage.Count))
		if usage.Count < b.identifyBudget {
			b.setBudgetWait(time.Time{})
			b.metrics.identifyBudgetWaiting.Set(0)
			return true
		}
		until := usage.Oldest.Add(identifies.Window)
		b.setBudgetWait(until)
		b.metrics.identifyBudgetWaiting.Set(1)
		b.log.Error(fmt.Sprintf("the bot sent %d gateway identifies in 24 hours, its budget: it waits rather than "+
			"identify, as Discord resets a token past 1,000 a day. Look for what keeps restarting or disconnecting it", usage.Count),
			"budget", b.identifyBudget, "waiting_until", until)
		// Looked at again at least hourly, so a clock change does not leave it waiting.
		wait := min(max(until.Sub(b.deps.App.Now()), time.Second), time.Hour)
		select {
		case <-ctx.Done():
			return false
		case <-halt:
			return false
		case <-time.After(wait):
		}
	}
}
