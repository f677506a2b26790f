package main

import (
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

// The budgets on a 2-core machine (docs/performance.md).
const (
	newsShareOfMemory = 0.5
	readP99           = 50 * time.Millisecond
	writeP99Postgres  = 100 * time.Millisecond
	maxRSS            = 150 << 20
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

func (r *report) print(out io.Writer) {
	fmt.Fprintf(out, "%s: %s (seeded in %s); %d connections, %s per endpoint\n", r.target, r.sizes, r.seeded.Round(time.Second), r.conns, r.duration)
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
	for _, res := range r.results {
		if res.name == publicNews && res.rps < newsShareOfMemory*r.baseline.rps {
			out = append(out, fmt.Sprintf("%s: %.0f req/s is %.0f %% of the in-memory handler's %.0f (budget ≥ %.0f %%)",
				res.name, res.rps, 100*res.rps/r.baseline.rps, r.baseline.rps, 100*newsShareOfMemory))
		}
		if res.errors > 0 {
			out = append(out, fmt.Sprintf("%s: %d errors (budget 0)", res.name, res.errors))
		}
		if !res.write && res.p99 > readP99 {
			out = append(out, fmt.Sprintf("%s: p99 %s (budget ≤ %s)", res.name, ms(res.p99), ms(readP99)))
		}
		if res.write && r.target == "PostgreSQL" && res.p99 > writeP99Postgres {
			out = append(out, fmt.Sprintf("%s: p99 %s (budget ≤ %s)", res.name, ms(res.p99), ms(writeP99Postgres)))
		}
	}
	if r.peakRSS > maxRSS {
		out = append(out, fmt.Sprintf("server peak RSS %.1f MB (budget ≤ %d MB)", float64(r.peakRSS)/(1<<20), maxRSS>>20))
	}
	return out
}
