package legislative_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/legislative"
	"zocalo/core/outbox"
	"zocalo/core/privacy"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

const channel = "710000000000000007"

type rig struct {
	svc   *legislative.Service
	clock *testenv.Clock
	d     *db.DB
}

func newRig(t *testing.T, d *db.DB, quorum int64) rig {
	clock := testenv.NewClock(time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC))
	o := outbox.NewStore(d, clock.Now)
	return rig{d: d, clock: clock, svc: legislative.NewService(d, o, legislative.Settings{Channel: channel,
		Quorum: map[string]int64{legislative.BodySCJN: quorum, legislative.BodyCongreso: quorum}, Now: clock.Now})}
}

// actor is a member holding roles, as the members service would load them.
func actor(id string, roles ...authz.Role) *authz.Actor {
	set := authz.RoleSet{}
	for _, r := range roles {
		set[r] = true
	}
	return &authz.Actor{DiscordID: id, Username: "u" + id, Roles: set}
}

var (
	comite   = actor("1", authz.Comite, authz.ScjnAdmin) // one Discord role, two names
	oficina  = actor("2", authz.Oficina, authz.CongresoAdmin)
	ministro = actor("3", authz.Ministro)
	diputado = actor("4", authz.Diputado)
	senador  = actor("5", authz.Senador)
	jugador  = actor("6")
	rh       = actor("7", authz.RH)
)

func kindOf(err error) errs.Kind {
	if e, ok := errs.As(err); ok {
		return e.Kind
	}
	return errs.KindInternal
}

func (r rig) open(t *testing.T, body string, end *time.Time) uint64 {
	t.Helper()
	admin := comite
	if body == legislative.BodyCongreso {
		admin = oficina
	}
	v, err := r.svc.Create(context.Background(), admin, "Ley "+body, "Resumen", body)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.svc.ConfigureVoting(context.Background(), admin, v.ID, true, end); err != nil {
		t.Fatal(err)
	}
	return v.ID
}

