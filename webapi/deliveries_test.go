package webapi

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
)

type deliveryList struct {
	Deliveries []outbox.Delivery
	Total      int64
	Counts     map[string]int64
}

func TestOperatorsSeeAndFixDeliveries(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addUser("rh", "560000000000000005", true, authz.RH)
		e.addUser("moderador", "560000000000000003", true, authz.Moderador)
		rh, moderador := e.signIn("rh"), e.signIn("moderador")
		ctx := t.Context()
		contactChannel := e.cfg.Channels.Contact
		stuck := func(channel, title, status, reason string) uint64 {
			ev, err := e.app.Outbox.Enqueue(ctx, outbox.KindChannelMessage, channel, outbox.ChannelMessage{Embeds: []outbox.Embed{{Title: title}}})
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Conn(ctx).Model(&outbox.Event{}).Where("id = ?", ev.ID).
				Updates(map[string]any{"status": status, "last_error": reason, "attempts": 3}).Error; err != nil {
				t.Fatal(err)
			}
			return ev.ID
		}
		blocked := stuck(contactChannel, "Contacto: Ayuda", outbox.StatusBlocked, "Discord: Missing Permissions (50013)")
		failed := stuck("123", "Rechazada", outbox.StatusFailed, "Discord: Invalid Form Body (50035)")
		delivered := stuck(contactChannel, "Entregada", outbox.StatusDelivered, "")

		var list deliveryList
		if code := e.call("GET", "/api/admin/deliveries", rh, nil, &list); code != 200 || list.Total != 2 || len(list.Deliveries) != 2 {
			t.Fatalf("list: %d %+v", code, list)
		}
		first := list.Deliveries[0]
		if first.ID != blocked || first.ChannelName != "Contacto" || first.Summary != "Contacto: Ayuda" ||
			first.Reason != "Discord: Missing Permissions (50013)" || first.Status != outbox.StatusBlocked || first.Attempts != 3 {
			t.Errorf("the blocked delivery reads %+v", first)
		}
		if list.Counts["blocked"] != 1 || list.Counts["failed"] != 1 {
			t.Errorf("counts %v", list.Counts)
		}
		if code := e.call("GET", "/api/admin/deliveries?state=failed", rh, nil, &list); code != 200 || len(list.Deliveries) != 1 || list.Deliveries[0].ID != failed {
			t.Fatalf("failed filter: %d %+v", code, list)
		}
		var msg messageBody
		for _, q := range []string{"?state=delivered", "?state=x", "?limit=0", "?page=abc"} {
			if code := e.call("GET", "/api/admin/deliveries"+q, rh, nil, &msg); code != 400 || msg.Message == "" {
				t.Errorf("%s: %d %q", q, code, msg.Message)
			}
		}
		if code := e.call("GET", "/api/admin/deliveries", moderador, nil, nil); code != 403 {
			t.Errorf("a moderator listed deliveries: %d", code)
		}
		if code := e.call("POST", fmt.Sprintf("/api/admin/deliveries/%d/retry", blocked), moderador, nil, nil); code != 403 {
			t.Errorf("a moderator retried: %d", code)
		}

		var acted struct {
			Message  string
			Delivery outbox.Delivery
		}
		if code := e.call("POST", fmt.Sprintf("/api/admin/deliveries/%d/retry", blocked), rh, body(map[string]string{"expectedStatus": "blocked"}), &acted); code != 200 ||
			acted.Delivery.Status != outbox.StatusPending || acted.Message != "La entrega se intentará de nuevo ahora." {
			t.Fatalf("retry: %d %+v", code, acted)
		}
		var entry audit.Entry
		if err := d.Conn(ctx).Where("area = ? AND action = ? AND entity_id = ?", "deliveries", "retry", fmt.Sprint(blocked)).Take(&entry).Error; err != nil ||
			entry.ActorID != "560000000000000005" || entry.ActorName != "rh" {
			t.Fatalf("retry audit %+v: %v", entry, err)
		}
		// Without a body it acts on whatever the delivery is.
		if code := e.call("POST", fmt.Sprintf("/api/admin/deliveries/%d/discard", failed), rh, nil, &acted); code != 200 || acted.Delivery.Status != outbox.StatusDiscarded {
			t.Fatalf("discard: %d %+v", code, acted)
		}

		for _, c := range []struct {
			path, body string
			code       int
			message    string
		}{
			{fmt.Sprintf("/api/admin/deliveries/%d/discard", delivered), "", 409, "Esa entrega ya llegó a Discord."},
			{fmt.Sprintf("/api/admin/deliveries/%d/retry", failed), "", 409, "Esa entrega fue descartada."},
			{fmt.Sprintf("/api/admin/deliveries/%d/discard", blocked), `{"expectedStatus":"blocked"}`, 409,
				"Esa entrega cambió mientras tanto (ahora: Pendiente). Vuelve a cargar la lista."},
			{fmt.Sprintf("/api/admin/deliveries/%d/retry", blocked), `{"expectedStatus":"roto"}`, 400, "El estado esperado no es válido."},
			{fmt.Sprintf("/api/admin/deliveries/%d/retry", blocked), `{"expectedStatus":`, 400, "La solicitud no tiene un formato válido."},
			{"/api/admin/deliveries/999999/retry", "", 404, "No existe lo que buscas."},
			{"/api/admin/deliveries/abc/discard", "", 404, "No existe lo que buscas."},
		} {
			var rd io.Reader
			if c.body != "" {
				rd = strings.NewReader(c.body)
			}
			var got messageBody
			if code := e.call("POST", c.path, rh, rd, &got); code != c.code || got.Message != c.message {
				t.Errorf("%s %s: %d %q, want %d %q", c.path, c.body, code, got.Message, c.code, c.message)
			}
		}
		if got, _ := e.app.Outbox.Get(ctx, delivered); got.Status != outbox.StatusDelivered {
			t.Errorf("a refused discard changed a delivered event to %s", got.Status)
		}

		again := stuck("456", "Otra", outbox.StatusBlocked, "Discord: Unknown Channel (10003)")
		var all struct {
			Message string
			Retried int
		}
		if code := e.call("POST", "/api/admin/deliveries/retry-all", rh, nil, &all); code != 200 || all.Retried != 1 || all.Message != "Se intentará de nuevo 1 entrega." {
			t.Fatalf("retry all: %d %+v", code, all)
		}
		if got, _ := e.app.Outbox.Get(ctx, again); got.Status != outbox.StatusPending {
			t.Errorf("retry all left %s", got.Status)
		}
		if code := e.call("POST", "/api/admin/deliveries/retry-all", rh, nil, &all); code != 200 || all.Retried != 0 || all.Message != "No hay entregas bloqueadas ni fallidas." {
			t.Fatalf("retry all with nothing stuck: %d %+v", code, all)
		}
	})
}
