package bot

import (
	"context"

	"zocalo/core/legislative"
)

// The legislative channel's ballot: its buttons vote through the same core call as the
// web (seat, once, open), and the member alone sees the confirmation or the refusal.
func (b *Bot) registerLegislative() {
	b.AddComponent(&Component{Prefix: legislative.BallotPrefix, Ephemeral: true,
		Handle: func(ctx context.Context, inv *Invocation) (Reply, error) {
			id, choice, err := legislative.ParseBallot(inv.Args)
			if err != nil {
				return Reply{}, err
			}
			if _, err := b.deps.App.Legislative.Vote(ctx, inv.Actor, id, choice); err != nil {
				return Reply{}, err
			}
			return Reply{Content: legislative.VoteConfirmation(choice)}, nil
		}})
	b.AddJob(Job{Name: "legislative-reminders", Spec: "@every 5m", Run: func(ctx context.Context) error {
		n, err := b.deps.App.Legislative.RemindDue(ctx, b.deps.Config.Legislative.ReminderBefore.Duration)
		if n > 0 {
			b.log.Info("seat holders reminded of votes closing soon", "count", n)
		}
		return err
	}})
}
