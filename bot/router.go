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

// route is what answers one interaction: a slash command, a button or a modal. They share
// the defer rule, the actor, the idempotency claim and the Spanish refusals.
type route struct {
	name      string // for logs and the latency metric: "turno", "button:vote", "modal:ticket"
	groups    []authz.Group
	ephemeral bool
	// updates is true for buttons whose slow answers edit the message they are on: their
	// defer is "update later" (type 6) rather than "thinking…" (type 5).
	updates bool
	handle  func(ctx context.Context, inv *Invocation) (Reply, error)
}

func (b *Bot) onInteraction(s *discordgo.Session, i *discordgo.InteractionCreate) {
	var r route
	var args []string
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		cmd, ok := b.commands[i.ApplicationCommandData().Name]
		if !ok {
			return
		}
		r = route{name: cmd.Definition.Name, groups: cmd.Groups, ephemeral: cmd.Ephemeral, handle: cmd.Handle}
	case discordgo.InteractionApplicationCommandAutocomplete:
		cmd, ok := b.commands[i.ApplicationCommandData().Name]
		if !ok || cmd.Autocomplete == nil {
			return
		}
		go b.runAutocomplete(s, cmd, i.Interaction)
		return
	case discordgo.InteractionMessageComponent:
		prefix, rest := SplitCustomID(i.MessageComponentData().CustomID)
		c, ok := b.components[prefix]
		if !ok {
			b.log.Warn("button without a handler", "custom_id", i.MessageComponentData().CustomID)
			return
		}
		r, args = c.route("button:"), rest
	case discordgo.InteractionModalSubmit:
		prefix, rest := SplitCustomID(i.ModalSubmitData().CustomID)
		c, ok := b.modals[prefix]
		if !ok {
			b.log.Warn("modal without a handler", "custom_id", i.ModalSubmitData().CustomID)
			return
		}
		r, args = c.route("modal:"), rest
	default:
		return
	}
	// The read loop must not wait on a handler.
	go b.runRoute(s, r, i.Interaction, args)
}

type outcome struct {
	reply     Reply
	err       error
	ephemeral bool
}

// runRoute answers within Discord's 3 seconds: directly when the handler is quick, or
// with a deferred reply that is edited once the handler is done.
func (b *Bot) runRoute(s *discordgo.Session, r route, in *discordgo.Interaction, args []string) {
	start := time.Now()
	defer func() { b.metrics.commandLatency.WithLabelValues(r.name).Observe(time.Since(start).Seconds()) }()
	ctx, cancel := context.WithTimeout(context.Background(), 14*time.Minute)
	defer cancel()

	done := make(chan outcome, 1)
	go func() { done <- b.invoke(ctx, r, in, args) }()

	var res outcome
	select {
	case res = <-done:
		if errors.Is(res.err, idempotency.ErrReplay) {
			b.log.Debug("interaction delivered again: its first delivery answers it", "route", r.name, "interaction", in.ID)
			return
		}
		if err := s.InteractionRespond(in, firstResponse(res, in)); err != nil {
			b.log.Error("interaction reply failed", "route", r.name, "error", err)
		}
		return
	case <-time.After(b.deps.Timing.DeferAfter):
	}
	deferred := deferResponse(r, in)
	if err := s.InteractionRespond(in, deferred); err != nil {
		b.log.Error("interaction defer failed", "route", r.name, "error", err)
	}
	res = <-done
	if errors.Is(res.err, idempotency.ErrReplay) {
		b.log.Debug("interaction delivered again: its first delivery answers it", "route", r.name, "interaction", in.ID)
		return
	}
	if res.reply.Modal != nil {
		// Too late for a form: Discord takes one only as the first response.
		b.log.Error("a modal was opened after a defer: the handler is too slow", "route", r.name)
		res = outcome{reply: Reply{Content: genericCommandError}, ephemeral: true}
	}
	b.finishDeferred(s, r, in, deferred.Type, res)
}

