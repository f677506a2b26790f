// Package db opens the database (SQLite by default, PostgreSQL by URL), applies the
// versioned migrations and carries transactions in the context.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/glebarez/sqlite"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
	"gorm.io/plugin/dbresolver"

	"zocalo/migrations"
)

// Dialect names the database engine.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is the database handle shared by the core services.
type DB struct {
	gorm       *gorm.DB
	dialect    Dialect
	sqlitePath string
	readers    *sql.DB // SQLite only: the pool for statements outside a transaction that only read
	// PostgreSQL only: connections that plan every statement for its arguments.
	plannedPerCall *gorm.DB
	hooks          hooksPointer
	local          localListeners // woken after this handle's commits (notify.go)
	announcer      announcer      // tells other processes of commits (announce.go)
}

// Options open a database.
type Options struct {
	// URL is empty for SQLite at SQLitePath, or a postgres:// URL.
	URL        string
	SQLitePath string
	Logger     *slog.Logger
}

// Open connects without migrating.
func Open(opts Options) (*DB, error) {
	cfg := &gorm.Config{
		Logger:         logger.Discard,
		NowFunc:        func() time.Time { return time.Now().UTC() },
		TranslateError: true,
	}
	if opts.URL != "" {
		dsn := withoutJIT(opts.URL)
		g, err := openPostgres(dsn, cfg, postgresConns())
		if err != nil {
			return nil, err
		}
		// Half as many: only the filtered and searched ticket lists use it, and the two
		// pools together stay well within PostgreSQL's default of 100 connections for
		// two replicas and the bot, even on many cores.
		perCall, err := openPostgres(withCustomPlans(dsn), cfg, max(postgresConns()/2, 2))
		if err != nil {
			if s, err := g.DB(); err == nil {
				_ = s.Close()
			}
			return nil, err
		}
		return &DB{gorm: g, dialect: Postgres, plannedPerCall: perCall}, nil
	}
	if dir := filepath.Dir(opts.SQLitePath); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("create data directory: %w", err)
		}
	}
	dsn := "file:" + opts.SQLitePath +
		"?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	g, err := gorm.Open(sqlite.Dialector{DriverName: utcDriverName, DSN: dsn}, cfg)
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	// SQLite has one writer; one connection keeps writers from failing with SQLITE_BUSY
	// and makes every transaction see the last commit.
	sqlDB.SetMaxOpenConns(1)
	// Plain SELECTs outside a transaction go to a pool of read-only connections: in WAL
	// mode they read the last commit without waiting for the writer, so a slow report
	// or a burst of page views no longer queues behind one connection.
	readers, err := sql.Open(utcDriverName, "file:"+opts.SQLitePath+
		"?_pragma=query_only(1)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)")
	if err != nil {
		_ = sqlDB.Close()
		return nil, fmt.Errorf("open sqlite readers: %w", err)
	}
	readers.SetMaxOpenConns(sqliteReaders)
	readers.SetMaxIdleConns(sqliteReaders)
	if err := g.Use(dbresolver.Register(dbresolver.Config{Replicas: []gorm.Dialector{sqlite.Dialector{Conn: readers}}})); err != nil {
		_ = sqlDB.Close()
		_ = readers.Close()
		return nil, fmt.Errorf("sqlite readers: %w", err)
	}
	return &DB{gorm: g, dialect: SQLite, sqlitePath: opts.SQLitePath, readers: readers}, nil
}

// sqliteReaders is how many SQLite connections may read at once; more than the cores
// only adds memory.
const sqliteReaders = 4

// postgresConns sizes the pool to the cores: each connection is a server process, and
// more of them than the cores can run only queue inside PostgreSQL and the scheduler. On
// 2 cores, 6 connections instead of 20 halved the p99 of every read under 32 concurrent
// requests, and raised the throughput; the requests wait in Go instead.
func postgresConns() int {
	return min(max(3*runtime.GOMAXPROCS(0), 4), 32)
}

func openPostgres(dsn string, cfg *gorm.Config, conns int) (*gorm.DB, error) {
	g, err := gorm.Open(postgres.Open(dsn), cfg)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(conns)
	sqlDB.SetMaxIdleConns(conns)
	sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	return g, nil
}

// withCustomPlans asks PostgreSQL to plan each statement for its arguments. The driver
// keeps statements prepared, and after five runs PostgreSQL may switch to one generic
// plan: for a ticket search that plan walked every ticket by date instead of using the
// text index (65 ms against 1 ms at 100,000 tickets).
func withCustomPlans(dsn string) string {
	return withSetting(dsn, "plan_cache_mode", "force_custom_plan")
}

