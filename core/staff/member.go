package staff

import (
	"context"
	"errors"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/members"
)

// MemberNote is a note or a warning as a member's staff record lists it.
type MemberNote struct {
	ID        uint64 `json:"id"`
	Kind      string `json:"kind"` // note or warn
	Text      string `json:"text"`
	Author    string `json:"author"`
	CreatedAt string `json:"createdAt"`
}

// MemberRecord is a staff member's file as directors read it: the record, the hours and
// the notes and warnings, newest first.
type MemberRecord struct {
	UserID        string       `json:"userId"`
	Username      string       `json:"username"`
	Avatar        string       `json:"avatar"`
	HiredAt       *string      `json:"hiredAt"`
	Active        bool         `json:"active"`
	DismissedAt   *string      `json:"dismissedAt"`
	DismissedBy   string       `json:"dismissedBy"`
	DismissReason string       `json:"dismissReason"`
	TotalSeconds  int64        `json:"totalSeconds"`
	WeekSeconds   int64        `json:"weekSeconds"`
	Notes         []MemberNote `json:"notes"`
	Warnings      []MemberNote `json:"warnings"`
	// CanSetHired says whether the reader may correct the hire date (COMITE and RH).
	CanSetHired bool `json:"canSetHired"`
}

// MemberRecord is a staff member's file for directors. A member holding a STAFF-group
// role, or one dismissed from the staff (their record stays), is found; anyone else is not.
func (s *Service) MemberRecord(ctx context.Context, actor *authz.Actor, userID string) (MemberRecord, error) {
	if !Directors(actor) {
		return MemberRecord{}, errNotDirector
	}
	var rec Record
	if err := s.db.Conn(ctx).Where("member_id = ?", userID).Limit(1).Find(&rec).Error; err != nil {
		return MemberRecord{}, err
	}
	m, err := s.staffMember(ctx, userID)
	active := err == nil
	if errors.Is(err, errNotAStaff) && rec.MemberID != "" && rec.Inactive {
		// A former staff member: their file is still theirs to read.
		var former members.Member
		ferr := s.db.Conn(ctx).Where("discord_id = ?", userID).Take(&former).Error
		if db.IsNotFound(ferr) {
			former = members.Member{DiscordID: userID}
		} else if ferr != nil {
			return MemberRecord{}, ferr
		}
		m, err = &former, nil
	}
	if err != nil {
		return MemberRecord{}, err
	}
	out := MemberRecord{UserID: userID, Username: m.Username, Avatar: m.Avatar, Active: active,
		Notes: []MemberNote{}, Warnings: []MemberNote{}, CanSetHired: actor.Can(authz.PanelStaff, authz.Manage)}
	if rec.MemberID != "" {
		hired := rec.HiredAt.UTC().Format(time.RFC3339)
		out.HiredAt = &hired
		if rec.Inactive {
			out.Active = false
			if rec.DismissedAt != nil {
				at := rec.DismissedAt.UTC().Format(time.RFC3339)
				out.DismissedAt = &at
			}
			out.DismissReason = rec.DismissReason
			if rec.DismissedBy != "" {
				var by members.Member
				if err := s.db.Conn(ctx).Where("discord_id = ?", rec.DismissedBy).Limit(1).Find(&by).Error; err != nil {
					return MemberRecord{}, err
				}
				out.DismissedBy = by.Username
				if out.DismissedBy == "" {
					out.DismissedBy = rec.DismissedBy
				}
			}
		}
	}
	totals, err := s.shifts.TotalsFor(ctx, []string{userID})
	if err != nil {
		return MemberRecord{}, err
	}
	t := totals[userID]
	out.TotalSeconds = t.TotalSeconds
	for _, d := range t.Week {
		out.WeekSeconds += d
	}
	var notes []Note
	if err := s.db.Conn(ctx).Where("member_id = ?", userID).Order("created_at DESC, id DESC").Find(&notes).Error; err != nil {
		return MemberRecord{}, err
	}
	for _, n := range notes {
		v := MemberNote{ID: n.ID, Kind: n.Kind, Text: n.Text, Author: n.ActorName, CreatedAt: n.CreatedAt.UTC().Format(time.RFC3339)}
		if n.Kind == KindWarn {
			out.Warnings = append(out.Warnings, v)
		} else {
			out.Notes = append(out.Notes, v)
		}
	}
	return out, nil
}
