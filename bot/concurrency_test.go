package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/internal/discordfake"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// The bot's concurrency table gives every write the bot makes a row, as
// webapi/concurrency_table_test.go does for the API's routes: each slash command (and
// subcommand), each scheduled job and each gateway event the bot acts on. A row does the
// write botRaceN times at once with every transaction stopped at a gate, on SQLite and on
// PostgreSQL, and asserts what must be left: one winner and a named refusal for one-time
// actions, one effect for repeats, nothing for reads. Commands go through the fake
// Discord as interactions; events run the work the bot queues for them (the gateway hands
// them to one worker, but a redelivery, a resume or a second bot may overlap them); jobs
// run their Run. A command, job or event without a row fails
// TestEveryBotWriteHasAConcurrencyRow.

// botRaceN is how many copies each row fires at once.
const botRaceN = 20

// botRaceRow is one expectation; covers names what it covers: "command turno entrar",
// "button vote", "modal ticket", "job shift-cap", "event MESSAGE_CREATE".
type botRaceRow struct {
	name   string
	covers []string
	run    func(t *testing.T, e *botRace)
}

var botRaceRows []botRaceRow

// addBotRaceRows registers rows; each file of rows calls it from a package variable.
func addBotRaceRows(rows ...botRaceRow) bool {
	botRaceRows = append(botRaceRows, rows...)
	return true
}

// botWrites lists what the bot writes from: its commands and their subcommands, its
// buttons and modals (by custom_id prefix), its jobs, and the gateway events it handles.
func botWrites(b *Bot) []string {
	var out []string
	for name, c := range b.commands {
		subs := 0
		for _, o := range c.Definition.Options {
			switch o.Type {
			case discordgo.ApplicationCommandOptionSubCommand:
				out = append(out, "command "+name+" "+o.Name)
				subs++
			case discordgo.ApplicationCommandOptionSubCommandGroup:
				for _, sub := range o.Options {
					out = append(out, "command "+name+" "+o.Name+" "+sub.Name)
					subs++
				}
			}
		}
		if subs == 0 {
			out = append(out, "command "+name)
		}
	}
	for prefix := range b.components {
		out = append(out, "button "+prefix)
	}
	for prefix := range b.modals {
		out = append(out, "modal "+prefix)
	}
	for _, j := range b.jobs {
		out = append(out, "job "+j.Name)
	}
	for _, h := range b.eventHandlers() {
		out = append(out, "event "+gatewayName(reflect.TypeOf(h).In(1).Elem().Name()))
	}
	sort.Strings(out)
	return out
}

// gatewayName turns discordgo's event type name into Discord's: GuildMembersChunk is
// GUILD_MEMBERS_CHUNK.
func gatewayName(typeName string) string {
	var b strings.Builder
	for i, r := range typeName {
		if i > 0 && unicode.IsUpper(r) {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToUpper(r))
	}
	return b.String()
}

func TestEveryBotWriteHasAConcurrencyRow(t *testing.T) {
	t.Parallel()
	r := newRig(t, testdb.Default(t))
	writes := botWrites(r.newBot())
	covered := map[string]bool{}
	for _, row := range botRaceRows {
		for _, c := range row.covers {
			covered[c] = true
		}
	}
	for _, w := range writes {
		if !covered[w] {
			t.Errorf("%s has no row in the bot's concurrency table", w)
		}
	}
	for c := range covered {
		if !slices.Contains(writes, c) {
			t.Errorf("the bot's concurrency table names %s, which the bot does not have", c)
		}
	}
	for _, want := range []string{"command turno entrar", "job shift-cap", "event MESSAGE_CREATE", "event GUILD_MEMBERS_CHUNK"} {
		if !slices.Contains(writes, want) {
			t.Errorf("the bot's writes %v miss %s", writes, want)
		}
	}
}

func TestBotConcurrencyTable(t *testing.T) {
	t.Parallel()
	if len(botRaceRows) == 0 {
		t.Fatal("the bot's concurrency table has no rows")
	}
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		e := newBotRace(t, d)
		parent := t
		for _, row := range botRaceRows {
			t.Run(row.name, func(t *testing.T) {
				// The rig's helpers (eventually, rolesOf) fail the row, not the engine's test.
				e.rig.t = t
				defer func() { e.rig.t = parent }()
				row.run(t, e)
			})
		}
	})
}

