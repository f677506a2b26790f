package webapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// The concurrency table gives every write route a row: what N copies of one request sent
// at once (a double click, two directors, a retrying client) must leave behind. One-time
// actions have one winner and a named answer for the others; creates with the same
// Idempotency-Key make one row; rate-limited routes admit their limit. Each row fires
// raceN requests through the real HTTP stack with every transaction stopped at a gate
// (before BEGIN and right after it), so the dangerous interleaving happens on every run,
// on SQLite and on PostgreSQL. A write route without a row fails the test.

// raceN is how many copies each row sends at once.
const raceN = 20

// raceRow is one expectation. Several rows may cover one route (a mixed race covers two).
type raceRow struct {
	name   string
	routes []string // "METHOD /path" of the routes this row covers
	run    func(t *testing.T, r *raceEnv)
}

// raceRows collects the rows of every area's file.
var raceRows []raceRow

// addRaceRows registers rows; each area's test file calls it from a package variable.
func addRaceRows(rows ...raceRow) bool {
	raceRows = append(raceRows, rows...)
	return true
}

// raceEnv is one engine's running API with the table's personas signed in.
type raceEnv struct {
	*env
	d      *db.DB
	tokens map[string]string
	next   atomic.Uint64
}

// isWrite tells whether a route changes anything.
func isWrite(route string) bool {
	method, path, _ := strings.Cut(route, " ")
	if method == http.MethodPost || method == http.MethodPut || method == http.MethodDelete || method == http.MethodPatch {
		return true
	}
	// GETs that write: the sign-in and verification callbacks.
	return strings.HasSuffix(path, "/callback")
}

func TestEveryWriteRouteHasAConcurrencyRow(t *testing.T) {
	t.Parallel()
	e := newEnv(t, testdb.Default(t))
	covered := map[string]bool{}
	for _, row := range raceRows {
		for _, r := range row.routes {
			covered[r] = true
		}
	}
	var routes []string
	for _, r := range e.server.Routes() {
		routes = append(routes, r.Method+" "+r.Path)
	}
	sort.Strings(routes)
	known := map[string]bool{}
	for _, route := range routes {
		known[route] = true
		if isWrite(route) && !covered[route] {
			t.Errorf("%s has no row in the concurrency table", route)
		}
	}
	for r := range covered {
		if !known[r] {
			t.Errorf("the concurrency table names %s, which is not a route", r)
		}
	}
}

func TestConcurrencyTable(t *testing.T) {
	t.Parallel()
	if len(raceRows) == 0 {
		t.Fatal("the concurrency table has no rows")
	}
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		r := &raceEnv{env: newEnv(t, d), d: d, tokens: map[string]string{"anon": ""}}
		r.server.signIns.perMin = 100000
		r.server.publicWrites.perMin = 100000
		for _, p := range tablePersonas {
			r.addUser(p.name, p.id, true, p.roles...)
			r.tokens[p.name] = r.signIn(p.name)
		}
		for _, row := range raceRows {
			t.Run(row.name, func(t *testing.T) { row.run(t, r) })
		}
	})
}

// id makes a fresh snowflake-shaped id, so rows sharing one database never collide.
func (r *raceEnv) id() string { return fmt.Sprintf("61%016d", r.next.Add(1)) }

// member adds a guild member with roles, signs them in (so the portal knows them) and
// returns their id and token.
func (r *raceEnv) member(t *testing.T, roles ...authz.Role) (string, string) {
	t.Helper()
	id := r.id()
	name := "m" + id[len(id)-6:]
	r.addUser(name, id, true, roles...)
	return id, r.signIn(name)
}

// request is one call of a race.
type request struct {
	method, path, token string
	body                any // marshalled to JSON unless it is an io.Reader factory
	raw                 func() (io.Reader, string)
	key                 string // the Idempotency-Key, if any
}

// answer is what a call got back.
type answer struct {
	status int
	body   []byte
}

