package bot

import (
	"slices"
	"sync"
	"time"

	"zocalo/internal/config"
)

// Gateway states, as the health detail shows them.
const (
	gatewayStandby      = "standby"      // another bot holds the leader lock
	gatewayConnecting   = "connecting"   // first connection of this leadership
	gatewayConnected    = "connected"    // the socket is up
	gatewayReconnecting = "reconnecting" // the socket dropped; the bot connects again
	gatewayStopped      = "stopped"      // the bot will not connect until an operator fixes the cause and restarts it
)

// health is what the bot knows of its own state, for its /healthz detail and metrics.
type health struct {
	mu          sync.Mutex
	authRefused string // why Discord refused the token; "" while it is accepted
	gateway     string
	stopReason  string
	closeCode   int       // the last close code Discord sent
	budgetUntil time.Time // while the identify budget is spent: when the next identify may go
	missing     []config.DiscordID
	checkedIDs  bool          // the configured ids were compared with the guild
	halt        chan struct{} // closed when the bot must stop connecting
	haltOnce    sync.Once
}

// Health is the bot's state, for operators: its /healthz detail.
type Health struct {
	// Status is ok, degraded (working, with something an operator should fix) or stopped
	// (not connected to Discord until an operator fixes the cause and restarts the bot).
	Status string `json:"status"`
	// Leader: this bot holds the leader lock and is the one connected; false: standing by.
	Leader bool `json:"leader"`
	// Gateway is standby, connecting, connected, reconnecting or stopped.
	Gateway       string `json:"gateway"`
	StopReason    string `json:"stopReason,omitempty"`
	LastCloseCode int    `json:"lastCloseCode,omitempty"`
	// AuthRefused: Discord refused the bot token (REST 401 or gateway close 4004).
	AuthRefused bool   `json:"authRefused"`
	AuthError   string `json:"authError,omitempty"`
	// IdentifyBudgetWaitUntil is set while the daily identify budget is spent.
	IdentifyBudgetWaitUntil *time.Time `json:"identifyBudgetWaitUntil,omitempty"`
	// ConfiguredIDsChecked: the configured role and channel ids were compared with the
	// guild (at the session's start); MissingConfiguredIDs are those it lacks.
	ConfiguredIDsChecked bool               `json:"configuredIdsChecked"`
	MissingConfiguredIDs []config.DiscordID `json:"missingConfiguredIds,omitempty"`
}

// Stopped tells whether the bot stopped for a reason an operator must fix.
func (h Health) Stopped() bool { return h.Status == "stopped" }

// Health reports the bot's state.
func (b *Bot) Health() Health {
	leader := b.Leading()
	b.health.mu.Lock()
	defer b.health.mu.Unlock()
	h := Health{Leader: leader, Gateway: b.health.gateway, StopReason: b.health.stopReason,
		LastCloseCode: b.health.closeCode, AuthRefused: b.health.authRefused != "", AuthError: b.health.authRefused,
		ConfiguredIDsChecked: b.health.checkedIDs, MissingConfiguredIDs: slices.Clone(b.health.missing)}
	if !b.health.budgetUntil.IsZero() {
		until := b.health.budgetUntil
		h.IdentifyBudgetWaitUntil = &until
	}
	if h.Gateway == "" || (!leader && h.Gateway != gatewayStopped) {
		h.Gateway = gatewayStandby
	}
	switch {
	case h.Gateway == gatewayStopped:
		h.Status = "stopped"
	case len(h.MissingConfiguredIDs) > 0 || h.IdentifyBudgetWaitUntil != nil:
		h.Status = "degraded"
	default:
		h.Status = "ok"
	}
	return h
}

// haltChan is closed once the bot must stop connecting to Discord.
func (b *Bot) haltChan() chan struct{} {
	b.health.mu.Lock()
	defer b.health.mu.Unlock()
	if b.health.halt == nil {
		b.health.halt = make(chan struct{})
	}
	return b.health.halt
}

// halted tells whether the bot stopped connecting for good.
func (b *Bot) halted() bool {
	select {
	case <-b.haltChan():
		return true
	default:
		return false
	}
}

// stopGateway stops the bot connecting to Discord until it restarts, for a reason an
// operator must fix; the gateway loop closes the session.
func (b *Bot) stopGateway(reason string) {
	b.health.mu.Lock()
	b.markStopped(reason)
	b.health.mu.Unlock()
	b.halt()
}

// markStopped records the stop; the caller holds health.mu, so what health reports never
// shows half of a stop.
func (b *Bot) markStopped(reason string) {
	b.health.gateway = gatewayStopped
	if b.health.stopReason == "" {
		b.health.stopReason = reason
	}
}

func (b *Bot) halt() {
	halt := b.haltChan()
	b.metrics.gatewayStopped.Set(1)
	b.health.haltOnce.Do(func() { close(halt) })
}

// authRefused stops the bot delivering and connecting: Discord refused its token, and
// every further attempt would only count against the token.
func (b *Bot) authRefused(cause error) {
	b.health.mu.Lock()
	first := b.health.authRefused == ""
	b.health.authRefused = cause.Error()
	b.markStopped("Discord refused the bot token: set a valid discord.botToken (ZOCALO_DISCORD_BOT_TOKEN) and restart the bot")
	b.metrics.authRefused.Set(1)
	b.health.mu.Unlock()
	if first {
		b.log.Error("Discord refused the bot token: the bot stops delivering and connecting. "+
			"Set a valid discord.botToken (ZOCALO_DISCORD_BOT_TOKEN) and restart the bot", "error", cause)
	}
	b.halt()
}

// AuthRefused tells why Discord refused the bot's token, or "" when it has not.
func (b *Bot) AuthRefused() string {
	b.health.mu.Lock()
	defer b.health.mu.Unlock()
	return b.health.authRefused
}

func (b *Bot) setGatewayState(state string, closeCode int) {
	b.health.mu.Lock()
	defer b.health.mu.Unlock()
	if b.health.gateway == gatewayStopped {
		return // a stop lasts until the process restarts
	}
	b.health.gateway = state
	if closeCode != 0 {
		b.health.closeCode = closeCode
	}
}

func (b *Bot) setBudgetWait(until time.Time) {
	b.health.mu.Lock()
	defer b.health.mu.Unlock()
	b.health.budgetUntil = until
}
