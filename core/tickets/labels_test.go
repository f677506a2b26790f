package tickets_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/outbox"
	"zocalo/core/tickets"
	"zocalo/internal/testdb"
)

// The transcript names statuses, priorities, the category and every change in Spanish.
func TestTheTranscriptSpeaksSpanish(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		v := k.open(t, "No puedo entrar")
		staff := supportID
		if _, err := k.Assign(ctx, k.support, v.TicketID, &staff); err != nil {
			t.Fatal(err)
		}
		if _, err := k.SetStatus(ctx, k.support, v.TicketID, tickets.StatusWaitingUser); err != nil {
			t.Fatal(err)
		}
		if _, err := k.SetPriority(ctx, k.support, v.TicketID, tickets.PriorityHigh); err != nil {
			t.Fatal(err)
		}
		page, err := k.Transcript(ctx, k.author, v.TicketID, time.UTC)
		if err != nil {
			t.Fatal(err)
		}
		text := string(page)
		for _, want := range []string{
			"<td>Categoría</td><td>Soporte Técnico</td>",
			"<td>Estado</td><td>Esperando Usuario</td>",
			"<td>Prioridad</td><td>Alta</td>",
			"soporte: cambió el estado de Abierto a En Progreso",
			"soporte: asignó el ticket a soporte",
			"soporte: cambió el estado de En Progreso a Esperando Usuario",
			"soporte: cambió la prioridad de Media a Alta",
			"jugador · Usuario ·",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("the transcript lacks %q", want)
			}
		}
		for _, raw := range []string{"in_progress", "waiting_user", "High", "Medium", "status "} {
			if strings.Contains(text, raw) {
				t.Errorf("the transcript shows the raw %q", raw)
			}
		}
	})
}

// The ticket's card and the thread's notices the bot posts carry the Spanish labels.
func TestTheDiscordNoticesCarrySpanishLabels(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		v := k.open(t, "Me sacó del servidor")
		if _, err := k.SetStatus(ctx, k.support, v.TicketID, tickets.StatusWaitingUser); err != nil {
			t.Fatal(err)
		}
		if _, err := k.SetPriority(ctx, k.support, v.TicketID, tickets.PriorityLow); err != nil {
			t.Fatal(err)
		}
		var events []outbox.Event
		if err := d.Conn(ctx).Where("kind IN ?", []string{tickets.KindOpen, tickets.KindPost}).Order("id").Find(&events).Error; err != nil {
			t.Fatal(err)
		}
		if len(events) != 3 {
			t.Fatalf("%d ticket events queued, want the card and two notices", len(events))
		}
		var open tickets.OpenPayload
		if err := json.Unmarshal([]byte(events[0].Payload), &open); err != nil {
			t.Fatal(err)
		}
		fields := map[string]string{}
		for _, f := range open.Card.Fields {
			fields[f.Name] = f.Value
		}
		if fields["Categoría"] != "Soporte Técnico" || fields["Prioridad"] != "Media" {
			t.Errorf("the card's fields %v", fields)
		}
		for i, want := range []tickets.PostPayload{
			{Kind: tickets.PostStatus, Content: "Esperando Usuario"},
			{Kind: tickets.PostPriority, Content: "Baja"},
		} {
			var got tickets.PostPayload
			if err := json.Unmarshal([]byte(events[i+1].Payload), &got); err != nil {
				t.Fatal(err)
			}
			if got.Kind != want.Kind || got.Content != want.Content {
				t.Errorf("notice %d is %s %q, want %s %q", i, got.Kind, got.Content, want.Kind, want.Content)
			}
		}
	})
}

// A refused value is answered with the Spanish labels and the values the API takes.
func TestRefusalsNameTheLabelsAndTheValues(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newDesk(t, d)
		v := k.open(t, "Una duda")
		message := func(err error) string {
			var e *errs.Error
			if !errors.As(err, &e) || e.Kind != errs.KindInvalid {
				t.Fatalf("want an invalid-input error, got %v", err)
			}
			return e.Message
		}
		_, err := k.SetPriority(ctx, k.support, v.TicketID, "Urgent")
		if got, want := message(err), "La prioridad debe ser Baja (Low), Media (Medium) o Alta (High)."; got != want {
			t.Errorf("priority: %q, want %q", got, want)
		}
		_, err = k.SetStatus(ctx, k.support, v.TicketID, "archived")
		if got, want := message(err), "El estado debe ser Abierto (open), En Progreso (in_progress), Esperando Usuario (waiting_user), "+
			"Esperando Staff (waiting_staff), Resuelto (resolved) o Cerrado (closed)."; got != want {
			t.Errorf("status: %q, want %q", got, want)
		}
		_, err = k.Create(ctx, k.author, tickets.CreateInput{Title: "Otra", Category: "Ventas", Message: "hola"}, k.NewUploads())
		if got, want := message(err), "La categoría debe ser Soporte Técnico (Soporte Tecnico) u Otros."; got != want {
			t.Errorf("category: %q, want %q", got, want)
		}
	})
}
