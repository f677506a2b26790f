package staff

import (
	"context"
	"time"

	"zocalo/core/live"
)

// PublishLive makes the shift clock announce shifts starting and ending on the live stream.
func (s *Shifts) PublishLive(p *live.Publisher) *Shifts {
	s.live = p
	s.OnEnded(func(ctx context.Context, e Ended) error {
		return s.publishEnded(ctx, e.Shift, e.Username, *e.Shift.EndedAt)
	})
	return s
}

func (s *Shifts) publishStarted(ctx context.Context, sh Shift, username string) error {
	return s.live.Publish(ctx, live.KindShiftStarted, live.AudienceShifts, "", map[string]any{
		"discordId": sh.MemberID, "username": username, "server": sh.Server, "startedAt": sh.StartedAt.UTC()})
}

func (s *Shifts) publishEnded(ctx context.Context, sh Shift, username string, end time.Time) error {
	return s.live.Publish(ctx, live.KindShiftEnded, live.AudienceShifts, "", map[string]any{
		"discordId": sh.MemberID, "username": username, "endedAt": end.UTC()})
}
