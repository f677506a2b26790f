package discordfake

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits on message components and modals.
const (
	maxRows         = 5
	maxRowButtons   = 5
	maxCustomID     = 100
	maxButtonLabel  = 80
	maxChoices      = 25
	maxChoiceName   = 100
	errInvalidForm  = 50035
	invalidFormBody = "Invalid Form Body"
)

// parseComponents decodes a message's components; discordgo's interface needs its
// own decoder.
func parseComponents(raw []json.RawMessage) ([]discordgo.MessageComponent, error) {
	out := make([]discordgo.MessageComponent, 0, len(raw))
	for _, c := range raw {
		mc, err := discordgo.MessageComponentFromJSON(c)
		if err != nil {
			return nil, err
		}
		out = append(out, mc)
	}
	return out, nil
}

// messageComponents decodes and checks a message's rows of buttons, or answers why
// Discord would refuse them.
func messageComponents(w http.ResponseWriter, raw []json.RawMessage) ([]discordgo.MessageComponent, bool) {
	comps, err := parseComponents(raw)
	if err == nil {
		err = checkMessageComponents(comps)
	}
	if err != nil {
		apiError(w, http.StatusBadRequest, errInvalidForm, invalidFormBody+": "+err.Error())
		return nil, false
	}
	return comps, true
}

// checkMessageComponents holds a message's components to Discord's rules: at most five
// action rows of at most five buttons, each with a custom_id (or a link) and a label of
// Discord's sizes.
func checkMessageComponents(comps []discordgo.MessageComponent) error {
	if len(comps) > maxRows {
		return errors.New("more than 5 action rows")
	}
	for _, c := range comps {
		row, ok := c.(*discordgo.ActionsRow)
		if !ok {
			return fmt.Errorf("a top-level component of type %d is not an action row", c.Type())
		}
		if len(row.Components) == 0 || len(row.Components) > maxRowButtons {
			return errors.New("an action row holds 1 to 5 buttons")
		}
		for _, in := range row.Components {
			b, ok := in.(*discordgo.Button)
			if !ok {
				continue
			}
			if utf8.RuneCountInString(b.Label) > maxButtonLabel {
				return errors.New("a button label is past 80 characters")
			}
			if b.Style == discordgo.LinkButton {
				if b.URL == "" {
					return errors.New("a link button needs a url")
				}
				continue
			}
			if b.CustomID == "" || len(b.CustomID) > maxCustomID {
				return errors.New("a button's custom_id holds 1 to 100 characters")
			}
		}
	}
	return nil
}

// findButton is the button with customID on a message, or nil.
func findButton(comps []discordgo.MessageComponent, customID string) *discordgo.Button {
	for _, c := range comps {
		switch v := c.(type) {
		case *discordgo.ActionsRow:
			if b := findButton(v.Components, customID); b != nil {
				return b
			}
		case *discordgo.Button:
			if v.CustomID == customID {
				return v
			}
		}
	}
	return nil
}

// PressButton has userID press the button customID on a message, as Discord does: it
// sends a component interaction carrying the message. A button that is not on the
// message, or is disabled, cannot be pressed.
func (f *Fake) PressButton(messageID, customID, userID string) (discordgo.Interaction, error) {
	f.mu.Lock()
	m, ok := f.messages[messageID]
	if !ok || m.deleted {
		f.mu.Unlock()
		return discordgo.Interaction{}, errors.New("no such message")
	}
	b := findButton(m.dg.Components, customID)
	if b == nil {
		f.mu.Unlock()
		return discordgo.Interaction{}, errors.New("no button " + customID + " on the message")
	}
	if b.Disabled {
		f.mu.Unlock()
		return discordgo.Interaction{}, errors.New("the button is disabled")
	}
	msg := m.plain()
	mem, isMember := f.members[userID]
	user, isUser := f.users[userID]
	f.mu.Unlock()
	i := discordgo.Interaction{Type: discordgo.InteractionMessageComponent, ChannelID: msg.ChannelID, Message: &msg,
		Data: discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}}
	switch {
	case isMember && m.dg.GuildID != "":
		pm := *mem
		i.Member, i.GuildID = &pm, m.dg.GuildID
	case isUser:
		u := *user
		i.User = &u
	default:
		return discordgo.Interaction{}, errors.New("no such user")
	}
	return f.SendInteraction(i), nil
}

// modalSubmit is a modal submission's data as Discord sends it: discordgo's own type does
// not encode its components.
type modalSubmit struct {
	CustomID   string                       `json:"custom_id"`
	Components []discordgo.MessageComponent `json:"components"`
}

func (modalSubmit) Type() discordgo.InteractionType { return discordgo.InteractionModalSubmit }

// Modal is the form the bot opened in answer to an interaction, if it did.
func (f *Fake) Modal(interactionID string) (*discordgo.InteractionResponseData, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, r := range f.responses[interactionID] {
		if r.Type == int(discordgo.InteractionResponseModal) {
			return r.Data, true
		}
	}
	return nil, false
}

