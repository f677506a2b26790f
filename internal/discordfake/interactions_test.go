package discordfake

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// sendCommand dispatches a slash command in testChannel and returns it.
func sendCommand(f *Fake) discordgo.Interaction {
	return f.SendInteraction(discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, ChannelID: testChannel,
		Data: discordgo.ApplicationCommandInteractionData{ID: "1", Name: "turno"}})
}

func callbackPath(i discordgo.Interaction) string {
	return "/api/v9/interactions/" + i.ID + "/" + i.Token + "/callback"
}

func webhookPath(i discordgo.Interaction) string {
	return "/api/v9/webhooks/" + testApp + "/" + i.Token
}

// Without a word from the test, an interaction must be answered within Discord's 3
// seconds and its token works for 15 minutes, both on the fake's clock; Relax turns both
// off by name.
func TestInteractionClocksAreOnByDefault(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{Now: fixedClock()})
	late := sendCommand(f)
	f.Advance(3*time.Second + time.Millisecond)
	wantError(t, "past 3 s", call(t, srv, http.MethodPost, callbackPath(late), map[string]any{"type": 5}), 404, 10062, "Unknown interaction")

	deferred := sendCommand(f)
	if a := call(t, srv, http.MethodPost, callbackPath(deferred), map[string]any{"type": 5}); a.status != 204 {
		t.Fatalf("defer: %d %s", a.status, a.raw)
	}
	f.Advance(15 * time.Minute)
	if a := call(t, srv, http.MethodPatch, webhookPath(deferred)+"/messages/@original", map[string]any{"content": "listo"}); a.status != 200 {
		t.Errorf("edit at 15 minutes: %d %s", a.status, a.raw)
	}
	f.Advance(time.Millisecond)
	for _, c := range []struct{ method, path string }{
		{http.MethodPatch, webhookPath(deferred) + "/messages/@original"},
		{http.MethodPost, webhookPath(deferred) + "?wait=true"},
		{http.MethodGet, webhookPath(deferred) + "/messages/@original"},
	} {
		wantError(t, c.method+" past 15 minutes", call(t, srv, c.method, c.path, map[string]any{"content": "tarde"}),
			401, 50027, "Invalid Webhook Token")
	}

	g, srv2 := newStrictFake(t, Options{Now: fixedClock(), Relax: Relax{InteractionDeadline: true}})
	relaxed := sendCommand(g)
	g.Advance(time.Hour)
	if a := call(t, srv2, http.MethodPost, callbackPath(relaxed), map[string]any{"type": 5}); a.status != 204 {
		t.Errorf("relaxed, an hour later: %d %s", a.status, a.raw)
	}
	if a := call(t, srv2, http.MethodPost, webhookPath(relaxed)+"?wait=true", map[string]any{"content": "sigue"}); a.status != 200 {
		t.Errorf("relaxed follow-up: %d %s", a.status, a.raw)
	}
}

// modalBody is a modal response whose first text input change may alter.
func modalBody(change func(modal, input map[string]any)) map[string]any {
	input := map[string]any{"type": 4, "custom_id": "titulo", "style": 1, "label": "Título", "required": true,
		"min_length": 3, "max_length": 100, "placeholder": "¿Qué pasa?", "value": "Hola"}
	modal := map[string]any{"custom_id": "ticket:nuevo", "title": "Nuevo ticket",
		"components": []any{map[string]any{"type": 1, "components": []any{input}}}}
	if change != nil {
		change(modal, input)
	}
	return map[string]any{"type": 9, "data": modal}
}

