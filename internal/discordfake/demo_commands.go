package discordfake

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// demoCommand is a slash command (with its subcommand, or group and subcommand) the demo
// page can run, with the options it takes.
type demoCommand struct {
	Value   string // "turno entrar"
	Label   string // "/turno entrar"
	Anchor  string // "cmd-turno-entrar"
	Options []demoOption
}

// demoOption is one option of a command as a form field.
type demoOption struct {
	Name, Description string
	Required          bool
	Kind              string // "text", "integer", "number", "boolean", "user", "choice"
	Choices           []demoChoice
	Autocomplete      bool
	// Suggested are the bot's autocomplete choices for what was typed, once asked.
	Suggested []demoChoice
	Typed     string
	Asked     bool
}

type demoChoice struct{ Name, Value string }

// demoCommands lists the registered commands, one entry per subcommand, and the string
// choices of the older one-option form ("servidor").
func (f *Fake) demoCommands() ([]demoCommand, []string) {
	var out []demoCommand
	var choices []string
	add := func(path []string, opts []*discordgo.ApplicationCommandOption) {
		dc := demoCommand{Value: strings.Join(path, " "), Label: "/" + strings.Join(path, " "), Anchor: "cmd-" + strings.Join(path, "-")}
		for _, o := range opts {
			dc.Options = append(dc.Options, demoOptionOf(o))
			for _, ch := range o.Choices {
				if s, ok := ch.Value.(string); ok && !slices.Contains(choices, s) {
					choices = append(choices, s)
				}
			}
		}
		out = append(out, dc)
	}
	for _, c := range f.Commands() {
		subs := 0
		for _, o := range c.Options {
			switch o.Type {
			case discordgo.ApplicationCommandOptionSubCommand:
				subs++
				add([]string{c.Name, o.Name}, o.Options)
			case discordgo.ApplicationCommandOptionSubCommandGroup:
				for _, so := range o.Options {
					subs++
					add([]string{c.Name, o.Name, so.Name}, so.Options)
				}
			}
		}
		if subs == 0 {
			add([]string{c.Name}, c.Options)
		}
	}
	return out, choices
}

func demoOptionOf(o *discordgo.ApplicationCommandOption) demoOption {
	d := demoOption{Name: o.Name, Description: o.Description, Required: o.Required, Autocomplete: o.Autocomplete}
	switch o.Type {
	case discordgo.ApplicationCommandOptionInteger:
		d.Kind = "integer"
	case discordgo.ApplicationCommandOptionNumber:
		d.Kind = "number"
	case discordgo.ApplicationCommandOptionBoolean:
		d.Kind = "boolean"
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable:
		d.Kind = "user"
	default:
		d.Kind = "text"
	}
	for _, ch := range o.Choices {
		d.Kind = "choice"
		d.Choices = append(d.Choices, demoChoice{Name: ch.Name, Value: choiceValue(ch.Value)})
	}
	return d
}

func choiceValue(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return ""
}

// commandPath finds a registered command by "name [group] sub", with the definitions of
// its options.
func (f *Fake) commandPath(parts []string) ([]*discordgo.ApplicationCommandOption, bool) {
	for _, c := range f.Commands() {
		if c.Name != parts[0] {
			continue
		}
		opts := c.Options
		for _, p := range parts[1:] {
			i := slices.IndexFunc(opts, func(o *discordgo.ApplicationCommandOption) bool { return o.Name == p })
			if i < 0 {
				return nil, false
			}
			opts = opts[i].Options
		}
		return opts, true
	}
	return nil, false
}