// SubmitModal submits the form the bot opened in answer to interaction openedBy, as the
// member who was shown it, with values by text input custom_id. Discord refuses a
// required input left empty and a value past the input's length.
func (f *Fake) SubmitModal(openedBy string, values map[string]string) (discordgo.Interaction, error) {
	modal, ok := f.Modal(openedBy)
	if !ok {
		return discordgo.Interaction{}, errors.New("the bot opened no modal for that interaction")
	}
	f.mu.Lock()
	st, ok := f.interactions[openedBy]
	var origin discordgo.Interaction
	if ok {
		origin = st.i
	}
	f.mu.Unlock()
	if !ok {
		return discordgo.Interaction{}, errors.New("unknown interaction")
	}
	var rows []discordgo.MessageComponent
	for _, c := range modal.Components {
		row, ok := c.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		var filled []discordgo.MessageComponent
		for _, in := range row.Components {
			ti, ok := in.(*discordgo.TextInput)
			if !ok {
				continue
			}
			v := values[ti.CustomID]
			n := utf8.RuneCountInString(v)
			if ti.Required && v == "" {
				return discordgo.Interaction{}, errors.New("the field " + ti.Label + " is required")
			}
			if v != "" && ((ti.MaxLength > 0 && n > ti.MaxLength) || n < ti.MinLength || n > maxInputLength) {
				return discordgo.Interaction{}, errors.New("the field " + ti.Label + " has the wrong length")
			}
			filled = append(filled, discordgo.TextInput{CustomID: ti.CustomID, Value: v})
		}
		rows = append(rows, discordgo.ActionsRow{Components: filled})
	}
	i := discordgo.Interaction{Type: discordgo.InteractionModalSubmit, ChannelID: origin.ChannelID, GuildID: origin.GuildID,
		Member: origin.Member, User: origin.User, Message: origin.Message,
		Data: modalSubmit{CustomID: modal.CustomID, Components: rows}}
	if i.Member != nil {
		i.Member.Roles = nil // the current roles, filled by SendInteraction
	}
	return f.SendInteraction(i), nil
}

// Autocomplete sends what userID is typing in option focused of a command (under its
// subcommand, when sub is not ""), as Discord does while the member types.
func (f *Fake) Autocomplete(command, sub, focused, typed, userID string) (discordgo.Interaction, error) {
	m, ok := f.Member(userID)
	if !ok {
		return discordgo.Interaction{}, errors.New("no such member")
	}
	opt := &discordgo.ApplicationCommandInteractionDataOption{Name: focused, Type: discordgo.ApplicationCommandOptionString,
		Value: typed, Focused: true}
	opts := []*discordgo.ApplicationCommandInteractionDataOption{opt}
	if sub != "" {
		opts = []*discordgo.ApplicationCommandInteractionDataOption{{Name: sub,
			Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}
	}
	return f.SendInteraction(discordgo.Interaction{Type: discordgo.InteractionApplicationCommandAutocomplete,
		Member: &m, Data: discordgo.ApplicationCommandInteractionData{ID: "1", Name: command, Options: opts}}), nil
}

// Choices are the autocomplete choices the bot answered to an interaction.
func (f *Fake) Choices(interactionID string) ([]*discordgo.ApplicationCommandOptionChoice, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, r := range f.responses[interactionID] {
		if r.Type == int(discordgo.InteractionApplicationCommandAutocompleteResult) && r.Data != nil {
			return r.Data.Choices, true
		}
	}
	return nil, false
}

// checkResponseKind refuses a response the interaction's type does not take, as Discord
// does: updates for buttons only, choices for autocomplete only, no modal in answer to a
// modal, and only choices for autocomplete.
func checkResponseKind(it discordgo.InteractionType, rt discordgo.InteractionResponseType, data *discordgo.InteractionResponseData) error {
	switch rt {
	case discordgo.InteractionResponseDeferredMessageUpdate, discordgo.InteractionResponseUpdateMessage:
		if it != discordgo.InteractionMessageComponent && it != discordgo.InteractionModalSubmit {
			return errors.New("only a component interaction updates its message")
		}
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		if it != discordgo.InteractionApplicationCommandAutocomplete {
			return errors.New("choices answer autocomplete only")
		}
		if data == nil || len(data.Choices) > maxChoices {
			return errors.New("at most 25 choices")
		}
		for _, c := range data.Choices {
			if c.Name == "" || utf8.RuneCountInString(c.Name) > maxChoiceName {
				return errors.New("a choice name holds 1 to 100 characters")
			}
		}
		return nil
	case discordgo.InteractionResponseModal:
		if it == discordgo.InteractionModalSubmit || it == discordgo.InteractionApplicationCommandAutocomplete {
			return errors.New("a modal cannot answer this interaction")
		}
		return nil // checkModal answers with Discord's form errors
	}
	if it == discordgo.InteractionApplicationCommandAutocomplete {
		return errors.New("autocomplete takes choices only")
	}
	if data != nil {
		return checkMessageComponents(data.Components)
	}
	return nil
}

// updateComponentMessage edits the message a button is on, as a type 7 response or an
// edit of @original after a type 6 does. f.mu is held.
func (f *Fake) updateComponentMessage(messageID string, content *string, embeds *[]*discordgo.MessageEmbed,
	components *[]discordgo.MessageComponent) (*message, error) {
	m, ok := f.messages[messageID]
	if !ok || m.deleted {
		return nil, errors.New("unknown message")
	}
	newContent, newEmbeds := m.dg.Content, m.dg.Embeds
	if content != nil {
		newContent = *content
	}
	if embeds != nil {
		newEmbeds = *embeds
	}
	if errs := validateMessage(newContent, newEmbeds, ""); errs != nil {
		return nil, errors.New("invalid message")
	}
	if components != nil {
		if err := checkMessageComponents(*components); err != nil {
			return nil, err
		}
		m.dg.Components = *components
	}
	m.dg.Content, m.dg.Embeds = newContent, newEmbeds
	if m.dg.Embeds == nil {
		m.dg.Embeds = []*discordgo.MessageEmbed{}
	}
	now := f.now().UTC().Truncate(time.Millisecond)
	m.dg.EditedTimestamp = &now
	f.broadcast("MESSAGE_UPDATE", mustJSON(m.read(true)))
	return m, nil
}
