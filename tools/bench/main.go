// Command bench seeds a community of realistic size into SQLite and into PostgreSQL, starts
// the real binary in production mode against each, drives it from this separate process at
// a fixed number of concurrent connections, and checks the figures against the budgets of
// docs/performance.md. A budget missed makes it exit non-zero. Its second part runs the
// portal and the bot as two processes on PostgreSQL against a fake Discord and measures
// how soon a write's post reaches Discord; its third runs two portal replicas and measures
// what open live streams cost and how soon a write reaches a stream; its fourth runs the bot
// against a fake guild of 50,000 members and measures its member reconcile.
//
// On PostgreSQL it also seeds a community -growth times larger (10 by default: 50,000
// members, a million tickets) and serves both from two servers in the same run, endpoint by
// endpoint in turn, so that how a read grows with the community is measured on one machine
// at one moment. Latency budgets are scaled by the machine's speed in that run: the
// in-memory handler's throughput against the day the budgets were set.
//
//	go run ./tools/bench -bin bin/zocalo [-postgres URL] [-parts load,delivery] [-duration 5s] [-conns 32] [-scale 1] [-growth 10]
package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver to create the benchmark's database

	"zocalo/core"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/storage"
	"zocalo/internal/config"
)

type options struct {
	binary      string
	postgresURL string
	duration    time.Duration
	conns       int
	scale       float64
	growth      float64
	plans       bool
	keep        bool
	only        string
	skipSQLite  bool
	parts       string
	ceiling     string
	// The delivery part: how many writes, from how many connections at once.
	deliveryWrites int
	deliveryConns  int
	// The live part: the streams of its second row, spread over both replicas.
	liveStreams int
}

func main() {
	var o options
	flag.StringVar(&o.binary, "bin", "bin/zocalo", "the zocalo binary to measure")
	flag.StringVar(&o.postgresURL, "postgres", os.Getenv("ZOCALO_TEST_DATABASE_URL"), "a PostgreSQL server (a database is created and dropped on it); empty measures SQLite only")
	flag.DurationVar(&o.duration, "duration", 5*time.Second, "how long each endpoint is driven")
	flag.IntVar(&o.conns, "conns", 32, "concurrent connections")
	flag.Float64Var(&o.scale, "scale", 1, "the community's size as a fraction of the budgets' (1 = 5,000 members, 100,000 tickets…)")
	flag.Float64Var(&o.growth, "growth", 10, "PostgreSQL also serves a community this many times -scale's, from a server of its own in the same run, and each read's p50 there is budgeted against -scale's (0: none)")
	flag.BoolVar(&o.plans, "plans", false, "print the query plan of each hot query after seeding")
	flag.BoolVar(&o.keep, "keep", false, "keep the seeded databases (their URLs or files are printed), to look into them")
	flag.BoolVar(&o.skipSQLite, "skip-sqlite", false, "measure PostgreSQL only")
	flag.StringVar(&o.only, "only", "", "drive only the endpoints whose name contains this text, or one of these texts separated by commas (budgets are checked on those)")
	flag.StringVar(&o.parts, "parts", "load,delivery,live,reconcile,ceiling", "the parts to run: load (the endpoints under load), delivery (a write's post reaching Discord; PostgreSQL only), live (open streams' memory and a write reaching a stream on another replica; PostgreSQL only), reconcile (the bot's member reconcile of a 50,000-member guild, at its start and after a new session; PostgreSQL only), ceiling (the largest community of -ceiling at which SQLite keeps every budget)")
	flag.StringVar(&o.ceiling, "ceiling", "0.5,1,2,5", "the communities the ceiling part tries on SQLite, smallest first")
	flag.IntVar(&o.deliveryWrites, "delivery-writes", 100, "writes measured by the delivery part, one at a time and again together")
	flag.IntVar(&o.deliveryConns, "delivery-conns", 4, "connections the delivery part writes from together")
	flag.IntVar(&o.liveStreams, "live-streams", 10000, "streams the live part opens over both replicas, half on each, after its 1,000 on one (0: only those)")
	flag.Parse()
	parts := map[string]bool{}
	for _, p := range strings.Split(o.parts, ",") {
		if p = strings.TrimSpace(p); p != "load" && p != "delivery" && p != "live" && p != "reconcile" && p != "ceiling" {
			fmt.Fprintf(os.Stderr, "-parts: unknown part %q (load, delivery, live, reconcile, ceiling)\n", p)
			os.Exit(2)
		}
		parts[p] = true
	}

	ctx := context.Background()
	pass := true
	if parts["load"] && !o.skipSQLite {
		pass = runLoad(ctx, o, "SQLite", o.scale) && pass
	}
	if parts["load"] && o.postgresURL != "" {
		scales := []float64{o.scale}
		if o.growth > 0 && o.growth != 1 {
			scales = append(scales, o.scale*o.growth)
		}
		pass = runLoad(ctx, o, "PostgreSQL", scales...) && pass
	}
	if parts["ceiling"] {
		// Informative: the largest community SQLite serves within every budget, for the
		// README's advice on when to move to PostgreSQL. Not a budget of its own.
		runCeiling(ctx, o)
	}
	if parts["delivery"] {
		pass = runPostgresPart(ctx, o, "Delivery to Discord", runDelivery) && pass
	}
	if parts["live"] {
		pass = runPostgresPart(ctx, o, "Live stream", runLive) && pass
	}
	if parts["reconcile"] {
		pass = runPostgresPart(ctx, o, "Member reconcile", runReconcile) && pass
	}
	if !pass {
		os.Exit(1)
	}
}