func TestWhoMayDoWhat(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		for name, a := range map[string]*authz.Actor{"ministro": ministro, "diputado": diputado, "jugador": jugador, "rh": rh} {
			if _, err := r.svc.Create(ctx, a, "x", "y", legislative.BodySCJN); kindOf(err) != errs.KindForbidden {
				t.Errorf("%s creates: %v", name, err)
			}
		}
		if _, err := r.svc.Initiatives(ctx, jugador, legislative.InitiativesQuery{Body: legislative.BodySCJN}); kindOf(err) != errs.KindForbidden {
			t.Errorf("jugador reads: %v", err)
		}
		if _, err := r.svc.Initiatives(ctx, rh, legislative.InitiativesQuery{Body: legislative.BodySCJN}); kindOf(err) != errs.KindForbidden {
			t.Errorf("rh (ADMIN, not LEGISLATIVE) reads: %v", err)
		}
		if _, err := r.svc.Initiatives(ctx, ministro, legislative.InitiativesQuery{Body: "Senado"}); kindOf(err) != errs.KindInvalid {
			t.Errorf("unknown body: %v", err)
		}
		end := r.clock.Now().Add(24 * time.Hour)
		scjn := r.open(t, legislative.BodySCJN, &end)
		congreso := r.open(t, legislative.BodyCongreso, &end)
		for _, c := range []struct {
			who  string
			a    *authz.Actor
			id   uint64
			want errs.Kind
		}{
			{"ministro in SCJN", ministro, scjn, 0},
			{"comite (SCJN_ADMIN) in SCJN", comite, scjn, 0},
			{"diputado in SCJN", diputado, scjn, errs.KindForbidden},
			{"oficina (CONGRESO_ADMIN) in SCJN", oficina, scjn, errs.KindForbidden},
			{"jugador in SCJN", jugador, scjn, errs.KindForbidden},
			{"diputado in Congreso", diputado, congreso, 0},
			{"senador in Congreso", senador, congreso, 0},
			{"oficina in Congreso", oficina, congreso, 0},
			{"ministro in Congreso", ministro, congreso, errs.KindForbidden},
			{"comite in Congreso", comite, congreso, errs.KindForbidden},
		} {
			_, err := r.svc.Vote(ctx, c.a, c.id, legislative.VoteInFavor)
			if (c.want == 0 && err != nil) || (c.want != 0 && kindOf(err) != c.want) {
				t.Errorf("%s: %v", c.who, err)
			}
		}
		list, err := r.svc.Initiatives(ctx, ministro, legislative.InitiativesQuery{Body: legislative.BodySCJN})
		if err != nil || len(list) != 1 || list[0].Votes.InFavor != 2 || !list[0].UserVoted || *list[0].UserVoteType != "infavor" || list[0].CanVote {
			t.Fatalf("ministro's view: %+v %v", list, err)
		}
		if _, err := r.svc.Vote(ctx, ministro, scjn, legislative.VoteAgainst); kindOf(err) != errs.KindConflict {
			t.Fatalf("a second vote: %v", err)
		}
		if _, err := r.svc.Vote(ctx, ministro, scjn, "maybe"); kindOf(err) != errs.KindInvalid {
			t.Fatalf("a bad choice: %v", err)
		}
		rec, err := r.svc.Get(ctx, ministro, scjn)
		if err != nil || rec.Votes != nil || len(rec.Timeline) != 2 {
			t.Fatalf("a legislator's record: %+v %v", rec, err)
		}
		rec, _ = r.svc.Get(ctx, comite, scjn)
		if len(rec.Votes) != 2 {
			t.Fatalf("an admin sees who voted: %+v", rec.Votes)
		}
		// A voter whose data a cancellation blocked: the vote counts, whose it was reads "[bloqueado]".
		if err := privacy.AddBlock(ctx, r.d, privacy.Block{DiscordID: ministro.DiscordID, RequestID: 1, BlockedAt: r.clock.Now(), SuppressAt: r.clock.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		rec, _ = r.svc.Get(ctx, comite, scjn)
		names := map[string]bool{}
		for _, v := range rec.Votes {
			names[v.MemberName] = true
			if v.MemberID == ministro.DiscordID {
				t.Errorf("the blocked voter is still named: %+v", v)
			}
		}
		if len(rec.Votes) != 2 || !names[privacy.Blocked] || rec.Votes[0].VoteType == "" {
			t.Fatalf("votes after the block: %+v", rec.Votes)
		}
	})
}

func TestVotingWindow(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		pending, err := r.svc.Create(ctx, comite, "Ley", "Resumen", legislative.BodySCJN)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.svc.Vote(ctx, ministro, pending.ID, legislative.VoteInFavor); kindOf(err) != errs.KindConflict {
			t.Fatalf("voting not yet open: %v", err)
		}
		past := r.clock.Now().Add(-time.Minute)
		if _, err := r.svc.ConfigureVoting(ctx, comite, pending.ID, true, &past); kindOf(err) != errs.KindInvalid {
			t.Fatalf("an end date in the past: %v", err)
		}
		end := r.clock.Now().Add(time.Hour)
		v, err := r.svc.ConfigureVoting(ctx, comite, pending.ID, true, &end)
		if err != nil || v.Status != legislative.StatusVoting || !v.VotingOpen {
			t.Fatalf("open: %+v %v", v, err)
		}
		v, err = r.svc.ConfigureVoting(ctx, comite, pending.ID, false, nil)
		if err != nil || v.Status != legislative.StatusPending || v.VotingOpen {
			t.Fatalf("stopped before the end: %+v %v", v, err)
		}
		if _, err := r.svc.Vote(ctx, ministro, pending.ID, legislative.VoteInFavor); kindOf(err) != errs.KindConflict {
			t.Fatalf("voting stopped: %v", err)
		}
		if _, err := r.svc.ConfigureVoting(ctx, comite, pending.ID, true, &end); err != nil {
			t.Fatal(err)
		}
		r.clock.Advance(2 * time.Hour)
		if _, err := r.svc.Vote(ctx, ministro, pending.ID, legislative.VoteInFavor); kindOf(err) != errs.KindConflict {
			t.Fatalf("past the end date: %v", err)
		}
		if _, err := r.svc.ConfigureVoting(ctx, ministro, pending.ID, true, nil); kindOf(err) != errs.KindForbidden {
			t.Fatalf("a legislator configures: %v", err)
		}
		var announced int64
		d.Conn(ctx).Model(&outbox.Event{}).Where("channel_id = ? AND kind = ?", channel, outbox.KindChannelMessage).Count(&announced)
		if announced != 3 {
			t.Fatalf("%d announcements for open, stop, open", announced)
		}
	})
}

