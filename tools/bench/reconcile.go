package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/bwmarrin/discordgo"

	"zocalo/core/authz"
	"zocalo/internal/config"
	"zocalo/internal/discordfake"
)

// The member reconcile's budgets (docs/performance.md). The web reads every request's
// roles from the members tables, so these bound how long the portal may act on stale
// roles: after the bot (re)starts, the whole guild must be in within a minute; after a
// new session, what its events missed must be put right within half of that. The bot
// shares the server's 2 cores and memory, so it gets the server's memory budget, and
// the tables must end exactly equal to the guild.
const (
	reconcileGuildSize   = 50_000
	reconcileFirstBudget = 60 * time.Second
	reconcileAgainBudget = 30 * time.Second
	reconcileRSSBudget   = 150 << 20
	// Between the two reconciles, changed in the fake without a gateway event, as while
	// the bot was away: roles of 1 % of the members, and 0.5 % leave.
	reconcileRolesChanged = reconcileGuildSize / 100
	reconcileMembersLeft  = reconcileGuildSize / 200
)

// Roles the community gives outside the portal (citizenship, levels): no ZOCALO_ROLE_*
// names them, yet the bot keeps them like any other.
var communityRoles = []string{"1300000000000000301", "1300000000000000302", "1300000000000000303", "1300000000000000304"}

// staffCounts is how many members hold each configured role: a few hundred in all.
var staffCounts = map[authz.Role]int{
	authz.Comite: 3, authz.Oficina: 3, authz.RH: 5, authz.AI: 5, authz.SoporteTecnico: 15, authz.Moderador: 60,
	authz.Trial: 30, authz.Tesoreria: 5, authz.Auditor: 5, authz.Diputado: 60, authz.Senador: 30, authz.Ministro: 200,
}

type reconcileReport struct {
	members   int
	staff     int
	withRoles int
	roleRows  int
	rounds    []reconcileRound
	// The bot's high-water resident set after the first reconcile and at the end.
	rssFirst, rssPeak int64
}

// reconcileRound is one full reconcile as the database showed it.
type reconcileRound struct {
	name      string
	budget    time.Duration
	took      time.Duration // 0: the database never showed the guild
	botTook   time.Duration // what the bot logged for its reconcile; 0 when not logged
	changes   int           // role changes the audit log recorded
	want      int           // role changes the guild's differences make
	mismatch  int           // members whose row or roles differ from the fake's
	firstDiff []string
}

func (r *reconcileReport) print(out io.Writer) {
	fmt.Fprintf(out, "Member reconcile: PostgreSQL, `zocalo bot` against a fake Discord of %s members (%d staff, %s holding a role, %s role rows)\n",
		thousands(r.members), r.staff, thousands(r.withRoles), thousands(r.roleRows))
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "reconcile\tin the database\tbudget\tthe bot's log\trole changes (want)\tmismatched members\t")
	for _, round := range r.rounds {
		took := "never"
		if round.took > 0 {
			took = seconds(round.took)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s (%s)\t%d\t\n", round.name, took, seconds(round.budget), seconds(round.botTook),
			thousands(round.changes), thousands(round.want), round.mismatch)
	}
	_ = w.Flush()
	fmt.Fprintf(out, "  bot's peak RSS: %.1f MB after the first reconcile, %.1f MB at the end (budget %d MB)\n",
		float64(r.rssFirst)/(1<<20), float64(r.rssPeak)/(1<<20), reconcileRSSBudget>>20)
	for _, round := range r.rounds {
		for _, d := range round.firstDiff {
			fmt.Fprintf(out, "  %s: %s\n", round.name, d)
		}
	}
}

func (r *reconcileReport) misses() []string {
	var out []string
	for _, round := range r.rounds {
		switch {
		case round.took == 0:
			out = append(out, fmt.Sprintf("reconcile, %s: the database never showed the guild (budget %s)", round.name, seconds(round.budget)))
		case round.took > round.budget:
			out = append(out, fmt.Sprintf("reconcile, %s: %s until the database showed the guild (budget %s)", round.name, seconds(round.took), seconds(round.budget)))
		}
		if round.mismatch > 0 {
			out = append(out, fmt.Sprintf("reconcile, %s: %d members differ from the guild (budget 0)", round.name, round.mismatch))
		}
		if round.changes != round.want {
			out = append(out, fmt.Sprintf("reconcile, %s: %d role changes recorded, the guild made %d", round.name, round.changes, round.want))
		}
	}
	if r.rssPeak > reconcileRSSBudget {
		out = append(out, fmt.Sprintf("reconcile: the bot's peak RSS %.1f MB (budget %d MB)", float64(r.rssPeak)/(1<<20), reconcileRSSBudget>>20))
	}
	return out
}

