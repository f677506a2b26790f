package discordfake

import "time"

// The knobs below make the fake refuse the way Discord does. Until a test turns one on,
// the fake's bot may do everything in every channel.

// SetBotToken changes the token the fake accepts, as a reset in the developer portal
// does: the old token then gets 401 on REST and close code 4004 on IDENTIFY.
func (f *Fake) SetBotToken(token string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.opts.BotToken = token
}

// DenyChannel takes a permission (discordgo.Permission*) from the bot in a channel.
func (f *Fake) DenyChannel(channelID string, perm int64) {}

// AllowChannel gives the bot back every permission in a channel.
func (f *Fake) AllowChannel(channelID string) {}

// DeleteChannel deletes a channel: requests on it answer 404 with code 10003.
func (f *Fake) DeleteChannel(channelID string) {}

// SetBotRolePosition places the bot's highest role: it cannot add or remove roles at or
// above that position (403, code 50013).
func (f *Fake) SetBotRolePosition(pos int) {}

// RateLimitChannel makes the next n requests on a channel's routes answer 429 with
// retry_after; scope is "user" (the route's own bucket) or "shared".
func (f *Fake) RateLimitChannel(channelID string, n int, retryAfter time.Duration, scope string) {}

// RateLimitGlobal makes the next n requests, on any route, answer a global 429.
func (f *Fake) RateLimitGlobal(n int, retryAfter time.Duration) {}

// SetUploadLimit sets the per-message upload limit in bytes; a larger message answers 413
// with code 40005.
func (f *Fake) SetUploadLimit(bytes int64) {}

// Advance moves the fake's clock forward: the nonce window and the interaction deadline
// are measured on it, never on the wall clock.
func (f *Fake) Advance(d time.Duration) {}
