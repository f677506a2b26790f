package bot

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"zocalo/core/authz"
	"zocalo/internal/config"
	"zocalo/internal/testdb"
)

// Configured role and channel ids the guild lacks are reported at start: in the health
// detail, with their configuration keys, and in a metric.
func TestMissingConfiguredIDsAreReported(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.addConfiguredChannels()
	cfg := *r.cfg
	cfg.Roles = maps.Clone(r.cfg.Roles)
	cfg.Roles[authz.Auditor] = "720000000000000099"
	cfg.Channels.Contact = "710000000000000099"
	b := r.newBot()
	b.deps.Config = &cfg
	r.start(b, true)
	r.eventually("the check ran", func() bool { return b.Health().ConfiguredIDsChecked })
	h := b.Health()
	want := []config.DiscordID{
		{Kind: "role", Key: "roles.AUDITOR", Env: "ZOCALO_ROLE_AUDITOR", ID: "720000000000000099"},
		{Kind: "channel", Key: "channels.contact", Env: "ZOCALO_CHANNEL_CONTACT", ID: "710000000000000099"},
	}
	if !slices.Equal(h.MissingConfiguredIDs, want) || h.Status != "degraded" || h.Gateway != gatewayConnected {
		t.Fatalf("health %+v", h)
	}
	if got := gathered(t, b, "zocalo_bot_configured_id_missing"); !maps.Equal(got, map[string]float64{"key=roles.AUDITOR": 1, "key=channels.contact": 1}) {
		t.Fatalf("zocalo_bot_configured_id_missing %v", got)
	}
	detail, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	_ = json.Unmarshal(detail, &back)
	if back["status"] != "degraded" || back["gateway"] != "connected" || back["leader"] != true {
		t.Fatalf("detail %s", detail)
	}
}

// With every configured id in the guild, nothing is reported.
func TestConfiguredIDsAllPresent(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	r.addConfiguredChannels()
	b := r.newBot()
	r.start(b, true)
	r.eventually("the check ran", func() bool { return b.Health().ConfiguredIDsChecked })
	if h := b.Health(); len(h.MissingConfiguredIDs) != 0 || h.Status != "ok" {
		t.Fatalf("health %+v", h)
	}
	if got := gathered(t, b, "zocalo_bot_configured_id_missing"); len(got) != 0 {
		t.Fatalf("zocalo_bot_configured_id_missing %v", got)
	}
}

// addConfiguredChannels gives the fake guild every channel the rig's configuration names.
func (r *rig) addConfiguredChannels() {
	for _, id := range r.cfg.DiscordIDs() {
		if id.Kind == "channel" {
			r.fake.AddChannel(id.ID, id.Key)
		}
	}
}

// gathered reads a metric family from the bot's registry: its value per label set
// ("" without labels; "key=value" with one label).
func gathered(t *testing.T, b *Bot, name string) map[string]float64 {
	t.Helper()
	families, err := b.deps.Metrics.(prometheus.Gatherer).Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
		for _, m := range f.GetMetric() {
			var labels []string
			for _, l := range m.GetLabel() {
				labels = append(labels, l.GetName()+"="+l.GetValue())
			}
			out[strings.Join(labels, ",")] = m.GetGauge().GetValue() + m.GetCounter().GetValue()
		}
	}
	return out
}
