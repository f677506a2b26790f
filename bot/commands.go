package bot

import (
	"context"
	"errors"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
)

// Command is a slash command: its definition, who may use it, and a handler that calls
// core with the invoking member as the actor.
type Command struct {
	Definition *discordgo.ApplicationCommand
	// Groups, when set, admit only members who pass the permission check for them.
	Groups []authz.Group
	// Ephemeral replies are seen only by the member who asked.
	Ephemeral bool
	Handle    func(ctx context.Context, inv *Invocation) (Reply, error)
}

// Invocation is one use of a command.
type Invocation struct {
	Actor       *authz.Actor
	Interaction *discordgo.Interaction
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

// Reply is what a command answers.
type Reply struct {
	Content string
	Embeds  []*discordgo.MessageEmbed
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
		defs = append(defs, c.Definition)
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

func (b *Bot) onInteraction(s *discordgo.Session, i *discordgo.InteractionCreate) {
	if i.Type != discordgo.InteractionApplicationCommand {
		return
	}
	cmd, ok := b.commands[i.ApplicationCommandData().Name]
	if !ok {
		return
	}
	// The read loop must not wait on a command.
	go b.runCommand(s, cmd, i.Interaction)
}

type outcome struct {
	reply     Reply
	err       error
	ephemeral bool
}

// runCommand answers within Discord's 3 seconds: directly when the handler is quick,
// or with a deferred reply that is edited once the handler is done.
func (b *Bot) runCommand(s *discordgo.Session, cmd *Command, in *discordgo.Interaction) {
	start := time.Now()
	name := cmd.Definition.Name
	defer func() { b.metrics.commandLatency.WithLabelValues(name).Observe(time.Since(start).Seconds()) }()
	ctx, cancel := context.WithTimeout(context.Background(), 14*time.Minute)
	defer cancel()

	done := make(chan outcome, 1)
	go func() { done <- b.invoke(ctx, cmd, in) }()

	var res outcome
	select {
	case res = <-done:
		if errors.Is(res.err, idempotency.ErrReplay) {
			b.log.Debug("interaction delivered again: its first delivery answers it", "command", name, "interaction", in.ID)
			return
		}
		data := responseData(res)
		if err := s.InteractionRespond(in, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data,
		}); err != nil {
			b.log.Error("command reply failed", "command", name, "error", err)
		}
		return
	case <-time.After(b.deps.Timing.DeferAfter):
	}
	var flags discordgo.MessageFlags
	if cmd.Ephemeral {
		flags = discordgo.MessageFlagsEphemeral
	}
	if err := s.InteractionRespond(in, &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: flags},
	}); err != nil {
		b.log.Error("command defer failed", "command", name, "error", err)
	}
	res = <-done
	if errors.Is(res.err, idempotency.ErrReplay) {
		b.log.Debug("interaction delivered again: its first delivery answers it", "command", name, "interaction", in.ID)
		return
	}
	content := res.reply.Content
	embeds := res.reply.Embeds
	if _, err := s.InteractionResponseEdit(in, &discordgo.WebhookEdit{Content: &content, Embeds: &embeds}); err != nil {
		b.log.Error("command reply failed", "command", name, "error", err)
	}
}

// invoke builds the actor and runs the handler; every refusal becomes a Spanish reply
// that only the member sees.
func (b *Bot) invoke(ctx context.Context, cmd *Command, in *discordgo.Interaction) (res outcome) {
	defer func() {
		if r := recover(); r != nil {
			b.log.Error("command panicked", "command", cmd.Definition.Name, "panic", r)
			res = outcome{reply: Reply{Content: genericCommandError}, ephemeral: true}
		}
	}()
	userID := ""
	if in.Member != nil && in.Member.User != nil {
		userID = in.Member.User.ID
	} else if in.User != nil {
		userID = in.User.ID
	}
	// Discord may deliver an interaction twice. Its id names the submission: a create
	// claims it in its transaction, so a repeat changes nothing and is not answered.
	ctx = idempotency.With(ctx, &idempotency.Request{Scope: interactionScope, Key: in.ID})
	actor, err := b.deps.App.Members.MemberActor(ctx, userID)
	if err == nil && len(cmd.Groups) > 0 && !actor.InGroup(cmd.Groups...) {
		err = errs.ErrNoPermission
	}
	var reply Reply
	if err == nil {
		reply, err = cmd.Handle(ctx, &Invocation{Actor: actor, Interaction: in})
	}
	if errors.Is(err, idempotency.ErrReplay) {
		return outcome{err: err}
	}
	if err != nil {
		msg := genericCommandError
		if e, ok := errs.As(err); ok && e.Kind != errs.KindInternal {
			msg = e.Message
		} else {
			b.log.Error("command failed", "command", cmd.Definition.Name, "member", userID, "error", err)
		}
		return outcome{reply: Reply{Content: msg}, err: err, ephemeral: true}
	}
	return outcome{reply: reply, ephemeral: cmd.Ephemeral}
}

func responseData(res outcome) *discordgo.InteractionResponseData {
	data := &discordgo.InteractionResponseData{Content: res.reply.Content, Embeds: res.reply.Embeds,
		AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}}
	if res.ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return data
}
