package db_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"zocalo/core/db"
	"zocalo/internal/testdb"
)

// A notice reaches this process's listeners at the commit and another process's soon
// after; a rollback announces nothing; many commits at once are all announced, together
// where they overlap.
func TestNotifyTellsOtherProcessesOfCommitsOnly(t *testing.T) {
	t.Parallel()
	if !slices.Contains(testdb.Dialects(), db.Postgres) {
		t.Skip("needs " + testdb.EnvURL)
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
	writer, other := open(), open()
	const channel, barrier = "zocalo_test_notify", "zocalo_test_notify_barrier"
	listen := func(d *db.DB) (chan string, context.CancelFunc) {
		woken := make(chan string, 1000)
		ctx, cancel := context.WithCancel(context.Background())
		go d.Listen(ctx, db.Listener{Channels: []string{channel, barrier}, Wake: func(c string) { woken <- c }})
		// Listening starts with a wake for each channel.
		<-woken
		<-woken
		return woken, cancel
	}
	local, stopLocal := listen(writer)
	defer stopLocal()
	remote, stopRemote := listen(other)
	defer stopRemote()
	ctx := context.Background()

	// Rolled back: nothing, here or there, before a later barrier.
	refused := errors.New("refused")
	if err := writer.InTx(ctx, func(ctx context.Context) error {
		writer.Notify(ctx, channel)
		return refused
	}); !errors.Is(err, refused) {
		t.Fatal(err)
	}
	writer.Notify(ctx, barrier)
	if c := <-remote; c != barrier {
		t.Fatalf("another process heard %s from a rolled-back transaction", c)
	}
	// This process hears its own notices twice, at the commit and from the server.
	for c := range local {
		if c == channel {
			t.Fatal("this process heard of a rolled-back transaction")
		}
		if c == barrier {
			break
		}
	}

	// Committed, twenty at once: this process hears each at its commit, the other at
	// least once.
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := writer.InTx(ctx, func(ctx context.Context) error {
				writer.Notify(ctx, channel)
				return nil
			}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	heard := 0
	for len(local) > 0 {
		if <-local == channel {
			heard++
		}
	}
	if heard < 20 {
		t.Fatalf("this process heard %d of 20 commits when they returned", heard)
	}
	select {
	case c := <-remote:
		if c != channel {
			t.Fatalf("another process heard %s", c)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("another process never heard of the commits")
	}
}
