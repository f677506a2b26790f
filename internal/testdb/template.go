package testdb

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the driver gorm's postgres dialect uses
	"golang.org/x/sync/semaphore"

	"zocalo/core/db"
	"zocalo/migrations"
)

// templateFormat changes when the way a template is built changes, so templates built
// the old way are not reused.
const templateFormat = "1"

// migrationsKey names the migrations of a dialect: a template built from other files is
// never reused, so a new migration makes a new template and nothing has to be cleaned
// by hand.
func migrationsKey(dialect db.Dialect) (string, error) {
	h := sha256.New()
	h.Write([]byte(templateFormat + "\x00" + string(dialect) + "\x00"))
	err := fs.WalkDir(migrations.FS, string(dialect), func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		body, err := fs.ReadFile(migrations.FS, path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(body))
		h.Write(body)
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// The SQLite template is a migrated database file, built once per machine and set of
// migrations (in the temporary directory, shared by every package's test process) and
// read once per process; each test writes a copy. Migrating costs 20 ms without the race
// detector and up to seconds with it, a copy well under a millisecond.
var sqliteTemplate = sync.OnceValues(func() ([]byte, error) {
	key, err := migrationsKey(db.SQLite)
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(os.TempDir(), "zocalo-testdb")
	path := filepath.Join(dir, "sqlite-"+key+".db")
	if body, err := os.ReadFile(path); err == nil && len(body) > 0 {
		return body, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	build, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(build)
	built := filepath.Join(build, "template.db")
	d, err := db.Open(db.Options{SQLitePath: built})
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	if _, err := d.Migrate(ctx); err != nil {
		_ = d.Close()
		return nil, err
	}
	// Everything into the main file, so the file alone is the database.
	if err := d.Conn(ctx).Exec("PRAGMA wal_checkpoint(TRUNCATE)").Error; err != nil {
		_ = d.Close()
		return nil, err
	}
	if err := d.Close(); err != nil {
		return nil, err
	}
	body, err := os.ReadFile(built)
	if err != nil {
		return nil, err
	}
	// Processes building at once each rename a whole file into place; whichever lands
	// last is as good as the first.
	if err := os.Rename(built, path); err != nil {
		return nil, err
	}
	return body, nil
})

func copySQLiteTemplate(path string) error {
	body, err := sqliteTemplate()
	if err != nil {
		return fmt.Errorf("sqlite test template: %w", err)
	}
	return os.WriteFile(path, body, 0o600)
}

// The PostgreSQL template is a migrated database on the test server, named by the
// migrations and built once for every process that tests with them; each test gets
// `CREATE DATABASE … TEMPLATE` of it (35–60 ms instead of 0.4–0.5 s of migrations).
// Nobody may connect to it once built: PostgreSQL copies a database only while nobody
// is connected to it.
var postgresTemplate = sync.OnceValues(func() (string, error) {
	key, err := migrationsKey(db.Postgres)
	if err != nil {
		return "", err
	}
	name := "zocalo_template_" + key
	admin, err := adminPool()
	if err != nil {
		return "", err
	}
	ctx := context.Background()
	exists := func() (bool, error) {
		var found bool
		err := admin.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&found)
		return found, err
	}
	if found, err := exists(); err != nil || found {
		return name, err
	}
	// One process builds it; the others wait on the lock and find it built.
	conn, err := admin.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(hashtext('zocalo test template'))"); err != nil {
		return "", err
	}
	defer func() { _, _ = conn.ExecContext(ctx, "SELECT pg_advisory_unlock(hashtext('zocalo test template'))") }()
	if found, err := exists(); err != nil || found {
		return name, err
	}
	// Built under another name and renamed when complete, so a process killed while
	// migrating leaves no template that lacks a migration.
	building := name + "_building"
	if _, err := conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+building+" WITH (FORCE)"); err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+building+" TEMPLATE template0"); err != nil {
		return "", err
	}
	u, err := databaseURL(building)
	if err != nil {
		return "", err
	}
	d, err := db.Open(db.Options{URL: u})
	if err != nil {
		return "", err
	}
	_, err = d.Migrate(ctx)
	_ = d.Close()
	if err != nil {
		return "", fmt.Errorf("migrate the test template: %w", err)
	}
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+building+" RENAME TO "+name); err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+name+" WITH ALLOW_CONNECTIONS false"); err != nil {
		return "", err
	}
	return name, nil
})

