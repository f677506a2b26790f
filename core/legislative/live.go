package legislative

import (
	"context"
	"strconv"

	"zocalo/core/live"
)

// PublishLive makes the service announce votes and changes of state on the live stream.
func (s *Service) PublishLive(p *live.Publisher) *Service {
	s.live = p
	return s
}

func (s *Service) publishVoted(ctx context.Context, in Initiative) error {
	return s.live.Publish(ctx, live.KindInitiativeVoted, live.AudienceLegislative, "",
		map[string]string{"initiativeId": strconv.FormatUint(in.ID, 10), "body": in.Body})
}

// publishChanged announces a change of an initiative's state (created, voting opened or
// stopped, closed, withdrawn, deleted); status is "" for a deleted one.
func (s *Service) publishChanged(ctx context.Context, id uint64, body, status string) error {
	return s.live.Publish(ctx, live.KindInitiativeChanged, live.AudienceLegislative, "",
		map[string]string{"initiativeId": strconv.FormatUint(id, 10), "body": body, "status": status})
}

// publishState announces the state an initiative has when the transaction of ctx ends,
// whatever it changes after this call.
func (s *Service) publishState(ctx context.Context, id uint64) error {
	if s.live == nil {
		return nil
	}
	return s.db.BeforeCommit(ctx, func(ctx context.Context) error {
		var in Initiative
		if err := s.take(ctx, id, &in); err != nil {
			return err
		}
		return s.publishChanged(ctx, id, in.Body, in.Status)
	})
}
