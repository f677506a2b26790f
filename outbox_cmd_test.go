package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

func TestOutboxCommand(t *testing.T) {
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		clock := testenv.NewClock(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC))
		store := outbox.NewStore(d, clock.Now)
		names := map[string]string{"710000000000000002": "Contacto"}
		stuck := func(channel, title, status, reason string) uint64 {
			ev, err := store.Enqueue(ctx, outbox.KindChannelMessage, channel, outbox.ChannelMessage{Embeds: []outbox.Embed{{Title: title}}})
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Conn(ctx).Model(&outbox.Event{}).Where("id = ?", ev.ID).
				Updates(map[string]any{"status": status, "last_error": reason, "attempts": 2, "next_attempt_at": clock.Now().Add(time.Hour)}).Error; err != nil {
				t.Fatal(err)
			}
			return ev.ID
		}
		run := func(args ...string) (string, error) {
			var out bytes.Buffer
			err := outboxCommand(ctx, store, names, args, &out)
			return out.String(), err
		}
		blocked := stuck("710000000000000002", "Contacto: Hola", outbox.StatusBlocked, "Discord: Missing Permissions (50013)\nmás detalle")
		failed := stuck("123", "Rechazada", outbox.StatusFailed, "Discord: Invalid Form Body (50035)")
		delivered := stuck("123", "Entregada", outbox.StatusDelivered, "")

		out, err := run("list")
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 4 || !strings.HasPrefix(lines[0], "ID") {
			t.Fatalf("list printed:\n%s", out)
		}
		for i, want := range [][]string{
			{fmt.Sprint(blocked), "Bloqueada", "Contacto", "channel.message", "2", "Discord: Missing Permissions (50013) más detalle", "Contacto: Hola"},
			{fmt.Sprint(failed), "Fallida", "123", "Discord: Invalid Form Body (50035)", "Rechazada"},
		} {
			for _, w := range want {
				if !strings.Contains(lines[i+1], w) {
					t.Errorf("row %d %q lacks %q", i+1, lines[i+1], w)
				}
			}
		}
		if !strings.Contains(lines[3], "2 en la lista. En total: 0 pendientes, 1 bloqueadas, 1 fallidas, 0 descartadas.") {
			t.Errorf("the footer reads %q", lines[3])
		}
		if out, err := run("list", "--state", "failed"); err != nil || strings.Contains(out, "Bloqueada") || !strings.Contains(out, "Fallida") {
			t.Fatalf("list --state failed: %v\n%s", err, out)
		}

		if out, err := run("retry", fmt.Sprint(blocked)); err != nil || out != fmt.Sprintf("Entrega %d: se intentará de nuevo ahora.\n", blocked) {
			t.Fatalf("retry: %v %q", err, out)
		}
		if out, err := run("discard", fmt.Sprint(failed)); err != nil || out != fmt.Sprintf("Entrega %d descartada: no se enviará a Discord.\n", failed) {
			t.Fatalf("discard: %v %q", err, out)
		}
		var entries []audit.Entry
		if err := d.Conn(ctx).Where("area = ?", audit.AreaDeliveries).Order("id").Find(&entries).Error; err != nil || len(entries) != 2 {
			t.Fatalf("audits %+v: %v", entries, err)
		}
		for _, e := range entries {
			if e.ActorName != "CLI" || e.ActorID != "" {
				t.Errorf("an entry by %q (%q), want the CLI", e.ActorName, e.ActorID)
			}
		}

		again := stuck("456", "Otra", outbox.StatusBlocked, "Discord: Unknown Channel (10003)")
		if out, err := run("retry", "--all"); err != nil || out != "Se intentará de nuevo 1 entrega.\n" {
			t.Fatalf("retry --all: %v %q", err, out)
		}
		if ev, _ := store.Get(ctx, again); ev.Status != outbox.StatusPending {
			t.Fatalf("retry --all left %s", ev.Status)
		}

		if out, err := run("groups"); err != nil || out != "No hay entregas bloqueadas.\n" {
			t.Fatalf("groups with nothing blocked: %v %q", err, out)
		}
		missing := "Discord: Missing Permissions (50013)"
		testenv.SeedLanes(t, d, testenv.Lanes{N: 30, Prefix: "verify:", FirstMember: 600000000000000000, Kind: "member.verify",
			Status: outbox.StatusBlocked, Reason: missing, Attempts: 1, Next: clock.Now().Add(time.Hour), Created: clock.Now()})
		out, err = run("groups")
		if lines := strings.Split(strings.TrimSpace(out), "\n"); err != nil || len(lines) != 3 ||
			!strings.Contains(lines[1], "30") || !strings.Contains(lines[1], "verify") || !strings.Contains(lines[1], "verificación") ||
			!strings.Contains(lines[1], missing) || !strings.Contains(lines[1], "2025-06-01 13:00") {
			t.Fatalf("groups: %v\n%s", err, out)
		}
		if out, err := run("retry", "--group", "verify", missing); err != nil || out != "Se intentarán de nuevo 30 entregas.\n" {
			t.Fatalf("retry --group: %v %q", err, out)
		}
		testenv.ExpectCount(t, "the group's audit entries", testenv.Audits(t, d, outbox.ActionRetryGroup, "verify"), 1)
		if _, err := run("retry", "--group", "", missing); err == nil || !strings.HasPrefix(err.Error(), "Indica el grupo") {
			t.Errorf("a group without a lane: %v", err)
		}

		// Refusals read as the portal's messages, and change nothing.
		if _, err := run("discard", fmt.Sprint(delivered)); err == nil || err.Error() != "Esa entrega ya llegó a Discord." {
			t.Errorf("discarding a delivered event: %v", err)
		}
		if _, err := run("retry", "999999"); err == nil || err.Error() != "No existe lo que buscas." {
			t.Errorf("retrying an unknown event: %v", err)
		}
		if _, err := run("list", "--state", "entregada"); err == nil || !strings.HasPrefix(err.Error(), "Filtro no válido") {
			t.Errorf("an unknown state: %v", err)
		}
		for _, args := range [][]string{nil, {"retry"}, {"retry", "x"}, {"discard"}, {"list", "extra"}, {"list", "--nope"}, {"purge"}, {"groups", "x"}, {"retry", "--group", "verify"}} {
			var usage errUsage
			if _, err := run(args...); !errors.As(err, &usage) {
				t.Errorf("%v: %v, want a usage error", args, err)
			}
		}
	})
}
