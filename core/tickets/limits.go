package tickets

import (
	"context"
	"fmt"
	"time"

	"zocalo/core/authz"
	"zocalo/core/errs"
)

// Each ticket opens a thread in the staff channel, and Discord caps a guild's active
// threads: a member may hold a few tickets at once and open a few an hour. Staff, who
// open tickets on others' behalf, are exempt.

// errTooManyOpen is a conflict, not a rate limit: waiting does not lift it, a resolution does.
func errTooManyOpen(n int) error {
	if n == 1 {
		return errs.Conflict("Ya tienes 1 ticket abierto. Espera a que se resuelva antes de abrir otro.")
	}
	return errs.Conflict(fmt.Sprintf("Ya tienes %d tickets abiertos. Espera a que se resuelvan antes de abrir otro.", n))
}

// errTooManyThisHour is a rate limit: the hour passing lifts it.
func errTooManyThisHour(n int) error {
	if n == 1 {
		return errs.RateLimited("Has abierto 1 ticket en la última hora. Inténtalo más tarde.")
	}
	return errs.RateLimited(fmt.Sprintf("Has abierto %d tickets en la última hora. Inténtalo más tarde.", n))
}

// checkFlood refuses a ticket past the member's limits. It runs in the create's
// transaction under a lock on the member, so concurrent creates count each other's
// tickets: N at once leave exactly the limit.
func (s *Service) checkFlood(ctx context.Context, actor *authz.Actor, now time.Time) error {
	maxOpen, maxPerHour := s.s.MaxOpenPerMember, s.s.MaxOpenedPerHour
	if IsStaff(actor) || (maxOpen <= 0 && maxPerHour <= 0) {
		return nil
	}
	if err := s.db.LockKey(ctx, "tickets.author:"+actor.DiscordID); err != nil {
		return err
	}
	if maxOpen > 0 {
		var open int64
		if err := s.db.Conn(ctx).Model(&Ticket{}).
			Where("author_id = ? AND status NOT IN ?", actor.DiscordID, []string{StatusResolved, StatusClosed}).
			Count(&open).Error; err != nil {
			return err
		}
		if open >= int64(maxOpen) {
			return errTooManyOpen(maxOpen)
		}
	}
	if maxPerHour > 0 {
		var recent int64
		if err := s.db.Conn(ctx).Model(&Ticket{}).
			Where("author_id = ? AND created_at > ?", actor.DiscordID, now.Add(-time.Hour)).
			Count(&recent).Error; err != nil {
			return err
		}
		if recent >= int64(maxPerHour) {
			return errTooManyThisHour(maxPerHour)
		}
	}
	return nil
}