func TestConcurrentVotesCountOnce(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		id := r.open(t, legislative.BodyCongreso, nil)
		var wg sync.WaitGroup
		var mu sync.Mutex
		accepted := 0
		for range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := r.svc.Vote(ctx, diputado, id, legislative.VoteAgainst); err == nil {
					mu.Lock()
					accepted++
					mu.Unlock()
				} else if kindOf(err) != errs.KindConflict {
					t.Errorf("unexpected: %v", err)
				}
			}()
		}
		for i := range 30 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				choice := []string{legislative.VoteInFavor, legislative.VoteAgainst, legislative.VoteAbstention}[i%3]
				if _, err := r.svc.Vote(ctx, actor(fmt.Sprint(100+i), authz.Senador), id, choice); err != nil {
					t.Errorf("senator %d: %v", i, err)
				}
			}()
		}
		wg.Wait()
		list, _ := r.svc.Initiatives(ctx, diputado, legislative.InitiativesQuery{Body: legislative.BodyCongreso})
		if accepted != 1 || list[0].Votes != (legislative.Counts{InFavor: 10, Against: 11, Abstention: 10}) {
			t.Fatalf("accepted %d, counts %+v", accepted, list[0].Votes)
		}
	})
}

func TestClosingAtTheEndDate(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 3)
		end := r.clock.Now().Add(24 * time.Hour)
		cases := []struct {
			name  string
			votes []string
			want  string
		}{
			{"approved", []string{"infavor", "infavor", "against"}, legislative.StatusApproved},
			{"rejected", []string{"infavor", "against", "against"}, legislative.StatusRejected},
			{"tie", []string{"infavor", "against", "abstention", "abstention"}, legislative.StatusRejected},
			{"below quorum", []string{"infavor", "infavor"}, legislative.StatusRejected},
			{"abstentions make the quorum", []string{"infavor", "abstention", "abstention"}, legislative.StatusApproved},
		}
		ids := make([]uint64, len(cases))
		for i, c := range cases {
			ids[i] = r.open(t, legislative.BodySCJN, &end)
			for j, choice := range c.votes {
				if _, err := r.svc.Vote(ctx, actor(fmt.Sprintf("%d%02d", i+1, j), authz.Ministro), ids[i], choice); err != nil {
					t.Fatal(err)
				}
			}
		}
		if n, err := r.svc.CloseDue(ctx); err != nil || n != 0 {
			t.Fatalf("closed %d before the end (%v)", n, err)
		}
		r.clock.Advance(24*time.Hour + time.Second)
		var before int64
		d.Conn(ctx).Model(&outbox.Event{}).Where("channel_id = ? AND kind = ?", channel, outbox.KindChannelMessage).Count(&before)
		if n, err := r.svc.CloseDue(ctx); err != nil || n != len(cases) {
			t.Fatalf("closed %d of %d (%v)", n, len(cases), err)
		}
		if n, err := r.svc.CloseDue(ctx); err != nil || n != 0 {
			t.Fatalf("closed %d again (%v)", n, err)
		}
		var after int64
		d.Conn(ctx).Model(&outbox.Event{}).Where("channel_id = ? AND kind = ?", channel, outbox.KindChannelMessage).Count(&after)
		if after-before != int64(len(cases)) {
			t.Fatalf("%d results announced for %d initiatives", after-before, len(cases))
		}
		list, _ := r.svc.Initiatives(ctx, comite, legislative.InitiativesQuery{Body: legislative.BodySCJN})
		got := map[uint64]string{}
		for _, v := range list {
			got[v.ID] = v.Status
		}
		for i, c := range cases {
			if got[ids[i]] != c.want {
				t.Errorf("%s: %s, want %s", c.name, got[ids[i]], c.want)
			}
		}
		if _, err := r.svc.ConfigureVoting(ctx, comite, ids[0], true, nil); kindOf(err) != errs.KindConflict {
			t.Fatalf("reopening a closed vote: %v", err)
		}
	})
}