// adminPool reaches the server's database named in EnvURL, to create and drop the tests'.
var adminPool = sync.OnceValues(func() (*sql.DB, error) {
	base := os.Getenv(EnvURL)
	if base == "" {
		return nil, fmt.Errorf("%s is not set", EnvURL)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return nil, err
	}
	admin.SetMaxOpenConns(dropConcurrency + 1)
	go sweepStaleDatabases(admin)
	return admin, nil
})

// databaseURL is EnvURL naming another database on the same server.
func databaseURL(name string) (string, error) {
	u, err := url.Parse(os.Getenv(EnvURL))
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	return u.String(), nil
}

// testDatabasePrefix starts the name of every test's database; the creation time follows,
// so a later process can tell the ones a killed process left behind.
const testDatabasePrefix = "zocalo_test_"

// EnvPostgresDatabases bounds how many PostgreSQL databases one test process uses at
// once (default 4). Each may open a dozen connections (the pool of three per core, the
// per-call pool, LISTEN, the leader lock), and `go test` runs a process per core, so the
// default keeps two processes within PostgreSQL's 100 connections.
const EnvPostgresDatabases = "ZOCALO_TEST_POSTGRES_DATABASES"

// postgresInUse holds a weight per database a test holds; a test of whole processes
// (PostgresURL) weighs processWeight.
var postgresInUse = sync.OnceValue(func() *semaphore.Weighted { return semaphore.NewWeighted(postgresDatabasesAtOnce()) })

func postgresDatabasesAtOnce() int64 {
	n, err := strconv.Atoi(os.Getenv(EnvPostgresDatabases))
	if err != nil || n < 1 {
		n = 4
	}
	return int64(n)
}

// holders are the tests holding a share: a test's second database (a migrated one beside
// an empty one, two handles) rides on its first, so no test waits for itself.
var holders sync.Map // testing.TB → struct{}

// holdPostgresShare waits for the test's share of the connections and gives it back when
// the test ends. A share that does not come within shareWait is taken anyway: tests that
// each hold one and wait for another would otherwise wait for ever.
func holdPostgresShare(t testing.TB, weight int64) {
	if _, held := holders.LoadOrStore(t, struct{}{}); held {
		return
	}
	weight = min(weight, postgresDatabasesAtOnce())
	ctx, cancel := context.WithTimeout(context.Background(), shareWait)
	defer cancel()
	if err := postgresInUse().Acquire(ctx, weight); err != nil {
		t.Logf("testdb: no PostgreSQL share within %s; opening the database anyway", shareWait)
		t.Cleanup(func() { holders.Delete(t) })
		return
	}
	t.Cleanup(func() {
		holders.Delete(t)
		postgresInUse().Release(weight)
	})
}

const shareWait = 30 * time.Second

// processWeight is what a database used by the processes a test starts weighs: two
// replicas and a bot, each with its own pools.
const processWeight = 3

