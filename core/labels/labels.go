// Package labels names the values of the portal's enumerations in Spanish: one ordered
// table per enumeration, read by the services' messages, the bot's notices and (through
// the generated web/src/api/serverConstants.gen.ts) the web. An exported Table anywhere in
// the module must be listed in tools/genconsts, whose test fails for one that is not.
package labels

import "strings"

// Label is a value the API takes and how people read it.
type Label struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// Table is an enumeration's values in the order they are offered.
type Table []Label

// Of is the Spanish label of a value; an unknown value is shown as it came.
func (t Table) Of(value string) string {
	for _, l := range t {
		if l.Value == value {
			return l.Label
		}
	}
	return value
}

// Has tells whether the value is one of the table's.
func (t Table) Has(value string) bool {
	for _, l := range t {
		if l.Value == value {
			return true
		}
	}
	return false
}

// Values are the values the API takes, in order.
func (t Table) Values() []string {
	out := make([]string, len(t))
	for i, l := range t {
		out[i] = l.Value
	}
	return out
}

// Named is a value as a message names it: the label, with the value the API takes in
// parentheses when they differ, e.g. "Baja (Low)".
func (t Table) Named(value string) string {
	label := t.Of(value)
	if label == value {
		return value
	}
	return label + " (" + value + ")"
}

// Choices lists every value as messages name them, joined the Spanish way:
// "Baja (Low), Media (Medium) o Alta (High)".
func (t Table) Choices() string {
	names := make([]string, len(t))
	for i, l := range t {
		names[i] = t.Named(l.Value)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	last := names[len(names)-1]
	// "o" becomes "u" before a word that starts with the sound o.
	or := " o "
	if lower := strings.ToLower(last); strings.HasPrefix(lower, "o") || strings.HasPrefix(lower, "ho") {
		or = " u "
	}
	return strings.Join(names[:len(names)-1], ", ") + or + last
}
