// Package bot is Zócalo's Discord side: it keeps the members table in step with the
// guild's roles, delivers the outbox to Discord, answers slash commands and runs the
// scheduled jobs. Only one bot is active at a time: the others wait on a leader lock.
package bot

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"zocalo/core"
	"zocalo/core/identifies"
	"zocalo/core/outbox"
	"zocalo/core/staff"
	"zocalo/core/verification"
	"zocalo/internal/config"
)

// Intents the bot identifies with: guilds, guild members (privileged, for role sync),
// guild messages and message content (privileged, for staff replies in ticket threads).
const Intents = discordgo.IntentsGuilds | discordgo.IntentsGuildMembers |
	discordgo.IntentsGuildMessages | discordgo.IntentMessageContent

// Deps are what the bot is built from.
type Deps struct {
	App    *core.App
	Config *config.Config
	// Token is the bot token ("Bot " is added).
	Token string
	// Transport carries REST calls; nil means Discord itself.
	Transport http.RoundTripper
	Metrics   prometheus.Registerer
	Logger    *slog.Logger
	Timing    Timing
	// IdentifyBudget is how many gateway identifies the bot allows itself in 24 hours;
	// 0 means Discord's 1,000 less a margin.
	IdentifyBudget int
	// GatewayTLS, when set, is the TLS configuration of a wss:// gateway (a test server's
	// roots); nil means the system's.
	GatewayTLS *tls.Config
}

// Timing holds the bot's intervals; tests shorten them.
type Timing struct {
	LeaderPoll    time.Duration // how often a waiting bot tries the leader lock
	RelayInterval time.Duration // how often the relay looks for due events
	RetryBase     time.Duration // first retry delay after a failed delivery
	RetryMax      time.Duration // longest retry delay
	// BlockedRetry is the first wait of an event Discord refused for a reason an operator can
	// fix; each further refusal in a row waits twice as long, up to BlockedRetryMax.
	BlockedRetry    time.Duration
	BlockedRetryMax time.Duration
	DeferAfter      time.Duration // a command slower than this is deferred
	ChunkTimeout    time.Duration // a member request unanswered this long is asked again
	// AutocompleteBudget is how long choices are looked for. Discord gives an autocomplete
	// 3 seconds in all, the answer's trip included, and no defer.
	AutocompleteBudget time.Duration
	// NonceWindow is how long Discord is trusted to remember a post's nonce (a few minutes,
	// by its docs); a retry after it looks for the event's marker in the channel first.
	NonceWindow time.Duration
	// ReadyTimeout is how long a new gateway socket may take from the dial to READY or
	// RESUMED before the bot drops it and connects again.
	ReadyTimeout time.Duration
}

func (t *Timing) fill() {
	if t.LeaderPoll == 0 {
		t.LeaderPoll = 2 * time.Second
	}
	if t.RelayInterval == 0 {
		t.RelayInterval = time.Second
	}
	if t.RetryBase == 0 {
		t.RetryBase = 2 * time.Second
	}
	if t.RetryMax == 0 {
		t.RetryMax = 5 * time.Minute
	}
	if t.BlockedRetry == 0 {
		t.BlockedRetry = outbox.BlockedRetryFirst
	}
	if t.BlockedRetryMax == 0 {
		t.BlockedRetryMax = outbox.BlockedRetryLongest
	}
	if t.DeferAfter == 0 {
		t.DeferAfter = 2 * time.Second
	}
	if t.AutocompleteBudget == 0 {
		t.AutocompleteBudget = 2 * time.Second
	}
	if t.ChunkTimeout == 0 {
		t.ChunkTimeout = time.Minute
	}
	if t.NonceWindow == 0 {
		t.NonceWindow = 4 * time.Minute
	}
	if t.ReadyTimeout == 0 {
		t.ReadyTimeout = 30 * time.Second
	}
}

// Bot is the Discord bot.
type Bot struct {
	deps     Deps
	log      *slog.Logger
	metrics  *metrics
	commands map[string]*Command
	// components and modals are keyed by their custom_id prefix.
	components map[string]*Component
	modals     map[string]*Component
	kinds      map[string]Deliverer
	jobs       []Job
	sync       *roleSync
	messages   *guildMessages
	health     health
	global     *globalLimit

	identifies     *identifies.Store
	tokenKey       string // the bot token's key in the identify count
	identifyBudget int

	// gatewayAfter is how the gateway client waits (heartbeats, its deadline, the pause
	// after op 9); tests drive it.
	gatewayAfter gatewayTimers

	mu      sync.Mutex
	session *discordgo.Session
	gateway *gatewayClient
	wake    chan struct{}
	leading bool
}

