package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"
)

// Leadership is a held leader lock. Lost is closed if the lock is lost (the database
// connection holding it died); Release gives it up.
type Leadership struct {
	Lost    <-chan struct{}
	release func()
}

// Release gives the lock up.
func (l *Leadership) Release() { l.release() }

// AcquireLeader blocks until this process holds the named lock, polling every poll. On
// PostgreSQL it is a session advisory lock on a dedicated connection, so a process that
// dies loses it at once; on SQLite, where one process owns the file, it is an exclusive
// lock on a file beside the database.
func (d *DB) AcquireLeader(ctx context.Context, name string, poll time.Duration) (*Leadership, error) {
	if d.dialect == Postgres {
		return d.acquirePostgres(ctx, name, poll)
	}
	return d.acquireFile(ctx, name, poll)
}

func (d *DB) acquirePostgres(ctx context.Context, name string, poll time.Duration) (*Leadership, error) {
	pool, err := d.gorm.DB()
	if err != nil {
		return nil, err
	}
	for {
		conn, err := pool.Conn(ctx)
		if err == nil {
			var got bool
			// Keyed by schema too, so deployments sharing a database do not share a leader.
			err = conn.QueryRowContext(ctx, "SELECT pg_try_advisory_lock(hashtext(current_schema()), hashtext($1))", name).Scan(&got)
			if err == nil && got {
				return holdPostgres(conn, name), nil
			}
			_ = conn.Close()
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(poll):
		}
	}
}

// holdPostgres watches the connection that holds the lock.
func holdPostgres(conn *sql.Conn, name string) *Leadership {
	lost := make(chan struct{})
	stop := make(chan struct{})
	go func() {
		t := time.NewTicker(2 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				err := conn.PingContext(ctx)
				cancel()
				if err != nil {
					close(lost)
					return
				}
			}
		}
	}()
	released := false
	return &Leadership{Lost: lost, release: func() {
		if released {
			return
		}
		released = true
		close(stop)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, _ = conn.ExecContext(ctx, "SELECT pg_advisory_unlock(hashtext(current_schema()), hashtext($1))", name)
		_ = conn.Close()
	}}
}

func (d *DB) acquireFile(ctx context.Context, name string, poll time.Duration) (*Leadership, error) {
	if d.sqlitePath == "" {
		return nil, errors.New("leader lock: no database file")
	}
	f, err := os.OpenFile(fmt.Sprintf("%s.%s.lock", d.sqlitePath, name), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, err
	}
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			break
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			f.Close()
			return nil, err
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(poll):
		}
	}
	released := false
	return &Leadership{Lost: make(chan struct{}), release: func() {
		if released {
			return
		}
		released = true
		_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		_ = f.Close()
	}}, nil
}
