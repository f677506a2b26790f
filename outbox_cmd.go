package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"zocalo/core/errs"
	"zocalo/core/outbox"
)

const outboxUsage = "usage: zocalo outbox list [--state STATE] | groups | retry ID|--all | retry --group LANE REASON | discard ID"

// outboxCommand runs `zocalo outbox list [--state STATE] | groups | retry ID|--all |
// retry --group LANE REASON | discard ID`: what has not reached Discord, and the
// operator's fixes, audited as the CLI.
func outboxCommand(ctx context.Context, store *outbox.Store, channelNames map[string]string, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errUsage(outboxUsage)
	}
	var err error
	switch {
	case args[0] == "list":
		err = listDeliveries(ctx, store, channelNames, args[1:], out)
	case len(args) == 1 && args[0] == "groups":
		err = listBlockedGroups(ctx, store, channelNames, out)
	case len(args) == 4 && args[0] == "retry" && args[1] == "--group":
		var n int
		if n, err = store.RetryGroup(ctx, outbox.CommandLine, args[2], args[3]); err == nil {
			fmt.Fprintln(out, outbox.GroupRetriedMessage(n))
		}
	case len(args) == 2 && args[0] == "retry" && args[1] == "--all":
		var n int
		if n, err = store.RetryAll(ctx, outbox.CommandLine); err == nil {
			fmt.Fprintln(out, outbox.RetriedMessage(n))
		}
	case len(args) == 2 && args[0] == "retry":
		id, ok := eventID(args[1])
		if !ok {
			return errUsage(fmt.Sprintf("%q is not a delivery id", args[1]))
		}
		if _, err = store.Retry(ctx, outbox.CommandLine, id, ""); err == nil {
			fmt.Fprintf(out, "Entrega %d: se intentará de nuevo ahora.\n", id)
		}
	case len(args) == 2 && args[0] == "discard":
		id, ok := eventID(args[1])
		if !ok {
			return errUsage(fmt.Sprintf("%q is not a delivery id", args[1]))
		}
		if _, err = store.Discard(ctx, outbox.CommandLine, id, ""); err == nil {
			fmt.Fprintf(out, "Entrega %d descartada: no se enviará a Discord.\n", id)
		}
	default:
		return errUsage(outboxUsage)
	}
	// A refusal reads as its message, as on the portal.
	if e, ok := errs.As(err); ok && e.Kind != errs.KindInternal {
		return errors.New(e.Message)
	}
	return err
}

func eventID(s string) (uint64, bool) {
	id, err := strconv.ParseUint(s, 10, 64)
	return id, err == nil
}

// listDeliveries prints every delivery in a state as a table, oldest first.
func listDeliveries(ctx context.Context, store *outbox.Store, channelNames map[string]string, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("outbox list", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	state := fs.String("state", outbox.StateWaiting, "pending, blocked, failed, discarded, skipped or waiting (the first three)")
	if err := fs.Parse(args); err != nil || fs.NArg() != 0 {
		return errUsage(outboxUsage)
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tESTADO\tCANAL\tTIPO\tINTENTOS\tMOTIVO\tRESUMEN")
	var counts map[string]int64
	total := int64(0)
	for page := 1; ; page++ {
		got, err := store.List(ctx, outbox.CommandLine, outbox.DeliveryQuery{State: *state, Page: page, Limit: 100, ChannelNames: channelNames})
		if err != nil {
			return err
		}
		for _, d := range got.Deliveries {
			fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%d\t%s\t%s\n", d.ID, outbox.StatusLabel(d.Status), cell(d.ChannelName, 40), d.Kind,
				d.Attempts, cell(d.Reason, 60), cell(d.Summary, 60))
		}
		counts, total = got.Counts, got.Total
		if len(got.Deliveries) < 100 {
			break
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(out, "%d en la lista. En total: %d pendientes, %d bloqueadas, %d fallidas, %d descartadas.\n", total,
		counts[outbox.StatusPending], counts[outbox.StatusBlocked], counts[outbox.StatusFailed], counts[outbox.StatusDiscarded])
	return nil
}

// cell keeps a table cell on one line and within n characters; an empty one shows a dash.
func cell(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "-"
	}
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// listBlockedGroups prints the blocked deliveries by lane and cause, the largest first, with
// what retries each group.
func listBlockedGroups(ctx context.Context, store *outbox.Store, channelNames map[string]string, out io.Writer) error {
	groups, err := store.BlockedGroups(ctx, outbox.CommandLine, channelNames)
	if err != nil {
		return err
	}
	if len(groups) == 0 {
		fmt.Fprintln(out, "No hay entregas bloqueadas.")
		return nil
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "BLOQUEADAS\tCARRIL\tDÓNDE\tMOTIVO\tPRÓXIMO INTENTO (UTC)")
	for _, g := range groups {
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\n", g.Count, g.Lane, cell(g.LaneName, 40), cell(g.Reason, 60),
			g.NextAttemptAt.UTC().Format("2006-01-02 15:04"))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(out, "Corregida la causa, reintenta un grupo con: zocalo outbox retry --group CARRIL \"MOTIVO\"")
	return nil
}
