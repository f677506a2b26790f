package legislative_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/legislative"
	"zocalo/core/outbox"
	"zocalo/internal/testdb"
	"zocalo/internal/testenv"
)

// An initiative that has been voted on stays: deleting it is refused and its votes remain.
func TestAVotedInitiativeCannotBeDeleted(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		id := r.open(t, legislative.BodySCJN, nil)
		if _, err := r.svc.Vote(ctx, ministro, id, legislative.VoteInFavor); err != nil {
			t.Fatal(err)
		}
		err := r.svc.Delete(ctx, comite, id)
		if e, ok := errs.As(err); !ok || e.Kind != errs.KindConflict ||
			e.Message != "Esta iniciativa ya tiene votos: no se puede eliminar. Puedes retirarla." {
			t.Fatalf("deleting a voted initiative: %v", err)
		}
		rec, err := r.svc.Get(ctx, comite, id)
		if err != nil || rec.Initiative.Votes.InFavor != 1 || len(rec.Votes) != 1 {
			t.Fatalf("after the refusal: %+v %v", rec, err)
		}
	})
}

// A vote that closed with a result (here with no votes and no quorum) is a record too.
func TestAnInitiativeWithAResultCannotBeDeleted(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		end := r.clock.Now().Add(time.Hour)
		id := r.open(t, legislative.BodySCJN, &end)
		r.clock.Advance(2 * time.Hour)
		if n, err := r.svc.CloseDue(ctx); err != nil || n != 1 {
			t.Fatalf("closing: %d %v", n, err)
		}
		err := r.svc.Delete(ctx, comite, id)
		if e, ok := errs.As(err); !ok || e.Kind != errs.KindConflict ||
			e.Message != "Esta iniciativa ya tiene resultado: no se puede eliminar. Puedes retirarla." {
			t.Fatalf("deleting a closed initiative: %v", err)
		}
		if _, err := r.svc.Get(ctx, comite, id); err != nil {
			t.Fatalf("after the refusal: %v", err)
		}
	})
}

// An initiative nobody voted on may still be deleted.
func TestAnUnvotedInitiativeMayBeDeleted(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		id := r.open(t, legislative.BodyCongreso, nil)
		if err := r.svc.Delete(ctx, oficina, id); err != nil {
			t.Fatalf("deleting an unvoted initiative: %v", err)
		}
		if _, err := r.svc.Get(ctx, oficina, id); kindOf(err) != errs.KindNotFound {
			t.Fatalf("after deleting: %v", err)
		}
	})
}

// withdrawals counts an initiative's withdrawal audits and posts.
func withdrawals(t *testing.T, d *db.DB, id uint64, title string) (audits, posts int64) {
	t.Helper()
	return testenv.Audits(t, d, "initiative.withdraw", id), testenv.Posts(t, d, outbox.KindChannelMessage, "Iniciativa retirada: "+title)
}

func message(err error) string {
	if e, ok := errs.As(err); ok {
		return e.Message
	}
	return fmt.Sprint(err)
}

// Withdrawing an approved initiative keeps its votes and its result; after that it cannot
// be voted on, re-opened, withdrawn again or deleted.
func TestWithdrawingKeepsVotesAndResult(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		v, err := r.svc.Create(ctx, comite, "Ley aprobada", "Resumen", legislative.BodySCJN)
		if err != nil {
			t.Fatal(err)
		}
		end := r.clock.Now().Add(time.Hour)
		if _, err := r.svc.ConfigureVoting(ctx, comite, v.ID, true, &end); err != nil {
			t.Fatal(err)
		}
		for i, choice := range []string{legislative.VoteInFavor, legislative.VoteInFavor, legislative.VoteAgainst} {
			if _, err := r.svc.Vote(ctx, actor(fmt.Sprint(300+i), authz.Ministro), v.ID, choice); err != nil {
				t.Fatal(err)
			}
		}
		r.clock.Advance(2 * time.Hour)
		if _, err := r.svc.CloseDue(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := r.svc.Withdraw(ctx, ministro, v.ID); kindOf(err) != errs.KindForbidden {
			t.Fatalf("a legislator withdraws: %v", err)
		}
		got, err := r.svc.Withdraw(ctx, comite, v.ID)
		want := legislative.Counts{InFavor: 2, Against: 1}
		if err != nil || got.Status != legislative.StatusWithdrawn || got.Result == nil || *got.Result != legislative.StatusApproved ||
			got.Votes != want || got.VotingOpen || got.MayWithdraw || got.MayDelete {
			t.Fatalf("withdrawn: %+v %v", got, err)
		}
		rec, err := r.svc.Get(ctx, comite, v.ID)
		if err != nil || len(rec.Votes) != 3 || rec.Initiative.Votes != want || *rec.Initiative.Result != legislative.StatusApproved {
			t.Fatalf("the record after withdrawing: %+v %v", rec, err)
		}
		last := rec.Timeline[len(rec.Timeline)-1]
		if last.Kind != legislative.EventWithdrawn || last.Detail != "Aprobada: 2 a favor, 1 en contra, 0 abstenciones" || last.Actor != comite.Username {
			t.Fatalf("the timeline's last step: %+v", last)
		}
		if _, err := r.svc.Withdraw(ctx, comite, v.ID); kindOf(err) != errs.KindConflict || message(err) != "Esta iniciativa ya estaba retirada." {
			t.Fatalf("withdrawing again: %v", err)
		}
		if _, err := r.svc.ConfigureVoting(ctx, comite, v.ID, true, nil); message(err) != "Esta iniciativa fue retirada: ya no se puede votar ni reabrir." {
			t.Fatalf("re-opening: %v", err)
		}
		if err := r.svc.Delete(ctx, comite, v.ID); message(err) != "Esta iniciativa ya tiene votos: no se puede eliminar." {
			t.Fatalf("deleting a withdrawn initiative with votes: %v", err)
		}
		audits, posts := withdrawals(t, d, v.ID, "Ley aprobada")
		testenv.ExpectCount(t, "withdrawal audits", audits, 1)
		testenv.ExpectCount(t, "withdrawal posts", posts, 1)
	})
}

