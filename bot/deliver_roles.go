package bot

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/outbox"
	"zocalo/core/staff"
)

// deliverRemoveRoles takes roles away from a member in Discord. Removing a role the
// member no longer holds is harmless, so a retry does no damage.
func (b *Bot) deliverRemoveRoles(_ context.Context, s *discordgo.Session, ev outbox.Event) (string, error) {
	var p staff.RemoveRoles
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		return "", errPermanent{err}
	}
	for _, role := range p.RoleIDs {
		err := s.GuildMemberRoleRemove(b.deps.Config.Discord.GuildID, p.UserID, role)
		var rest *discordgo.RESTError
		if errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode == http.StatusNotFound {
			continue // the member left, or the role is gone
		}
		if err != nil {
			return "", err
		}
	}
	return "", nil
}
