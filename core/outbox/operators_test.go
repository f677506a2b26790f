package outbox_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

var (
	admin  = outbox.ByAdmin(&authz.Actor{DiscordID: "700000000000000001", Username: "rh_ana", Roles: authz.RoleSet{authz.RH: true}})
	player = outbox.ByAdmin(&authz.Actor{DiscordID: "700000000000000002", Username: "jugador", Roles: authz.RoleSet{}})
	staff  = outbox.ByAdmin(&authz.Actor{DiscordID: "700000000000000003", Username: "mod", Roles: authz.RoleSet{authz.Moderador: true}})
)

type rig struct {
	d     *db.DB
	clock *testenv.Clock
	store *outbox.Store
}

func newRig(d *db.DB) rig {
	clock := testenv.NewClock(time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC))
	return rig{d: d, clock: clock, store: outbox.NewStore(d, clock.Now)}
}

// event queues a message in a channel and puts it in a status, with a reason.
func (r rig) event(t *testing.T, channel, title, status, reason string) *outbox.Event {
	t.Helper()
	ctx := context.Background()
	ev, err := r.store.Enqueue(ctx, outbox.KindChannelMessage, channel, outbox.ChannelMessage{Embeds: []outbox.Embed{{Title: title}}})
	if err != nil {
		t.Fatal(err)
	}
	next := r.clock.Now().Add(10 * time.Minute)
	if err := r.d.Conn(ctx).Model(&outbox.Event{}).Where("id = ?", ev.ID).Updates(map[string]any{
		"status": status, "last_error": reason, "attempts": 1, "next_attempt_at": next}).Error; err != nil {
		t.Fatal(err)
	}
	got, err := r.store.Get(ctx, ev.ID)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func (r rig) status(t *testing.T, id uint64) *outbox.Event {
	t.Helper()
	ev, err := r.store.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func (r rig) audits(t *testing.T, action string, id uint64) []audit.Entry {
	t.Helper()
	var entries []audit.Entry
	if err := r.d.Conn(context.Background()).Where("area = ? AND action = ? AND entity_id = ?", audit.AreaDeliveries, action, fmt.Sprint(id)).
		Order("id").Find(&entries).Error; err != nil {
		t.Fatal(err)
	}
	return entries
}

func expectKind(t *testing.T, err error, kind errs.Kind, message string) {
	t.Helper()
	e, ok := errs.As(err)
	if !ok || e.Kind != kind || (message != "" && e.Message != message) {
		t.Fatalf("got %v, want %s %q", err, kind, message)
	}
}

func TestOperatorsListWhatHasNotReachedDiscord(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(d)
		ctx := context.Background()
		pending := r.event(t, "100", "Contacto: Hola", outbox.StatusPending, "")
		blocked := r.event(t, "200", "Noticia bloqueada", outbox.StatusBlocked, "Discord: Missing Permissions (50013)")
		failed := r.event(t, "300", "Fallida", outbox.StatusFailed, "Discord: Invalid Form Body (50035)")
		r.event(t, "100", "Ya entregada", outbox.StatusDelivered, "")
		discarded := r.event(t, "100", "Descartada", outbox.StatusDiscarded, "")
		roles, err := r.store.Enqueue(ctx, "member.roles.remove", "roles:555", map[string]any{"userId": "555", "roleIds": []string{"1"}})
		if err != nil {
			t.Fatal(err)
		}

		page, err := r.store.List(ctx, admin, outbox.DeliveryQuery{ChannelNames: map[string]string{"200": "Noticias"}})
		if err != nil {
			t.Fatal(err)
		}
		var ids []uint64
		for _, dl := range page.Deliveries {
			ids = append(ids, dl.ID)
		}
		if want := []uint64{pending.ID, blocked.ID, failed.ID, roles.ID}; !slices.Equal(ids, want) || page.Total != 4 {
			t.Fatalf("waiting deliveries %v (total %d), want %v oldest first", ids, page.Total, want)
		}
		b := page.Deliveries[1]
		if b.Status != outbox.StatusBlocked || b.Reason != "Discord: Missing Permissions (50013)" || b.Summary != "Noticia bloqueada" ||
			b.ChannelName != "Noticias" || b.ChannelID != "200" || b.Attempts != 1 || b.NextAttemptAt == nil {
			t.Errorf("the blocked delivery reads %+v", b)
		}
		if f := page.Deliveries[2]; f.NextAttemptAt != nil || f.ChannelName != "300" {
			t.Errorf("a failed delivery has no next attempt and an unnamed channel shows its id: %+v", f)
		}
		if rr := page.Deliveries[3]; rr.Summary != "Quitar roles a 555" || rr.ChannelName != "Roles de 555" {
			t.Errorf("a role removal reads %q in %q", rr.Summary, rr.ChannelName)
		}
		want := map[string]int64{"pending": 2, "blocked": 1, "failed": 1, "discarded": 1}
		for state, n := range want {
			if page.Counts[state] != n {
				t.Errorf("count of %s: %d, want %d", state, page.Counts[state], n)
			}
		}

		only, err := r.store.List(ctx, admin, outbox.DeliveryQuery{State: outbox.StatusDiscarded})
		if err != nil || len(only.Deliveries) != 1 || only.Deliveries[0].ID != discarded.ID {
			t.Fatalf("discarded filter: %+v %v", only, err)
		}
		second, err := r.store.List(ctx, admin, outbox.DeliveryQuery{Page: 2, Limit: 3})
		if err != nil || len(second.Deliveries) != 1 || second.Deliveries[0].ID != roles.ID || second.Total != 4 {
			t.Fatalf("second page: %+v %v", second, err)
		}

		for _, q := range []outbox.DeliveryQuery{{State: "delivered"}, {State: "nada"}, {Limit: 101}, {Page: -1}} {
			_, err := r.store.List(ctx, admin, q)
			expectKind(t, err, errs.KindInvalid, "")
		}
		for _, op := range []outbox.Operator{player, staff, outbox.ByAdmin(nil)} {
			_, err := r.store.List(ctx, op, outbox.DeliveryQuery{})
			expectKind(t, err, errs.KindForbidden, "")
		}
		if _, err := r.store.List(ctx, outbox.CommandLine, outbox.DeliveryQuery{}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestRetryAndDiscardAreAuditedOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(d)
		ctx := context.Background()
		blocked := r.event(t, "200", "Bloqueada", outbox.StatusBlocked, "Discord: Missing Access (50001)")

		got, err := r.store.Retry(ctx, admin, blocked.ID, outbox.StatusBlocked)
		if err != nil || !got.Changed || got.Delivery.Status != outbox.StatusPending {
			t.Fatalf("retry: %+v %v", got, err)
		}
		ev := r.status(t, blocked.ID)
		if ev.Status != outbox.StatusPending || !ev.NextAttemptAt.Equal(r.clock.Now()) || ev.Attempts != 1 {
			t.Fatalf("after a retry the event is %s due %v after %d attempts", ev.Status, ev.NextAttemptAt, ev.Attempts)
		}
		entries := r.audits(t, outbox.ActionRetry, blocked.ID)
		if len(entries) != 1 || entries[0].ActorName != "rh_ana" || entries[0].EntityType != "outbox_event" ||
			!strings.Contains(entries[0].Before, `"status":"blocked"`) || !strings.Contains(entries[0].Before, "50001") ||
			!strings.Contains(entries[0].After, `"status":"pending"`) {
			t.Fatalf("retry audit: %+v", entries)
		}
		// Retrying what is already due changes nothing and records nothing.
		again, err := r.store.Retry(ctx, admin, blocked.ID, outbox.StatusBlocked)
		if err != nil || again.Changed {
			t.Fatalf("a repeated retry: %+v %v", again, err)
		}
		if n := len(r.audits(t, outbox.ActionRetry, blocked.ID)); n != 1 {
			t.Fatalf("%d retry audits after a repeat, want 1", n)
		}

		// A pending event waiting for its next attempt is tried now.
		waiting := r.event(t, "300", "En espera", outbox.StatusPending, "HTTP 502")
		if got, err := r.store.Retry(ctx, admin, waiting.ID, ""); err != nil || !got.Changed {
			t.Fatalf("try now: %+v %v", got, err)
		}
		if ev := r.status(t, waiting.ID); !ev.NextAttemptAt.Equal(r.clock.Now()) {
			t.Fatalf("try now left the next attempt at %v", ev.NextAttemptAt)
		}

		failed := r.event(t, "300", "Fallida", outbox.StatusFailed, "Discord: Invalid Form Body (50035)")
		discarded, err := r.store.Discard(ctx, outbox.CommandLine, failed.ID, "")
		if err != nil || discarded.Status != outbox.StatusDiscarded {
			t.Fatalf("discard: %+v %v", discarded, err)
		}
		entries = r.audits(t, outbox.ActionDiscard, failed.ID)
		if len(entries) != 1 || entries[0].ActorName != "CLI" || entries[0].ActorID != "" ||
			!strings.Contains(entries[0].After, `"status":"discarded"`) {
			t.Fatalf("discard audit: %+v", entries)
		}
		if _, err := r.store.Discard(ctx, admin, failed.ID, ""); err != nil {
			t.Fatalf("discarding twice: %v", err)
		}
		if n := len(r.audits(t, outbox.ActionDiscard, failed.ID)); n != 1 {
			t.Fatalf("%d discard audits after a repeat, want 1", n)
		}
		_, err = r.store.Retry(ctx, admin, failed.ID, "")
		expectKind(t, err, errs.KindConflict, "Esa entrega fue descartada.")

		delivered := r.event(t, "100", "Entregada", outbox.StatusDelivered, "")
		_, err = r.store.Discard(ctx, admin, delivered.ID, "")
		expectKind(t, err, errs.KindConflict, "Esa entrega ya llegó a Discord.")
		_, err = r.store.Retry(ctx, admin, delivered.ID, "")
		expectKind(t, err, errs.KindConflict, "Esa entrega ya llegó a Discord.")
		_, err = r.store.Retry(ctx, admin, 999999, "")
		expectKind(t, err, errs.KindNotFound, "No existe lo que buscas.")
		_, err = r.store.Discard(ctx, admin, 999999, "")
		expectKind(t, err, errs.KindNotFound, "No existe lo que buscas.")

		// What the operator saw has changed: nothing happens and they are told.
		moved := r.event(t, "400", "Movida", outbox.StatusFailed, "x")
		_, err = r.store.Discard(ctx, admin, moved.ID, outbox.StatusBlocked)
		expectKind(t, err, errs.KindConflict, "Esa entrega cambió mientras tanto (ahora: Fallida). Vuelve a cargar la lista.")
		_, err = r.store.Discard(ctx, admin, moved.ID, "entregada")
		expectKind(t, err, errs.KindInvalid, "")
		_, err = r.store.Retry(ctx, staff, moved.ID, "")
		expectKind(t, err, errs.KindForbidden, "")
		_, err = r.store.Discard(ctx, player, moved.ID, "")
		expectKind(t, err, errs.KindForbidden, "")
		if _, err := r.store.RetryAll(ctx, player); err == nil {
			t.Fatal("a player retried every delivery")
		}
		if ev := r.status(t, moved.ID); ev.Status != outbox.StatusFailed {
			t.Fatalf("refused requests changed the event to %s", ev.Status)
		}
		if n := len(r.audits(t, outbox.ActionDiscard, moved.ID)) + len(r.audits(t, outbox.ActionRetry, moved.ID)); n != 0 {
			t.Fatalf("refused requests wrote %d audit entries", n)
		}
	})
}

func TestRetryAllMovesBlockedAndFailedOnly(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(d)
		ctx := context.Background()
		blocked := r.event(t, "200", "B", outbox.StatusBlocked, "50013")
		failed := r.event(t, "300", "F", outbox.StatusFailed, "50035")
		pending := r.event(t, "400", "P", outbox.StatusPending, "")
		discarded := r.event(t, "500", "D", outbox.StatusDiscarded, "")
		n, err := r.store.RetryAll(ctx, outbox.CommandLine)
		if err != nil || n != 2 {
			t.Fatalf("retry all moved %d: %v", n, err)
		}
		for id, want := range map[uint64]string{blocked.ID: outbox.StatusPending, failed.ID: outbox.StatusPending,
			pending.ID: outbox.StatusPending, discarded.ID: outbox.StatusDiscarded} {
			if ev := r.status(t, id); ev.Status != want {
				t.Errorf("event %d is %s, want %s", id, ev.Status, want)
			}
		}
		if ev := r.status(t, pending.ID); ev.NextAttemptAt.Equal(r.clock.Now()) {
			t.Error("retry all touched a pending event waiting for its next attempt")
		}
		for _, id := range []uint64{blocked.ID, failed.ID} {
			if entries := r.audits(t, outbox.ActionRetryAll, id); len(entries) != 1 || entries[0].ActorName != "CLI" {
				t.Errorf("event %d: audits %+v", id, entries)
			}
		}
		if n, err := r.store.RetryAll(ctx, admin); err != nil || n != 0 {
			t.Fatalf("a second retry all moved %d: %v", n, err)
		}
	})
}

