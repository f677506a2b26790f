package outbox

import (
	"context"

	"zocalo/core/privacy"
)

// KindDM sends a direct message to a member; closed DMs are not retried. The string is
// what rows already stored carry, so it never changes.
const KindDM = "member.dm"

// dmChannelPrefix starts a member's DM channel: each member's DMs are delivered in order
// and a member whose DMs are closed holds back no one else.
const dmChannelPrefix = "dm:"

// DM is the payload of KindDM.
type DM struct {
	UserID  string `json:"userId"`
	Content string `json:"content"`
}

// DMChannel is the outbox channel of a member's direct messages.
func DMChannel(memberID string) string { return dmChannelPrefix + memberID }

// EnqueueDM queues a direct message to a member, on the member's own DM channel, in the
// transaction of ctx: the one way every feature writes to a member. Every DM serves a use;
// a member who opposed it, or a minor for a use that is not essential, gets none.
func (s *Store) EnqueueDM(ctx context.Context, memberID string, use privacy.Use, content string) error {
	allowed, err := privacy.Allows(ctx, s.db, memberID, use)
	if err != nil || !allowed {
		return err
	}
	_, err = s.Enqueue(ctx, KindDM, DMChannel(memberID), DM{UserID: memberID, Content: content})
	return err
}