// New builds the bot with its built-in commands, event kinds and jobs.
func New(deps Deps) (*Bot, error) {
	if deps.Token == "" {
		return nil, errors.New("config discord.botToken (ZOCALO_DISCORD_BOT_TOKEN) is not set: the bot cannot connect to Discord")
	}
	if deps.Logger == nil {
		deps.Logger = slog.Default()
	}
	if deps.Metrics == nil {
		deps.Metrics = prometheus.NewRegistry()
	}
	deps.Timing.fill()
	b := &Bot{
		deps:       deps,
		log:        deps.Logger.With("component", "bot"),
		metrics:    newMetrics(deps.Metrics),
		commands:   map[string]*Command{},
		components: map[string]*Component{},
		modals:     map[string]*Component{},
		kinds:      map[string]Deliverer{},
		wake:       make(chan struct{}, 1),
		global:     &globalLimit{now: deps.App.Now},

		gatewayAfter: realTimers,

		identifies:     identifies.NewStore(deps.App.DB),
		tokenKey:       identifies.KeyOf(deps.Token),
		identifyBudget: deps.IdentifyBudget,
	}
	if b.identifyBudget <= 0 {
		b.identifyBudget = defaultIdentifyBudget
	}
	b.sync = newRoleSync(b)
	b.messages = newGuildMessages(b)
	b.registerBuiltins()
	return b, nil
}

// registerBuiltins adds what the bot does before any feature adds its own.
func (b *Bot) registerBuiltins() {
	b.AddCommand(perfilCommand(b))
	b.AddCommand(turnoCommand(b))
	b.AddCommand(ausenciaCommand(b))
	b.AddCommand(antecedentesCommand(b))
	b.AddCommand(verificarCommand(b))
	b.AddCommand(whoisCommand(b))
	b.AddDeliverer(outbox.KindChannelMessage, b.deliverChannelMessage)
	b.AddDeliverer(outbox.KindMessageEdit, b.deliverMessageEdit)
	b.AddDeliverer(outbox.KindMessageDelete, b.deliverMessageDelete)
	b.AddDeliverer(outbox.KindDM, b.deliverDM)
	b.registerTickets()
	b.registerLegislative()
	b.AddDeliverer(staff.KindRemoveRoles, b.deliverRemoveRoles)
	b.AddDeliverer(verification.KindApply, b.deliverVerification)
	b.AddJob(Job{Name: "weekly-staff-report", Spec: "0 0 * * 1", Run: func(ctx context.Context) error {
		_, err := b.deps.App.Staff.WriteWeeklyReport(ctx)
		return err
	}})
	b.AddJob(Job{Name: "close-votes", Spec: "@every 1m", Run: func(ctx context.Context) error {
		n, err := b.deps.App.Legislative.CloseDue(ctx)
		if n > 0 {
			b.log.Info("votes closed at their end date", "count", n)
		}
		return err
	}})
	b.AddJob(Job{Name: "shift-cap", Spec: "@every 10m", Run: func(ctx context.Context) error {
		n, err := b.deps.App.Shifts.CapOverdue(ctx)
		if n > 0 {
			b.log.Warn("shifts left open past the cap were closed for review", "count", n)
		}
		return err
	}})
	// Past weeks' shifts into each member's running total, so the staff pages read this
	// week's shifts and a total, not every shift ever recorded.
	b.AddJob(Job{Name: "fold-staff-time", Spec: "15 4 * * *", Run: func(ctx context.Context) error {
		n, err := b.deps.App.Shifts.FoldHistory(ctx)
		if n > 0 {
			b.log.Info("past shifts folded into running totals", "members", n)
		}
		return err
	}})
	b.AddJob(Job{Name: "verify-refresh", Spec: "@every 1m", Run: b.refreshVerification})
	b.AddJob(Job{Name: "role-reconcile", Spec: "@hourly", Run: b.sync.requestAll})
	b.AddJob(Job{Name: "prune-sessions", Spec: "30 4 * * *", Run: func(ctx context.Context) error {
		n, err := b.deps.App.Auth.PruneSessions(ctx)
		if err == nil && n > 0 {
			b.log.Info("expired sessions pruned", "count", n)
		}
		return err
	}})
	b.AddJob(Job{Name: "suppress-personal-data", Spec: "@every 10m", Run: func(ctx context.Context) error {
		n, err := b.deps.App.SuppressDue(ctx)
		if n > 0 {
			b.log.Info("blocked personal data suppressed at the end of its term", "members", n)
		}
		return err
	}})
	b.AddJob(Job{Name: "prune-idempotency-keys", Spec: "45 4 * * *", Run: func(ctx context.Context) error {
		n, err := b.deps.App.Idempotency.Prune(ctx)
		if err == nil && n > 0 {
			b.log.Info("expired idempotency keys pruned", "count", n)
		}
		return err
	}})
}

