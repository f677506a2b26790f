package legislative

import (
	"context"
	"errors"
	"fmt"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/outbox"
)

// Voting: opening and stopping it, the votes, and closing it at the end date.

// ConfigureVoting opens or stops voting. Opening moves the initiative to voting (with an
// optional future end date); stopping before the end moves it back to pending. Both are
// announced in the legislative channel. Opening an open vote with the end date it has, or
// stopping a stopped one, is a repeat: it answers the initiative as it is and changes,
// announces and audits nothing. Opening an open vote with another end date changes it.
func (s *Service) ConfigureVoting(ctx context.Context, actor *authz.Actor, id uint64, enabled bool, end *time.Time) (View, error) {
	defer s.lists.changed()
	if !MayConfigureVoting(actor) {
		return View{}, errAdmin
	}
	now := s.set.Now()
	if enabled && end != nil && !end.After(now) {
		return View{}, errEndPast
	}
	var in Initiative
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.takeForUpdate(ctx, id, &in); err != nil {
			return err
		}
		if in.Status == StatusWithdrawn {
			return errWithdrawn
		}
		if in.Status == StatusApproved || in.Status == StatusRejected {
			return errFinished
		}
		if enabled && in.Status == StatusVoting && in.VotingEnabled && sameEnd(in.VotingEndDate, end) ||
			!enabled && in.Status == StatusPending && !in.VotingEnabled {
			return nil
		}
		before := votingState(in)
		// An open vote given another end date is an edit of the vote, recorded as such.
		rescheduled := enabled && in.Status == StatusVoting && in.VotingEnabled
		in.UpdatedAt = now
		if enabled {
			in.Status, in.VotingEnabled, in.VotingEndDate = StatusVoting, true, end
		} else {
			in.Status, in.VotingEnabled = StatusPending, false
		}
		if err := s.db.Conn(ctx).Model(&Initiative{}).Where("id = ?", id).Updates(map[string]any{
			"status": in.Status, "voting_enabled": in.VotingEnabled, "voting_end_date": in.VotingEndDate, "updated_at": now,
		}).Error; err != nil {
			return err
		}
		action := "voting.stop"
		switch {
		case rescheduled:
			action = "voting.reschedule"
		case enabled:
			action = "voting.open"
		}
		if err := audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaLegislative, Action: action,
			EntityType: "initiative", EntityID: id, Before: before, After: votingState(in)}); err != nil {
			return err
		}
		if enabled {
			detail := "sin fecha de cierre"
			if end != nil {
				detail = "hasta el " + end.In(s.set.Location).Format("02/01/2006 15:04")
			}
			if err := s.event(ctx, id, EventVotingOpened, detail, actor.Username); err != nil {
				return err
			}
			if !rescheduled {
				// The opening post is the ballot: it carries the buttons and the tally.
				return s.postBallot(ctx, &in)
			}
			if err := s.refreshBallot(ctx, in); err != nil {
				return err
			}
			return s.announce(ctx, in, "Nuevo cierre de la votación: "+in.Title, 0x2563eb, []outbox.EmbedField{
				{Name: "Órgano", Value: bodyName(in.Body), Inline: true}, {Name: "Cierre", Value: detail, Inline: true}})
		}
		if err := s.event(ctx, id, EventVotingStopped, "", actor.Username); err != nil {
			return err
		}
		if err := s.refreshBallot(ctx, in); err != nil {
			return err
		}
		return s.announce(ctx, in, "Votación suspendida: "+in.Title, 0x6b7280, []outbox.EmbedField{
			{Name: "Órgano", Value: bodyName(in.Body), Inline: true}, {Name: "Por", Value: actor.Username, Inline: true}})
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