func seconds(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

// runReconcile measures the bot's full member reconcile of a large guild: from its start
// and again after a new gateway session, against what the fake Discord holds.
func runReconcile(ctx context.Context, o options) (*reconcileReport, error) {
	dir, databaseURL, done, err := migratedDatabase(ctx, o, "reconcile")
	if err != nil {
		return nil, err
	}
	defer done()
	conn, err := sql.Open("pgx", databaseURL)
	if err != nil {
		return nil, err
	}
	defer conn.Close()

	env := productionEnv(dir, databaseURL)
	fake := discordfake.New(discordfake.Options{ClientID: env["ZOCALO_DISCORD_CLIENT_ID"], GuildID: env["ZOCALO_DISCORD_GUILD_ID"],
		BotToken: benchBotToken, Relax: discordfake.Relax{RateLimits: true}})
	defer fake.Close()
	guild := newBenchGuild(env)
	guild.fill(fake)
	discord, stopDiscord, err := serveOnLoopback(fake.Handler())
	if err != nil {
		return nil, err
	}
	defer stopDiscord()
	for k, v := range map[string]string{
		"ZOCALO_DISCORD_BOT_TOKEN":     benchBotToken,
		"ZOCALO_DISCORD_API_BASE_URL":  discord + "/api/v10",
		"ZOCALO_DISCORD_AUTHORIZE_URL": discord + "/oauth2/authorize",
		"ZOCALO_DISCORD_TOKEN_URL":     discord + "/api/oauth2/token",
		"ZOCALO_DISCORD_CDN_BASE_URL":  discord,
	} {
		env[k] = v
	}
	r := &reconcileReport{members: len(guild.ids), staff: guild.staff}
	for _, id := range guild.ids {
		if n := len(guild.roles[id]); n > 0 {
			r.withRoles++
			r.roleRows += n
		}
	}

	// First: from the process's start, as after a deploy, to every member and role in.
	started := time.Now()
	bot, err := startBot(o.binary, env, fake)
	if err != nil {
		return nil, err
	}
	defer bot.stop()
	first := reconcileRound{name: "first, from the bot's start", budget: reconcileFirstBudget, want: r.withRoles}
	if waitUntil(3*reconcileFirstBudget, func() (bool, error) { return guildCounted(ctx, conn, r.members, r.roleRows) }) {
		first.took = time.Since(started)
	}
	first.botTook = reconcileLogged(bot, 1, 3*reconcileFirstBudget)
	if err := checkRound(ctx, conn, fake, guild, &first); err != nil {
		return nil, fmt.Errorf("%w\nbot's log (its end):\n%s", err, tail(bot.logs.String(), 4000))
	}
	r.rounds = append(r.rounds, first)
	rss := &server{cmd: bot.cmd} // its /proc reader is the server's
	if r.rssFirst, err = rss.peakRSS(); err != nil {
		return nil, err
	}

	// Again: what changed while the bot was not told, read back by the list a new session
	// asks for. The hourly job asks for the same list on its clock, which a bench cannot
	// move; a session Discord ends (4009, timed out) asks for it at once, and also checks
	// the list for verification, which this guild, with nobody verified, makes cheap.
	before, err := roleChangesRecorded(ctx, conn)
	if err != nil {
		return nil, err
	}
	watched, wantWatched := guild.change(fake)
	again := reconcileRound{name: "again, after a new session", budget: reconcileAgainBudget, want: guild.changedRoles}
	started = time.Now()
	fake.CloseConnections(4009, "Session timed out.")
	if waitUntil(3*reconcileAgainBudget, func() (bool, error) { return showsChanges(ctx, conn, watched, wantWatched) }) {
		again.took = time.Since(started)
	}
	again.botTook = reconcileLogged(bot, 2, 3*reconcileAgainBudget)
	if err := checkRound(ctx, conn, fake, guild, &again); err != nil {
		return nil, err
	}
	again.changes -= before
	r.rounds = append(r.rounds, again)
	if r.rssPeak, err = rss.peakRSS(); err != nil {
		return nil, err
	}
	return r, nil
}

// benchGuild is the fake guild's members as the bench made them.
type benchGuild struct {
	ids          []string
	users        map[string]discordgo.User
	roles        map[string][]string // what the fake holds; sorted, none for those who left
	staff        int
	staffRoles   []string
	changedRoles int // role changes the last change made
	rng          *rand.Rand
}

// newBenchGuild makes the guild's members: most with no role or one community role, a
// few with two, and the staff with their configured role and citizenship. Always the
// same guild, so runs compare.
func newBenchGuild(env map[string]string) *benchGuild {
	g := &benchGuild{users: map[string]discordgo.User{}, roles: map[string][]string{}, rng: rand.New(rand.NewPCG(50_000, 1))}
	for i := range reconcileGuildSize {
		id := strconv.FormatUint(700000000000000000+uint64(i)+1, 10)
		g.ids = append(g.ids, id)
		g.users[id] = discordgo.User{ID: id, Username: fmt.Sprintf("jugador%d", i+1), GlobalName: fmt.Sprintf("Jugador %d", i+1), Discriminator: "0"}
		switch n := g.rng.IntN(100); {
		case n < 45:
		case n < 95:
			g.roles[id] = []string{communityRoles[g.rng.IntN(len(communityRoles))]}
		default:
			g.roles[id] = []string{communityRoles[0], communityRoles[1+g.rng.IntN(len(communityRoles)-1)]}
		}
	}
	order := g.rng.Perm(len(g.ids))
	for _, role := range authz.AllRoles {
		roleID := env[config.EnvPrefix+"ROLE_"+string(role)]
		if slices.Contains(g.staffRoles, roleID) {
			continue // ScjnAdmin and CongresoAdmin share their pair's role
		}
		g.staffRoles = append(g.staffRoles, roleID)
		for range staffCounts[role] {
			id := g.ids[order[g.staff]]
			g.roles[id] = []string{roleID, communityRoles[0]}
			g.staff++
		}
	}
	for id, roles := range g.roles {
		slices.Sort(roles)
		g.roles[id] = slices.Compact(roles)
	}
	return g
}

// fill puts the guild into the fake.
func (g *benchGuild) fill(fake *discordfake.Fake) {
	for i, id := range g.staffRoles {
		fake.AddRole(id, fmt.Sprintf("staff %d", i+1))
	}
	for i, id := range communityRoles {
		fake.AddRole(id, fmt.Sprintf("comunidad %d", i+1))
	}
	for _, id := range g.ids {
		fake.AddUser(g.users[id], true, g.roles[id]...)
	}
}

// change changes, in the fake and without telling the gateway, the roles of some members
// (a role given or taken; one change in ten a staff role) and takes others out of the
// guild. It returns the members it touched and what each should show in the database.
func (g *benchGuild) change(fake *discordfake.Fake) ([]string, map[string]string) {
	order := g.rng.Perm(len(g.ids))
	touched := make([]string, 0, reconcileRolesChanged+reconcileMembersLeft)
	want := map[string]string{}
	g.changedRoles = 0
	for _, i := range order[:reconcileMembersLeft] {
		id := g.ids[i]
		if len(g.roles[id]) > 0 {
			g.changedRoles++
		}
		delete(g.roles, id)
		fake.AddUser(g.users[id], false) // out of the guild, no GUILD_MEMBER_REMOVE
		touched = append(touched, id)
		want[id] = shownAs(false, nil)
	}
	for _, i := range order[reconcileMembersLeft : reconcileMembersLeft+reconcileRolesChanged] {
		id := g.ids[i]
		pool := communityRoles
		if g.rng.IntN(10) == 0 {
			pool = g.staffRoles
		}
		role := pool[g.rng.IntN(len(pool))]
		roles := slices.Clone(g.roles[id])
		if j := slices.Index(roles, role); j >= 0 {
			roles = slices.Delete(roles, j, j+1)
		} else {
			roles = append(roles, role)
			slices.Sort(roles)
		}
		g.roles[id] = roles
		g.changedRoles++
		if err := fake.SetRoles(id, roles...); err != nil {
			panic(err) // the member was added above
		}
		touched = append(touched, id)
		want[id] = shownAs(true, roles)
	}
	return touched, want
}

// shownAs is a member's state as showsChanges reads it from the database.
func shownAs(inGuild bool, roles []string) string {
	return strconv.FormatBool(inGuild) + "|" + strings.Join(roles, ",")
}

// waitUntil polls done until it tells true or timeout passes; it tells whether it did.
// The polls are a few cheap queries, light beside the bot's own writes.
func waitUntil(timeout time.Duration, done func() (bool, error)) bool {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		if ok, err := done(); err == nil && ok {
			return true
		}
		time.Sleep(100 * time.Millisecond)
	}
	return false
}