// withoutJIT turns off PostgreSQL's JIT compilation for the session. Its threshold is a
// planner cost, and a grouped read estimated over many rows crossed it while reading a few
// hundred: the daily chart spent 70 of its 200 ms compiling. Every statement here is short.
func withoutJIT(dsn string) string { return withSetting(dsn, "jit", "off") }

// withSetting adds a run-time setting to a connection string, as a URL or as key=value.
func withSetting(dsn, param, value string) string {
	if u, err := url.Parse(dsn); err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql") {
		q := u.Query()
		q.Set(param, value)
		u.RawQuery = q.Encode()
		return u.String()
	}
	return dsn + " " + param + "=" + value
}

// Dialect is the engine in use.
func (d *DB) Dialect() Dialect { return d.dialect }

// SQL is the underlying pool.
func (d *DB) SQL() (*sql.DB, error) { return d.gorm.DB() }

// Close closes the pools.
func (d *DB) Close() error {
	s, err := d.gorm.DB()
	if err != nil {
		return err
	}
	if d.readers != nil {
		_ = d.readers.Close()
	}
	if d.plannedPerCall != nil {
		if perCall, err := d.plannedPerCall.DB(); err == nil {
			_ = perCall.Close()
		}
	}
	return s.Close()
}

// Ping checks the database answers.
func (d *DB) Ping(ctx context.Context) error {
	s, err := d.gorm.DB()
	if err != nil {
		return err
	}
	return s.PingContext(ctx)
}

type txKey struct{}

// Conn is the handle for ctx: the transaction in it, or the pool.
func (d *DB) Conn(ctx context.Context) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx
	}
	return d.gorm.WithContext(ctx)
}

// ConnPlannedPerCall is Conn for a statement whose best plan depends on its arguments,
// such as a search whose words may match three tickets or thirty thousand. On PostgreSQL,
// outside a transaction, it runs on connections that plan every execution for its values.
// Every other statement keeps PostgreSQL's generic plans: planning each of the ten
// statements of a ticket reply anew cost a quarter of the replies' throughput.
func (d *DB) ConnPlannedPerCall(ctx context.Context) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx
	}
	if d.plannedPerCall != nil {
		return d.plannedPerCall.WithContext(ctx)
	}
	return d.gorm.WithContext(ctx)
}

// InTx runs fn in a transaction carried by the context; nested calls join the outer one.
// What BeforeCommit adds in it runs as its last steps; what AfterCommit adds, once it has
// committed.
func (d *DB) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return fn(ctx)
	}
	hooks := d.txHooks()
	if hooks.BeforeBegin != nil {
		hooks.BeforeBegin(ctx)
	}
	ctx, committed := withCommitHooks(ctx)
	err := d.gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ctx := context.WithValue(ctx, txKey{}, tx)
		if hooks.AfterBegin != nil {
			hooks.AfterBegin(ctx)
		}
		if err := fn(ctx); err != nil {
			return err
		}
		return committed.runBefore(ctx)
	})
	if err == nil {
		committed.run()
	}
	return err
}

func (d *DB) migrationsFS() (fs.FS, goose.Dialect) {
	if d.dialect == Postgres {
		sub, _ := fs.Sub(migrations.FS, "postgres")
		return sub, goose.DialectPostgres
	}
	sub, _ := fs.Sub(migrations.FS, "sqlite")
	return sub, goose.DialectSQLite3
}

func (d *DB) provider() (*goose.Provider, error) {
	sqlDB, err := d.gorm.DB()
	if err != nil {
		return nil, err
	}
	fsys, dialect := d.migrationsFS()
	var opts []goose.ProviderOption
	if d.dialect == Postgres {
		// Several replicas may start at once: one migrates, the others wait.
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return nil, err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	return goose.NewProvider(dialect, sqlDB, fsys, opts...)
}

// Migrate applies every pending migration and returns how many it applied.
func (d *DB) Migrate(ctx context.Context) (int, error) {
	p, err := d.provider()
	if err != nil {
		return 0, err
	}
	res, err := p.Up(ctx)
	if err != nil {
		return len(res), fmt.Errorf("migrate: %w", err)
	}
	return len(res), nil
}

// Pending reports whether migrations remain to apply (readiness).
func (d *DB) Pending(ctx context.Context) (bool, error) {
	p, err := d.provider()
	if err != nil {
		return false, err
	}
	return p.HasPending(ctx)
}

// IsUniqueViolation tells whether err is a unique-constraint failure on either engine.
func IsUniqueViolation(err error) bool {
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return true
	}
	return err != nil && strings.Contains(strings.ToLower(err.Error()), "unique constraint")
}

// IsNotFound tells whether err is GORM's record-not-found.
func IsNotFound(err error) bool { return errors.Is(err, gorm.ErrRecordNotFound) }