// partReport is what a PostgreSQL-only part measured.
type partReport interface {
	print(out io.Writer)
	misses() []string
}

// runPostgresPart runs, prints and checks a part that needs PostgreSQL, telling whether
// its budgets were met; without PostgreSQL it says it was skipped.
func runPostgresPart[R partReport](ctx context.Context, o options, title string, run func(context.Context, options) (R, error)) bool {
	if o.postgresURL == "" {
		fmt.Printf("%s: skipped, it needs PostgreSQL (-postgres or ZOCALO_TEST_DATABASE_URL)\n", title)
		return true
	}
	r, err := run(ctx, o)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", title, err)
		os.Exit(2)
	}
	r.print(os.Stdout)
	misses := r.misses()
	for _, m := range misses {
		fmt.Printf("  BUDGET MISSED: %s\n", m)
	}
	if len(misses) == 0 {
		fmt.Println("  every budget met")
	}
	return len(misses) == 0
}

// runLoad seeds one community per scale on the target, serves each from a server of its
// own, drives every endpoint on each in turn, prints the figures and tells whether every
// budget was met.
func runLoad(ctx context.Context, o options, target string, scales ...float64) bool {
	var seeded []*seededCommunity
	defer func() {
		for _, p := range seeded {
			p.cleanup()
		}
	}()
	for _, scale := range scales {
		p, err := prepare(ctx, o, target, scale)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s at %gx: %v\n", target, scale, err)
			os.Exit(2)
		}
		seeded = append(seeded, p)
	}
	reports, err := measure(ctx, o, seeded)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", target, err)
		os.Exit(2)
	}
	var misses []string
	for _, r := range reports {
		r.print(os.Stdout)
		misses = append(misses, r.misses()...)
	}
	if len(reports) > 1 {
		g := growthOf(reports[0], reports[len(reports)-1])
		g.print(os.Stdout)
		misses = append(misses, g.misses()...)
	}
	for _, m := range misses {
		fmt.Printf("  BUDGET MISSED: %s\n", m)
	}
	if len(misses) == 0 {
		fmt.Println("  every budget met")
	}
	fmt.Println()
	return len(misses) == 0
}

// runCeiling serves each community of -ceiling on SQLite in turn, smallest first, says the
// largest at which every budget held and, for each size, how many budgets it missed: where
// SQLite stops keeping the budgets is rarely one line, and the README's advice needs both.
func runCeiling(ctx context.Context, o options) {
	held, broken := "", false
	var summary []string
	for _, f := range strings.Split(o.ceiling, ",") {
		scale, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			fmt.Fprintf(os.Stderr, "-ceiling: %q is not a number\n", f)
			os.Exit(2)
		}
		p, err := prepare(ctx, o, "SQLite", scale)
		if err != nil {
			fmt.Fprintf(os.Stderr, "SQLite at %gx: %v\n", scale, err)
			os.Exit(2)
		}
		reports, err := measure(ctx, o, []*seededCommunity{p})
		p.cleanup()
		if err != nil {
			fmt.Fprintf(os.Stderr, "SQLite at %gx: %v\n", scale, err)
			os.Exit(2)
		}
		reports[0].print(os.Stdout)
		misses := reports[0].misses()
		for _, m := range misses {
			fmt.Printf("  BUDGET MISSED: %s\n", m)
		}
		summary = append(summary, fmt.Sprintf("  %sx (%d members): %d budgets missed", strings.TrimSpace(f), p.sizes.Members, len(misses)))
		// The ceiling is the last size of an unbroken run from the smallest.
		if len(misses) > 0 {
			broken = true
		} else if !broken {
			held = strings.TrimSpace(f)
		}
	}
	fmt.Println("SQLite ceiling, by size:")
	for _, line := range summary {
		fmt.Println(line)
	}
	if held == "" {
		fmt.Printf("SQLite ceiling: no community of %s kept every budget\n\n", o.ceiling)
		return
	}
	fmt.Printf("SQLite ceiling: every budget held up to %sx (%s)\n\n", held, fullSizes.scaled(mustFloat(held)))
}

