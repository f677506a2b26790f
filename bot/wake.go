package bot

import "context"

// listenOutbox wakes the relay when another process commits an outbox event.
func (b *Bot) listenOutbox(ctx context.Context) { <-ctx.Done() }
