package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"zocalo/internal/ssetest"
)

// The live stream's budgets (docs/performance.md).
const (
	liveStreams    = 1000
	liveStreamsRSS = 50 << 20 // what 1,000 open streams may add to a replica
	liveP95        = 500 * time.Millisecond
)

// liveShape is one row of the part: how many streams, and whether they are spread over both
// replicas (replies then go both ways and the writers write through both) or all held by A,
// as measured since 2026-11-25.
type liveShape struct {
	streams int
	spread  bool
}

type liveReport struct {
	fileLimit uint64        // RLIMIT_NOFILE the bench and its replicas ran with
	cast      time.Duration // to create the members and sign each in
	rows      []*liveRow
	benchRSS  int64 // the bench's own peak resident set
}

type liveRow struct {
	liveShape
	replicas     []*liveReplica // those holding streams
	directions   []*liveDirection
	opened       time.Duration // to open every stream and see it ready
	refused      int           // streams the replicas did not open
	firstRefusal error
	dropped      int64         // streams that ended before the bench closed them
	writes       int64         // background writes made while measuring
	measured     time.Duration // the replies' span, while the writers wrote
	benchThreads int           // the bench's goroutines with every stream open
}

type liveReplica struct {
	name                string
	streams             int
	rssBefore, rssAfter int64
	before, after       goMetrics
}

// budget is what the replica's streams may add to its RSS: the same per stream as
// 50 MB for 1,000.
func (r *liveReplica) budget() int64 { return int64(r.streams) * liveStreamsRSS / liveStreams }

// liveDirection is replies written through one replica and read on a stream on the other.
type liveDirection struct {
	from, to  string
	latencies []time.Duration // sorted
	missing   int
	// How long each reply took to be answered, sorted: the answer stands for the commit,
	// so a loaded replica's late answers make the latencies above look shorter.
	answers []time.Duration
}

func (d *liveDirection) quantile(q float64) time.Duration { return quantile(d.latencies, q) }

func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(float64(len(sorted))*q))]
}

func (r *liveReport) print(out io.Writer) {
	fmt.Fprintf(out, "Live stream: PostgreSQL, two `serve` replicas (open files allowed: %d; members and sessions made in %s)\n", r.fileLimit, r.cast.Round(100*time.Millisecond))
	for _, row := range r.rows {
		where := "all on replica A"
		if row.spread {
			where = fmt.Sprintf("%d on A and %d on B", row.replicas[0].streams, row.replicas[1].streams)
		}
		fmt.Fprintf(out, "  %d streams, %s, one member and session each (one in ten support staff), opened in %s, %d refused, %d dropped\n",
			row.streams, where, row.opened.Round(100*time.Millisecond), row.refused, row.dropped)
		if row.firstRefusal != nil {
			fmt.Fprintf(out, "    first refusal: %v\n", row.firstRefusal)
		}
		for _, rep := range row.replicas {
			grown := rep.rssAfter - rep.rssBefore
			fmt.Fprintf(out, "    replica %s, %d streams: RSS %.1f MB → %.1f MB (+%.1f MB, %.1f KB a stream; budget %.1f MB, %.1f KB a stream); Go heap in use +%.1f MB, stacks +%.1f MB, +%.0f goroutines\n",
				rep.name, rep.streams, mb(rep.rssBefore), mb(rep.rssAfter), mb(grown), float64(grown)/1024/float64(max(rep.streams, 1)), mb(rep.budget()), float64(liveStreamsRSS)/1024/liveStreams,
				(rep.after.heapInuse-rep.before.heapInuse)/(1<<20), (rep.after.stackInuse-rep.before.stackInuse)/(1<<20), rep.after.goroutines-rep.before.goroutines)
		}
		for _, d := range row.directions {
			fmt.Fprintf(out, "    from a reply's commit (its answer on %s) to its event on %s's stream, %d replies: p50 %s, p95 %s (budget %s), max %s, missing %d; the replies answered in p50 %s, p95 %s\n",
				d.from, d.to, len(d.latencies)+d.missing, ms(d.quantile(0.5)), ms(d.quantile(0.95)), ms(liveP95), ms(d.quantile(1)), d.missing,
				ms(quantile(d.answers, 0.5)), ms(quantile(d.answers, 0.95)))
		}
		fmt.Fprintf(out, "    %d other writes meanwhile from 4 connections, in %s; the bench held %d goroutines\n",
			row.writes, row.measured.Round(100*time.Millisecond), row.benchThreads)
	}
	fmt.Fprintf(out, "  the bench's own peak RSS: %.1f MB\n", mb(r.benchRSS))
}

