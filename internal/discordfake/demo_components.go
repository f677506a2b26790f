package discordfake

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// demoState is what the demo page shows of the last interaction it sent: the bot's
// answer, the form the bot opened, the choices it suggested.
type demoState struct {
	persona     string
	answer      string
	modal       *demoModal
	suggestions *demoSuggestions
}

// demoModal is a form the bot opened, shown as an HTML form.
type demoModal struct {
	InteractionID string
	Title         string
	Inputs        []demoInput
}

type demoInput struct {
	CustomID, Label, Placeholder, Value string
	Paragraph, Required                 bool
	MaxLength                           int
}

// demoSuggestions are the bot's autocomplete choices for an option of a command.
type demoSuggestions struct {
	Command, Option, Typed string
	Choices                []demoChoice
}

// demoButton is a button of a message on the demo page.
type demoButton struct {
	Label, CustomID, URL, Style string
	Disabled                    bool
}

// demoRows are a message's buttons by row.
func demoRows(comps []discordgo.MessageComponent) [][]demoButton {
	var rows [][]demoButton
	for _, c := range comps {
		row, ok := c.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		var out []demoButton
		for _, in := range row.Components {
			b, ok := in.(*discordgo.Button)
			if !ok {
				continue
			}
			style := map[discordgo.ButtonStyle]string{discordgo.PrimaryButton: "primary", discordgo.SecondaryButton: "secondary",
				discordgo.SuccessButton: "success", discordgo.DangerButton: "danger", discordgo.LinkButton: "link"}[b.Style]
			out = append(out, demoButton{Label: b.Label, CustomID: b.CustomID, URL: b.URL, Style: style, Disabled: b.Disabled})
		}
		if len(out) > 0 {
			rows = append(rows, out)
		}
	}
	return rows
}

// demoPress presses a button on a message as a persona and shows the bot's answer.
func (f *Fake) demoPress(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "formulario inválido", http.StatusBadRequest)
		return
	}
	userID := r.PostForm.Get("persona")
	sent, err := f.PressButton(r.PostForm.Get("message"), r.PostForm.Get("customId"), userID)
	if err != nil {
		http.Error(w, "ese botón no se puede pulsar: "+err.Error(), http.StatusBadRequest)
		return
	}
	f.demoAwait(sent, userID)
	w.Header().Set("Location", "./?boton="+url.QueryEscape(r.PostForm.Get("customId"))+"#respuesta")
	w.WriteHeader(http.StatusSeeOther)
}

// demoSubmitModal submits the form the bot opened with the page's values.
func (f *Fake) demoSubmitModal(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "formulario inválido", http.StatusBadRequest)
		return
	}
	values := map[string]string{}
	for k, v := range r.PostForm {
		if id, ok := strings.CutPrefix(k, "input."); ok && len(v) > 0 {
			values[id] = v[0]
		}
	}
	f.mu.Lock()
	persona := f.demo.persona
	f.mu.Unlock()
	sent, err := f.SubmitModal(r.PostForm.Get("interaction"), values)
	if err != nil {
		http.Error(w, "Discord no acepta ese formulario: "+err.Error(), http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.demo.modal = nil
	f.mu.Unlock()
	f.demoAwait(sent, persona)
	w.Header().Set("Location", "./?formulario=1#respuesta")
	w.WriteHeader(http.StatusSeeOther)
}

// demoAwait waits briefly for the bot's answer to an interaction and keeps it for the
// page: its text, or the form it opened.
func (f *Fake) demoAwait(sent discordgo.Interaction, persona string) {
	deadline := time.Now().Add(5 * time.Second)
	answer, modal, done := f.demoAnswer(sent)
	for !done && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		answer, modal, done = f.demoAnswer(sent)
	}
	if !done {
		answer = "(el bot no respondió a tiempo)"
	}
	f.mu.Lock()
	f.demo.persona, f.demo.answer, f.demo.suggestions = persona, answer, nil
	if modal != nil {
		f.demo.modal = modal
	}
	f.mu.Unlock()
}

// demoAnswer reads the bot's answer to an interaction, once there is one.
func (f *Fake) demoAnswer(i discordgo.Interaction) (string, *demoModal, bool) {
	res := f.InteractionResponses(i.ID)
	if len(res) == 0 {
		return "", nil, false
	}
	first := res[0]
	switch discordgo.InteractionResponseType(first.Type) {
	case discordgo.InteractionResponseModal:
		m := &demoModal{InteractionID: i.ID, Title: first.Data.Title}
		for _, c := range first.Data.Components {
			if row, ok := c.(*discordgo.ActionsRow); ok {
				for _, in := range row.Components {
					if ti, ok := in.(*discordgo.TextInput); ok {
						m.Inputs = append(m.Inputs, demoInput{CustomID: ti.CustomID, Label: ti.Label, Placeholder: ti.Placeholder,
							Value: ti.Value, Paragraph: ti.Style == discordgo.TextInputParagraph, Required: ti.Required, MaxLength: ti.MaxLength})
					}
				}
			}
		}
		return "(el bot abrió el formulario «" + m.Title + "»)", m, true
	case discordgo.InteractionResponseChannelMessageWithSource:
		return messageText(first.Data.Content, first.Data.Embeds), nil, true
	case discordgo.InteractionResponseUpdateMessage:
		return joinLines("(el bot actualizó el mensaje)", messageText(first.Data.Content, first.Data.Embeds)), nil, true
	case discordgo.InteractionResponseDeferredMessageUpdate:
		fu := f.Followups(i.Token)
		if len(fu) == 0 {
			return "", nil, false
		}
		last := fu[len(fu)-1]
		if last.EditedTimestamp != nil {
			return joinLines("(el bot actualizó el mensaje)", messageText(last.Content, last.Embeds)), nil, true
		}
		return messageText(last.Content, last.Embeds), nil, true
	case discordgo.InteractionResponseDeferredChannelMessageWithSource:
		if orig, ok := f.Original(i.Token); ok && (orig.Content != "" || len(orig.Embeds) > 0) {
			return messageText(orig.Content, orig.Embeds), nil, true
		}
	}
	return "", nil, false
}

// demoAwaitChoices waits briefly for the bot's autocomplete choices.
func (f *Fake) demoAwaitChoices(sent discordgo.Interaction) []demoChoice {
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		if choices, ok := f.Choices(sent.ID); ok {
			out := make([]demoChoice, 0, len(choices))
			for _, c := range choices {
				out = append(out, demoChoice{Name: c.Name, Value: choiceValue(c.Value)})
			}
			return out
		}
		time.Sleep(50 * time.Millisecond)
	}
	return nil
}

func joinLines(a, b string) string {
	if b == "" {
		return a
	}
	return a + "\n" + b
}

func messageText(content string, embeds []*discordgo.MessageEmbed) string {
	parts := []string{}
	if content != "" {
		parts = append(parts, content)
	}
	for _, e := range embeds {
		if e.Title != "" {
			parts = append(parts, e.Title)
		}
		if e.Description != "" {
			parts = append(parts, e.Description)
		}
		for _, fl := range e.Fields {
			parts = append(parts, fl.Name+": "+fl.Value)
		}
	}
	return strings.Join(parts, "\n")
}
