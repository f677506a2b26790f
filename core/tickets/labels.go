package tickets

import (
	"fmt"

	"zocalo/core/labels"
)

// The Spanish names of the desk's values, in the order they are offered. The web reads
// them from the generated web/src/api/serverConstants.gen.ts.
var (
	Statuses = labels.Table{
		{Value: StatusOpen, Label: "Abierto"},
		{Value: StatusInProgress, Label: "En Progreso"},
		{Value: StatusWaitingUser, Label: "Esperando Usuario"},
		{Value: StatusWaitingStaff, Label: "Esperando Staff"},
		{Value: StatusResolved, Label: "Resuelto"},
		{Value: StatusClosed, Label: "Cerrado"},
	}
	Priorities = labels.Table{
		{Value: PriorityLow, Label: "Baja"},
		{Value: PriorityMedium, Label: "Media"},
		{Value: PriorityHigh, Label: "Alta"},
	}
	Categories = labels.Table{
		{Value: CategorySupport, Label: "Soporte Técnico"},
		{Value: CategoryOther, Label: "Otros"},
	}
	Senders = labels.Table{
		{Value: SenderUser, Label: "Usuario"},
		{Value: SenderStaff, Label: "Staff"},
		{Value: SenderAI, Label: "Asistente IA"},
	}
	// EventKinds name what an Event changed.
	EventKinds = labels.Table{
		{Value: EventStatus, Label: "Estado"},
		{Value: EventAssign, Label: "Asignación"},
		{Value: EventPriority, Label: "Prioridad"},
		{Value: EventRating, Label: "Calificación"},
	}
)

// Kinds of Event.
const (
	EventStatus   = "status"
	EventAssign   = "assign"
	EventPriority = "priority"
	EventRating   = "rating"
)

// StatusLabel is a status in Spanish; unknown values are shown raw.
func StatusLabel(s string) string { return Statuses.Of(s) }

// PriorityLabel is a priority in Spanish; unknown values are shown raw.
func PriorityLabel(p string) string { return Priorities.Of(p) }

// CategoryLabel is a category in Spanish; unknown values are shown raw.
func CategoryLabel(c string) string { return Categories.Of(c) }

// SenderLabel is who wrote a message, in Spanish; unknown values are shown raw.
func SenderLabel(s string) string { return Senders.Of(s) }

// Sentence tells what the event changed, in Spanish, after its actor's name:
// "cambió el estado de En Progreso a Esperando Usuario".
func (e *Event) Sentence() string {
	switch e.Kind {
	case EventStatus:
		return fmt.Sprintf("cambió el estado de %s a %s", StatusLabel(e.Before), StatusLabel(e.After))
	case EventPriority:
		return fmt.Sprintf("cambió la prioridad de %s a %s", PriorityLabel(e.Before), PriorityLabel(e.After))
	case EventAssign:
		if e.After == "" {
			return "quitó la asignación del ticket"
		}
		return "asignó el ticket a " + e.After
	case EventRating:
		return fmt.Sprintf("calificó la atención con %s de 5", e.After)
	}
	return fmt.Sprintf("%s: %s → %s", EventKinds.Of(e.Kind), e.Before, e.After)
}
