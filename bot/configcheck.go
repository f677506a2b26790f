package bot

import (
	"github.com/bwmarrin/discordgo"

	"zocalo/internal/config"
)

// checkConfiguredIDs reports the configured role and channel ids the guild lacks, from
// the GUILD_CREATE that opens each session (it carries every role and channel): a
// mistyped id otherwise fails silently, as posts that never arrive or rights never given.
func (b *Bot) checkConfiguredIDs(_ *discordgo.Session, g *discordgo.GuildCreate) {
	if g.ID != b.deps.Config.Discord.GuildID || g.Unavailable {
		return
	}
	exists := map[string]bool{}
	for _, r := range g.Roles {
		exists["role:"+r.ID] = true
	}
	for _, list := range [][]*discordgo.Channel{g.Channels, g.Threads} {
		for _, c := range list {
			exists["channel:"+c.ID] = true
		}
	}
	var missing []config.DiscordID
	b.metrics.missingIDs.Reset()
	for _, id := range b.deps.Config.DiscordIDs() {
		if exists[id.Kind+":"+id.ID] {
			continue
		}
		missing = append(missing, id)
		b.metrics.missingIDs.WithLabelValues(id.Key).Set(1)
		b.log.Error("a configured Discord "+id.Kind+" id does not exist in the guild: correct it in the configuration",
			"key", id.Key, "env", id.Env, "id", id.ID, "guild", g.ID)
	}
	b.health.mu.Lock()
	b.health.missing, b.health.checkedIDs = missing, true
	b.health.mu.Unlock()
	if len(missing) == 0 {
		b.log.Info("every configured Discord role and channel exists in the guild")
	}
}