func TestConcurrentOperatorsMakeOneChange(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := newRig(d)
		ctx := context.Background()

		t.Run("twenty retries of one event", func(t *testing.T) {
			ev := r.event(t, "200", "Veinte", outbox.StatusBlocked, "50013")
			var changed atomic.Int64
			testenv.Together(d, 20, func(int) {
				got, err := r.store.Retry(ctx, admin, ev.ID, outbox.StatusBlocked)
				if err != nil {
					t.Errorf("a retry: %v", err)
				}
				if got.Changed {
					changed.Add(1)
				}
			})
			testenv.ExpectCount(t, "retries that changed the event", changed.Load(), 1)
			testenv.ExpectCount(t, "retry audits", int64(len(r.audits(t, outbox.ActionRetry, ev.ID))), 1)
		})

		t.Run("retries racing discards", func(t *testing.T) {
			ev := r.event(t, "300", "Carrera", outbox.StatusBlocked, "50013")
			var ok atomic.Int64
			testenv.Together(d, 20, func(i int) {
				var err error
				if i%2 == 0 {
					_, err = r.store.Retry(ctx, admin, ev.ID, outbox.StatusBlocked)
				} else {
					_, err = r.store.Discard(ctx, admin, ev.ID, outbox.StatusBlocked)
				}
				if err == nil {
					ok.Add(1)
				} else if errs.KindOf(err) != errs.KindConflict {
					t.Errorf("a loser: %v", err)
				}
			})
			retries, discards := len(r.audits(t, outbox.ActionRetry, ev.ID)), len(r.audits(t, outbox.ActionDiscard, ev.ID))
			if retries+discards != 1 {
				t.Fatalf("%d retries and %d discards recorded, want one of them", retries, discards)
			}
			final := r.status(t, ev.ID).Status
			if (retries == 1 && final != outbox.StatusPending) || (discards == 1 && final != outbox.StatusDiscarded) {
				t.Fatalf("the event ended %s after %d retries and %d discards", final, retries, discards)
			}
			// The winner's side all succeed (repeats of the same act); the other side is told.
			testenv.ExpectCount(t, "answered as done", ok.Load(), 10)
		})

		t.Run("twenty retry-alls", func(t *testing.T) {
			var ids []uint64
			for i := range 5 {
				ids = append(ids, r.event(t, fmt.Sprintf("6%d", i), "Todas", outbox.StatusFailed, "x").ID)
			}
			var moved atomic.Int64
			testenv.Together(d, 20, func(int) {
				n, err := r.store.RetryAll(ctx, admin)
				if err != nil {
					t.Errorf("retry all: %v", err)
				}
				moved.Add(int64(n))
			})
			testenv.ExpectCount(t, "events moved", moved.Load(), 5)
			for _, id := range ids {
				testenv.ExpectCount(t, "retry-all audits", int64(len(r.audits(t, outbox.ActionRetryAll, id))), 1)
			}
		})
	})
}