// botRace is one engine's running bot against the fake Discord. It runs the jobs only
// when a row does: the scheduler gets none.
type botRace struct {
	*rig
	d    *db.DB
	bot  *Bot
	jobs map[string]Job
	logs *logBook
	next atomic.Uint64
}

func newBotRace(t *testing.T, d *db.DB) *botRace {
	t.Helper()
	// A row fires 20 copies at once: Discord's route limits would make it wait out their
	// buckets, and the table is about what is written.
	r := newRelaxedRig(t, d, discordfake.Relax{RateLimits: true})
	for _, ch := range []string{r.cfg.Channels.StaffTickets, r.cfg.Channels.StaffReports, r.cfg.Channels.Legislative, r.cfg.Channels.Records} {
		r.fake.AddChannel(ch, "canal-"+ch[len(ch)-2:])
	}
	b := r.newBot()
	// The table is about what is written, not about deferring slow answers: a busy
	// machine must not turn a replayed interaction into a deferred one.
	b.deps.Timing.DeferAfter = 20 * time.Second
	logs := &logBook{}
	b.log = slog.New(logs)
	e := &botRace{rig: r, d: d, bot: b, jobs: map[string]Job{}, logs: logs}
	for _, j := range b.jobs {
		e.jobs[j.Name] = j
	}
	b.jobs = nil
	r.start(b, true)
	return e
}

// id makes a fresh snowflake-shaped id, so rows sharing one database never collide.
func (e *botRace) id() string { return fmt.Sprintf("56%016d", e.next.Add(1)) }

// member adds a guild member holding roles, through the gateway as Discord would, and
// waits until the role sync has recorded them.
func (e *botRace) member(t *testing.T, roles ...authz.Role) string {
	t.Helper()
	id := e.id()
	e.fake.AddMember(discordgo.User{ID: id, Username: "m" + id[len(id)-6:]}, testenv.RoleIDs(roles...)...)
	want := testenv.RoleIDs(roles...)
	slices.Sort(want)
	e.eventually("the new member is recorded", func() bool {
		m, _ := e.app.Members.Get(context.Background(), id)
		return m != nil && m.InGuild && slices.Equal(e.rolesOf(id), want)
	})
	return id
}

