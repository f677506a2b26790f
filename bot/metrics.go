package bot

import (
	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
)

type metrics struct {
	connected      prometheus.Gauge
	events         *prometheus.CounterVec
	pending        prometheus.Gauge
	oldest         prometheus.Gauge
	relayFailures  *prometheus.CounterVec
	commandLatency *prometheus.HistogramVec
	reconciles     prometheus.Counter
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
		relayFailures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "zocalo_relay_failures_total",
			Help: "Failed outbox deliveries, by event kind."}, []string{"kind"}),
		commandLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "zocalo_bot_command_duration_seconds",
			Help: "Slash command latency, by command.", Buckets: []float64{.05, .1, .25, .5, 1, 2, 3, 5, 10}}, []string{"command"}),
		reconciles: prometheus.NewCounter(prometheus.CounterOpts{Name: "zocalo_bot_role_reconciles_total",
			Help: "Completed full role reconciles."}),
	}
	reg.MustRegister(m.connected, m.events, m.pending, m.oldest, m.relayFailures, m.commandLatency, m.reconciles)
	return m
}

func (b *Bot) currentSession() *discordgo.Session {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.session
}