func TestSummarySaysWhatAnEventIs(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("á", 200)
	for _, c := range []struct {
		kind    string
		payload any
		want    string
	}{
		{outbox.KindChannelMessage, outbox.ChannelMessage{Embeds: []outbox.Embed{{Title: "Contacto: Hola", Description: "cuerpo"}}}, "Contacto: Hola"},
		{outbox.KindChannelMessage, outbox.ChannelMessage{Content: "Primera línea\nsegunda"}, "Primera línea segunda"},
		{outbox.KindChannelMessage, outbox.ChannelMessage{Embeds: []outbox.Embed{{Description: long}}}, strings.Repeat("á", 89) + "…"},
		{"member.roles.remove", map[string]any{"userId": "42", "roleIds": []string{"1"}}, "Quitar roles a 42"},
		{"member.dm", map[string]any{"userId": "42", "content": "Tu ticket cambió"}, "Mensaje directo a 42: Tu ticket cambió"},
		{"member.verify", map[string]any{"userId": "42", "reason": "link", "addRoleIds": []string{"1"}}, "Dar rol de verificado y apodo a 42"},
		{"member.verify", map[string]any{"userId": "42", "reason": "unlink"}, "Quitar rol de verificado y apodo a 42"},
		{"member.verify", map[string]any{"userId": "42"}, "Verificación de 42"},
		{"ticket.open", map[string]any{"ticketId": 7, "threadName": "#7 · Ayuda"}, "Ticket #7 abierto: #7 · Ayuda"},
		{"ticket.post", map[string]any{"ticketId": 7, "kind": "message", "content": "Hola"}, "Ticket #7: Hola"},
		{"ticket.post", map[string]any{"ticketId": 7, "kind": "status"}, "Ticket #7: cambio de estado"},
		{outbox.KindMessageEdit, outbox.MessageEdit{RefEventID: 3, Embeds: []outbox.Embed{{Title: "Nueva"}}}, "Editar el mensaje de la entrega 3: Nueva"},
		{outbox.KindMessageDelete, outbox.MessageRef{RefEventID: 3}, "Borrar el mensaje de la entrega 3"},
		{"other.kind", map[string]any{}, "other.kind"},
	} {
		raw, _ := json.Marshal(c.payload)
		if got := outbox.Summary(c.kind, string(raw)); got != c.want {
			t.Errorf("%s: %q, want %q", c.kind, got, c.want)
		}
	}
	if got := outbox.ChannelName("verify:42", nil); got != "Verificación de 42" {
		t.Errorf("a member's verification channel reads %q", got)
	}
	if got := outbox.Summary("x", "not json"); got != "x" {
		t.Errorf("a payload that is not JSON: %q", got)
	}
}
