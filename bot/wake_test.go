package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
)

// With the relay's poll an hour away, each event reaches Discord because its commit woke
// the relay: in the bot's own process, and on PostgreSQL from another process's handle.
func TestCommittedEventsWakeTheRelay(t *testing.T) {
	t.Parallel()
	for _, dialect := range testdb.Dialects() {
		t.Run(string(dialect), func(t *testing.T) {
			botDB, writerDB := wakeTestDatabases(t, dialect)
			r := newRig(t, botDB)
			b := r.newBot()
			b.deps.Timing.RelayInterval = time.Hour
			r.start(b, true)
			store := outbox.NewStore(writerDB, func() time.Time { return time.Now().UTC() })
			// One at a time: the bot's start may wake the relay once more, so only the
			// later events prove that their own commit did.
			for i := 1; i <= 3; i++ {
				text := fmt.Sprintf("Aviso %d", i)
				if _, err := store.Enqueue(context.Background(), outbox.KindChannelMessage, testChannel, outbox.ChannelMessage{Content: text}); err != nil {
					t.Fatal(err)
				}
				r.eventually(text+" reaches Discord", func() bool {
					got := r.fake.Messages(testChannel)
					// The post may carry its event's marker after the text.
					return len(got) == i && strings.HasPrefix(got[i-1].Content, text)
				})
			}
		})
	}
}

// wakeTestDatabases opens the bot's database and the one the events are written through:
// the same handle on SQLite (one process), two handles on one schema on PostgreSQL.
func wakeTestDatabases(t *testing.T, dialect db.Dialect) (botDB, writerDB *db.DB) {
	t.Helper()
	if dialect != db.Postgres {
		d := testdb.Open(t, dialect, true)
		return d, d
	}
	url := testdb.PostgresURL(t)
	open := func() *db.DB {
		d, err := db.Open(db.Options{URL: url})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = d.Close() })
		return d
	}
	botDB, writerDB = open(), open()
	if _, err := botDB.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return botDB, writerDB
}
