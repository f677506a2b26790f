package discordfake

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

func demoGet(t *testing.T, srv string, query string) string {
	t.Helper()
	res, err := http.Get(srv + "/" + query)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	page, _ := io.ReadAll(res.Body)
	return string(page)
}

func demoPost(t *testing.T, srv, path string, form url.Values) *http.Response {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.PostForm(srv+path, form)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

// A bot that answers a button with a modal, the modal with a message that disables the
// button, and autocomplete with what was typed.
func TestDemoPagePressesButtonsSubmitsModalsAndSuggests(t *testing.T) {
	t.Parallel()
	f, srv := newFake(t)
	f.AddPersona(Persona{Name: "comite", UserID: alice})
	s, _ := openSession(t, srv, allIntents)
	if _, err := s.ApplicationCommandBulkOverwrite(testApp, testGuild, []*discordgo.ApplicationCommand{{
		Name: "respuesta", Description: "Respuesta guardada",
		Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "nombre", Description: "Cuál", Required: true, Autocomplete: true},
			{Type: discordgo.ApplicationCommandOptionInteger, Name: "copias", Description: "Cuántas"},
			{Type: discordgo.ApplicationCommandOptionUser, Name: "para", Description: "A quién"},
		},
	}}); err != nil {
		t.Fatal(err)
	}
	msg, err := s.ChannelMessageSendComplex(testChannel, &discordgo.MessageSend{Content: "Votación abierta",
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "A favor", Style: discordgo.SuccessButton, CustomID: "vote:1:favor"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	s.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		var resp *discordgo.InteractionResponse
		switch ic.Type {
		case discordgo.InteractionMessageComponent:
			resp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{
				CustomID: "motivo:1", Title: "Tu voto", Components: []discordgo.MessageComponent{discordgo.ActionsRow{
					Components: []discordgo.MessageComponent{discordgo.TextInput{CustomID: "motivo", Label: "Motivo", Style: discordgo.TextInputShort, Required: true}}}}}}
		case discordgo.InteractionModalSubmit:
			v := ic.ModalSubmitData().Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput).Value
			resp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{
				Content: "Votaste: " + v, Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
					discordgo.Button{Label: "A favor", Style: discordgo.SuccessButton, CustomID: "vote:1:favor", Disabled: true}}}}}}
		case discordgo.InteractionApplicationCommandAutocomplete:
			typed := ic.ApplicationCommandData().Options[0].StringValue()
			resp = &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult, Data: &discordgo.InteractionResponseData{
				Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "Saludo " + typed, Value: "saludo"}}}}
		case discordgo.InteractionApplicationCommand:
			d := ic.ApplicationCommandData()
			resp = &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: &discordgo.InteractionResponseData{
				Content: "enviada " + d.Options[0].StringValue() + " x" + fmt.Sprint(d.Options[1].IntValue()) + " a " + d.Options[2].UserValue(nil).ID}}
		}
		_ = s.InteractionRespond(ic.Interaction, resp)
	})

	page := demoGet(t, srv.URL, "")
	for _, want := range []string{`aria-label="Botones del mensaje de`, `value="vote:1:favor"`, `aria-label="/respuesta"`,
		`name="opt.copias"`, `name="sugerir" value="nombre"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}

	if res := demoPost(t, srv.URL, "/buttons", url.Values{"persona": {alice}, "message": {msg.ID}, "customId": {"vote:1:favor"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("press answered %d", res.StatusCode)
	}
	page = demoGet(t, srv.URL, "?boton=vote:1:favor")
	if !strings.Contains(page, `aria-label="Formulario del bot"`) || !strings.Contains(page, `name="input.motivo"`) {
		t.Fatal("the modal is not shown as a form")
	}
	modal, _ := f.Modal(f.lastInteractionID(t))
	if modal == nil || modal.Title != "Tu voto" {
		t.Fatalf("modal %+v", modal)
	}
	if res := demoPost(t, srv.URL, "/modals", url.Values{"interaction": {f.lastInteractionID(t)}, "input.motivo": {""}}); res.StatusCode != http.StatusBadRequest {
		t.Fatalf("an empty required field answered %d", res.StatusCode)
	}
	if res := demoPost(t, srv.URL, "/modals", url.Values{"interaction": {f.lastInteractionID(t)}, "input.motivo": {"convencida"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("submit answered %d", res.StatusCode)
	}
	var updated Message
	for _, m := range f.Messages(testChannel) {
		if m.ID == msg.ID {
			updated = m
		}
	}
	if updated.Content != "Votaste: convencida" || !updated.Edited || !findButton(updated.Components, "vote:1:favor").Disabled {
		t.Fatalf("message after the modal %+v", updated)
	}
	page = demoGet(t, srv.URL, "?formulario=1")
	if !strings.Contains(page, "(el bot actualizó el mensaje)") || !strings.Contains(page, " disabled>A favor") {
		t.Error("the page shows neither the update nor the disabled button")
	}
	if res := demoPost(t, srv.URL, "/buttons", url.Values{"persona": {alice}, "message": {msg.ID}, "customId": {"vote:1:favor"}}); res.StatusCode != http.StatusBadRequest {
		t.Fatalf("a disabled button answered %d", res.StatusCode)
	}

	res := demoPost(t, srv.URL, "/interactions", url.Values{"persona": {alice}, "command": {"respuesta"}, "opt.nombre": {"hol"}, "sugerir": {"nombre"}})
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "./?sugerencias=respuesta#cmd-respuesta" {
		t.Fatalf("suggest answered %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	page = demoGet(t, srv.URL, "?sugerencias=respuesta")
	if !strings.Contains(page, `<option value="saludo">Saludo hol</option>`) || !strings.Contains(page, "1 sugerencias del bot") {
		t.Error("the page does not offer the suggestion")
	}
	if res := demoPost(t, srv.URL, "/interactions", url.Values{"persona": {alice}, "command": {"respuesta"}, "opt.copias": {"2"}}); res.StatusCode != http.StatusBadRequest {
		t.Fatalf("a missing required option answered %d", res.StatusCode)
	}
	if res := demoPost(t, srv.URL, "/interactions", url.Values{"persona": {alice}, "command": {"respuesta"}, "opt.nombre": {"saludo"},
		"opt.copias": {"2"}, "opt.para": {alice}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("the command answered %d", res.StatusCode)
	}
	if page = demoGet(t, srv.URL, "?comando=respuesta"); !strings.Contains(page, "enviada saludo x2 a "+alice) {
		t.Error("the page does not show the command's answer")
	}
}

// lastInteractionID is the id of the newest interaction sent.
func (f *Fake) lastInteractionID(t *testing.T) string {
	t.Helper()
	f.mu.Lock()
	defer f.mu.Unlock()
	last := ""
	for id := range f.interactions {
		if last == "" || compareIDs(id, last) > 0 {
			last = id
		}
	}
	return last
}
