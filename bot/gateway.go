package bot

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/identifies"
)

// The bot keeps its own gateway connection loop (and client, gateway_client.go) instead of
// discordgo's, which reconnects forever whatever Discord answered: this one reads the close
// code, stops for good on the codes Discord says not to reconnect after, and keeps within
// the daily identify budget.

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

// newSession builds the discordgo session for REST and the gateway client with the bot's
// intents and handlers; it does not connect. The client lives as long as lifetime.
func (b *Bot) newSession(lifetime context.Context) (*discordgo.Session, *gatewayClient, error) {
	s, err := discordgo.New("Bot " + b.deps.Token)
	if err != nil {
		return nil, nil, err
	}
	s.Client = &http.Client{Timeout: 20 * time.Second, Transport: b.global.tap(b.deps.Transport)}
	s.StateEnabled = false
	// A 429 comes back to the caller: the relay reschedules the event instead of sleeping.
	s.ShouldRetryOnRateLimit = false
	s.LogLevel = discordgo.LogError
	events, err := newGatewayEvents(s, b.eventHandlers())
	if err != nil {
		return nil, nil, err
	}
	events.received = func(name string) { b.metrics.events.WithLabelValues(name).Inc() }
	events.decodeFailed = func(name string, err error) {
		b.log.Warn("a gateway event did not decode whole; its handlers get what did", "event", name, "error", err)
	}
	gw := newGatewayClient(lifetime, s, "Bot "+b.deps.Token, Intents, b.deps.GatewayTLS, events,
		b.gatewayAfter, b.deps.Timing.ReadyTimeout, b.recordIdentify)
	return s, gw, nil
}

// keepConnected connects the gateway and reconnects it until ctx ends or the bot stops
// for good. ready is called once: at the first connection, or when the bot stops first.
func (b *Bot) keepConnected(ctx context.Context, gw *gatewayClient, ready func()) {
	defer ready()
	halt := b.haltChan()
	wait := b.deps.Timing.RetryBase
	state := gatewayConnecting
	for {
		if b.halted() || ctx.Err() != nil {
			return
		}
		b.setGatewayState(state, 0)
		// Only a new session counts against the budget; a resume that Discord refuses
		// comes back here before it identifies.
		if !gw.canResume() && !b.awaitIdentifyBudget(ctx, halt) {
			return
		}
		end := gw.connect(ctx, halt, func(resumed bool) {
			b.metrics.connected.Set(1)
			b.setGatewayState(gatewayConnected, 0)
			b.log.Info("connected to Discord", "guild", b.deps.Config.Discord.GuildID, "resumed", resumed)
			ready()
		})
		b.metrics.connected.Set(0)
		if end.reason == endStopped || ctx.Err() != nil || b.halted() {
			return
		}
		code := end.closeCode
		if code != 0 {
			b.metrics.gatewayCloses.WithLabelValues(strconv.Itoa(code)).Inc()
		}
		if fix, stop := stopCodes[code]; stop {
			b.stopOnCloseCode(code, fix)
			return
		}
		if !end.resume || sessionEnding[code] {
			gw.forgetSession()
		}
		b.metrics.reconnects.WithLabelValues(end.reason).Inc()
		state = gatewayReconnecting
		b.setGatewayState(state, code)
		pause := time.Duration(0)
		switch {
		case end.waitBefore > 0:
			pause = end.waitBefore
		case end.live:
			// A session that worked resumes at once; Discord paces its own answers.
			wait = b.deps.Timing.RetryBase
		default:
			pause = wait
			wait = min(wait*2, time.Minute)
		}
		if end.live || end.reason == endInvalidSession {
			b.log.Warn("the Discord gateway connection ended, connecting again", "reason", end.reason, "close_code", code,
				"error", end.err, "resume", gw.canResume(), "retry_in", pause)
		} else {
			b.log.Error("cannot connect to the Discord gateway, will retry", "reason", end.reason, "close_code", code,
				"error", end.err, "resume", gw.canResume(), "retry_in", pause)
		}
		var later <-chan time.Time
		switch {
		case end.waitBefore > 0:
			later = b.gatewayAfter(waitInvalidSession, pause)
		case pause > 0:
			later = time.After(pause)
		default:
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-halt:
			return
		case <-later:
		}
	}
}

// stopOnCloseCode stops connecting after a close code Discord says not to reconnect after.
func (b *Bot) stopOnCloseCode(code int, fix string) {
	b.setGatewayState(gatewayStopped, code)
	if code == 4004 {
		// authRefused logs the fix.
		b.authRefused(errors.New("gateway close code 4004: authentication failed"))
	} else {
		b.log.Error("Discord closed the gateway and asks not to reconnect: the bot stops connecting. "+fix, "close_code", code)
		b.stopGateway(fix)
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
// whether to go on (false: ctx ended or the bot stopped).
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
