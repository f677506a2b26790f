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
// member no longer holds is harmless, so a retry does no damage. Each role Discord
// removed (or that is gone with its member) stops being pending removal; a refusal
// leaves the rest pending, so the role sync keeps them off while the relay retries.
func (b *Bot) deliverRemoveRoles(ctx context.Context, s *discordgo.Session, ev outbox.Event) (string, error) {
	var p staff.RemoveRoles
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		return "", errPermanent{err}
	}
	var removed []string
	var failure error
	for _, role := range p.RoleIDs {
		err := s.GuildMemberRoleRemove(b.deps.Config.Discord.GuildID, p.UserID, role, discordgo.WithContext(ctx))
		var rest *discordgo.RESTError
		if errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode == http.StatusNotFound {
			err = nil // the member left, or the role is gone
		}
		if err != nil {
			failure = err
			break
		}
		removed = append(removed, role)
	}
	if err := b.sync.confirmRemoval(ctx, p.UserID, removed); err != nil {
		return "", err
	}
	return "", failure
}

// confirmRemoval forgets the pending removal of roles Discord took off a member. It runs
// on the role sync's queue, after every member event received before Discord answered:
// an older event still carrying the role must not read as the role added again.
func (r *roleSync) confirmRemoval(ctx context.Context, memberID string, roleIDs []string) error {
	if len(roleIDs) == 0 {
		return nil
	}
	done := make(chan error, 1)
	job := func(ctx context.Context) { done <- r.b.deps.App.Members.ConfirmRemoval(ctx, memberID, roleIDs) }
	select {
	case r.queue <- job:
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}