// actor is a member's acting identity.
func (e *botRace) actor(t *testing.T, id string) *authz.Actor {
	t.Helper()
	a, err := e.app.Members.MemberActor(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// atOnce runs fn(0) … fn(n-1) at once with every transaction gated.
func (e *botRace) atOnce(n int, fn func(i int)) { testenv.Together(e.d, n, fn) }

// runJob runs a job n times at once and fails on any error.
func (e *botRace) runJob(t *testing.T, name string, n int) {
	t.Helper()
	job, ok := e.jobs[name]
	if !ok {
		t.Fatalf("no job %s", name)
	}
	errs := make([]error, n)
	e.atOnce(n, func(i int) { errs[i] = job.Run(context.Background()) })
	for _, err := range errs {
		if err != nil {
			t.Errorf("a run of %s failed: %v", name, err)
		}
	}
}

// commandsAtOnce sends n interactions at once and returns the text of each answer.
func (e *botRace) commandsAtOnce(t *testing.T, n int, build func(i int) discordgo.Interaction) []string {
	t.Helper()
	out := make([]string, n)
	e.atOnce(n, func(i int) { out[i] = e.answer(t, e.fake.SendInteraction(build(i))) })
	return out
}

// answer waits for an interaction's answer, direct or deferred and edited in, and
// returns its text: the content, then each embed's title, description and fields.
func (e *botRace) answer(t *testing.T, sent discordgo.Interaction) string {
	deadline := time.Now().Add(45 * time.Second)
	for time.Now().Before(deadline) {
		var data *discordgo.InteractionResponseData
		if res := e.fake.InteractionResponses(sent.ID); len(res) > 0 && res[0].Type == int(discordgo.InteractionResponseChannelMessageWithSource) {
			data = res[0].Data
		} else if orig, ok := e.fake.Original(sent.Token); ok && (orig.Content != "" || len(orig.Embeds) > 0) {
			data = &discordgo.InteractionResponseData{Content: orig.Content, Embeds: orig.Embeds}
		}
		if data != nil {
			parts := []string{data.Content}
			for _, em := range data.Embeds {
				parts = append(parts, em.Title, em.Description)
				for _, f := range em.Fields {
					parts = append(parts, f.Name+": "+f.Value)
				}
			}
			return strings.Join(parts, "\n")
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("interaction %s was not answered", sent.ID)
	return ""
}

// expectOneAnswer checks that one answer contains win and every other is exactly lose.
func expectOneAnswer(t *testing.T, answers []string, win, lose string) {
	t.Helper()
	wins := 0
	for _, a := range answers {
		switch {
		case strings.Contains(a, win):
			wins++
		case a != lose:
			t.Errorf("an answer %q, want %q or %q", a, win, lose)
		}
	}
	if wins != 1 {
		t.Errorf("%d answers say %q, want 1", wins, win)
	}
}

// count counts the rows of a table matching a condition.
func (e *botRace) count(t *testing.T, table, where string, args ...any) int64 {
	t.Helper()
	return testenv.CountRows(t, e.d, table, where, args...)
}

// audits counts the audit entries of an action on an entity.
func (e *botRace) audits(t *testing.T, action string, entityID any) int64 {
	t.Helper()
	return testenv.Audits(t, e.d, action, entityID)
}

// posts counts the outbox events of a kind whose payload contains text.
func (e *botRace) posts(t *testing.T, kind, text string) int64 {
	t.Helper()
	return testenv.Posts(t, e.d, kind, text)
}

// expectCount fails when a count is not want.
var expectCount = testenv.ExpectCount

// settle waits until the relay has nothing pending, so the database holds still.
func (e *botRace) settle(t *testing.T) {
	t.Helper()
	e.eventually("the outbox is delivered", func() bool {
		return e.count(t, "outbox_events", "status = ?", outbox.StatusPending) == 0
	})
}

// snapshot is every row of every table, to show that a read wrote nothing.
func (e *botRace) snapshot(t *testing.T) map[string][]string {
	t.Helper()
	conn := e.d.Conn(context.Background())
	tables, err := conn.Migrator().GetTables()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, table := range tables {
		var rows []map[string]any
		if err := conn.Table(table).Find(&rows).Error; err != nil {
			t.Fatalf("read %s: %v", table, err)
		}
		for _, row := range rows {
			raw, _ := json.Marshal(row)
			out[table] = append(out[table], string(raw))
		}
		sort.Strings(out[table])
	}
	return out
}

// expectUnchanged fails for each table whose rows differ between two snapshots.
func expectUnchanged(t *testing.T, before, after map[string][]string) {
	t.Helper()
	for table, rows := range after {
		if !slices.Equal(before[table], rows) {
			t.Errorf("table %s changed: %d rows before, %d after", table, len(before[table]), len(rows))
		}
	}
}

// logBook keeps the bot's log records, for the counts jobs report.
type logBook struct {
	mu      sync.Mutex
	records []logRecord
}

type logRecord struct {
	msg   string
	attrs map[string]any
}

func (l *logBook) Enabled(context.Context, slog.Level) bool { return true }

func (l *logBook) Handle(_ context.Context, r slog.Record) error {
	rec := logRecord{msg: r.Message, attrs: map[string]any{}}
	r.Attrs(func(a slog.Attr) bool {
		rec.attrs[a.Key] = a.Value.Any()
		return true
	})
	l.mu.Lock()
	l.records = append(l.records, rec)
	l.mu.Unlock()
	return nil
}

func (l *logBook) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *logBook) WithGroup(string) slog.Handler      { return l }

// mark is where the records of what follows start.
func (l *logBook) mark() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.records)
}

// since counts the records with message msg after mark, and sums their attribute key.
func (l *logBook) since(mark int, msg, key string) (records int, sum int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, r := range l.records[mark:] {
		if r.msg != msg {
			continue
		}
		records++
		switch v := r.attrs[key].(type) {
		case int64:
			sum += v
		case int:
			sum += int64(v)
		}
	}
	return records, sum
}