// demoInteraction runs a slash command as a persona, as if they had typed it in Discord,
// waits briefly for the bot's answer and shows it on the page. Fields "opt.NAME" carry
// the options; "optionName" and "option" are the one-option form. With "sugerir" set to
// an option's name, it asks the bot for autocomplete choices for what was typed instead.
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
	defs, ok := f.commandPath(parts)
	if !ok {
		http.Error(w, "ese comando no está registrado", http.StatusBadRequest)
		return
	}
	values := map[string]string{}
	for k, v := range r.PostForm {
		if name, ok := strings.CutPrefix(k, "opt."); ok && len(v) > 0 && v[len(v)-1] != "" {
			values[name] = v[len(v)-1]
		}
	}
	// Also as pairs, optionName[i] and option[i]; an empty value is left out.
	names, given := r.PostForm["optionName"], r.PostForm["option"]
	for i := range min(len(names), len(given)) {
		if names[i] != "" && given[i] != "" {
			values[names[i]] = given[i]
		}
	}
	focus := r.PostForm.Get("sugerir")
	opts, resolved, err := f.demoOptions(defs, values, focus)
	if err != "" {
		http.Error(w, err, http.StatusBadRequest)
		return
	}
	data := discordgo.ApplicationCommandInteractionData{ID: "1", Name: parts[0], Options: opts, Resolved: resolved}
	for i := len(parts) - 1; i >= 1; i-- {
		kind := discordgo.ApplicationCommandOptionSubCommand
		if i < len(parts)-1 {
			kind = discordgo.ApplicationCommandOptionSubCommandGroup
		}
		data.Options = []*discordgo.ApplicationCommandInteractionDataOption{{Name: parts[i], Type: kind, Options: data.Options}}
	}
	kind := discordgo.InteractionApplicationCommand
	if focus != "" {
		kind = discordgo.InteractionApplicationCommandAutocomplete
	}
	// Written in a thread when the form names one (a ticket's, for /nota and /respuesta).
	channelID := r.PostForm.Get("channel")
	if channelID != "" {
		f.mu.Lock()
		c, ok := f.channels[channelID]
		f.mu.Unlock()
		if !ok || c.Type == discordgo.ChannelTypeDM {
			http.Error(w, "ese canal no existe en el servidor", http.StatusBadRequest)
			return
		}
	}
	sent := f.SendInteraction(discordgo.Interaction{Type: kind, Data: data, Member: &m, GuildID: f.opts.GuildID, ChannelID: channelID})
	anchor := "cmd-" + strings.Join(parts, "-")
	if focus != "" {
		choices := f.demoAwaitChoices(sent)
		f.mu.Lock()
		f.demo.suggestions = &demoSuggestions{Command: strings.Join(parts, " "), Option: focus, Typed: values[focus], Choices: choices}
		f.mu.Unlock()
		w.Header().Set("Location", "./?sugerencias="+url.QueryEscape(strings.Join(parts, " "))+"#"+anchor)
		w.WriteHeader(http.StatusSeeOther)
		return
	}
	f.demoAwait(sent, userID)
	w.Header().Set("Location", "./?comando="+url.QueryEscape(strings.Join(parts, " "))+"#respuesta")
	w.WriteHeader(http.StatusSeeOther)
}

// demoOptions turns the form's values into a command's options, typed as Discord types
// them, with the users they name resolved.
func (f *Fake) demoOptions(defs []*discordgo.ApplicationCommandOption, values map[string]string, focus string) (
	[]*discordgo.ApplicationCommandInteractionDataOption, *discordgo.ApplicationCommandInteractionDataResolved, string) {
	var out []*discordgo.ApplicationCommandInteractionDataOption
	var resolved *discordgo.ApplicationCommandInteractionDataResolved
	for _, d := range defs {
		v, ok := values[d.Name]
		if !ok && d.Name != focus {
			if d.Required && focus == "" {
				return nil, nil, "falta la opción " + d.Name
			}
			continue
		}
		o := &discordgo.ApplicationCommandInteractionDataOption{Name: d.Name, Type: d.Type, Focused: d.Name == focus}
		switch d.Type {
		case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
			n, err := strconv.ParseFloat(v, 64)
			if err != nil && !o.Focused {
				return nil, nil, "la opción " + d.Name + " es un número"
			}
			o.Value = n
			if o.Focused {
				o.Value = v // Discord sends what is typed so far, as text
			}
		case discordgo.ApplicationCommandOptionBoolean:
			o.Value = v == "true"
		case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable:
			m, ok := f.Member(v)
			if !ok || m.User == nil {
				return nil, nil, "no hay nadie con ese id en el servidor"
			}
			if resolved == nil {
				resolved = &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{}}
			}
			u := *m.User
			resolved.Users[u.ID] = &u
			o.Value = v
		default:
			o.Value = v
		}
		out = append(out, o)
	}
	return out, resolved, ""
}
