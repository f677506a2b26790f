package bot

import "context"

// listenOutbox wakes the relay as soon as an outbox event commits, in this process or
// (on PostgreSQL) another; the relay's poll stays as the safety net.
func (b *Bot) listenOutbox(ctx context.Context) {
	b.deps.App.Outbox.Listen(ctx, b.Wake, func(err error) {
		b.log.Warn("outbox notifications interrupted, listening again", "error", err)
	})
}
