package webapi

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
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

// One missing permission blocked a thousand members' verifications: the list groups them
// by lane and cause, and one retry of the group sends them all back, once.
func TestOperatorsRetryABlockedGroup(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addUser("rh", "560000000000000005", true, authz.RH)
		e.addUser("moderador", "560000000000000003", true, authz.Moderador)
		rh, moderador := e.signIn("rh"), e.signIn("moderador")
		missing := "Discord: Missing Permissions (50013)"
		now := time.Now().UTC()
		testenv.SeedLanes(t, d, testenv.Lanes{N: 1000, Prefix: "verify:", FirstMember: 600000000000000000, Kind: "member.verify",
			Status: outbox.StatusBlocked, Reason: missing, Attempts: 2, Next: now.Add(time.Hour), Created: now})

		var list struct {
			BlockedGroups []outbox.BlockedGroup
		}
		if code := e.call("GET", "/api/admin/deliveries?state=failed", rh, nil, &list); code != 200 || len(list.BlockedGroups) != 1 {
			t.Fatalf("list: %d %+v", code, list)
		}
		g := list.BlockedGroups[0]
		if g.Lane != "verify" || g.LaneName != "verificación" || g.Reason != missing || g.Cause != "Missing Permissions" || g.Count != 1000 {
			t.Fatalf("the group reads %+v", g)
		}

		group := func(lane, reason string) io.Reader {
			return body(map[string]string{"lane": lane, "reason": reason})
		}
		if code := e.call("POST", "/api/admin/deliveries/retry-group", moderador, group("verify", missing), nil); code != 403 {
			t.Errorf("a moderator retried a group: %d", code)
		}
		badGroup := "Indica el grupo de entregas bloqueadas como lo da la lista: su carril (lane) y su motivo (reason)."
		for _, c := range []struct {
			body    io.Reader
			message string
		}{
			{strings.NewReader(`{"lane":"verify"}`), badGroup},
			{strings.NewReader(`{"reason":"x"}`), badGroup},
			{group(strings.Repeat("1", 33), missing), badGroup},
			{strings.NewReader(`{"lane":`), "La solicitud no tiene un formato válido."},
		} {
			var got messageBody
			if code := e.call("POST", "/api/admin/deliveries/retry-group", rh, c.body, &got); code != 400 || got.Message != c.message {
				t.Errorf("a bad group: %d %q, want 400 %q", code, got.Message, c.message)
			}
		}
		testenv.ExpectCount(t, "events moved by refusals", testenv.CountRows(t, d, "outbox_events", "status = ?", outbox.StatusPending), 0)

		var retried struct {
			Message string
			Retried int
		}
		if code := e.call("POST", "/api/admin/deliveries/retry-group", rh, group(g.Lane, g.Reason), &retried); code != 200 ||
			retried.Retried != 1000 || retried.Message != "Se intentarán de nuevo 1000 entregas." {
			t.Fatalf("the group's retry: %d %+v", code, retried)
		}
		if code := e.call("POST", "/api/admin/deliveries/retry-group", rh, group(g.Lane, g.Reason), &retried); code != 200 ||
			retried.Retried != 0 || retried.Message != "Ese grupo ya no tiene entregas bloqueadas: se reintentaron o cambiaron mientras tanto." {
			t.Fatalf("a repeat: %d %+v", code, retried)
		}
		testenv.ExpectCount(t, "group audits", testenv.Audits(t, d, outbox.ActionRetryGroup, "verify"), 1)
		if code := e.call("GET", "/api/admin/deliveries", rh, nil, &list); code != 200 || len(list.BlockedGroups) != 0 {
			t.Fatalf("groups after the retry: %d %+v", code, list.BlockedGroups)
		}
	})
}
