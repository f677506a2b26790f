package legislative

import (
	"context"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/errs"
	"zocalo/core/outbox"
)

// An initiative that has been voted on is part of the record: it cannot be deleted, only
// withdrawn, which keeps its votes and result.

var errAlreadyWithdrawn = errs.Conflict("Esta iniciativa ya estaba retirada.")

// keptBecause says why an initiative may not be deleted ("votos" or "resultado"), or ""
// when nobody has voted on it and no vote has closed.
func keptBecause(in Initiative) string {
	switch {
	case countsOf(in).Total() > 0:
		return "votos"
	case resultOf(in) != nil:
		return "resultado"
	}
	return ""
}

// resultOf is the outcome of the initiative's closed vote, or nil.
func resultOf(in Initiative) *string {
	if in.Result != nil {
		return in.Result
	}
	// Rows closed before the result had its own column say it in their status alone.
	if in.Status == StatusApproved || in.Status == StatusRejected {
		result := in.Status
		return &result
	}
	return nil
}

func errKept(in Initiative, why string) error {
	msg := "Esta iniciativa ya tiene " + why + ": no se puede eliminar."
	if in.Status != StatusWithdrawn {
		msg += " Puedes retirarla."
	}
	return errs.Conflict(msg)
}

// Delete removes an initiative nobody has voted on, with its timeline. One that has votes
// or a result is refused (409) and stays as it is. Of deletions at once one wins; the
// others find it gone (404). The initiative is locked while it is checked, as a vote locks
// it while it is cast, so a vote either lands first (and the delete is refused) or finds
// the initiative gone.
func (s *Service) Delete(ctx context.Context, actor *authz.Actor, id uint64) error {
	defer s.lists.changed()
	if !IsAdmin(actor) {
		return errAdmin
	}
	return s.db.InTx(ctx, func(ctx context.Context) error {
		var in Initiative
		if err := s.takeForUpdate(ctx, id, &in); err != nil {
			return err
		}
		if why := keptBecause(in); why != "" {
			return errKept(in, why)
		}
		// The conditions again in the statement: a voted initiative is never deleted, lock or not.
		res := s.db.Conn(ctx).Where("votes_in_favor = 0 AND votes_against = 0 AND votes_abstention = 0 AND result IS NULL AND status NOT IN ?",
			[]string{StatusApproved, StatusRejected}).Delete(&Initiative{}, id)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return errKept(in, "votos")
		}
		if err := s.publishChanged(ctx, id, in.Body, ""); err != nil {
			return err
		}
		return audit.Write(ctx, s.db, s.set.Now(), audit.Change{Actor: actor, Area: audit.AreaLegislative, Action: "initiative.delete",
			EntityType: "initiative", EntityID: id, Before: map[string]string{"title": in.Title, "type": in.Body, "status": in.Status}})
	})
}

// Withdraw takes an initiative back for good (status withdrawn). Its votes and result stay;
// an open vote closes without a result, and no vote can open again. A vote already past
// its end date is closed first, with its result, as the closing job would have. Who may:
// whoever may delete (IsAdmin). Withdrawing a withdrawn initiative is a 409 and changes,
// audits and announces nothing, however many arrive at once.
func (s *Service) Withdraw(ctx context.Context, actor *authz.Actor, id uint64) (View, error) {
	defer s.lists.changed()
	if !IsAdmin(actor) {
		return View{}, errAdmin
	}
	now := s.set.Now()
	var in Initiative
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.takeForUpdate(ctx, id, &in); err != nil {
			return err
		}
		if in.Status == StatusWithdrawn {
			return errAlreadyWithdrawn
		}
		if _, err := s.closeEnded(ctx, &in, now); err != nil {
			return err
		}
		result := resultOf(in)
		res := s.db.Conn(ctx).Model(&Initiative{}).Where("id = ? AND status <> ?", id, StatusWithdrawn).
			Updates(map[string]any{"status": StatusWithdrawn, "voting_enabled": false, "result": result, "updated_at": now})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return errAlreadyWithdrawn
		}
		before := votingState(in)
		before["result"] = result
		closedOpenVote := in.Status == StatusVoting
		in.Status, in.VotingEnabled, in.Result, in.UpdatedAt = StatusWithdrawn, false, result, now
		c := countsOf(in)
		if err := audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaLegislative, Action: "initiative.withdraw",
			EntityType: "initiative", EntityID: id, Before: before,
			After: map[string]any{"status": StatusWithdrawn, "votingEnabled": false, "result": result, "votes": c}}); err != nil {
			return err
		}
		outcome := "Sin resultado"
		if result != nil {
			outcome = statusName(*result)
		}
		detail := outcome + ": " + tally(c)
		if closedOpenVote {
			detail = "Votación cerrada sin resultado: " + tally(c)
		}
		if err := s.event(ctx, id, EventWithdrawn, detail, actor.Username); err != nil {
			return err
		}
		if err := s.refreshBallot(ctx, in); err != nil {
			return err
		}
		return s.announce(ctx, in, "Iniciativa retirada: "+in.Title, 0xd97706, append(countFields(in, c),
			outbox.EmbedField{Name: "Resultado", Value: outcome, Inline: true},
			outbox.EmbedField{Name: "Por", Value: actor.Username, Inline: true}))
	})
	if err != nil {
		return View{}, err
	}
	views, err := s.views(ctx, actor, []Initiative{in})
	if err != nil {
		return View{}, err
	}
	return views[0], nil
}
