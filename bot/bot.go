// Package bot is Zócalo's Discord side: it keeps the members table in step with the
// guild's roles, delivers the outbox to Discord, answers slash commands and runs the
// scheduled jobs. Only one bot is active at a time: the others wait on a leader lock.
package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"

	"zocalo/core"
	"zocalo/core/outbox"
	"zocalo/core/staff"
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
}

// Timing holds the bot's intervals; tests shorten them.
type Timing struct {
	LeaderPoll    time.Duration // how often a waiting bot tries the leader lock
	RelayInterval time.Duration // how often the relay looks for due events
	RetryBase     time.Duration // first retry delay after a failed delivery
	RetryMax      time.Duration // longest retry delay
	DeferAfter    time.Duration // a command slower than this is deferred
	ChunkTimeout  time.Duration // a member request unanswered this long is asked again
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
	if t.DeferAfter == 0 {
		t.DeferAfter = 2 * time.Second
	}
	if t.ChunkTimeout == 0 {
		t.ChunkTimeout = time.Minute
	}
}

// Bot is the Discord bot.
type Bot struct {
	deps     Deps
	log      *slog.Logger
	metrics  *metrics
	commands map[string]*Command
	kinds    map[string]Deliverer
	jobs     []Job
	sync     *roleSync
	health   health

	mu      sync.Mutex
	session *discordgo.Session
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
		deps:     deps,
		log:      deps.Logger.With("component", "bot"),
		metrics:  newMetrics(deps.Metrics),
		commands: map[string]*Command{},
		kinds:    map[string]Deliverer{},
		wake:     make(chan struct{}, 1),
	}
	b.sync = newRoleSync(b)
	b.registerBuiltins()
	return b, nil
}

// registerBuiltins adds what the bot does before any feature adds its own.
func (b *Bot) registerBuiltins() {
	b.AddCommand(perfilCommand(b))
	b.AddCommand(turnoCommand(b))
	b.AddCommand(antecedentesCommand(b))
	b.AddDeliverer(outbox.KindChannelMessage, deliverChannelMessage)
	b.AddDeliverer(outbox.KindMessageEdit, b.deliverMessageEdit)
	b.AddDeliverer(outbox.KindMessageDelete, b.deliverMessageDelete)
	b.registerTickets()
	b.AddDeliverer(staff.KindRemoveRoles, b.deliverRemoveRoles)
	b.AddJob(Job{Name: "weekly-staff-report", Spec: "0 0 * * 1", Run: func(ctx context.Context) error {
		_, err := b.deps.App.Staff.WriteWeeklyReport(ctx, b.deps.Config.Staff.WeeklyQuota.Duration)
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
	b.AddJob(Job{Name: "role-reconcile", Spec: "@hourly", Run: b.sync.requestAll})
	b.AddJob(Job{Name: "prune-sessions", Spec: "30 4 * * *", Run: func(ctx context.Context) error {
		n, err := b.deps.App.Auth.PruneSessions(ctx)
		if err == nil && n > 0 {
			b.log.Info("expired sessions pruned", "count", n)
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

// lead connects and works until ctx ends or the lock is lost.
func (b *Bot) lead(ctx context.Context, lost <-chan struct{}) error {
	s, err := b.connectWithRetry(ctx, lost)
	if s == nil {
		return err
	}
	b.mu.Lock()
	b.session = s
	b.mu.Unlock()
	defer func() {
		_ = s.Close()
		b.metrics.connected.Set(0)
		b.mu.Lock()
		b.session = nil
		b.mu.Unlock()
	}()
	workCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	wg.Add(5)
	go func() { defer wg.Done(); b.listenOutbox(workCtx) }()
	go func() { defer wg.Done(); b.keepRegistering(workCtx, s) }()
	go func() { defer wg.Done(); b.sync.run(workCtx) }()
	go func() { defer wg.Done(); b.relay(workCtx, s) }()
	go func() { defer wg.Done(); b.schedule(workCtx) }()
	select {
	case <-ctx.Done():
	case <-lost:
	}
	cancel()
	wg.Wait()
	return nil
}

// connectWithRetry keeps trying while Discord is unreachable; it gives up only when ctx
// ends or the lock is lost (then it returns no session and no error).
func (b *Bot) connectWithRetry(ctx context.Context, lost <-chan struct{}) (*discordgo.Session, error) {
	wait := b.deps.Timing.RetryBase
	for {
		s, err := b.connect()
		if err == nil {
			return s, nil
		}
		b.log.Error("cannot connect to Discord, will retry", "error", err, "retry_in", wait)
		select {
		case <-ctx.Done():
			return nil, nil
		case <-lost:
			return nil, nil
		case <-time.After(wait):
		}
		wait = min(wait*2, time.Minute)
	}
}

// connect opens the gateway with the bot's intents and handlers.
func (b *Bot) connect() (*discordgo.Session, error) {
	s, err := discordgo.New("Bot " + b.deps.Token)
	if err != nil {
		return nil, err
	}
	if b.deps.Transport != nil {
		s.Client = &http.Client{Timeout: 20 * time.Second, Transport: b.deps.Transport}
	} else {
		s.Client = &http.Client{Timeout: 20 * time.Second}
	}
	s.Identify.Intents = Intents
	s.StateEnabled = false
	// Handlers run in the order events arrive; the slow ones hand off to workers.
	s.SyncEvents = true
	s.ShouldReconnectOnError = true
	s.LogLevel = discordgo.LogError
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Connect) { b.metrics.connected.Set(1) })
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Disconnect) { b.metrics.connected.Set(0) })
	s.AddHandler(func(_ *discordgo.Session, e *discordgo.Event) { b.metrics.events.WithLabelValues(e.Type).Inc() })
	for _, h := range b.eventHandlers() {
		s.AddHandler(h)
	}
	if err := s.Open(); err != nil {
		return nil, fmt.Errorf("connect to the Discord gateway: %w", err)
	}
	b.log.Info("connected to Discord", "guild", b.deps.Config.Discord.GuildID)
	return s, nil
}

// eventHandlers are the handlers of the gateway events the bot acts on, in the order
// they are added. Each one writes, or hands work to something that writes.
func (b *Bot) eventHandlers() []any {
	return []any{b.sync.onGuildCreate, b.sync.onChunk, b.sync.onMemberAdd, b.sync.onMemberUpdate,
		b.sync.onMemberRemove, b.sync.onRoleCreate, b.sync.onRoleUpdate, b.sync.onRoleDelete,
		b.onInteraction, b.onMessage}
}

// Wake asks the relay to look for new events now.
func (b *Bot) Wake() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}