func (r *liveReport) misses() []string {
	var out []string
	for _, row := range r.rows {
		for _, rep := range row.replicas {
			if grown := rep.rssAfter - rep.rssBefore; grown > rep.budget() {
				out = append(out, fmt.Sprintf("%d streams added %.1f MB to replica %s, budget %.1f MB", rep.streams, mb(grown), rep.name, mb(rep.budget())))
			}
		}
		for _, d := range row.directions {
			if p95 := d.quantile(0.95); p95 > liveP95 || d.missing > 0 {
				out = append(out, fmt.Sprintf("%d streams, %s → %s: commit to client p95 %s (budget %s), %d never arrived", row.streams, d.from, d.to, ms(p95), ms(liveP95), d.missing))
			}
		}
		if row.refused > 0 || row.dropped > 0 {
			out = append(out, fmt.Sprintf("%d streams: %d refused, %d dropped", row.streams, row.refused, row.dropped))
		}
	}
	return out
}

func mb(bytes int64) float64 { return float64(bytes) / (1 << 20) }

// runLive measures the live streams in rows: 1,000 streams on replica A (the budget's own
// figure, comparable with every earlier run), then -live-streams spread over both replicas.
// Each row has replicas of its own, so that each starts from the same memory; the members
// and their sessions are shared.
func runLive(ctx context.Context, o options) (*liveReport, error) {
	shapes := []liveShape{{streams: liveStreams}}
	if o.liveStreams > 0 {
		shapes = append(shapes, liveShape{streams: o.liveStreams, spread: true})
	}
	most := 0
	for _, s := range shapes {
		most = max(most, s.streams)
	}
	r := &liveReport{}
	var err error
	// Every stream is a descriptor in the bench and in the replica holding it; the rest is
	// the database, the writers and the runtime.
	if r.fileLimit, err = raiseFileLimit(uint64(most) + 1024); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "zocalo-bench-live-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	databaseURL, drop, err := freshDatabase(o.postgresURL, "live")
	if err != nil {
		return nil, err
	}
	defer drop()
	env := productionEnv(dir, databaseURL)
	env["ZOCALO_TICKETS_MAX_OPEN_PER_MEMBER"], env["ZOCALO_TICKETS_MAX_OPENED_PER_HOUR"] = "0", "0"
	started := time.Now()
	cast, err := liveMembers(ctx, env, most)
	if err != nil {
		return nil, err
	}
	r.cast = time.Since(started)
	for _, s := range shapes {
		row, err := measureLive(ctx, o, env, cast, s)
		if err != nil {
			return nil, fmt.Errorf("%d streams: %w", s.streams, err)
		}
		r.rows = append(r.rows, row)
	}
	r.benchRSS, err = selfMemory("VmHWM")
	return r, err
}

