package outbox

import (
	"context"
	"time"
)

// BusySince tells whether a channel has an event still to go out (pending or blocked), or
// one delivered at or after since: what Discord showed at since may be such an event half
// done, not a change of anyone else's.
func (s *Store) BusySince(ctx context.Context, channelID string, since time.Time) (bool, error) {
	var n int64
	err := s.db.Conn(ctx).Model(&Event{}).
		Where("channel_id = ? AND (status IN ? OR (status = ? AND delivered_at >= ?))", channelID, queued, StatusDelivered, since).
		Limit(1).Count(&n).Error
	return n > 0, err
}
