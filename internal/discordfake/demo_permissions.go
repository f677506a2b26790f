package discordfake

import (
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// demoBotPermission is a guild text channel and whether the bot may post in it, for the
// demo page's "Permisos del bot": taking the permission away shows what the portal's
// operators see when Discord refuses a post.
type demoBotPermission struct {
	ID, Name string
	MayPost  bool
}

// demoBotPermissions lists the guild's text channels. f.mu is held.
func (f *Fake) demoBotPermissions() []demoBotPermission {
	var out []demoBotPermission
	for _, id := range f.channelOrder {
		c := f.channels[id]
		if c == nil || c.Type != discordgo.ChannelTypeGuildText {
			continue
		}
		out = append(out, demoBotPermission{ID: id, Name: c.Name,
			MayPost: f.botMay(c, discordgo.PermissionSendMessages)})
	}
	return out
}

// demoSetBotPermission gives the bot back, or takes from it, the permission to post in a
// channel, as a server admin would in the channel's settings.
func (f *Fake) demoSetBotPermission(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "formulario inválido", http.StatusBadRequest)
		return
	}
	id := r.PathValue("channel")
	f.mu.Lock()
	c, ok := f.channels[id]
	text := ok && c.Type == discordgo.ChannelTypeGuildText
	f.mu.Unlock()
	if !text {
		http.Error(w, "ese canal no existe", http.StatusNotFound)
		return
	}
	if r.PostForm.Get("publicar") == "si" {
		f.AllowChannel(id)
	} else {
		f.DenyChannel(id, discordgo.PermissionSendMessages)
	}
	w.Header().Set("Location", "../../?permisos="+id+"#permisos")
	w.WriteHeader(http.StatusSeeOther)
}
