package bot

import (
	"context"
	"time"

	"github.com/robfig/cron/v3"
)

// Job is a scheduled task; it runs only in the active bot.
type Job struct {
	Name string
	Spec string // cron expression in the community's time zone, or @hourly and the like
	Run  func(ctx context.Context) error
}

// AddJob registers a scheduled job.
func (b *Bot) AddJob(j Job) { b.jobs = append(b.jobs, j) }

// schedule runs the jobs until ctx ends, then waits for running ones to finish.
func (b *Bot) schedule(ctx context.Context) {
	c := cron.New(cron.WithLocation(b.deps.Config.Location()))
	for _, j := range b.jobs {
		if _, err := c.AddFunc(j.Spec, func() { b.runJob(ctx, j) }); err != nil {
			b.log.Error("bad job schedule", "job", j.Name, "spec", j.Spec, "error", err)
		}
	}
	c.Start()
	<-ctx.Done()
	<-c.Stop().Done()
}

func (b *Bot) runJob(ctx context.Context, j Job) {
	start := time.Now()
	if err := j.Run(ctx); err != nil && ctx.Err() == nil {
		b.log.Error("job failed", "job", j.Name, "error", err)
		return
	}
	b.log.Debug("job done", "job", j.Name, "duration_ms", time.Since(start).Milliseconds())
}
