package discordfake

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits on a modal and its text inputs.
const (
	maxModalTitle       = 45
	maxModalRows        = 5
	maxInputLabel       = 45
	maxInputLength      = 4000
	maxInputPlaceholder = 100
)

// wireTextInput is a text input as the bot sends it, with what it leaves out told apart
// from a zero (discordgo omits min_length and max_length when zero, and Discord's
// required is true when absent).
type wireTextInput struct {
	Type        discordgo.ComponentType `json:"type"`
	CustomID    *string                 `json:"custom_id"`
	Style       *int                    `json:"style"`
	Label       *string                 `json:"label"`
	MinLength   *int                    `json:"min_length"`
	MaxLength   *int                    `json:"max_length"`
	Required    *bool                   `json:"required"`
	Value       *string                 `json:"value"`
	Placeholder *string                 `json:"placeholder"`
}

// checkModal holds a modal (an interaction response of type 9) to Discord's rules: a
// custom_id of 1 to 100 characters, a title of 1 to 45, 1 to 5 action rows each holding
// one text input; each input with a custom_id of 1 to 100 characters unique in the modal,
// a style of 1 (short) or 2 (paragraph), a label of 1 to 45, min_length 0 to 4000,
// max_length 1 to 4000 and not below min_length, a value of at most 4000 characters and
// max_length, a placeholder of at most 100. It answers Discord's form errors, at their
// paths under data.
func checkModal(raw json.RawMessage) formErrors {
	var modal struct {
		CustomID   *string           `json:"custom_id"`
		Title      *string           `json:"title"`
		Components []json.RawMessage `json:"components"`
	}
	e := formErrors{}
	if err := json.Unmarshal(raw, &modal); err != nil || len(raw) == 0 || string(raw) == "null" {
		return e.add("BASE_TYPE_REQUIRED", "This field is required", "data")
	}
	length := func(s *string, lo, hi int, path ...string) {
		n := 0
		if s != nil {
			n = utf8.RuneCountInString(*s)
		}
		switch {
		case s == nil && lo > 0:
			e.add("BASE_TYPE_REQUIRED", "This field is required", path...)
		case n < lo || n > hi:
			e.add("BASE_TYPE_BAD_LENGTH", "Must be between "+strconv.Itoa(lo)+" and "+strconv.Itoa(hi)+" in length.", path...)
		}
	}
	number := func(n *int, lo, hi int, path ...string) {
		if n == nil {
			return
		}
		if *n < lo {
			e.add("NUMBER_TYPE_MIN", "int value should be greater than or equal to "+strconv.Itoa(lo)+".", path...)
		} else if *n > hi {
			e.add("NUMBER_TYPE_MAX", "int value should be less than or equal to "+strconv.Itoa(hi)+".", path...)
		}
	}
	length(modal.CustomID, 1, maxCustomID, "data", "custom_id")
	length(modal.Title, 1, maxModalTitle, "data", "title")
	if len(modal.Components) < 1 || len(modal.Components) > maxModalRows {
		e.add("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 5 in length.", "data", "components")
	}
	ids := map[string]bool{}
	for i, rawRow := range modal.Components {
		at := []string{"data", "components", strconv.Itoa(i)}
		var row struct {
			Type       discordgo.ComponentType `json:"type"`
			Components []json.RawMessage       `json:"components"`
		}
		if json.Unmarshal(rawRow, &row) != nil || row.Type != discordgo.ActionsRowComponent {
			e.add("UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (1,).", append(at, "type")...)
			continue
		}
		if len(row.Components) != 1 {
			e.add("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 1 in length.", append(at, "components")...)
			continue
		}
		in := append(at, "components", "0")
		var ti wireTextInput
		if json.Unmarshal(row.Components[0], &ti) != nil || ti.Type != discordgo.TextInputComponent {
			e.add("UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (4,).", append(in, "type")...)
			continue
		}
		length(ti.CustomID, 1, maxCustomID, append(in, "custom_id")...)
		if ti.CustomID != nil {
			if ids[*ti.CustomID] {
				e.add("COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated", append(in, "custom_id")...)
			}
			ids[*ti.CustomID] = true
		}
		if ti.Style == nil {
			e.add("BASE_TYPE_REQUIRED", "This field is required", append(in, "style")...)
		} else if *ti.Style != int(discordgo.TextInputShort) && *ti.Style != int(discordgo.TextInputParagraph) {
			e.add("BASE_TYPE_CHOICES", "Value must be one of {1, 2}.", append(in, "style")...)
		}
		length(ti.Label, 1, maxInputLabel, append(in, "label")...)
		number(ti.MinLength, 0, maxInputLength, append(in, "min_length")...)
		number(ti.MaxLength, 1, maxInputLength, append(in, "max_length")...)
		if ti.MinLength != nil && ti.MaxLength != nil && *ti.MinLength > *ti.MaxLength {
			e.add("TEXT_INPUT_MIN_LENGTH_EXCEEDS_MAX", "min_length must be less than or equal to max_length", append(in, "min_length")...)
		}
		if ti.Value != nil {
			most := maxInputLength
			if ti.MaxLength != nil && *ti.MaxLength >= 1 {
				most = min(most, *ti.MaxLength)
			}
			length(ti.Value, 0, most, append(in, "value")...)
		}
		if ti.Placeholder != nil {
			length(ti.Placeholder, 0, maxInputPlaceholder, append(in, "placeholder")...)
		}
	}
	if len(e) == 0 {
		return nil
	}
	return e
}