// Discord refuses a modal past any of its limits with the field's path; the bot's modal
// is checked whole, not only its shape.
func TestModalsAreHeldToDiscordsLimits(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	row := func(id string) map[string]any {
		return map[string]any{"type": 1, "components": []any{map[string]any{"type": 4, "custom_id": id, "style": 2, "label": "Texto"}}}
	}
	for _, c := range []struct {
		name   string
		change func(modal, input map[string]any)
		path   string // where Discord says it is wrong; "" for a modal it takes
	}{
		{"valid", nil, ""},
		{"the longest of everything", func(m, in map[string]any) {
			m["custom_id"], m["title"] = strings.Repeat("c", 100), strings.Repeat("t", 45)
			in["custom_id"], in["label"], in["placeholder"] = strings.Repeat("i", 100), strings.Repeat("l", 45), strings.Repeat("p", 100)
			in["max_length"], in["value"] = 4000, strings.Repeat("v", 4000)
			m["components"] = []any{m["components"].([]any)[0], row("b"), row("c"), row("d"), row("e")}
		}, ""},
		{"no custom_id", func(m, _ map[string]any) { delete(m, "custom_id") }, "data.custom_id"},
		{"custom_id of 101", func(m, _ map[string]any) { m["custom_id"] = strings.Repeat("c", 101) }, "data.custom_id"},
		{"no title", func(m, _ map[string]any) { m["title"] = "" }, "data.title"},
		{"title of 46", func(m, _ map[string]any) { m["title"] = strings.Repeat("t", 46) }, "data.title"},
		{"no rows", func(m, _ map[string]any) { m["components"] = []any{} }, "data.components"},
		{"six rows", func(m, _ map[string]any) {
			m["components"] = []any{row("a"), row("b"), row("c"), row("d"), row("e"), row("f")}
		}, "data.components"},
		{"two inputs in a row", func(m, in map[string]any) {
			m["components"] = []any{map[string]any{"type": 1, "components": []any{in, in}}}
		}, "data.components.0.components"},
		{"a button in a modal", func(m, _ map[string]any) {
			m["components"] = []any{map[string]any{"type": 1, "components": []any{map[string]any{"type": 2, "style": 1, "label": "x", "custom_id": "x"}}}}
		}, "data.components.0.components.0.type"},
		{"a duplicated custom_id", func(m, _ map[string]any) { m["components"] = []any{row("a"), row("a")} }, "data.components.1.components.0.custom_id"},
		{"input custom_id of 101", func(_, in map[string]any) { in["custom_id"] = strings.Repeat("i", 101) }, "data.components.0.components.0.custom_id"},
		{"style 3", func(_, in map[string]any) { in["style"] = 3 }, "data.components.0.components.0.style"},
		{"no style", func(_, in map[string]any) { delete(in, "style") }, "data.components.0.components.0.style"},
		{"no label", func(_, in map[string]any) { delete(in, "label") }, "data.components.0.components.0.label"},
		{"label of 46", func(_, in map[string]any) { in["label"] = strings.Repeat("l", 46) }, "data.components.0.components.0.label"},
		{"min_length past 4000", func(_, in map[string]any) { in["min_length"], in["max_length"] = 4001, 4000 }, "data.components.0.components.0.min_length"},
		{"max_length 0", func(_, in map[string]any) { in["max_length"] = 0 }, "data.components.0.components.0.max_length"},
		{"max_length past 4000", func(_, in map[string]any) { in["max_length"] = 4001 }, "data.components.0.components.0.max_length"},
		{"min above max", func(_, in map[string]any) { in["min_length"], in["max_length"] = 50, 10 }, "data.components.0.components.0.min_length"},
		{"value past max_length", func(_, in map[string]any) { in["value"] = strings.Repeat("v", 101) }, "data.components.0.components.0.value"},
		{"value past 4000", func(_, in map[string]any) { delete(in, "max_length"); in["value"] = strings.Repeat("v", 4001) }, "data.components.0.components.0.value"},
		{"placeholder of 101", func(_, in map[string]any) { in["placeholder"] = strings.Repeat("p", 101) }, "data.components.0.components.0.placeholder"},
	} {
		sent := sendCommand(f)
		a := call(t, srv, http.MethodPost, callbackPath(sent), modalBody(c.change))
		if c.path == "" {
			if a.status != 204 {
				t.Errorf("%s: %d %s", c.name, a.status, a.raw)
			}
			continue
		}
		if a.status != 400 || a.code() != 50035 || !hasFormError(a.body, c.path) {
			t.Errorf("%s: %d %s, want an error at %s", c.name, a.status, a.raw, c.path)
		}
		if _, opened := f.Modal(sent.ID); opened {
			t.Errorf("%s: the refused modal was opened", c.name)
		}
	}
}

// hasFormError tells whether an Invalid Form Body answer has an error at a dotted path.
func hasFormError(body map[string]any, path string) bool {
	node, _ := body["errors"].(map[string]any)
	for _, p := range strings.Split(path, ".") {
		next, ok := node[p].(map[string]any)
		if !ok {
			return false
		}
		node = next
	}
	list, _ := node["_errors"].([]any)
	return len(list) > 0
}

// A submission is held to the inputs' rules as the member's client holds it.
func TestModalSubmissionsKeepTheInputsRules(t *testing.T) {
	t.Parallel()
	f, srv := newStrictFake(t, Options{})
	f.AddUser(discordgo.User{ID: alice, Username: "alicia"}, true, testRole)
	m, _ := f.Member(alice)
	opened := f.SendInteraction(discordgo.Interaction{Type: discordgo.InteractionApplicationCommand, ChannelID: testChannel, Member: &m,
		Data: discordgo.ApplicationCommandInteractionData{ID: "1", Name: "ticket"}})
	if a := call(t, srv, http.MethodPost, callbackPath(opened), modalBody(func(_, in map[string]any) {
		delete(in, "value")
		in["max_length"] = 4000
	})); a.status != 204 {
		t.Fatalf("modal: %d %s", a.status, a.raw)
	}
	for value, ok := range map[string]bool{"": false, "ab": false, "abc": true, strings.Repeat("x", 4000): true, strings.Repeat("x", 4001): false} {
		_, err := f.SubmitModal(opened.ID, map[string]string{"titulo": value})
		if (err == nil) != ok {
			t.Errorf("a value of %d characters: %v", len(value), err)
		}
	}
}
