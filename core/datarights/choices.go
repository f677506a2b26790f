package datarights

import (
	"context"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/privacy"
)

// Choices are what a member decided about their data, as "Mis datos" shows it.
type Choices struct {
	Minor bool `json:"minor"`
	// NoticeSeen: they read the short notice shown at first sign-in.
	NoticeSeen bool     `json:"noticeSeen"`
	Opposed    []string `json:"opposed"`
	// Blocked: an approved cancellation blocked their data.
	Blocked bool `json:"blocked"`
}

func choicesOf(c privacy.Choice, blocked bool) Choices {
	out := Choices{Minor: c.Minor, NoticeSeen: c.NoticeSeenAt != nil, Opposed: []string{}, Blocked: blocked}
	for _, u := range c.OpposedUses() {
		out.Opposed = append(out.Opposed, string(u))
	}
	return out
}

// MyChoices reads the signed-in member's choices.
func (s *Service) MyChoices(ctx context.Context, actor *authz.Actor) (Choices, error) {
	if actor == nil || actor.DiscordID == "" {
		return Choices{}, errSignIn
	}
	c, err := privacy.ChoiceOf(ctx, s.db, actor.DiscordID)
	if err != nil {
		return Choices{}, err
	}
	blocked, err := privacy.IsBlocked(ctx, s.db, actor.DiscordID)
	return choicesOf(c, blocked), err
}

// ChoicesInput changes what a member may change themselves: whether they are under 18, and
// that they read the short notice. Opposition goes through a request.
type ChoicesInput struct {
	Minor      *bool `json:"minor"`
	NoticeSeen bool  `json:"noticeSeen"`
}

// SetMyChoices records the member's change; saying they are under 18 (or no longer) is
// audited, reading the notice is not.
func (s *Service) SetMyChoices(ctx context.Context, actor *authz.Actor, in ChoicesInput) (Choices, error) {
	if actor == nil || actor.DiscordID == "" {
		return Choices{}, errSignIn
	}
	now := s.now()
	var out Choices
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		before, after, err := privacy.Apply(ctx, s.db, actor.DiscordID, privacy.Change{Minor: in.Minor, NoticeSeen: in.NoticeSeen}, now)
		if err != nil {
			return err
		}
		blocked, err := privacy.IsBlocked(ctx, s.db, actor.DiscordID)
		if err != nil {
			return err
		}
		out = choicesOf(after, blocked)
		if before.Minor == after.Minor {
			return nil
		}
		return audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaPersonal, Action: "minor",
			EntityType: "member", EntityID: actor.DiscordID, Before: map[string]any{"minor": before.Minor}, After: map[string]any{"minor": after.Minor}})
	})
	return out, err
}
