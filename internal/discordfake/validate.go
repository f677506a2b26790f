package discordfake

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// formErrors is the "errors" tree of Discord's 400 Invalid Form Body (code 50035).
type formErrors map[string]any

func (e formErrors) add(code, message string, path ...string) formErrors {
	m := map[string]any(e)
	for _, p := range path {
		next, ok := m[p].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[p] = next
		}
		m = next
	}
	list, _ := m["_errors"].([]any)
	m["_errors"] = append(list, map[string]string{"code": code, "message": message})
	return e
}

func (e formErrors) write(w http.ResponseWriter) {
	writeJSON(w, http.StatusBadRequest, map[string]any{"code": 50035, "errors": map[string]any(e), "message": "Invalid Form Body"})
}

// maxLen adds an error when s has more than n characters.
func (e formErrors) maxLen(s string, n int, path ...string) {
	if utf8.RuneCountInString(s) > n {
		e.add("BASE_TYPE_MAX_LENGTH", "Must be "+strconv.Itoa(n)+" or fewer in length.", path...)
	}
}

// validateMessage applies Discord's limits on message content, nonce and embeds.
func validateMessage(content string, embeds []*discordgo.MessageEmbed, nonce string) formErrors {
	e := formErrors{}
	e.maxLen(content, 2000, "content")
	e.maxLen(nonce, 25, "nonce")
	if len(embeds) > 10 {
		e.add("BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.", "embeds")
	}
	total := 0
	for i, em := range embeds {
		if em == nil {
			continue
		}
		at := strconv.Itoa(i)
		e.maxLen(em.Title, 256, "embeds", at, "title")
		if em.URL != "" && !wellFormedURL(em.URL) {
			e.add("URL_TYPE_INVALID_URL", "Not a well formed URL.", "embeds", at, "url")
		}
		e.maxLen(em.Description, 4096, "embeds", at, "description")
		total += utf8.RuneCountInString(em.Title) + utf8.RuneCountInString(em.Description)
		if em.Footer != nil {
			e.maxLen(em.Footer.Text, 2048, "embeds", at, "footer", "text")
			total += utf8.RuneCountInString(em.Footer.Text)
		}
		if em.Author != nil {
			e.maxLen(em.Author.Name, 256, "embeds", at, "author", "name")
			total += utf8.RuneCountInString(em.Author.Name)
		}
		if len(em.Fields) > 25 {
			e.add("BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.", "embeds", at, "fields")
		}
		for j, fl := range em.Fields {
			if fl == nil {
				continue
			}
			fat := strconv.Itoa(j)
			if fl.Name == "" {
				e.add("BASE_TYPE_REQUIRED", "This field is required", "embeds", at, "fields", fat, "name")
			}
			if fl.Value == "" {
				e.add("BASE_TYPE_REQUIRED", "This field is required", "embeds", at, "fields", fat, "value")
			}
			e.maxLen(fl.Name, 256, "embeds", at, "fields", fat, "name")
			e.maxLen(fl.Value, 1024, "embeds", at, "fields", fat, "value")
			total += utf8.RuneCountInString(fl.Name) + utf8.RuneCountInString(fl.Value)
		}
	}
	if total > 6000 {
		e.add("MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000", "embeds")
	}
	if len(e) == 0 {
		return nil
	}
	return e
}

// wellFormedURL is what Discord takes as an embed's link: an absolute http or https address
// of at most 2048 characters.
func wellFormedURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && len(raw) <= 2048 && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

var commandName = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

// validateCommands applies Discord's rules on application commands: names, descriptions,
// option counts and order.
func validateCommands(cmds []*discordgo.ApplicationCommand) formErrors {
	e := formErrors{}
	if len(cmds) > 100 {
		e.add("BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
	}
	seen := map[string]bool{}
	for i, c := range cmds {
		if c == nil {
			continue
		}
		at := strconv.Itoa(i)
		chat := c.Type == 0 || c.Type == discordgo.ChatApplicationCommand
		key := strconv.Itoa(int(c.Type)) + c.Name
		if seen[key] {
			e.add("APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique", at, "name")
		}
		seen[key] = true
		if chat {
			checkName(e, c.Name, at, "name")
			checkDescription(e, c.Description, at, "description")
			checkOptions(e, c.Options, 0, at, "options")
		} else {
			if n := utf8.RuneCountInString(c.Name); n < 1 || n > 32 {
				e.add("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.", at, "name")
			}
			if c.Description != "" {
				e.add("APPLICATION_COMMAND_INVALID_DESCRIPTION", "Context menu commands cannot have description", at, "description")
			}
		}
	}
	if len(e) == 0 {
		return nil
	}
	return e
}

func checkName(e formErrors, name string, path ...string) {
	if !commandName.MatchString(name) || strings.ToLower(name) != name {
		e.add("APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid", path...)
	}
}

func checkDescription(e formErrors, d string, path ...string) {
	if n := utf8.RuneCountInString(d); n < 1 || n > 100 {
		e.add("BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.", path...)
	}
}

func checkOptions(e formErrors, opts []*discordgo.ApplicationCommandOption, depth int, path ...string) {
	if len(opts) > 25 {
		e.add("BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.", path...)
	}
	optional := false
	names := map[string]bool{}
	for i, o := range opts {
		if o == nil {
			continue
		}
		at := append(append([]string{}, path...), strconv.Itoa(i))
		checkName(e, o.Name, append(at, "name")...)
		checkDescription(e, o.Description, append(at, "description")...)
		if names[o.Name] {
			e.add("APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique", append(at, "name")...)
		}
		names[o.Name] = true
		if len(o.Choices) > 25 {
			e.add("BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.", append(at, "choices")...)
		}
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			if depth >= 2 || (o.Type == discordgo.ApplicationCommandOptionSubCommandGroup && depth >= 1) {
				e.add("APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Sub-commands cannot be nested this deep", append(at, "type")...)
			}
			checkOptions(e, o.Options, depth+1, append(at, "options")...)
		default:
			if o.Required && optional {
				e.add("APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options", append(at, "required")...)
			}
			if !o.Required {
				optional = true
			}
		}
	}
}
