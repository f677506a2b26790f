package outbox

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/labels"
)

// Operators see the deliveries that have not reached Discord and retry or discard them,
// from the portal (the ADMIN group) or from the command line. Every change is a guarded
// transition: the event is read under a row lock and updated only from the status read,
// so of concurrent requests one changes it and writes the audit entry.

// Operator is who acts on deliveries: an admin on the portal, or the command line.
type Operator struct {
	actor *authz.Actor
	name  string
}

// MayOperate tells which signed-in members may list, retry and discard deliveries: the
// ADMIN group.
func MayOperate(actor *authz.Actor) bool { return actor.InGroup(authz.Admin) }

// ByAdmin is a signed-in member acting on the portal; the ADMIN group is required.
func ByAdmin(actor *authz.Actor) Operator { return Operator{actor: actor} }

// CommandLine is the operator of `zocalo outbox`, who runs on the server itself.
var CommandLine = Operator{name: "CLI"}

func (o Operator) allowed() bool {
	if o.actor == nil {
		return o.name != ""
	}
	return MayOperate(o.actor)
}

func (o Operator) change(action string, id uint64, before, after any) audit.Change {
	return audit.Change{Actor: o.actor, ActorName: o.name, Area: audit.AreaDeliveries, Action: action,
		EntityType: "outbox_event", EntityID: id, Before: before, After: after}
}

// Audit actions on deliveries.
const (
	ActionRetry    = "retry"
	ActionRetryAll = "retry.all"
	ActionDiscard  = "discard"
)

// StateWaiting is the list's default filter: what has not reached Discord and still may
// (pending, blocked and failed events).
const StateWaiting = "waiting"

var waitingStatuses = []string{StatusPending, StatusBlocked, StatusFailed}

// listStates are the filters List accepts besides StateWaiting (or empty, the same).
var listStates = map[string][]string{
	StateWaiting:    waitingStatuses,
	StatusPending:   {StatusPending},
	StatusBlocked:   {StatusBlocked},
	StatusFailed:    {StatusFailed},
	StatusDiscarded: {StatusDiscarded},
	StatusSkipped:   {StatusSkipped},
}

var (
	errOperator       = errs.Forbidden("Solo la administración puede ver y corregir las entregas a Discord.")
	errListQuery      = errs.Invalid("Filtro no válido: el estado es pending, blocked, failed, discarded, skipped o waiting; la página y el límite, entre 1 y 100.")
	errNoDelivery     = errs.NotFound("No existe lo que buscas.")
	errDelivered      = errs.Conflict("Esa entrega ya llegó a Discord.")
	errDiscarded      = errs.Conflict("Esa entrega fue descartada.")
	errSkipped        = errs.Conflict("Esa entrega no tiene canal configurado: no hay nada que reintentar.")
	errExpectedStatus = errs.Invalid("El estado esperado no es válido.")
)

// errChanged answers an operator who acted on a state that has changed since they saw it.
func errChanged(now string) error {
	return errs.Conflict("Esa entrega cambió mientras tanto (ahora: " + StatusLabel(now) + "). Vuelve a cargar la lista.")
}

// Statuses names each status as operators read it, in the order of a delivery's life.
var Statuses = labels.Table{
	{Value: StatusPending, Label: "Pendiente"},
	{Value: StatusBlocked, Label: "Bloqueada"},
	{Value: StatusFailed, Label: "Fallida"},
	{Value: StatusDiscarded, Label: "Descartada"},
	{Value: StatusSkipped, Label: "Sin canal"},
	{Value: StatusDelivered, Label: "Entregada"},
}

// StatusLabel is a status in Spanish, as operators read it.
func StatusLabel(status string) string { return Statuses.Of(status) }

// Delivery is an event as operators see it.
type Delivery struct {
	ID          uint64 `json:"id"`
	Kind        string `json:"kind"`
	Summary     string `json:"summary"`
	ChannelID   string `json:"channelId"`
	ChannelName string `json:"channelName"`
	Status      string `json:"status"`
	Attempts    int    `json:"attempts"`
	// Reason is why the last attempt failed, Discord's words when it answered.
	Reason         string     `json:"reason"`
	CreatedAt      time.Time  `json:"createdAt"`
	FirstAttemptAt *time.Time `json:"firstAttemptAt"`
	// NextAttemptAt is when the relay tries again; nil once it will not by itself.
	NextAttemptAt *time.Time `json:"nextAttemptAt"`
}

// DeliveryQuery filters the list.
type DeliveryQuery struct {
	State string // StateWaiting (or empty) or one status
	Page  int    // 1-based
	Limit int
	// ChannelNames names the configured channels by id, for people to read.
	ChannelNames map[string]string
}

