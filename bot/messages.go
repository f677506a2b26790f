package bot

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// guildMessages hands the messages people post in the guild to the support desk (a staff
// reply in a ticket's thread is recorded in the ticket), on a worker of its own: a reply's
// files are downloaded, and that must not hold up member events, nor they the replies.
//
// As the role sync's, its handler never waits for room (see rolesync_catchup.go): a full
// queue drops the message, counts it and notes its channel; until the worker has read that
// channel's history from the first message dropped, the channel's later messages are
// noted too rather than queued, so a thread's replies are recorded in their order. A
// message dropped is in Discord's history, so nothing is lost, and memory holds one entry
// per channel, not per message.
type guildMessages struct {
	b     *Bot
	queue chan func(context.Context)

	mu sync.Mutex
	// missed is, per channel, the first message the queue dropped: its history is read
	// from there.
	missed map[string]string
}

const (
	// messageQueueSize is how many messages wait for the worker.
	messageQueueSize = 4096
	// maxMissedChannels bounds the channels noted to catch up on; a message dropped past it
	// is only logged.
	maxMissedChannels = 1000
	// historyPage is Discord's most messages in one read of a channel's history.
	historyPage = 100
)

func newGuildMessages(b *Bot) *guildMessages {
	return &guildMessages{b: b, queue: make(chan func(context.Context), messageQueueSize), missed: map[string]string{}}
}

// onMessage hands messages posted by people in the guild to the worker.
func (b *Bot) onMessage(s *discordgo.Session, m *discordgo.MessageCreate) {
	if m.Author == nil || m.Author.Bot || m.GuildID != b.deps.Config.Discord.GuildID {
		return
	}
	msg := *m.Message
	b.messages.offer(&msg, func(ctx context.Context) { b.replyFromThread(ctx, s, &msg) })
}

// offer queues the job of a message without waiting, or notes its channel to catch up on.
func (g *guildMessages) offer(m *discordgo.Message, job func(context.Context)) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, behind := g.missed[m.ChannelID]; !behind {
		select {
		case g.queue <- job:
			return
		default:
		}
	}
	g.b.metrics.eventsDropped.WithLabelValues(queueMessages).Inc()
	if _, behind := g.missed[m.ChannelID]; behind {
		return
	}
	if len(g.missed) >= maxMissedChannels {
		g.b.log.Error("a message was dropped and too many channels wait to be read again: it is not recorded",
			"channel", m.ChannelID, "message", m.ID, "author", m.Author.ID)
		return
	}
	g.missed[m.ChannelID] = m.ID
}

func (g *guildMessages) run(ctx context.Context) {
	check := time.NewTicker(g.b.deps.Timing.ChunkTimeout / 4)
	defer check.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case job := <-g.queue:
			job(ctx)
			if len(g.queue) == 0 {
				g.catchUp(ctx)
			}
		case <-check.C:
			g.catchUp(ctx)
		}
	}
}

// catchUp reads the history of the channels whose messages were dropped.
func (g *guildMessages) catchUp(ctx context.Context) {
	g.mu.Lock()
	channels := make(map[string]string, len(g.missed))
	for ch, first := range g.missed {
		channels[ch] = first
	}
	g.mu.Unlock()
	if len(channels) == 0 {
		return
	}
	s := g.b.currentSession()
	if s == nil {
		return
	}
	for ch, first := range channels {
		if err := g.readBack(ctx, s, ch, first); err != nil {
			g.b.log.Warn("could not read a channel's messages again after dropping some; will retry",
				"channel", ch, "error", err)
		}
	}
}

// readBack records a channel's messages from first on, as if they had come one by one,
// then stops noting the channel: it reads once more after that, for what came meanwhile
// (a message both read and queued is recorded once: core knows it by its Discord id).
// A channel that is no ticket's thread is only forgotten.
func (g *guildMessages) readBack(ctx context.Context, s *discordgo.Session, channelID, first string) error {
	forget := func() {
		g.mu.Lock()
		delete(g.missed, channelID)
		g.mu.Unlock()
	}
	ticket, err := g.b.deps.App.Tickets.IsTicketThread(ctx, channelID)
	if err != nil {
		return err
	}
	if !ticket {
		forget()
		return nil
	}
	after, err := justBefore(first)
	if err != nil {
		forget()
		return err
	}
	forgotten := false
	for {
		page, err := s.ChannelMessages(channelID, historyPage, "", after, "", discordgo.WithContext(ctx))
		if err != nil {
			if unreadable(err) {
				forget() // the thread is gone, or hidden from the bot: nothing to read
			}
			return err
		}
		slices.SortFunc(page, func(a, b *discordgo.Message) int { return compareSnowflakes(a.ID, b.ID) })
		for _, m := range page {
			if m.Author != nil && !m.Author.Bot {
				m.ChannelID = channelID
				g.b.replyFromThread(ctx, s, m)
			}
			after = m.ID
		}
		if len(page) == historyPage {
			continue
		}
		if forgotten {
			return nil
		}
		forget()
		forgotten = true
	}
}

// justBefore is the snowflake one below id: reading "after" it starts at id.
func justBefore(id string) (string, error) {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil || n == 0 {
		return "", errors.New("not a message id: " + id)
	}
	return strconv.FormatUint(n-1, 10), nil
}

func compareSnowflakes(a, b string) int {
	if len(a) != len(b) {
		return len(a) - len(b)
	}
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// unreadable tells whether Discord refused to show a channel's history for good: the
// channel is gone (404) or the bot may not read it (403).
func unreadable(err error) bool {
	var rest *discordgo.RESTError
	return errors.As(err, &rest) && rest.Response != nil &&
		(rest.Response.StatusCode == http.StatusNotFound || rest.Response.StatusCode == http.StatusForbidden)
}