func TestAgenda(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		for name, in := range map[string]legislative.AgendaInput{
			"no title": {Time: "10:00", Date: "2026-03-02", Type: "SCJN"},
			"bad time": {Title: "Sesión", Time: "25:00", Date: "2026-03-02", Type: "SCJN"},
			"bad date": {Title: "Sesión", Time: "10:00", Date: "02/03/2026", Type: "SCJN"},
			"bad body": {Title: "Sesión", Time: "10:00", Date: "2026-03-02", Type: "Senado"},
		} {
			if _, err := r.svc.AddAgenda(ctx, comite, in); kindOf(err) != errs.KindInvalid {
				t.Errorf("%s: %v", name, err)
			}
		}
		if _, err := r.svc.AddAgenda(ctx, ministro, legislative.AgendaInput{Title: "S", Time: "10:00", Date: "2026-03-02", Type: "SCJN"}); kindOf(err) != errs.KindForbidden {
			t.Fatalf("a legislator adds: %v", err)
		}
		late, _ := r.svc.AddAgenda(ctx, comite, legislative.AgendaInput{Title: "Tarde", Time: "18:00", Date: "2026-03-02", Type: "SCJN"})
		early, err := r.svc.AddAgenda(ctx, comite, legislative.AgendaInput{Title: "Mañana", Time: "09:00", Date: "2026-03-02", Type: "SCJN"})
		if err != nil {
			t.Fatal(err)
		}
		list, _ := r.svc.Agenda(ctx, ministro, legislative.BodySCJN)
		if len(list) != 2 || list[0].ID != early.ID || list[1].ID != late.ID {
			t.Fatalf("agenda %+v", list)
		}
		if other, _ := r.svc.Agenda(ctx, diputado, legislative.BodyCongreso); len(other) != 0 {
			t.Fatalf("the other body's agenda: %+v", other)
		}
		if err := r.svc.DeleteAgenda(ctx, comite, early.ID); err != nil {
			t.Fatal(err)
		}
		if err := r.svc.DeleteAgenda(ctx, comite, early.ID); kindOf(err) != errs.KindNotFound {
			t.Fatalf("deleted twice: %v", err)
		}
	})
}

// Two instances over one database, as two replicas are: a vote shows in the list of the
// instance that took it at once, and in the other's once its copy of the list expires.
func TestListsFollowVotesAcrossInstances(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		a, b := newRig(t, d, 1), newRig(t, d, 1)
		id := a.open(t, legislative.BodySCJN, nil)
		inFavor := func(r rig) int64 {
			t.Helper()
			list, err := r.svc.Initiatives(ctx, ministro, legislative.InitiativesQuery{Body: legislative.BodySCJN})
			if err != nil || len(list) != 1 || list[0].ID != id {
				t.Fatalf("list %+v, %v", list, err)
			}
			return list[0].Votes.InFavor
		}
		if inFavor(a) != 0 || inFavor(b) != 0 {
			t.Fatal("votes before any was cast")
		}
		if _, err := a.svc.Vote(ctx, ministro, id, legislative.VoteInFavor); err != nil {
			t.Fatal(err)
		}
		if got := inFavor(a); got != 1 {
			t.Fatalf("the instance that took the vote lists %d", got)
		}
		time.Sleep(legislative.ListCacheTTL + 100*time.Millisecond)
		if got := inFavor(b); got != 1 {
			t.Fatalf("the other instance still lists %d past the cache's time", got)
		}
	})
}