// DeliveryPage is one page of deliveries, the total that matched and how many events
// each state holds.
type DeliveryPage struct {
	Deliveries []Delivery       `json:"deliveries"`
	Total      int64            `json:"total"`
	Counts     map[string]int64 `json:"counts"`
	// BlockedGroups are every blocked delivery grouped by lane and cause, whatever the
	// state listed: what one fix and one retry can clear.
	BlockedGroups []BlockedGroup `json:"blockedGroups"`
}

// List pages through the deliveries in a state, oldest first: the order the relay
// delivers them in.
func (s *Store) List(ctx context.Context, op Operator, q DeliveryQuery) (DeliveryPage, error) {
	if !op.allowed() {
		return DeliveryPage{}, errOperator
	}
	if q.State == "" {
		q.State = StateWaiting
	}
	if q.Page == 0 {
		q.Page = 1
	}
	if q.Limit == 0 {
		q.Limit = 25
	}
	statuses, ok := listStates[q.State]
	if !ok || q.Page < 1 || q.Limit < 1 || q.Limit > 100 {
		return DeliveryPage{}, errListQuery
	}
	filtered := s.db.Conn(ctx).Model(&Event{}).Where("status IN ?", statuses)
	out := DeliveryPage{Deliveries: []Delivery{}}
	if err := filtered.Session(&gorm.Session{}).Count(&out.Total).Error; err != nil {
		return DeliveryPage{}, err
	}
	var rows []Event
	if err := filtered.Order("id").Limit(q.Limit).Offset((q.Page - 1) * q.Limit).Find(&rows).Error; err != nil {
		return DeliveryPage{}, err
	}
	for _, ev := range rows {
		out.Deliveries = append(out.Deliveries, deliveryOf(ev, q.ChannelNames))
	}
	var err error
	if out.Counts, err = s.counts(ctx); err != nil {
		return DeliveryPage{}, err
	}
	out.BlockedGroups, err = s.blockedGroups(ctx, q.ChannelNames)
	return out, err
}

// counts is how many events wait in each state an operator acts on.
func (s *Store) counts(ctx context.Context) (map[string]int64, error) {
	var rows []struct {
		Status string
		N      int64
	}
	err := s.db.Conn(ctx).Model(&Event{}).Select("status, COUNT(*) AS n").
		Where("status IN ?", append(waitingStatuses, StatusDiscarded)).Group("status").Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	out := map[string]int64{StatusPending: 0, StatusBlocked: 0, StatusFailed: 0, StatusDiscarded: 0}
	for _, r := range rows {
		out[r.Status] = r.N
	}
	return out, nil
}

func deliveryOf(ev Event, channelNames map[string]string) Delivery {
	d := Delivery{ID: ev.ID, Kind: ev.Kind, Summary: Summary(ev.Kind, ev.Payload), ChannelID: ev.ChannelID,
		ChannelName: ChannelName(ev.ChannelID, channelNames), Status: ev.Status, Attempts: ev.Attempts,
		Reason: ev.LastError, CreatedAt: ev.CreatedAt, FirstAttemptAt: ev.FirstAttemptAt}
	if ev.Status == StatusPending || ev.Status == StatusBlocked {
		next := ev.NextAttemptAt
		d.NextAttemptAt = &next
	}
	return d
}

// Retried is the answer to a retry.
type Retried struct {
	Delivery Delivery `json:"delivery"`
	// Changed is false when the event was already due (a repeat of the same retry).
	Changed bool `json:"changed"`
}

// Retry sends a blocked or failed event back to the relay, due now; a pending one is
// tried now instead of at its next attempt. expected, when not empty, is the status the
// operator saw: if the event has moved on since (and not to what a retry makes), nothing
// changes and they are told.
func (s *Store) Retry(ctx context.Context, op Operator, id uint64, expected string) (Retried, error) {
	if !op.allowed() {
		return Retried{}, errOperator
	}
	if err := checkExpected(expected); err != nil {
		return Retried{}, err
	}
	var out Retried
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		ev, err := s.lockEvent(ctx, id)
		if err != nil {
			return err
		}
		// The clock is read once the lock is held, so a retry that waited for another
		// sees the other's "now" as already due.
		now := s.now()
		if ev.Status == StatusPending && !ev.NextAttemptAt.After(now) {
			out.Delivery = deliveryOf(*ev, nil)
			return nil
		}
		if expected != "" && ev.Status != expected {
			return errChanged(ev.Status)
		}
		switch ev.Status {
		case StatusDelivered:
			return errDelivered
		case StatusDiscarded:
			return errDiscarded
		case StatusSkipped:
			return errSkipped
		}
		changed, err := s.retryEvent(ctx, op, ActionRetry, ev, now)
		if err != nil {
			return err
		}
		if !changed {
			return errChanged(ev.Status)
		}
		out.Delivery, out.Changed = deliveryOf(*ev, nil), true
		return nil
	})
	return out, err
}