// guildCounted tells whether the database holds as many members in the guild and role
// rows as the guild. Each batch of the reconcile writes its members and their roles in one
// transaction, so the last batch makes both true together.
func guildCounted(ctx context.Context, conn *sql.DB, members, roleRows int) (bool, error) {
	var inGuild, roles int
	err := conn.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM members WHERE in_guild), (SELECT count(*) FROM member_roles)`).
		Scan(&inGuild, &roles)
	return inGuild == members && roles == roleRows, err
}

// showsChanges tells whether every member a change touched shows its new state.
func showsChanges(ctx context.Context, conn *sql.DB, ids []string, want map[string]string) (bool, error) {
	rows, err := conn.QueryContext(ctx, `SELECT m.discord_id, m.in_guild, COALESCE(string_agg(r.role_id, ',' ORDER BY r.role_id COLLATE "C"), '')
FROM members m LEFT JOIN member_roles r ON r.member_id = m.discord_id
WHERE m.discord_id = ANY($1::text[]) GROUP BY m.discord_id, m.in_guild`, "{"+strings.Join(ids, ",")+"}")
	if err != nil {
		return false, err
	}
	defer rows.Close()
	matched := 0
	for rows.Next() {
		var id, roles string
		var inGuild bool
		if err := rows.Scan(&id, &inGuild, &roles); err != nil {
			return false, err
		}
		if want[id] == strconv.FormatBool(inGuild)+"|"+roles {
			matched++
		}
	}
	return matched == len(ids), rows.Err()
}

// reconciledLine finds the bot's log of a finished reconcile (text or JSON) and its time.
var reconciledLine = regexp.MustCompile(`members reconciled.*duration_ms"?[=:](\d+)`)

