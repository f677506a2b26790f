package bot

import (
	"context"
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
)

// Command is a slash command: its definition, who may use it, and a handler that calls
// core with the invoking member as the actor.
type Command struct {
	Definition *discordgo.ApplicationCommand
	// Groups, when set, admit only members who pass the permission check for them.
	Groups []authz.Group
	// Staff commands are listed in Discord only to members with the configured
	// permissions (discord.staffCommandPermissions) or to whom an admin grants them, so
	// players do not see them; Groups and core still decide who may use them.
	Staff bool
	// Ephemeral replies are seen only by the member who asked.
	Ephemeral bool
	Handle    func(ctx context.Context, inv *Invocation) (Reply, error)
	// Autocomplete, when set, offers choices for the option being typed (the one marked
	// Autocomplete in the definition). It only reads: no idempotency claim.
	Autocomplete func(ctx context.Context, inv *Invocation) ([]*discordgo.ApplicationCommandOptionChoice, error)
}

// Invocation is one use of a command, a button or a modal.
type Invocation struct {
	Actor       *authz.Actor
	Interaction *discordgo.Interaction
	// Args are what a button's or a modal's custom_id carries after its prefix.
	Args []string
}

// Option returns a named option of the command, or nil.
func (inv *Invocation) Option(name string) *discordgo.ApplicationCommandInteractionDataOption {
	for _, o := range inv.Interaction.ApplicationCommandData().Options {
		if o.Name == name {
			return o
		}
	}
	return nil
}

// Reply is what a command, a button or a modal answers.
type Reply struct {
	Content    string
	Embeds     []*discordgo.MessageEmbed
	Components []discordgo.MessageComponent
	// Update, for a button, edits the message the button is on instead of answering with a
	// new message.
	Update bool
	// Modal opens a form (text inputs only) instead of answering. Discord takes a modal only
	// as the first response, never after a defer: a handler that opens one must be quick.
	Modal *discordgo.InteractionResponseData
}

// interactionScope is the idempotency scope of slash commands: their keys are
// interaction ids.
const interactionScope = "discord.interaction"

const genericCommandError = "Ocurrió un error inesperado. Inténtalo de nuevo más tarde."

// AddCommand registers a command; the set is sent to Discord when the bot connects.
func (b *Bot) AddCommand(c *Command) { b.commands[c.Definition.Name] = c }

// registerCommands replaces the guild's commands with ours in one bulk overwrite.
func (b *Bot) registerCommands(s *discordgo.Session) error {
	defs := make([]*discordgo.ApplicationCommand, 0, len(b.commands))
	for _, c := range b.commands {
		def := c.Definition
		if c.Staff {
			staffOnly := *def
			bits := b.deps.Config.Discord.StaffCommandBits()
			staffOnly.DefaultMemberPermissions = &bits
			def = &staffOnly
		}
		defs = append(defs, def)
	}
	_, err := s.ApplicationCommandBulkOverwrite(b.deps.Config.Discord.ClientID, b.deps.Config.Discord.GuildID, defs)
	if err != nil {
		return errors.New("register slash commands: " + err.Error())
	}
	return nil
}

// keepRegistering retries the registration until Discord accepts it.
func (b *Bot) keepRegistering(ctx context.Context, s *discordgo.Session) {
	wait := b.deps.Timing.RetryBase
	for {
		err := b.registerCommands(s)
		if err == nil {
			return
		}
		b.log.Error("slash commands not registered, will retry", "error", err, "retry_in", wait)
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(wait*2, b.deps.Timing.RetryMax)
	}
}
