package bot

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
)

// Component answers the buttons, or the modal forms, whose custom_id starts with its
// Prefix: "vote:42:favor" goes to the component with Prefix "vote", with Args
// ["42", "favor"].
type Component struct {
	Prefix string
	// Groups, when set, admit only members who pass the permission check for them.
	Groups []authz.Group
	// Ephemeral replies are seen only by the member who pressed or submitted.
	Ephemeral bool
	// Updates marks buttons that answer by editing their own message (Reply.Update): when
	// the handler is slow, Discord is told to wait for an update rather than a new message.
	Updates bool
	Handle  func(ctx context.Context, inv *Invocation) (Reply, error)
}

func (c *Component) route(kind string) route {
	return route{name: kind + c.Prefix, groups: c.Groups, ephemeral: c.Ephemeral, updates: c.Updates, handle: c.Handle}
}

// AddComponent registers the handler of a family of buttons.
func (b *Bot) AddComponent(c *Component) { b.components[c.Prefix] = c }

// AddModal registers the handler of a family of modal forms.
func (b *Bot) AddModal(c *Component) { b.modals[c.Prefix] = c }

// maxCustomID is Discord's limit on a component's or a modal's custom_id.
const maxCustomID = 100

const customIDSep = ":"

// CustomID joins a prefix and its arguments into a custom_id. The arguments are ids and
// short words the bot chooses, never user text, so one that would pass Discord's 100
// characters, or that holds the separator, is a bug and panics (the router turns a panic
// into the generic error).
func CustomID(prefix string, args ...string) string {
	for _, a := range args {
		if strings.Contains(a, customIDSep) {
			panic("custom_id argument holds " + customIDSep + ": " + a)
		}
	}
	id := strings.Join(append([]string{prefix}, args...), customIDSep)
	if len(id) > maxCustomID {
		panic("custom_id past 100 characters: " + id)
	}
	return id
}

// SplitCustomID is the prefix of a custom_id and its arguments.
func SplitCustomID(id string) (string, []string) {
	parts := strings.Split(id, customIDSep)
	return parts[0], parts[1:]
}

// ModalValue is what the member typed in the modal's text input named customID, or "".
func (inv *Invocation) ModalValue(customID string) string {
	if inv.Interaction.Type != discordgo.InteractionModalSubmit {
		return ""
	}
	return textInputValue(inv.Interaction.ModalSubmitData().Components, customID)
}

func textInputValue(components []discordgo.MessageComponent, customID string) string {
	for _, c := range components {
		switch v := c.(type) {
		case *discordgo.ActionsRow:
			if s := textInputValue(v.Components, customID); s != "" {
				return s
			}
		case discordgo.ActionsRow:
			if s := textInputValue(v.Components, customID); s != "" {
				return s
			}
		case *discordgo.TextInput:
			if v.CustomID == customID {
				return v.Value
			}
		case discordgo.TextInput:
			if v.CustomID == customID {
				return v.Value
			}
		}
	}
	return ""
}

// TextInputModal is a modal of text inputs, one per row, as Discord requires.
func TextInputModal(customID, title string, inputs ...discordgo.TextInput) *discordgo.InteractionResponseData {
	rows := make([]discordgo.MessageComponent, 0, len(inputs))
	for _, in := range inputs {
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{in}})
	}
	return &discordgo.InteractionResponseData{CustomID: customID, Title: title, Components: rows}
}
