package discordfake

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// demoCommand is a slash command (with its subcommand) the demo page can run.
type demoCommand struct {
	Value string // "turno entrar"
	Label string // "/turno entrar"
}

// demoCommands lists the registered commands, one entry per subcommand.
func (f *Fake) demoCommands() ([]demoCommand, []string) {
	var out []demoCommand
	var choices []string
	for _, c := range f.Commands() {
		subs := 0
		for _, o := range c.Options {
			if o.Type != discordgo.ApplicationCommandOptionSubCommand {
				continue
			}
			subs++
			out = append(out, demoCommand{Value: c.Name + " " + o.Name, Label: "/" + c.Name + " " + o.Name})
			for _, so := range o.Options {
				for _, ch := range so.Choices {
					if s, ok := ch.Value.(string); ok && !slices.Contains(choices, s) {
						choices = append(choices, s)
					}
				}
			}
		}
		if subs == 0 {
			out = append(out, demoCommand{Value: c.Name, Label: "/" + c.Name})
		}
	}
	return out, choices
}

// demoInteraction runs a slash command as a persona, as if they had typed it in
// Discord, waits briefly for the bot's answer and shows it on the page.
func (f *Fake) demoInteraction(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "formulario inválido", http.StatusBadRequest)
		return
	}
	userID := r.PostForm.Get("persona")
	parts := strings.Fields(r.PostForm.Get("command"))
	m, ok := f.Member(userID)
	if !ok || len(parts) == 0 {
		http.Error(w, "elige una persona del servidor y un comando", http.StatusBadRequest)
		return
	}
	// Options come as pairs, optionName[i] and option[i]; an empty value is left out.
	var options []*discordgo.ApplicationCommandInteractionDataOption
	names, values := r.PostForm["optionName"], r.PostForm["option"]
	for i := range min(len(names), len(values)) {
		if values[i] != "" {
			options = append(options, &discordgo.ApplicationCommandInteractionDataOption{
				Name: names[i], Type: discordgo.ApplicationCommandOptionString, Value: values[i]})
		}
	}
	data := discordgo.ApplicationCommandInteractionData{ID: "1", Name: parts[0], Options: options}
	if len(parts) > 1 {
		sub := &discordgo.ApplicationCommandInteractionDataOption{Name: parts[1], Type: discordgo.ApplicationCommandOptionSubCommand,
			Options: options}
		data.Options = []*discordgo.ApplicationCommandInteractionDataOption{sub}
	}
	sent := f.SendInteraction(discordgo.Interaction{Type: discordgo.InteractionApplicationCommand,
		Data: data, Member: &m, GuildID: f.opts.GuildID})
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) && f.interactionAnswer(sent) == "" {
		time.Sleep(50 * time.Millisecond)
	}
	answer := f.interactionAnswer(sent)
	if answer == "" {
		answer = "(el bot no respondió a tiempo)"
	}
	f.mu.Lock()
	f.lastDemoAnswer = answer
	f.mu.Unlock()
	w.Header().Set("Location", "./?comando="+url.QueryEscape(strings.Join(parts, " "))+"#comandos")
	w.WriteHeader(http.StatusSeeOther)
}

// interactionAnswer is the text of the bot's final answer to an interaction, if any.
func (f *Fake) interactionAnswer(i discordgo.Interaction) string {
	if orig, ok := f.Original(i.Token); ok && (orig.Content != "" || len(orig.Embeds) > 0) {
		return messageText(orig.Content, orig.Embeds)
	}
	for _, res := range f.InteractionResponses(i.ID) {
		if res.Type == int(discordgo.InteractionResponseChannelMessageWithSource) && res.Data != nil {
			return messageText(res.Data.Content, res.Data.Embeds)
		}
	}
	return ""
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
		for _, fl := range e.Fields {
			parts = append(parts, fl.Name+": "+fl.Value)
		}
	}
	return strings.Join(parts, "\n")
}
