package bot

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/errs"
	"zocalo/core/outbox"
)

// Discord's limits on autocomplete answers.
const (
	maxChoices    = 25
	maxChoiceName = 100
)

// Focused is the option the member is typing in, for autocomplete (nested options of
// subcommands included), or nil.
func (inv *Invocation) Focused() *discordgo.ApplicationCommandInteractionDataOption {
	return focusedOption(inv.Interaction.ApplicationCommandData().Options)
}

func focusedOption(opts []*discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
	for _, o := range opts {
		if o.Focused {
			return o
		}
		if f := focusedOption(o.Options); f != nil {
			return f
		}
	}
	return nil
}

// runAutocomplete answers the choices for what the member is typing. It only reads, so
// there is no idempotency claim; a refusal or an error answers no choices (Discord shows
// none), as autocomplete has no room for a message. Discord waits 3 seconds for the
// answer to arrive and has no defer, so the lookup gets Timing.AutocompleteBudget (2 s)
// from the interaction's arrival: a slower one is answered with no choices while there is
// still time to send them, and the member's next keystroke asks again.
func (b *Bot) runAutocomplete(s *discordgo.Session, cmd *Command, in *discordgo.Interaction) {
	start := time.Now()
	name := "autocomplete:" + cmd.Definition.Name
	defer func() { b.metrics.commandLatency.WithLabelValues(name).Observe(time.Since(start).Seconds()) }()
	ctx, cancel := context.WithTimeout(context.Background(), b.deps.Timing.AutocompleteBudget)
	defer cancel()
	ready := make(chan []*discordgo.ApplicationCommandOptionChoice, 1)
	go func() { ready <- b.autocompleteChoices(ctx, cmd, in) }()
	var choices []*discordgo.ApplicationCommandOptionChoice
	select {
	case choices = <-ready:
	case <-ctx.Done():
		choices = []*discordgo.ApplicationCommandOptionChoice{}
		b.metrics.autocompleteLate.WithLabelValues(cmd.Definition.Name).Inc()
		b.log.Warn("autocomplete lookup past its budget: answered with no choices", "command", cmd.Definition.Name,
			"budget", b.deps.Timing.AutocompleteBudget)
	}
	if err := s.InteractionRespond(in, &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	}); err != nil {
		b.log.Error("autocomplete reply failed", "command", cmd.Definition.Name, "error", err)
	}
}

func (b *Bot) autocompleteChoices(ctx context.Context, cmd *Command, in *discordgo.Interaction) (out []*discordgo.ApplicationCommandOptionChoice) {
	out = []*discordgo.ApplicationCommandOptionChoice{}
	defer func() {
		if p := recover(); p != nil {
			b.log.Error("autocomplete panicked", "command", cmd.Definition.Name, "panic", p)
			out = []*discordgo.ApplicationCommandOptionChoice{}
		}
	}()
	actor, err := b.deps.App.Members.MemberActor(ctx, interactionUserID(in))
	if err != nil || (len(cmd.Groups) > 0 && !actor.InGroup(cmd.Groups...)) {
		return out
	}
	choices, err := cmd.Autocomplete(ctx, &Invocation{Actor: actor, Interaction: in})
	if err != nil {
		if e, ok := errs.As(err); !ok || e.Kind == errs.KindInternal {
			b.log.Error("autocomplete failed", "command", cmd.Definition.Name, "error", err)
		}
		return out
	}
	return fitChoices(choices)
}

// fitChoices keeps Discord's limits: 25 choices, names and string values of at most 100
// characters. A value cut short would name something else, so such a choice is dropped.
func fitChoices(in []*discordgo.ApplicationCommandOptionChoice) []*discordgo.ApplicationCommandOptionChoice {
	out := make([]*discordgo.ApplicationCommandOptionChoice, 0, min(len(in), maxChoices))
	for _, c := range in {
		if len(out) == maxChoices {
			break
		}
		if v, ok := c.Value.(string); ok && outbox.Units(v) > maxChoiceName {
			continue
		}
		fitted := *c
		fitted.Name, _ = outbox.CapUnits(c.Name, maxChoiceName)
		out = append(out, &fitted)
	}
	return out
}
