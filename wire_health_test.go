package main

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"zocalo/internal/discordfake"
	"zocalo/internal/testenv"
)

// A bot run alone answers /healthz with its state, 503 once it stopped for a reason an
// operator must fix; in `all`, the same detail is at /bot/healthz and /readyz stays
// ready, so a Discord failure never takes the portal out of the proxy's rotation.
func TestBotHealthIsServedAndNeverFailsTheReadiness(t *testing.T) {
	fake := discordfake.New(discordfake.Options{ClientID: testenv.ClientID, GuildID: testenv.GuildID,
		BotToken: "a-token-reset-in-the-developer-portal"})
	fakeSrv := httptest.NewServer(fake.Handler())
	defer fakeSrv.Close()
	fake.SetGatewayURL("ws" + strings.TrimPrefix(fakeSrv.URL, "http") + "/gateway")

	for _, cmd := range []string{"bot", "all"} {
		t.Run(cmd, func(t *testing.T) {
			base := startCommand(t, cmd, fakeSrv.URL)
			healthPath := "/healthz"
			if cmd == "all" {
				healthPath = "/bot/healthz"
			}
			var detail struct {
				Status      string `json:"status"`
				Gateway     string `json:"gateway"`
				AuthRefused bool   `json:"authRefused"`
				StopReason  string `json:"stopReason"`
				Leader      bool   `json:"leader"`
			}
			waitFor(t, "the bot reports the refused token", func() bool {
				code, body := get(t, base+healthPath, "")
				return code == http.StatusServiceUnavailable && json.Unmarshal(body, &detail) == nil && detail.AuthRefused
			})
			if detail.Status != "stopped" || detail.Gateway != "stopped" || !detail.Leader ||
				!strings.Contains(detail.StopReason, "ZOCALO_DISCORD_BOT_TOKEN") {
				t.Fatalf("detail %+v", detail)
			}
			if cmd == "all" {
				if code, body := get(t, base+"/readyz", ""); code != http.StatusOK {
					t.Fatalf("/readyz %d %s with the bot stopped", code, body)
				}
				if code, body := get(t, base+"/healthz", ""); code != http.StatusOK {
					t.Fatalf("/healthz %d %s", code, body)
				}
			}
			if code, body := get(t, base+"/metrics", ""); code != http.StatusOK || !strings.Contains(string(body), "zocalo_bot_auth_refused 1") {
				t.Fatalf("/metrics %d without zocalo_bot_auth_refused 1", code)
			}
		})
	}
}

// startCommand runs `zocalo CMD` against the fake Discord on a free port until the test
// ends, and returns its base URL once it answers.
func startCommand(t *testing.T, cmd, discordBase string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	base := "http://" + addr
	for k, v := range testenv.Env(base, discordBase, map[string]string{"ZOCALO_HTTP_ADDR": addr,
		"ZOCALO_DATA_DIR": t.TempDir(), "ZOCALO_LOG_LEVEL": "error"}) {
		t.Setenv(k, v)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, cmd, nil, "") }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil && !errors.Is(err, context.Canceled) {
				t.Errorf("zocalo %s: %v", cmd, err)
			}
		case <-time.After(30 * time.Second):
			t.Errorf("zocalo %s did not stop", cmd)
		}
	})
	waitFor(t, "zocalo "+cmd+" answers", func() bool {
		res, err := http.Get(base + "/metrics")
		if err == nil {
			_ = res.Body.Close()
		}
		return err == nil
	})
	return base
}