// Vote records the actor's vote while voting is open. A second vote, however close in time
// to the first, is refused (and the unique index would refuse it too). The initiative is
// locked while the vote is checked and stored, as it is while the vote is stopped or
// closed: a vote either lands before and is counted in the result, or finds the vote
// closed.
func (s *Service) Vote(ctx context.Context, actor *authz.Actor, id uint64, choice string) (View, error) {
	defer s.lists.changed()
	if actor == nil || actor.DiscordID == "" {
		return View{}, errs.ErrNotSignedIn
	}
	if !Votes.Has(choice) {
		return View{}, errChoice
	}
	var in Initiative
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.takeForUpdate(ctx, id, &in); err != nil {
			return err
		}
		if !HasSeat(actor, in.Body) {
			return errNoSeat
		}
		if in.Status == StatusWithdrawn {
			return errWithdrawn
		}
		if !s.open(in) {
			return errClosed
		}
		var voted int64
		if err := s.db.Conn(ctx).Model(&Vote{}).Where("initiative_id = ? AND member_id = ?", id, actor.DiscordID).
			Count(&voted).Error; err != nil {
			return err
		}
		if voted > 0 {
			return errVoted
		}
		err := s.db.Conn(ctx).Omit("Initiative").Create(&Vote{InitiativeID: id, MemberID: actor.DiscordID, MemberName: actor.Username,
			Choice: choice, CreatedAt: s.set.Now()}).Error
		if db.IsUniqueViolation(err) {
			return errVoted
		}
		if err != nil {
			return err
		}
		// Read again for the counts the vote just changed.
		if err := s.take(ctx, id, &in); err != nil {
			return err
		}
		if err := s.refreshBallot(ctx, in); err != nil {
			return err
		}
		return s.publishVoted(ctx, in)
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

// CloseDue closes every vote whose end date has passed: approved when votes in favour
// exceed votes against and the quorum is met, rejected otherwise; the result is announced.
// Each initiative is locked and checked again before it closes, so running twice (or on
// two replicas) announces once, and the tally announced has every vote taken before.
func (s *Service) CloseDue(ctx context.Context) (int, error) {
	defer s.lists.changed()
	var due []Initiative
	now := s.set.Now()
	if err := s.db.Conn(ctx).Where("status = ? AND voting_end_date IS NOT NULL AND voting_end_date <= ?", StatusVoting, now).
		Find(&due).Error; err != nil {
		return 0, err
	}
	closed := 0
	for _, in := range due {
		err := s.db.InTx(ctx, func(ctx context.Context) error {
			// Locked, then checked again: another run may have closed it, or an admin
			// stopped, withdrew or deleted it or moved its end date since the list was read.
			err := s.takeForUpdate(ctx, in.ID, &in)
			if errors.Is(err, errNotFound) {
				return nil
			}
			if err != nil {
				return err
			}
			done, err := s.closeEnded(ctx, &in, now)
			if done {
				closed++
			}
			return err
		})
		if err != nil {
			return closed, err
		}
	}
	return closed, nil
}

// closeEnded closes the vote of a locked initiative whose end date has passed, and reports
// whether it did: the result is stored, audited, added to the timeline and announced. The
// counts the triggers keep, read under the lock, hold every vote taken.
func (s *Service) closeEnded(ctx context.Context, in *Initiative, now time.Time) (bool, error) {
	if in.Status != StatusVoting || in.VotingEndDate == nil || in.VotingEndDate.After(now) {
		return false, nil
	}
	c := countsOf(*in)
	result, why := Result(c, s.set.Quorum[in.Body])
	res := s.db.Conn(ctx).Model(&Initiative{}).Where("id = ? AND status = ?", in.ID, StatusVoting).
		Updates(map[string]any{"status": result, "result": result, "voting_enabled": false, "updated_at": now})
	if res.Error != nil || res.RowsAffected == 0 {
		return false, res.Error
	}
	before := votingState(*in)
	in.Status, in.Result, in.VotingEnabled, in.UpdatedAt = result, &result, false, now
	if err := audit.Write(ctx, s.db, now, audit.Change{ActorName: "sistema", Area: audit.AreaLegislative, Action: "voting.close",
		EntityType: "initiative", EntityID: in.ID, Before: before,
		After: map[string]any{"status": result, "votingEnabled": false, "votes": c}}); err != nil {
		return true, err
	}
	detail := fmt.Sprintf("%s: %s%s", statusName(result), tally(c), why)
	if err := s.event(ctx, in.ID, EventClosed, detail, ""); err != nil {
		return true, err
	}
	if err := s.refreshBallot(ctx, *in); err != nil {
		return true, err
	}
	color := 0x16a34a
	if result == StatusRejected {
		color = 0xb91c1c
	}
	return true, s.announce(ctx, *in, statusName(result)+": "+in.Title, color, append(countFields(*in, c),
		outbox.EmbedField{Name: "Resultado", Value: statusName(result) + why}))
}

// Result decides a closed vote: approved when in favour exceeds against and the votes cast
// (abstentions included) reach the quorum; a tie is rejected. why explains a quorum failure.
func Result(c Counts, quorum int64) (status, why string) {
	if c.Total() < quorum {
		votes := "votos"
		if quorum == 1 {
			votes = "voto"
		}
		return StatusRejected, fmt.Sprintf(" (sin quórum: %d de %d %s)", c.Total(), quorum, votes)
	}
	if c.InFavor > c.Against {
		return StatusApproved, ""
	}
	return StatusRejected, ""
}

// sameEnd tells whether two end dates are the same (none is the same as none), to the
// microsecond PostgreSQL keeps.
func sameEnd(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Truncate(time.Microsecond).Equal(b.Truncate(time.Microsecond))
}