// postgresDatabase creates a database for the test, a copy of the migrated template or
// empty, and drops it once the test is over. It first waits for its share of the
// connections: a parallel test may wait here for others to end.
func postgresDatabase(t testing.TB, migrated bool, weight int64) string {
	t.Helper()
	holdPostgresShare(t, weight)
	admin, err := adminPool()
	if err != nil {
		t.Fatal(err)
	}
	source := "template0"
	if migrated {
		if source, err = postgresTemplate(); err != nil {
			t.Fatal(err)
		}
	}
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	name := fmt.Sprintf("%s%d_%s", testDatabasePrefix, time.Now().Unix(), hex.EncodeToString(b))
	if _, err := admin.Exec("CREATE DATABASE " + name + " TEMPLATE " + source); err != nil {
		t.Fatalf("create a test database on %s: %v", EnvURL, err)
	}
	t.Cleanup(func() { drops.add(admin, name) })
	u, err := databaseURL(name)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// dropConcurrency is how many databases are dropped at once. PostgreSQL makes every
// DROP DATABASE wait for a checkpoint (40 ms idle, seconds on a busy server), and drops
// waiting together share one, so they go in a batch, off the tests' path.
const dropConcurrency = 3

// dropper drops the tests' databases in the background: a test does not wait for its
// checkpoint. What a process leaves when it exits is dropped by a later one
// (sweepStaleDatabases).
type dropper struct {
	mu        sync.Mutex
	pending   []string
	running   bool
	finishing bool          // the process is ending: drop the rest at once
	idle      chan struct{} // closed when the last batch is done, while finishing
}

var drops dropper

func (d *dropper) add(admin *sql.DB, name string) {
	d.mu.Lock()
	d.pending = append(d.pending, name)
	start := !d.running
	d.running = true
	d.mu.Unlock()
	if start {
		go d.run(admin)
	}
}

func (d *dropper) run(admin *sql.DB) {
	for {
		d.mu.Lock()
		batch := d.pending
		if len(batch) > dropConcurrency && !d.finishing {
			batch = batch[:dropConcurrency]
		}
		d.pending = d.pending[len(batch):]
		if len(batch) == 0 {
			d.running = false
			if d.idle != nil {
				close(d.idle)
				d.idle = nil
			}
			d.mu.Unlock()
			return
		}
		d.mu.Unlock()
		var wg sync.WaitGroup
		for _, name := range batch {
			wg.Go(func() { dropDatabase(admin, name) })
		}
		wg.Wait()
	}
}

// finish drops what is still pending, all at once (they share a checkpoint), and waits
// at most limit for it.
func (d *dropper) finish(limit time.Duration) {
	d.mu.Lock()
	if !d.running {
		d.mu.Unlock()
		return
	}
	d.finishing = true
	idle := make(chan struct{})
	d.idle = idle
	d.mu.Unlock()
	select {
	case <-idle:
	case <-time.After(limit):
	}
}

func dropDatabase(admin *sql.DB, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// FORCE ends the connections a test's process left open (a killed child's pool).
	_, _ = admin.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
}

// staleAfter is how old a test's database must be for another process to drop it: far
// longer than any test process runs (make test's timeout is 20 minutes).
const staleAfter = time.Hour

// sweepStaleDatabases drops the test databases that processes which have ended left
// behind, once per process.
func sweepStaleDatabases(admin *sql.DB) {
	rows, err := admin.Query("SELECT datname FROM pg_database WHERE datname LIKE $1", testDatabasePrefix+"%")
	if err != nil {
		return
	}
	var stale []string
	cutoff := time.Now().Add(-staleAfter).Unix()
	for rows.Next() {
		var name string
		if rows.Scan(&name) != nil {
			continue
		}
		created, _, _ := strings.Cut(strings.TrimPrefix(name, testDatabasePrefix), "_")
		var unix int64
		if _, err := fmt.Sscan(created, &unix); err == nil && unix < cutoff {
			stale = append(stale, name)
		}
	}
	_ = rows.Close()
	for _, name := range stale {
		drops.add(admin, name)
	}
}

// Main runs a package's tests, then drops the PostgreSQL databases they left to drop
// before the process ends. A package whose tests open databases calls it from TestMain:
//
//	func TestMain(m *testing.M) { testdb.Main(m) }
//
// Without it nothing breaks; its databases wait for a later process's sweep.
func Main(m *testing.M) {
	code := m.Run()
	drops.finish(time.Minute)
	os.Exit(code)
}
