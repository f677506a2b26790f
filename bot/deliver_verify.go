package bot

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/outbox"
	"zocalo/core/verification"
)

// deliverVerification gives a member the roles their Roblox link earns, takes away the
// ones it no longer earns and sets the nickname. Each step is harmless to repeat, so a
// retry does no damage. A member who left is done with. Discord refusing a member it
// cannot change (the owner, a role above the bot's: 403 50013) makes the delivery
// blocked, for an operator, and holds back only this member's channel.
func (b *Bot) deliverVerification(ctx context.Context, s *discordgo.Session, ev outbox.Event) (string, error) {
	var p verification.Apply
	if err := json.Unmarshal([]byte(ev.Payload), &p); err != nil {
		return "", errPermanent{err}
	}
	guild := b.deps.Config.Discord.GuildID
	for _, role := range p.AddRoleIDs {
		if err := s.GuildMemberRoleAdd(guild, p.UserID, role, discordgo.WithContext(ctx)); err != nil {
			if memberGone(err) {
				return "", nil
			}
			return "", err
		}
	}
	for _, role := range p.RemoveRoleIDs {
		if err := s.GuildMemberRoleRemove(guild, p.UserID, role, discordgo.WithContext(ctx)); err != nil && !notFound(err) {
			return "", err
		}
	}
	if p.Nick != nil {
		if err := s.GuildMemberNickname(guild, p.UserID, *p.Nick, discordgo.WithContext(ctx)); err != nil {
			if memberGone(err) {
				return "", nil
			}
			return "", err
		}
	}
	return "", nil
}

// codeUnknownMember is Discord's answer for a member who is not in the guild.
const codeUnknownMember = 10007

func notFound(err error) bool {
	var rest *discordgo.RESTError
	return errors.As(err, &rest) && rest.Response != nil && rest.Response.StatusCode == http.StatusNotFound
}

// memberGone tells whether Discord answered that the member is not in the guild (a deleted
// role is another 404, and an operator's to fix).
func memberGone(err error) bool {
	var rest *discordgo.RESTError
	return notFound(err) && errors.As(err, &rest) && rest.Message != nil && rest.Message.Code == codeUnknownMember
}

// followVerification puts back, after a member event, what verification gave the member
// when the event took it away by hand: the event is compared with what the member showed
// before it, so the events of the bot's own changes put nothing back. A member with
// nothing seen before (the bot has just started) is judged by the first member list. It
// runs on the role sync's worker, after the event's roles are recorded.
func (r *roleSync) followVerification(ctx context.Context, memberID string, shown verification.Seen, joined bool) {
	before, known := r.seen[memberID]
	r.seen[memberID] = shown
	obs := verification.Observed{DiscordID: memberID, RoleIDs: shown.RoleIDs, Nick: shown.Nick}
	switch {
	case joined:
	case known:
		obs.Before = &before
	case !r.listed:
		r.unjudged[memberID] = true
		return
	}
	queued, err := r.b.deps.App.Verification.Reapply(ctx, obs)
	switch {
	case err != nil:
		r.b.log.Error("verification re-apply failed", "member", memberID, "error", err)
	case queued:
		r.b.log.Info("verified role or nickname changed by hand: putting it back", "member", memberID)
		r.b.Wake()
	}
}

// verifyBackfillBatch bounds how many members linked before verification was configured
// are given their role and nickname a minute, so turning it on spreads over minutes.
const verifyBackfillBatch = 100

// refreshVerification is the verify-refresh job: it gives members linked before
// verification was configured what a link gives now, and reads the Roblox ranks of the
// binds (each linked member once a day, within verify.requestsPerMinute).
func (b *Bot) refreshVerification(ctx context.Context) error {
	filled, err := b.deps.App.Verification.Backfill(ctx, verifyBackfillBatch)
	if err != nil {
		return err
	}
	ranked, err := b.deps.App.Verification.RefreshBinds(ctx, b.deps.Config.Verify.RequestsPerMinute)
	if filled > 0 || ranked > 0 {
		b.log.Info("verification in Discord brought up to date", "linked_before", filled, "rank_changes", ranked)
		b.Wake()
	}
	return err
}
