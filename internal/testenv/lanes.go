package testenv

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"testing"
	"time"

	"zocalo/core/db"
)

// Lanes describes members' lanes of the outbox to seed, one event each: the state a guild
// reaches when one missing permission blocks every member's verification, without the
// thousands of deliveries it took to get there.
type Lanes struct {
	N      int
	Prefix string // the lane of member k is Prefix + the member's id ("verify:")
	// FirstMember is the first member's id as a number; the rest follow it.
	FirstMember int64
	Kind        string
	Status      string // blocked, or pending for lanes waiting on a retry
	Reason      string // Discord's words, as the relay records them
	Attempts    int    // blocked ones among them too, when Status is blocked
	Next        time.Time
	Created     time.Time
}

// SeedLanes inserts the lanes in one statement and returns how many rows it wrote. Each
// event's payload names its member (`userId`), as a member's deliveries do.
func SeedLanes(t testing.TB, d *db.DB, l Lanes) int64 {
	t.Helper()
	blocked := 0
	if l.Status == "blocked" {
		blocked = l.Attempts
	}
	nonce := make([]byte, 6)
	_, _ = rand.Read(nonce)
	res := d.Conn(context.Background()).Exec(`WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?),
m(i, member) AS (SELECT i, CAST(CAST(? AS BIGINT) + i AS TEXT) FROM n)
INSERT INTO outbox_events (kind, channel_id, payload, nonce, status, attempts, blocked_attempts, next_attempt_at,
  last_error, discord_message_id, created_at)
SELECT ?, ? || member, '{"userId":"' || member || '"}', ? || CAST(i AS TEXT), ?, ?, ?, ?, ?, '', ? FROM m`,
		l.N, l.FirstMember, l.Kind, l.Prefix, "zl"+hex.EncodeToString(nonce), l.Status, l.Attempts, blocked,
		l.Next, l.Reason, l.Created)
	if res.Error != nil {
		t.Fatal(res.Error)
	}
	return res.RowsAffected
}
