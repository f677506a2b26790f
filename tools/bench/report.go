package main

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

// The budgets on a 2-core machine (docs/performance.md), as measured on the day they were
// set; latency budgets are scaled by how much slower the machine runs today (machineSlowdown).
const (
	newsShareOfMemory = 0.5
	readP99           = 50 * time.Millisecond
	writeP99Postgres  = 100 * time.Millisecond
	maxRSS            = 150 << 20
	// referenceRPS is the in-memory handler's throughput on the day the budgets were set,
	// from referenceConns connections.
	referenceRPS   = 52_000
	referenceConns = 32
	// maxGrowth bounds a read's p50 at the larger community against the smaller one;
	// growthSlack lets a read of a millisecond or less move by noise without failing.
	maxGrowth   = 2.0
	growthSlack = time.Millisecond
)

type report struct {
	target   string
	sizes    Sizes
	seeded   time.Duration
	conns    int
	duration time.Duration
	baseline result
	results  []result
	peakRSS  int64
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

// machineSlowdown is how many times slower than on the budgets' day this run's machine
// served fixed bytes (never below 1): a slow day of the machine does not fail unchanged code.
func (r *report) machineSlowdown() float64 {
	if r.baseline.rps <= 0 {
		return 1
	}
	return max(1, referenceRPS/r.baseline.rps)
}

func (r *report) scaled(budget time.Duration) time.Duration {
	return time.Duration(float64(budget) * r.machineSlowdown())
}

func (r *report) print(out io.Writer) {
	fmt.Fprintf(out, "%s: %s (seeded in %s); %d connections, %s per endpoint\n", r.target, r.sizes, r.seeded.Round(time.Second), r.conns, r.duration)
	fmt.Fprintf(out, "machine speed: the in-memory handler served %.0f req/s (%.0f on the budgets' day): latency budgets ×%.2f (reads p99 ≤ %s, writes ≤ %s)\n",
		r.baseline.rps, float64(referenceRPS), r.machineSlowdown(), ms(r.scaled(readP99)), ms(r.scaled(writeP99Postgres)))
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "endpoint\treq/s\tp50\tp99\terrors\tvs memory\t")
	row := func(res result) {
		fmt.Fprintf(w, "%s\t%.0f\t%s\t%s\t%d\t%.0f %%\t\n", res.name, res.rps, ms(res.p50), ms(res.p99), res.errors, 100*res.rps/r.baseline.rps)
	}
	row(r.baseline)
	for _, res := range r.results {
		row(res)
	}
	_ = w.Flush()
	fmt.Fprintf(out, "server peak RSS: %.1f MB\n", float64(r.peakRSS)/(1<<20))
	for _, res := range append([]result{r.baseline}, r.results...) {
		if res.firstError != "" {
			fmt.Fprintf(out, "  first error of %s: %s\n", res.name, res.firstError)
		}
	}
}

// misses lists the budgets the run did not meet.
func (r *report) misses() []string {
	var out []string
	at := fmt.Sprintf("%s %gx", r.target, r.sizes.Scale)
	for _, res := range r.results {
		if res.name == publicNews && res.rps < newsShareOfMemory*r.baseline.rps {
			out = append(out, fmt.Sprintf("%s, %s: %.0f req/s is %.0f %% of the in-memory handler's %.0f (budget ≥ %.0f %%)",
				at, res.name, res.rps, 100*res.rps/r.baseline.rps, r.baseline.rps, 100*newsShareOfMemory))
		}
		if res.errors > 0 {
			out = append(out, fmt.Sprintf("%s, %s: %d errors (budget 0)", at, res.name, res.errors))
		}
		if !res.write && res.p99 > r.scaled(readP99) {
			out = append(out, fmt.Sprintf("%s, %s: p99 %s (budget ≤ %s)", at, res.name, ms(res.p99), ms(r.scaled(readP99))))
		}
		if res.write && r.target == "PostgreSQL" && res.p99 > r.scaled(writeP99Postgres) {
			out = append(out, fmt.Sprintf("%s, %s: p99 %s (budget ≤ %s)", at, res.name, ms(res.p99), ms(r.scaled(writeP99Postgres))))
		}
	}
	if r.peakRSS > maxRSS {
		out = append(out, fmt.Sprintf("%s: server peak RSS %.1f MB (budget ≤ %d MB)", at, float64(r.peakRSS)/(1<<20), maxRSS>>20))
	}
	return out
}

// growth compares each read's p50 at the larger community with the smaller's.
type growth struct {
	small, large *report
}

func growthOf(small, large *report) growth { return growth{small: small, large: large} }

// allowed is the p50 the larger community may take for a read the smaller serves in p50.
func (g growth) allowed(p50 time.Duration) time.Duration {
	return max(time.Duration(maxGrowth*float64(p50)), p50+g.large.scaled(growthSlack))
}

func (g growth) print(out io.Writer) {
	fmt.Fprintf(out, "growth: %gx against %gx on one machine in one run (p50 budget: ≤ %.0f× the smaller's, or + %s)\n",
		g.large.sizes.Scale, g.small.sizes.Scale, maxGrowth, ms(g.large.scaled(growthSlack)))
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "endpoint\tp50 %gx\tp50 %gx\tratio\t\n", g.small.sizes.Scale, g.large.sizes.Scale)
	for i, res := range g.small.results {
		if i >= len(g.large.results) {
			break
		}
		big := g.large.results[i]
		fmt.Fprintf(w, "%s\t%s\t%s\t%.2f\t\n", res.name, ms(res.p50), ms(big.p50), float64(big.p50)/float64(max(res.p50, 1)))
	}
	_ = w.Flush()
	fmt.Fprintf(out, "server peak RSS: %.1f MB at %gx, %.1f MB at %gx\n", float64(g.small.peakRSS)/(1<<20), g.small.sizes.Scale,
		float64(g.large.peakRSS)/(1<<20), g.large.sizes.Scale)
}

func (g growth) misses() []string {
	var out []string
	for i, res := range g.small.results {
		if i >= len(g.large.results) {
			continue
		}
		if big := g.large.results[i]; big.p50 > g.allowed(res.p50) {
			out = append(out, fmt.Sprintf("%s grows: p50 %s at %gx, %s at %gx (budget ≤ %s)", res.name, ms(res.p50), g.small.sizes.Scale,
				ms(big.p50), g.large.sizes.Scale, ms(g.allowed(res.p50))))
		}
	}
	return out
}
