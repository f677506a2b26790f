package bot

import "sync"

// health is what the bot knows of its own state, for its /healthz detail and metrics.
type health struct {
	mu          sync.Mutex
	authRefused string // why Discord refused the token; "" while it is accepted
}

// authRefused stops the bot delivering and connecting: Discord refused its token, and
// every further attempt would only count against the token.
func (b *Bot) authRefused(cause error) {
	b.health.mu.Lock()
	defer b.health.mu.Unlock()
	if b.health.authRefused == "" {
		b.log.Error("Discord refused the bot token: set a valid discord.botToken (ZOCALO_DISCORD_BOT_TOKEN) and restart", "error", cause)
	}
	b.health.authRefused = cause.Error()
}

// AuthRefused tells why Discord refused the bot's token, or "" when it has not.
func (b *Bot) AuthRefused() string {
	b.health.mu.Lock()
	defer b.health.mu.Unlock()
	return b.health.authRefused
}