// Leading tells whether this bot holds the leader lock.
func (b *Bot) Leading() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.leading
}

// Run waits for the leader lock, then runs until ctx ends. A bot that loses the lock
// disconnects and waits for it again.
func (b *Bot) Run(ctx context.Context) error {
	for {
		b.log.Info("waiting for the leader lock")
		lead, err := b.deps.App.DB.AcquireLeader(ctx, "bot", b.deps.Timing.LeaderPoll)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("leader lock: %w", err)
		}
		b.setLeading(true)
		b.log.Info("leader lock held: this bot is active")
		err = b.lead(ctx, lead.Lost)
		b.setLeading(false)
		lead.Release()
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			return err
		}
		b.log.Warn("leader lock lost: standing by")
	}
}

func (b *Bot) setLeading(v bool) {
	b.mu.Lock()
	b.leading = v
	b.mu.Unlock()
}

// lead connects and works until ctx ends or the lock is lost. The workers start once
// the gateway first connects, or stops for a reason an operator must fix: the relay and
// the jobs do not need the gateway, and the relay itself holds back when the token was
// refused.
func (b *Bot) lead(ctx context.Context, lost <-chan struct{}) error {
	leadCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	s, gw, err := b.newSession(leadCtx)
	if err != nil {
		return err
	}
	go func() {
		select {
		case <-lost:
			cancel()
		case <-leadCtx.Done():
		}
	}()
	defer func() {
		b.metrics.connected.Set(0)
		b.setGatewayState(gatewayStandby, 0)
		b.mu.Lock()
		b.session, b.gateway = nil, nil
		b.mu.Unlock()
	}()
	b.mu.Lock()
	b.gateway = gw
	b.mu.Unlock()
	// Handlers may block on a full queue of their own: the leadership does not wait for them.
	go gw.events.run(leadCtx)
	started := make(chan struct{})
	gatewayDone := make(chan struct{})
	go func() {
		defer close(gatewayDone)
		b.keepConnected(leadCtx, gw, sync.OnceFunc(func() { close(started) }))
	}()
	defer func() { <-gatewayDone }()
	select {
	case <-started:
	case <-leadCtx.Done():
		return nil
	}
	b.mu.Lock()
	b.session = s
	b.mu.Unlock()
	// Registering commands is pointless, and counts against the token, once it is refused.
	registerCtx, stopRegistering := context.WithCancel(leadCtx)
	defer stopRegistering()
	go func() {
		select {
		case <-b.haltChan():
			if b.AuthRefused() != "" {
				stopRegistering()
			}
		case <-registerCtx.Done():
		}
	}()
	var wg sync.WaitGroup
	if b.AuthRefused() == "" {
		wg.Add(1)
		go func() { defer wg.Done(); b.keepRegistering(registerCtx, s) }()
	}
	wg.Add(5)
	go func() { defer wg.Done(); b.listenOutbox(leadCtx) }()
	go func() { defer wg.Done(); b.sync.run(leadCtx) }()
	go func() { defer wg.Done(); b.messages.run(leadCtx) }()
	go func() { defer wg.Done(); b.relay(leadCtx, s) }()
	go func() { defer wg.Done(); b.schedule(leadCtx) }()
	<-leadCtx.Done()
	wg.Wait()
	return nil
}

// eventHandlers are the handlers of the gateway events the bot acts on, in the order
// they are added. Each one writes, or hands work to something that writes.
func (b *Bot) eventHandlers() []any {
	return []any{b.sync.onGuildCreate, b.sync.onChunk, b.sync.onMemberAdd, b.sync.onMemberUpdate,
		b.sync.onMemberRemove, b.sync.onRoleCreate, b.sync.onRoleUpdate, b.sync.onRoleDelete,
		b.onInteraction, b.onMessage, b.checkConfiguredIDs}
}

// Wake asks the relay to look for new events now.
func (b *Bot) Wake() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}
