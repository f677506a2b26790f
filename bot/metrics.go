package bot

import (
	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
)

// The queues of gateway work, as eventsDropped names them.
const (
	queueMembers  = "members"  // the role sync's: member, member list and role events
	queueMessages = "messages" // the messages people post, for the tickets' threads
)

type metrics struct {
	connected      prometheus.Gauge
	events         *prometheus.CounterVec
	pending        prometheus.Gauge
	oldest         prometheus.Gauge
	blocked        prometheus.Gauge
	failed         prometheus.Gauge
	relayFailures  *prometheus.CounterVec
	commandLatency *prometheus.HistogramVec
	reconciles     prometheus.Counter
	// eventsDropped counts gateway events a full queue could not take, by queue.
	eventsDropped *prometheus.CounterVec
	// autocompleteLate counts autocompletes answered with no choices because the lookup
	// outlasted its budget.
	autocompleteLate *prometheus.CounterVec

	authRefused           prometheus.Gauge
	gatewayStopped        prometheus.Gauge
	gatewayCloses         *prometheus.CounterVec
	reconnects            *prometheus.CounterVec
	identifies            prometheus.Counter
	identifiesInWindow    prometheus.Gauge
	identifyBudgetWaiting prometheus.Gauge
	missingIDs            *prometheus.GaugeVec
}

func newMetrics(reg prometheus.Registerer) *metrics {
	m := &metrics{
		connected: prometheus.NewGauge(prometheus.GaugeOpts{Name: "zocalo_bot_gateway_connected",
			Help: "1 while the bot's gateway connection is up."}),
		events: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "zocalo_bot_gateway_events_total",
			Help: "Gateway events handled, by type."}, []string{"type"}),
		pending: prometheus.NewGauge(prometheus.GaugeOpts{Name: "zocalo_outbox_pending",
			Help: "Outbox events waiting for delivery."}),
		oldest: prometheus.NewGauge(prometheus.GaugeOpts{Name: "zocalo_outbox_oldest_pending_seconds",
			Help: "Age of the oldest undelivered outbox event."}),
		blocked: prometheus.NewGauge(prometheus.GaugeOpts{Name: "zocalo_outbox_blocked",
			Help: "Outbox events Discord refused for a reason an operator can fix (a permission, a deleted channel)."}),
		failed: prometheus.NewGauge(prometheus.GaugeOpts{Name: "zocalo_outbox_failed",
			Help: "Outbox events Discord will never accept as they are, set aside."}),
		relayFailures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "zocalo_relay_failures_total",
			Help: "Failed outbox deliveries, by event kind."}, []string{"kind"}),
		commandLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "zocalo_bot_command_duration_seconds",
			Help: "Slash command latency, by command.", Buckets: []float64{.05, .1, .25, .5, 1, 2, 3, 5, 10}}, []string{"command"}),
		reconciles: prometheus.NewCounter(prometheus.CounterOpts{Name: "zocalo_bot_role_reconciles_total",
			Help: "Completed full role reconciles."}),
		eventsDropped: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "zocalo_bot_gateway_events_dropped_total",
			Help: "Gateway events a full queue could not take, by queue (members, messages); what they said is read again from Discord."},
			[]string{"queue"}),
		autocompleteLate: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "zocalo_bot_autocomplete_late_total",
			Help: "Autocompletes answered with no choices because the lookup outlasted its budget, by command."}, []string{"command"}),

		authRefused: prometheus.NewGauge(prometheus.GaugeOpts{Name: "zocalo_bot_auth_refused",
			Help: "1 once Discord refused the bot token: the bot stopped delivering and connecting until restarted with a valid one."}),
		gatewayStopped: prometheus.NewGauge(prometheus.GaugeOpts{Name: "zocalo_bot_gateway_stopped",
			Help: "1 once the bot stopped connecting for a reason an operator must fix (see the log or /healthz)."}),
		gatewayCloses: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "zocalo_bot_gateway_closes_total",
			Help: "Gateway sockets Discord closed, by close code."}, []string{"code"}),
		reconnects: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "zocalo_bot_gateway_reconnects_total",
			Help: "Gateway sockets the bot replaced, by why the last one ended (heartbeat_ack_missed, reconnect_requested, invalid_session, ready_timeout, closed, dial_failed, protocol_failure)."}, []string{"reason"}),
		identifies: prometheus.NewCounter(prometheus.CounterOpts{Name: "zocalo_bot_gateway_identifies_total",
			Help: "Gateway IDENTIFYs this process sent."}),
		identifiesInWindow: prometheus.NewGauge(prometheus.GaugeOpts{Name: "zocalo_bot_gateway_identifies_24h",
			Help: "Gateway IDENTIFYs sent with the token in the last 24 hours, as of the last connection."}),
		identifyBudgetWaiting: prometheus.NewGauge(prometheus.GaugeOpts{Name: "zocalo_bot_gateway_identify_budget_waiting",
			Help: "1 while the bot waits because its daily identify budget is spent."}),
		missingIDs: prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "zocalo_bot_configured_id_missing",
			Help: "1 for each configured role or channel id the guild lacks, by configuration key."}, []string{"key"}),
	}
	reg.MustRegister(m.connected, m.events, m.pending, m.oldest, m.blocked, m.failed, m.relayFailures, m.commandLatency, m.reconciles,
		m.eventsDropped, m.autocompleteLate, m.authRefused, m.gatewayStopped, m.gatewayCloses, m.reconnects, m.identifies,
		m.identifiesInWindow, m.identifyBudgetWaiting, m.missingIDs)
	return m
}

func (b *Bot) currentSession() *discordgo.Session {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.session
}

// currentGateway is the gateway client of this leadership, nil while standing by.
func (b *Bot) currentGateway() *gatewayClient {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.gateway
}