func (a answer) message() string {
	var m messageBody
	_ = json.Unmarshal(a.body, &m)
	return m.Message
}

// do sends one request.
func (r *raceEnv) do(t *testing.T, q request) answer {
	t.Helper()
	var rd io.Reader
	ctype := ""
	switch {
	case q.raw != nil:
		rd, ctype = q.raw()
	case q.body != nil:
		raw, err := json.Marshal(q.body)
		if err != nil {
			t.Fatal(err)
		}
		rd, ctype = bytes.NewReader(raw), "application/json"
	}
	req, err := http.NewRequestWithContext(context.Background(), q.method, r.http.URL+q.path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if q.token != "" {
		req.Header.Set("Authorization", "Bearer "+q.token)
	}
	if q.key != "" {
		req.Header.Set(IdempotencyHeader, q.key)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Errorf("%s %s: %v", q.method, q.path, err)
		return answer{}
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return answer{status: res.StatusCode, body: raw}
}

// race sends the requests at once with every transaction gated and returns the answers
// in the order of the requests.
func (r *raceEnv) race(t *testing.T, reqs ...request) []answer {
	t.Helper()
	out := make([]answer, len(reqs))
	testenv.Together(r.d, len(reqs), func(i int) { out[i] = r.do(t, reqs[i]) })
	return out
}

// same is n copies of one request.
func same(n int, q request) []request {
	out := make([]request, n)
	for i := range out {
		out[i] = q
	}
	return out
}

// tally counts answers by status.
func tally(answers []answer) map[int]int {
	out := map[int]int{}
	for _, a := range answers {
		out[a.status]++
	}
	return out
}

// expectOneWinner checks that exactly one answer has status win and every other has
// status lose with the message loseMsg (when not empty).
func expectOneWinner(t *testing.T, answers []answer, win, lose int, loseMsg string) answer {
	t.Helper()
	var winner answer
	wins := 0
	for _, a := range answers {
		switch {
		case a.status == win && wins == 0:
			wins, winner = 1, a
		case a.status == win:
			wins++
		case a.status != lose:
			t.Errorf("an answer %d %s, want %d or %d", a.status, a.body, win, lose)
		case loseMsg != "" && a.message() != loseMsg:
			t.Errorf("a repeat said %q, want %q", a.message(), loseMsg)
		}
	}
	if wins != 1 {
		t.Errorf("%d winners (%v), want 1", wins, tally(answers))
	}
	return winner
}

// expectAll checks that every answer has status want.
func expectAll(t *testing.T, answers []answer, want int) {
	t.Helper()
	for _, a := range answers {
		if a.status != want {
			t.Errorf("an answer %d %s, want %d for all (%v)", a.status, a.body, want, tally(answers))
			return
		}
	}
}

// expectReplays checks that every answer repeats the first one's body.
func expectReplays(t *testing.T, answers []answer, want int) {
	t.Helper()
	expectAll(t, answers, want)
	for _, a := range answers[1:] {
		if !bytes.Equal(a.body, answers[0].body) {
			t.Errorf("a repeat answered %s, the first %s", a.body, answers[0].body)
			return
		}
	}
}

// audits counts the audit entries of an action on an entity.
func (r *raceEnv) audits(t *testing.T, action string, entityID any) int64 {
	t.Helper()
	return testenv.Audits(t, r.d, action, entityID)
}

// posts counts the outbox events of a kind whose payload contains text.
func (r *raceEnv) posts(t *testing.T, kind, text string) int64 {
	t.Helper()
	return testenv.Posts(t, r.d, kind, text)
}

// count counts the rows of a table matching a condition.
func (r *raceEnv) count(t *testing.T, table, where string, args ...any) int64 {
	t.Helper()
	return testenv.CountRows(t, r.d, table, where, args...)
}

// expectCount fails when a count is not want.
var expectCount = testenv.ExpectCount

// newKey makes an Idempotency-Key.
func (r *raceEnv) newKey() string { return "k-" + r.id() }