// Withdrawing during a vote closes it without a result; the votes cast stay, no more are
// taken and the closing job leaves it alone.
func TestWithdrawingClosesAnOpenVote(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		end := r.clock.Now().Add(time.Hour)
		id := r.open(t, legislative.BodyCongreso, &end)
		if _, err := r.svc.Vote(ctx, diputado, id, legislative.VoteAgainst); err != nil {
			t.Fatal(err)
		}
		got, err := r.svc.Withdraw(ctx, oficina, id)
		if err != nil || got.Status != legislative.StatusWithdrawn || got.Result != nil || got.VotingOpen || got.VotingEnabled ||
			got.Votes.Against != 1 {
			t.Fatalf("withdrawn during the vote: %+v %v", got, err)
		}
		if _, err := r.svc.Vote(ctx, senador, id, legislative.VoteInFavor); message(err) != "Esta iniciativa fue retirada: ya no se puede votar ni reabrir." {
			t.Fatalf("a vote after the withdrawal: %v", err)
		}
		r.clock.Advance(2 * time.Hour)
		if n, err := r.svc.CloseDue(ctx); err != nil || n != 0 {
			t.Fatalf("the closing job closed %d (%v)", n, err)
		}
		rec, _ := r.svc.Get(ctx, oficina, id)
		last := rec.Timeline[len(rec.Timeline)-1]
		if rec.Initiative.Status != legislative.StatusWithdrawn || last.Detail != "Votación cerrada sin resultado: 0 a favor, 1 en contra, 0 abstenciones" {
			t.Fatalf("after the end date: %+v", rec)
		}
	})
}

// A vote past its end date that the job has not closed yet gets its result before the
// withdrawal, as the job would have given it.
func TestWithdrawingAnEndedVoteKeepsItsResult(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		end := r.clock.Now().Add(time.Hour)
		id := r.open(t, legislative.BodySCJN, &end)
		if _, err := r.svc.Vote(ctx, ministro, id, legislative.VoteAgainst); err != nil {
			t.Fatal(err)
		}
		r.clock.Advance(2 * time.Hour)
		got, err := r.svc.Withdraw(ctx, comite, id)
		if err != nil || got.Status != legislative.StatusWithdrawn || got.Result == nil || *got.Result != legislative.StatusRejected {
			t.Fatalf("withdrawn after the end: %+v %v", got, err)
		}
		testenv.ExpectCount(t, "results announced", testenv.Posts(t, d, outbox.KindChannelMessage, "Rechazada: Ley SCJN"), 1)
		if n, err := r.svc.CloseDue(ctx); err != nil || n != 0 {
			t.Fatalf("the closing job closed %d (%v)", n, err)
		}
		testenv.ExpectCount(t, "closing audits", testenv.Audits(t, d, "voting.close", id), 1)
	})
}

// The server tells each caller what it may do with each initiative.
func TestTheListSaysWhatTheCallerMayDo(t *testing.T) {
	t.Parallel()
	testdb.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		r := newRig(t, d, 0)
		fresh, err := r.svc.Create(ctx, comite, "Sin votos", "Resumen", legislative.BodySCJN)
		if err != nil {
			t.Fatal(err)
		}
		voted := r.open(t, legislative.BodySCJN, nil)
		if _, err := r.svc.Vote(ctx, ministro, voted, legislative.VoteInFavor); err != nil {
			t.Fatal(err)
		}
		may := func(who *authz.Actor) map[uint64][2]bool {
			list, err := r.svc.Initiatives(ctx, who, legislative.InitiativesQuery{Body: legislative.BodySCJN})
			if err != nil {
				t.Fatal(err)
			}
			out := map[uint64][2]bool{}
			for _, v := range list {
				out[v.ID] = [2]bool{v.MayDelete, v.MayWithdraw}
			}
			return out
		}
		admin, legislator := may(comite), may(ministro)
		if admin[fresh.ID] != [2]bool{true, true} || admin[voted] != [2]bool{false, true} {
			t.Errorf("an admin may (delete, withdraw): %v", admin)
		}
		if legislator[fresh.ID] != [2]bool{} || legislator[voted] != [2]bool{} {
			t.Errorf("a legislator may (delete, withdraw): %v", legislator)
		}
		if _, err := r.svc.Withdraw(ctx, comite, 999999); kindOf(err) != errs.KindNotFound {
			t.Errorf("withdrawing an unknown initiative: %v", err)
		}
	})
}