// measureLive starts two replicas, opens the row's streams, reads the replicas' memory, then
// has staff reply to a ticket whose author watches on the other replica while four
// connections keep opening tickets.
func measureLive(ctx context.Context, o options, env map[string]string, cast *liveCast, shape liveShape) (*liveRow, error) {
	a, err := startServer(o.binary, env)
	if err != nil {
		return nil, err
	}
	defer a.stop()
	b, err := startServer(o.binary, env)
	if err != nil {
		return nil, err
	}
	defer b.stop()
	client := &http.Client{Timeout: 30 * time.Second}

	row := &liveRow{liveShape: shape}
	holders := []*server{a}
	row.replicas = []*liveReplica{{name: "A"}}
	row.directions = []*liveDirection{{from: "A", to: "B"}}
	if shape.spread {
		holders = append(holders, b)
		row.replicas = append(row.replicas, &liveReplica{name: "B"})
		row.directions = append(row.directions, &liveDirection{from: "B", to: "A"})
	}
	servers := map[string]*server{"A": a, "B": b}
	tickets := map[*liveDirection]string{}
	for i, d := range row.directions {
		if tickets[d], err = createTicket(ctx, client, servers[d.from].url, cast.authors[i], "Banco de pruebas en vivo"); err != nil {
			return nil, err
		}
	}
	for i, rep := range row.replicas {
		if rep.rssBefore, err = holders[i].rss(); err != nil {
			return nil, err
		}
		if rep.before, err = holders[i].goMetrics(); err != nil {
			return nil, err
		}
	}

	streamCtx, closeStreams := context.WithCancel(ctx)
	defer closeStreams()
	held := &heldStreams{ctx: streamCtx}
	started := time.Now()
	var refusedMu sync.Mutex
	var next atomic.Int64
	var opening sync.WaitGroup
	openers := 1 // the 1,000 on A, one at a time, as the part always opened them
	if shape.spread {
		openers = liveOpeners
	}
	for range openers {
		opening.Go(func() {
			for i := int(next.Add(1) - 1); i < shape.streams; i = int(next.Add(1) - 1) {
				// Ten at a time to each replica, so that each holds its share of the staff
				// (every tenth stream): taken in turn, every staff stream landed on A.
				at := (i / 10) % len(holders)
				if err := held.open(holders[at].url, cast.streams[i]); err != nil {
					refusedMu.Lock()
					row.refused++
					if row.firstRefusal == nil {
						row.firstRefusal = fmt.Errorf("stream %d on %s: %w", i, row.replicas[at].name, err)
					}
					refusedMu.Unlock()
					continue
				}
				refusedMu.Lock()
				row.replicas[at].streams++
				refusedMu.Unlock()
			}
		})
	}
	opening.Wait()
	if err := held.waitReady(2 * time.Minute); err != nil {
		return nil, err
	}
	row.opened = time.Since(started)
	row.benchThreads = runtime.NumGoroutine()
	time.Sleep(2 * time.Second) // let the replicas settle before reading their memory
	for i, rep := range row.replicas {
		if rep.rssAfter, err = holders[i].rss(); err != nil {
			return nil, err
		}
		if rep.after, err = holders[i].goMetrics(); err != nil {
			return nil, err
		}
	}

	// Each ticket's author watches on the replica the replies are not written through.
	arrivals := &liveArrivals{waiting: map[string]chan time.Time{}}
	for i, d := range row.directions {
		watch, err := openLiveStream(streamCtx, servers[d.to].url, cast.authors[i])
		if err != nil {
			return nil, err
		}
		go arrivals.follow(watch)
	}
	stopLoad := make(chan struct{})
	var load sync.WaitGroup
	var writes atomic.Int64
	for w, token := range cast.writers {
		load.Go(func() {
			base := holders[w%len(holders)].url
			for n := 0; ; n++ {
				select {
				case <-stopLoad:
					return
				default:
				}
				if _, err := createTicket(ctx, client, base, token, fmt.Sprintf("Carga %d-%d", w, n)); err == nil {
					writes.Add(1)
				}
			}
		})
	}
	defer func() { close(stopLoad); load.Wait() }()
	const replies = 100
	measuring := time.Now()
	for i := range replies {
		for _, d := range row.directions {
			marker := fmt.Sprintf("bench-live-%s-%d", d.from, i)
			seen := arrivals.expect(marker)
			sent := time.Now()
			if err := reply(ctx, client, servers[d.from].url, cast.replier, tickets[d], marker); err != nil {
				return nil, err
			}
			answered := time.Now()
			d.answers = append(d.answers, answered.Sub(sent))
			select {
			case at := <-seen:
				d.latencies = append(d.latencies, max(at.Sub(answered), 0))
			case <-time.After(10 * time.Second):
				d.missing++
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	row.writes, row.measured = writes.Load(), time.Since(measuring)
	row.dropped = held.dropped.Load()
	for _, d := range row.directions {
		slices.Sort(d.latencies)
		slices.Sort(d.answers)
	}
	return row, nil
}

// liveOpeners is how many streams the bench opens at once when it spreads them, as browsers
// come back together after a restart. That fills the replicas' database pools, whose
// connections then count in their RSS (a few MB a replica, once); the 1,000 on A are still
// opened one at a time, as when their budget was set.
const liveOpeners = 16

// liveArrivals matches the replies' markers with their events on the watching streams.
type liveArrivals struct {
	mu      sync.Mutex
	waiting map[string]chan time.Time
}

func (a *liveArrivals) expect(marker string) <-chan time.Time {
	ch := make(chan time.Time, 1)
	a.mu.Lock()
	a.waiting[marker] = ch
	a.mu.Unlock()
	return ch
}

func (a *liveArrivals) follow(frames <-chan ssetest.Frame) {
	for f := range frames {
		at := time.Now()
		if f.Event != "ticket.message" {
			continue
		}
		var ev struct {
			Message struct{ Content string } `json:"message"`
		}
		if json.Unmarshal([]byte(f.Data), &ev) != nil {
			continue
		}
		a.mu.Lock()
		if ch, ok := a.waiting[ev.Message.Content]; ok {
			ch <- at
			delete(a.waiting, ev.Message.Content)
		}
		a.mu.Unlock()
	}
}