// finishDeferred edits the deferred answer in. After "update later" (type 6) @original is
// the button's message: an update edits it, anything else (a refusal, a confirmation)
// goes as a follow-up so that the message is not overwritten.
func (b *Bot) finishDeferred(s *discordgo.Session, r route, in *discordgo.Interaction, deferred discordgo.InteractionResponseType, res outcome) {
	if deferred == discordgo.InteractionResponseDeferredMessageUpdate && !res.reply.Update {
		params := &discordgo.WebhookParams{Content: res.reply.Content, Embeds: res.reply.Embeds, Components: res.reply.Components,
			AllowedMentions: noMentions()}
		if res.ephemeral {
			params.Flags = discordgo.MessageFlagsEphemeral
		}
		if _, err := s.FollowupMessageCreate(in, false, params); err != nil {
			b.log.Error("interaction reply failed", "route", r.name, "error", err)
		}
		return
	}
	content := res.reply.Content
	embeds := res.reply.Embeds
	edit := &discordgo.WebhookEdit{Content: &content, Embeds: &embeds}
	if res.reply.Components != nil || res.reply.Update {
		components := res.reply.Components
		if components == nil {
			components = []discordgo.MessageComponent{}
		}
		edit.Components = &components
	}
	if _, err := s.InteractionResponseEdit(in, edit); err != nil {
		b.log.Error("interaction reply failed", "route", r.name, "error", err)
	}
}

// invoke builds the actor and runs the handler; every refusal becomes a Spanish reply
// that only the member sees.
func (b *Bot) invoke(ctx context.Context, r route, in *discordgo.Interaction, args []string) (res outcome) {
	defer func() {
		if p := recover(); p != nil {
			b.log.Error("interaction handler panicked", "route", r.name, "panic", p)
			res = outcome{reply: Reply{Content: genericCommandError}, ephemeral: true}
		}
	}()
	userID := interactionUserID(in)
	// Discord may deliver an interaction twice. Its id names the submission: a create
	// claims it in its transaction, so a repeat changes nothing and is not answered.
	ctx = idempotency.With(ctx, &idempotency.Request{Scope: interactionScope, Key: in.ID})
	actor, err := b.deps.App.Members.MemberActor(ctx, userID)
	if err == nil && len(r.groups) > 0 && !actor.InGroup(r.groups...) {
		err = errs.ErrNoPermission
	}
	var reply Reply
	if err == nil {
		reply, err = r.handle(ctx, &Invocation{Actor: actor, Interaction: in, Args: args})
	}
	if errors.Is(err, idempotency.ErrReplay) {
		return outcome{err: err}
	}
	if err != nil {
		msg := genericCommandError
		if e, ok := errs.As(err); ok && e.Kind != errs.KindInternal {
			msg = e.Message
		} else {
			b.log.Error("interaction failed", "route", r.name, "member", userID, "error", err)
		}
		return outcome{reply: Reply{Content: msg}, err: err, ephemeral: true}
	}
	if reply.Update && in.Type != discordgo.InteractionMessageComponent {
		// Only a button has a message to update: answer with a new one.
		reply.Update = false
	}
	return outcome{reply: reply, ephemeral: r.ephemeral}
}

func interactionUserID(in *discordgo.Interaction) string {
	if in.Member != nil && in.Member.User != nil {
		return in.Member.User.ID
	}
	if in.User != nil {
		return in.User.ID
	}
	return ""
}

// firstResponse is the answer to an interaction whose handler was quick: a modal, an
// update of the button's message, or a new message. Refusals are always a new message
// that only the member sees.
func firstResponse(res outcome, in *discordgo.Interaction) *discordgo.InteractionResponse {
	switch {
	case res.err == nil && res.reply.Modal != nil:
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: res.reply.Modal}
	case res.err == nil && res.reply.Update && in.Type == discordgo.InteractionMessageComponent:
		data := responseData(res)
		data.Flags = 0
		if data.Components == nil {
			data.Components = []discordgo.MessageComponent{}
		}
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: data}
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: responseData(res)}
}

// deferResponse holds the interaction open: a button that updates its message waits
// silently, anything else shows "thinking…" (to the member alone when ephemeral).
func deferResponse(r route, in *discordgo.Interaction) *discordgo.InteractionResponse {
	if r.updates && in.Type == discordgo.InteractionMessageComponent {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	var flags discordgo.MessageFlags
	if r.ephemeral {
		flags = discordgo.MessageFlagsEphemeral
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: flags}}
}

func responseData(res outcome) *discordgo.InteractionResponseData {
	data := &discordgo.InteractionResponseData{Content: res.reply.Content, Embeds: res.reply.Embeds,
		Components: res.reply.Components, AllowedMentions: noMentions()}
	if res.ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return data
}