func mustFloat(s string) float64 {
	f, _ := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return f
}

// seededCommunity is a seeded database ready to be served: its configuration, who acts in it and
// how to remove it.
type seededCommunity struct {
	target  string
	sizes   Sizes
	seeded  time.Duration
	env     map[string]string
	who     community
	tokens  tokens
	cleanup func()
}

// prepare seeds one database at a scale and signs in the members the load acts as.
func prepare(ctx context.Context, o options, target string, scale float64) (*seededCommunity, error) {
	dir, err := os.MkdirTemp("", "zocalo-bench-")
	if err != nil {
		return nil, err
	}
	p := &seededCommunity{target: target, cleanup: func() { os.RemoveAll(dir) }}
	databaseURL := ""
	if target == "PostgreSQL" {
		var drop func()
		databaseURL, drop, err = freshDatabase(o.postgresURL, fmt.Sprintf("load%g", scale*10))
		if err != nil {
			p.cleanup()
			return nil, err
		}
		p.cleanup = func() { drop(); os.RemoveAll(dir) }
		if o.keep {
			fmt.Printf("%s at %gx kept: %s\n", target, scale, databaseURL)
			p.cleanup = func() { os.RemoveAll(dir) }
		}
	} else if o.keep {
		fmt.Printf("%s at %gx kept: %s\n", target, scale, filepath.Join(dir, "zocalo.db"))
		p.cleanup = func() {}
	}
	p.env = productionEnv(dir, databaseURL)
	cfg, err := config.Load("", func(k string) string { return p.env[k] })
	if err != nil {
		return p, err
	}
	d, err := db.Open(db.Options{URL: cfg.DatabaseURL, SQLitePath: filepath.Join(cfg.DataDir, "zocalo.db")})
	if err != nil {
		return p, err
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		return p, err
	}
	files, err := storage.NewLocal(filepath.Join(dir, "uploads"))
	if err != nil {
		return p, err
	}
	app := core.New(d, cfg.CoreSettings(cfg.JWTSecret, nil), core.Deps{Files: files})
	p.sizes = fullSizes.scaled(scale)
	started := time.Now()
	if p.who, err = seed(ctx, d, cfg.RoleIDs(), p.sizes, time.Now().UTC()); err != nil {
		return p, fmt.Errorf("seed: %w", err)
	}
	// Past weeks' shifts folded into running totals, as the daily fold-staff-time job keeps them.
	if _, err := app.Shifts.FoldHistory(ctx); err != nil {
		return p, err
	}
	// The planner and the tables look as a long-running server's would after its
	// (auto)vacuum: statistics gathered, visibility maps set for index-only scans.
	analyzed := time.Now()
	if err := analyze(ctx, d); err != nil {
		return p, err
	}
	fmt.Printf("  folded shifts and analyzed in %s\n", time.Since(analyzed).Round(100*time.Millisecond))
	p.seeded = time.Since(started)
	fmt.Printf("%s at %gx seeded in %s\n", target, scale, p.seeded.Round(time.Second))
	if o.plans {
		fmt.Printf("%s at %gx, query plans:\n", target, scale)
		if err := printPlans(ctx, os.Stdout, d, p.who); err != nil {
			return p, err
		}
	}
	p.tokens, err = signIn(ctx, app, p.who)
	return p, err
}

// measure starts a server on each seeded community and drives every endpoint on each in
// turn, after the in-memory handler that tells the machine's speed in this run.
func measure(ctx context.Context, o options, communities []*seededCommunity) ([]*report, error) {
	var servers []*server
	defer func() {
		for _, srv := range servers {
			srv.stop()
		}
	}()
	var reports []*report
	for _, p := range communities {
		srv, err := startServer(o.binary, p.env)
		if err != nil {
			return nil, err
		}
		servers = append(servers, srv)
		reports = append(reports, &report{target: p.target, sizes: p.sizes, seeded: p.seeded, conns: o.conns, duration: o.duration})
	}
	news, encoding, err := servers[0].sent("/api/news/news-cards")
	if err != nil {
		return nil, err
	}
	baseline, stopBaseline, err := memoryHandler(news, encoding)
	if err != nil {
		return nil, err
	}
	// The machine's speed is measured as on the budgets' day, whatever -conns the run uses.
	reference := o
	reference.conns = referenceConns
	base := drive(ctx, "in-memory handler (the same news bytes)", baseline, reference, false, func(int, int64) request {
		return request{method: "GET", path: "/"}
	})
	stopBaseline()
	lists := make([][]endpoint, len(communities))
	for i, p := range communities {
		lists[i] = endpoints(p.who, p.tokens)
		reports[i].baseline = base
	}
	for e := range lists[0] {
		for i := range communities {
			ep := lists[i][e]
			if !slices.ContainsFunc(strings.Split(o.only, ","), func(part string) bool { return strings.Contains(ep.name, part) }) {
				continue
			}
			reports[i].results = append(reports[i].results, drive(ctx, ep.name, servers[i].url, o, ep.write, ep.build))
		}
	}
	for i, srv := range servers {
		if reports[i].peakRSS, err = srv.peakRSS(); err != nil {
			return nil, err
		}
	}
	return reports, nil
}