// reconcileLogged waits for the bot's log to tell of its nth reconcile and returns the
// time the bot logged for it (0 when it does not within timeout): the exactness check
// must not run while the reconcile still writes.
func reconcileLogged(bot *botProcess, nth int, timeout time.Duration) time.Duration {
	var took time.Duration
	waitUntil(timeout, func() (bool, error) {
		found := reconciledLine.FindAllStringSubmatch(bot.logs.String(), -1)
		if len(found) < nth {
			return false, nil
		}
		msec, _ := strconv.Atoi(found[nth-1][1])
		took = time.Duration(msec) * time.Millisecond
		return true, nil
	})
	return took
}

// checkRound compares every member's row and roles in the database with the fake's, and
// counts the role changes the reconciles recorded in the audit log.
func checkRound(ctx context.Context, conn *sql.DB, fake *discordfake.Fake, g *benchGuild, round *reconcileRound) error {
	type row struct {
		username, globalName string
		inGuild              bool
		roles                []string
	}
	stored := map[string]*row{}
	rows, err := conn.QueryContext(ctx, `SELECT discord_id, username, global_name, in_guild FROM members`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id string
		m := &row{}
		if err := rows.Scan(&id, &m.username, &m.globalName, &m.inGuild); err != nil {
			rows.Close()
			return err
		}
		stored[id] = m
	}
	rows.Close()
	if rows, err = conn.QueryContext(ctx, `SELECT member_id, role_id FROM member_roles ORDER BY member_id, role_id COLLATE "C"`); err != nil {
		return err
	}
	for rows.Next() {
		var id, role string
		if err := rows.Scan(&id, &role); err != nil {
			rows.Close()
			return err
		}
		if m := stored[id]; m != nil {
			m.roles = append(m.roles, role)
		} else {
			stored[id] = &row{roles: []string{role}} // roles without a member: a mismatch below
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	differ := func(id, what string) {
		round.mismatch++
		if len(round.firstDiff) < 5 {
			round.firstDiff = append(round.firstDiff, fmt.Sprintf("member %s: %s", id, what))
		}
	}
	for _, id := range g.ids {
		m, in := fake.Member(id)
		got := stored[id]
		delete(stored, id)
		switch {
		case got == nil && in:
			differ(id, "in the guild, not in the database")
		case got == nil:
			differ(id, "left the guild, and its row with it") // a member who left keeps the row
		case !in:
			if got.inGuild || len(got.roles) > 0 {
				differ(id, fmt.Sprintf("left the guild, the database has in_guild %t and roles %v", got.inGuild, got.roles))
			}
		default:
			want := slices.Sorted(slices.Values(m.Roles))
			if !got.inGuild || got.username != m.User.Username || got.globalName != m.User.GlobalName || !slices.Equal(got.roles, want) {
				differ(id, fmt.Sprintf("the guild has %s %q roles %v, the database %s %q in_guild %t roles %v", m.User.Username, m.User.GlobalName,
					want, got.username, got.globalName, got.inGuild, got.roles))
			}
		}
	}
	for id, m := range stored {
		if m.inGuild || len(m.roles) > 0 {
			differ(id, "in the database, never in the guild")
		}
	}
	round.changes, err = roleChangesRecorded(ctx, conn)
	return err
}

// roleChangesRecorded counts the role changes the role sync wrote to the audit log: one
// per member whose roles a reconcile changed, so anything it changed besides the guild's
// differences shows there.
func roleChangesRecorded(ctx context.Context, conn *sql.DB) (int, error) {
	var n int
	err := conn.QueryRowContext(ctx, `SELECT count(*) FROM audit_entries WHERE action = 'member.roles'`).Scan(&n)
	return n, err
}

// tail is the end of a log.
func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}
