// Command zocalo is the whole of Zócalo in one binary: the web portal, the Discord bot,
// and the tools to migrate and seed the database.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	// The community's time zone must load on images without a zoneinfo database.
	_ "time/tzdata"
)

const usage = `Usage: zocalo [--config FILE] COMMAND

Commands:
  serve     run the web portal and its API
  bot       run the Discord bot and the scheduled jobs
  all       run both in one process (the simple deployment)
  migrate   apply pending database migrations and exit
  seed      load the demo community's sample data and exit
  apikey    manage the game servers' API keys:
              apikey create NAME   issue a key (shown once)
              apikey list          list the keys
              apikey revoke ID     stop a key from working
  outbox    see and fix the deliveries to Discord (audited as the CLI):
              outbox list [--state STATE]   what has not reached Discord, oldest first;
                                            STATE: waiting (default: pending, blocked and
                                            failed), pending, blocked, failed, discarded,
                                            skipped
              outbox groups                 the blocked deliveries by lane and cause
              outbox retry ID|--all         try one delivery now, or every blocked and
                                            failed one
              outbox retry --group LANE REASON
                                            try every blocked delivery of one group now
              outbox discard ID             give up on a delivery
  repair-records
            re-key the charges filed before records hung on a person (runs once;
            serve, bot and all also run it at their first start)
  version   print the version

Configuration: defaults, then FILE (or ZOCALO_CONFIG), then ZOCALO_* variables.
See configs/zocalo.example.yaml for every key.
`

var version = "dev"

func main() {
	fs := flag.NewFlagSet("zocalo", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(os.Stderr, usage) }
	configPath := fs.String("config", os.Getenv("ZOCALO_CONFIG"), "configuration file")
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	if fs.NArg() < 1 || (fs.Arg(0) != "apikey" && fs.Arg(0) != "outbox" && fs.NArg() != 1) {
		fs.Usage()
		os.Exit(2)
	}
	cmd := fs.Arg(0)
	if cmd == "version" {
		fmt.Println("zocalo", version)
		return
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, cmd, fs.Args()[1:], *configPath); err != nil {
		var usageErr errUsage
		if errors.As(err, &usageErr) {
			fmt.Fprintln(os.Stderr, err)
			fs.Usage()
			os.Exit(2)
		}
		fmt.Fprintln(os.Stderr, "zocalo:", err)
		os.Exit(1)
	}
}

type errUsage string

func (e errUsage) Error() string { return string(e) }