// productionEnv configures the server as a community would, with made-up Discord ids.
func productionEnv(dir, databaseURL string) map[string]string {
	env := map[string]string{
		"ZOCALO_DATA_DIR":              dir,
		"ZOCALO_DATABASE_URL":          databaseURL,
		"ZOCALO_JWT_SECRET":            strings.Repeat("b", 48),
		"ZOCALO_DISCORD_CLIENT_ID":     "1300000000000000001",
		"ZOCALO_DISCORD_CLIENT_SECRET": "bench",
		"ZOCALO_DISCORD_GUILD_ID":      "1300000000000000002",
		"ZOCALO_LOG_LEVEL":             "warn",
	}
	for i, role := range authz.AllRoles {
		env[config.EnvPrefix+"ROLE_"+string(role)] = fmt.Sprintf("13000000000000001%02d", i)
	}
	// The specification gives these pairs one Discord role each.
	env[config.EnvPrefix+"ROLE_"+string(authz.ScjnAdmin)] = env[config.EnvPrefix+"ROLE_"+string(authz.Comite)]
	env[config.EnvPrefix+"ROLE_"+string(authz.CongresoAdmin)] = env[config.EnvPrefix+"ROLE_"+string(authz.Oficina)]
	return env
}

// freshDatabase creates a database of its own on the server for a part of the benchmark
// and returns its URL.
func freshDatabase(serverURL, part string) (string, func(), error) {
	admin, err := sql.Open("pgx", serverURL)
	if err != nil {
		return "", nil, err
	}
	name := fmt.Sprintf("zocalo_bench_%s_%d", part, os.Getpid())
	_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name)
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		admin.Close()
		return "", nil, fmt.Errorf("create database: %w", err)
	}
	u, err := url.Parse(serverURL)
	if err != nil {
		admin.Close()
		return "", nil, err
	}
	u.Path = "/" + name
	drop := func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	}
	return u.String(), drop, nil
}

// migratedDatabase creates a database of its own for a part, migrated before any process
// of the part starts (so that none races to migrate, and the part measures what it says),
// with a directory for the processes' data; done removes both.
func migratedDatabase(ctx context.Context, o options, part string) (dir, databaseURL string, done func(), err error) {
	dir, err = os.MkdirTemp("", "zocalo-bench-"+part+"-")
	if err != nil {
		return "", "", nil, err
	}
	databaseURL, drop, err := freshDatabase(o.postgresURL, part)
	if err != nil {
		os.RemoveAll(dir)
		return "", "", nil, err
	}
	done = func() { drop(); os.RemoveAll(dir) }
	d, err := db.Open(db.Options{URL: databaseURL})
	if err != nil {
		done()
		return "", "", nil, err
	}
	_, err = d.Migrate(ctx)
	_ = d.Close()
	if err != nil {
		done()
		return "", "", nil, err
	}
	return dir, databaseURL, done, nil
}

// analyze gathers the planner's statistics. On SQLite the full-text index's shadow tables
// are left out: with STAT4 samples on them, FTS5's own lookups are planned again each
// time a search binds a new term, which a profile showed as most of a search's time.
func analyze(ctx context.Context, d *db.DB) error {
	if d.Dialect() == db.Postgres {
		return d.Conn(ctx).Exec("VACUUM ANALYZE").Error
	}
	var tables []string
	if err := d.Conn(ctx).Raw(`SELECT name FROM sqlite_master WHERE type = 'table'
		AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'tickets_search%'`).Scan(&tables).Error; err != nil {
		return err
	}
	for _, t := range tables {
		if err := d.Conn(ctx).Exec(`ANALYZE "` + t + `"`).Error; err != nil {
			return fmt.Errorf("analyze %s: %w", t, err)
		}
	}
	return nil
}
