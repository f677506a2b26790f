package outbox

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"zocalo/core/labels"
)

// summaryRunes bounds a summary: a table cell, not the message.
const summaryRunes = 90

// Event kinds defined by the features that own them, named here only to describe them
// (the features import this package, not the other way round).
const (
	kindTicketOpen  = "ticket.open"
	kindTicketPost  = "ticket.post"
	kindRemoveRoles = "member.roles.remove"
	kindVerify      = "member.verify"
)

// Kinds names what each kind of event does in Discord, for operators.
var Kinds = labels.Table{
	{Value: KindChannelMessage, Label: "Mensaje"},
	{Value: kindTicketOpen, Label: "Ticket nuevo"},
	{Value: kindTicketPost, Label: "Mensaje en un ticket"},
	{Value: KindDM, Label: "Mensaje directo"},
	{Value: kindRemoveRoles, Label: "Quitar roles"},
	{Value: kindVerify, Label: "Rol de verificado y apodo"},
	{Value: KindMessageEdit, Label: "Edición de un mensaje"},
	{Value: KindMessageDelete, Label: "Borrado de un mensaje"},
}

// ticketPostKinds names what a ticket post without text announces.
var ticketPostKinds = map[string]string{"status": "cambio de estado", "assign": "asignación",
	"priority": "cambio de prioridad", "close": "cierre"}

// verifySummaries say what a verification delivery does, by its reason.
var verifySummaries = map[string]string{"link": "Dar rol de verificado y apodo a ", "unlink": "Quitar rol de verificado y apodo a ",
	"reapply": "Restablecer rol de verificado y apodo de ", "binds": "Actualizar roles por rango de Roblox de "}

// anyPayload holds the fields of every kind's payload that say what it is about.
type anyPayload struct {
	Content    string   `json:"content"`
	Embeds     []Embed  `json:"embeds"`
	Card       *Embed   `json:"card"`
	ThreadName string   `json:"threadName"`
	TicketID   uint64   `json:"ticketId"`
	Kind       string   `json:"kind"`
	UserID     string   `json:"userId"`
	RefEventID uint64   `json:"refEventId"`
	RoleIDs    []string `json:"roleIds"`
	Reason     string   `json:"reason"`
}

// Summary says in a few words what an event posts or changes in Discord: the title of its
// embed or the start of its text, or what it does to whom.
func Summary(kind, payload string) string {
	var p anyPayload
	if err := json.Unmarshal([]byte(payload), &p); err != nil {
		return kind
	}
	text := p.text()
	var out string
	switch kind {
	case kindRemoveRoles:
		out = "Quitar roles a " + p.UserID
	case kindVerify:
		what, ok := verifySummaries[p.Reason]
		if !ok {
			what = "Verificación de "
		}
		out = what + p.UserID
	case KindDM:
		out = join("Mensaje directo a "+p.UserID, text)
	case kindTicketOpen:
		out = join(fmt.Sprintf("Ticket #%d abierto", p.TicketID), p.ThreadName)
	case kindTicketPost:
		if text == "" {
			text = ticketPostKinds[p.Kind]
		}
		out = join(fmt.Sprintf("Ticket #%d", p.TicketID), text)
	case KindMessageEdit:
		out = join(fmt.Sprintf("Editar el mensaje de la entrega %d", p.RefEventID), text)
	case KindMessageDelete:
		out = fmt.Sprintf("Borrar el mensaje de la entrega %d", p.RefEventID)
	default:
		out = text
	}
	if out == "" {
		return kind
	}
	return shorten(out, summaryRunes)
}

// text is the embed's title, or failing that the start of the text or of the description.
func (p anyPayload) text() string {
	embeds := p.Embeds
	if p.Card != nil {
		embeds = append([]Embed{*p.Card}, embeds...)
	}
	for _, e := range embeds {
		if t := oneLine(e.Title); t != "" {
			return t
		}
	}
	if t := oneLine(p.Content); t != "" {
		return t
	}
	for _, e := range embeds {
		if t := oneLine(e.Description); t != "" {
			return t
		}
	}
	return ""
}

func join(what, detail string) string {
	if detail == "" {
		return what
	}
	return what + ": " + detail
}

// oneLine folds a text's runs of white space (line breaks included) into single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// shorten cuts s to n runes, with an ellipsis when it cut.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// ChannelName names where an event goes: a configured channel by its name, a member's
// roles or direct messages by the member, anything else by its id.
func ChannelName(channelID string, names map[string]string) string {
	if name, ok := names[channelID]; ok && name != "" {
		return name
	}
	if user, ok := strings.CutPrefix(channelID, "roles:"); ok {
		return "Roles de " + user
	}
	if user, ok := strings.CutPrefix(channelID, "verify:"); ok {
		return "Verificación de " + user
	}
	if user, ok := strings.CutPrefix(channelID, dmChannelPrefix); ok {
		return "Mensaje directo a " + user
	}
	return channelID
}