// retryEvent moves ev (pending, blocked or failed) to pending and due at now, from the
// status it was read in, and audits the move; false when the row had moved on.
func (s *Store) retryEvent(ctx context.Context, op Operator, action string, ev *Event, now time.Time) (bool, error) {
	res := s.db.Conn(ctx).Model(&Event{}).Where("id = ? AND status = ?", ev.ID, ev.Status).
		Updates(map[string]any{"status": StatusPending, "next_attempt_at": now, "blocked_attempts": 0})
	if res.Error != nil || res.RowsAffected == 0 {
		return false, res.Error
	}
	before := statusOf(*ev)
	ev.Status, ev.NextAttemptAt = StatusPending, now
	if err := audit.Write(ctx, s.db, now, op.change(action, ev.ID, before, statusOf(*ev))); err != nil {
		return false, err
	}
	// The relay, in this process or another, hears of it once the retry commits.
	s.afterEnqueue(ctx)
	return true, nil
}

// RetryAll sends every blocked and failed event back to the relay and returns how many
// it moved. Concurrent calls (and group retries) take turns and move each event once.
func (s *Store) RetryAll(ctx context.Context, op Operator) (int, error) {
	if !op.allowed() {
		return 0, errOperator
	}
	moved := 0
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		moved = 0
		if err := s.db.LockKey(ctx, retryManyLock); err != nil {
			return err
		}
		var stuck []Event
		// Locked in id order, so two calls wait for each other rather than deadlock.
		q := s.db.Conn(ctx).Where("status IN ?", []string{StatusBlocked, StatusFailed}).Order("id")
		if err := s.db.ForUpdate(ctx, q).Find(&stuck).Error; err != nil {
			return err
		}
		now := s.now()
		for i := range stuck {
			changed, err := s.retryEvent(ctx, op, ActionRetryAll, &stuck[i], now)
			if err != nil {
				return err
			}
			if changed {
				moved++
			}
		}
		return nil
	})
	return moved, err
}

// RetriedMessage tells how many deliveries a retry of all sent back to the relay.
func RetriedMessage(n int) string {
	switch n {
	case 0:
		return "No hay entregas bloqueadas ni fallidas."
	case 1:
		return "Se intentará de nuevo 1 entrega."
	}
	return fmt.Sprintf("Se intentarán de nuevo %d entregas.", n)
}

// Discard gives up on an event that has not reached Discord: the relay never sends it,
// and it no longer holds back its channel. expected works as in Retry.
func (s *Store) Discard(ctx context.Context, op Operator, id uint64, expected string) (Delivery, error) {
	if !op.allowed() {
		return Delivery{}, errOperator
	}
	if err := checkExpected(expected); err != nil {
		return Delivery{}, err
	}
	var out Delivery
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		ev, err := s.lockEvent(ctx, id)
		if err != nil {
			return err
		}
		if ev.Status == StatusDiscarded {
			out = deliveryOf(*ev, nil)
			return nil
		}
		if expected != "" && ev.Status != expected {
			return errChanged(ev.Status)
		}
		switch ev.Status {
		case StatusDelivered:
			return errDelivered
		case StatusSkipped:
			return errSkipped
		}
		now := s.now()
		res := s.db.Conn(ctx).Model(&Event{}).Where("id = ? AND status = ?", ev.ID, ev.Status).Update("status", StatusDiscarded)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return errChanged(ev.Status)
		}
		before := statusOf(*ev)
		ev.Status = StatusDiscarded
		out = deliveryOf(*ev, nil)
		return audit.Write(ctx, s.db, now, op.change(ActionDiscard, ev.ID, before, statusOf(*ev)))
	})
	return out, err
}

// lockEvent reads an event and, on PostgreSQL, locks it until the transaction ends.
func (s *Store) lockEvent(ctx context.Context, id uint64) (*Event, error) {
	var ev Event
	err := s.db.ForUpdate(ctx, s.db.Conn(ctx).Where("id = ?", id)).Take(&ev).Error
	if db.IsNotFound(err) {
		return nil, errNoDelivery
	}
	if err != nil {
		return nil, err
	}
	return &ev, nil
}

func checkExpected(expected string) error {
	switch expected {
	case "", StatusPending, StatusBlocked, StatusFailed, StatusDiscarded, StatusSkipped, StatusDelivered:
		return nil
	}
	return errExpectedStatus
}

// eventState is what the audit records of an event before and after an operator's act.
type eventState struct {
	Status        string    `json:"status"`
	Attempts      int       `json:"attempts"`
	Reason        string    `json:"reason,omitempty"`
	NextAttemptAt time.Time `json:"nextAttemptAt"`
}

func statusOf(ev Event) eventState {
	return eventState{Status: ev.Status, Attempts: ev.Attempts, Reason: shorten(ev.LastError, 300), NextAttemptAt: ev.NextAttemptAt}
}
