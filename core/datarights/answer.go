package datarights

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"gorm.io/gorm"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/privacy"
	"zocalo/core/validate"
)

// View is a request as the member and the handlers see it.
type View struct {
	ID         uint64     `json:"id"`
	DiscordID  string     `json:"discordId"`
	Kind       string     `json:"kind"`
	Reason     string     `json:"reason"`
	Uses       []string   `json:"uses"`
	State      string     `json:"state"`
	Answer     string     `json:"answer"`
	Kept       []Kept     `json:"kept"`
	FiledAt    time.Time  `json:"filedAt"`
	DueAt      time.Time  `json:"dueAt"`
	AnsweredAt *time.Time `json:"answeredAt"`
	// BusinessDaysLeft counts the business days until the deadline, 0 once it passed or the
	// request was answered.
	BusinessDaysLeft int  `json:"businessDaysLeft"`
	Overdue          bool `json:"overdue"`
}

func (s *Service) view(r Request) View {
	v := View{ID: r.ID, DiscordID: r.DiscordID, Kind: r.Kind, Reason: r.Reason, Uses: []string{}, State: r.State,
		Answer: r.Answer, Kept: []Kept{}, FiledAt: r.FiledAt, DueAt: r.DueAt, AnsweredAt: r.AnsweredAt}
	if r.Uses != "" {
		v.Uses = strings.Split(r.Uses, ",")
	}
	if r.Kept != "" {
		_ = json.Unmarshal([]byte(r.Kept), &v.Kept)
	}
	if r.State == StatePending {
		now := s.now()
		v.Overdue = now.After(r.DueAt)
		if !v.Overdue {
			v.BusinessDaysLeft = s.set.Calendar.BusinessDaysBetween(now, r.DueAt)
		}
	}
	return v
}

// Mine lists the member's requests, newest first.
func (s *Service) Mine(ctx context.Context, actor *authz.Actor) ([]View, error) {
	if actor == nil || actor.DiscordID == "" {
		return nil, errSignIn
	}
	var rows []Request
	if err := s.db.Conn(ctx).Where("discord_id = ?", actor.DiscordID).Order("id DESC").Limit(100).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]View, len(rows))
	for i, r := range rows {
		out[i] = s.view(r)
	}
	return out, nil
}

// Query filters the handlers' list.
type Query struct {
	State string `form:"state"`
	Page  int    `form:"page"`
}

// PageSize is how many requests a page of the handlers' list holds.
const PageSize = 50

// Page is a page of the handlers' list.
type Page struct {
	Items []View `json:"items"`
	Total int64  `json:"total"`
}

// List pages through the requests for the handlers: pending ones by deadline, the nearest first.
func (s *Service) List(ctx context.Context, actor *authz.Actor, q Query) (Page, error) {
	if !s.MayHandle(actor) {
		return Page{}, errHandle
	}
	if q.State != "" && !States.Has(q.State) {
		return Page{}, errs.Invalid("Estado de solicitud desconocido.")
	}
	if q.Page < 1 {
		q.Page = 1
	}
	if q.Page > 10000 {
		return Page{}, errs.Invalid("Página fuera de rango.")
	}
	base := s.db.Conn(ctx).Model(&Request{})
	if q.State != "" {
		base = base.Where("state = ?", q.State)
	}
	var total int64
	if err := base.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return Page{}, err
	}
	order := "id DESC"
	if q.State == StatePending {
		order = "due_at, id"
	}
	var rows []Request
	if err := base.Order(order).Offset((q.Page - 1) * PageSize).Limit(PageSize).Find(&rows).Error; err != nil {
		return Page{}, err
	}
	out := Page{Items: make([]View, len(rows)), Total: total}
	for i, r := range rows {
		out.Items[i] = s.view(r)
	}
	return out, nil
}

// Decision is a handler's answer.
type Decision struct {
	Approve bool   `json:"approve"`
	Answer  string `json:"answer"`
}

// Answer decides a pending request once: the first answer wins, later ones are refused. An
// approved opposition or revocation switches the uses off at once; an approved cancellation
// blocks the member's data now and schedules its suppression. The member gets a DM unless
// they opposed it.
func (s *Service) Answer(ctx context.Context, actor *authz.Actor, id uint64, d Decision) (*View, error) {
	if !s.MayHandle(actor) {
		return nil, errHandle
	}
	answer, ok := validate.Text(d.Answer, MaxAnswer)
	if !ok || !validate.Storable(answer) || utf8.RuneCountInString(answer) < MinReason {
		return nil, errs.Invalid(fmt.Sprintf("Escribe la respuesta para la persona en %d a %d caracteres.", MinReason, MaxAnswer))
	}
	now := s.now()
	var r Request
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		conn := s.db.Conn(ctx)
		if err := s.db.ForUpdate(ctx, conn).Where("id = ?", id).Take(&r).Error; err != nil {
			if db.IsNotFound(err) {
				return errGone
			}
			return err
		}
		if r.State != StatePending {
			return errDone
		}
		before := r.audited()
		r.State, r.Answer, r.HandledBy, r.AnsweredAt, r.Pending = StateRejected, answer, actor.DiscordID, &now, nil
		if d.Approve {
			r.State = StateApproved
			if err := s.apply(ctx, &r, now); err != nil {
				return err
			}
		}
		// The state in the condition makes a second answer, on either engine, change nothing.
		res := conn.Model(&Request{}).Where("id = ? AND state = ?", r.ID, StatePending).
			Updates(map[string]any{"state": r.State, "answer": r.Answer, "kept": r.Kept, "handled_by": r.HandledBy, "answered_at": now, "pending": nil})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return errDone
		}
		if err := audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaPersonal, Action: "request.answer",
			EntityType: "data_request", EntityID: fmt.Sprint(r.ID), Before: before, After: r.audited()}); err != nil {
			return err
		}
		return s.notify(ctx, r)
	})
	if err != nil {
		return nil, err
	}
	v := s.view(r)
	return &v, nil
}

// apply does what an approved request does.
func (s *Service) apply(ctx context.Context, r *Request, now time.Time) error {
	switch r.Kind {
	case KindOpposition, KindRevocation:
		uses := privacy.Uses
		if r.Kind == KindOpposition {
			uses = nil
			for _, u := range strings.Split(r.Uses, ",") {
				uses = append(uses, privacy.Use(u))
			}
		}
		if _, _, err := privacy.Apply(ctx, s.db, r.DiscordID, privacy.Change{Oppose: uses}, now); err != nil {
			return err
		}
		if s.effects == nil {
			return nil
		}
		return s.effects.Opposed(ctx, r.DiscordID, uses)
	case KindCancellation:
		if s.effects == nil {
			return fmt.Errorf("datarights: no effects to block a cancellation with")
		}
		suppressAt := now.AddDate(0, 0, s.set.BlockingDays)
		keeps, err := s.effects.Block(ctx, *r, suppressAt)
		if err != nil {
			return err
		}
		kept, err := json.Marshal(keeps)
		if err != nil {
			return err
		}
		r.Kept = string(kept)
	}
	return nil
}

// notify tells the member their request was answered, unless they opposed those DMs.
func (s *Service) notify(ctx context.Context, r Request) error {
	if s.outbox == nil {
		return nil
	}
	text := fmt.Sprintf("Tu solicitud de %s fue %s: %s\nConsúltala en %s/perfil",
		strings.ToLower(Kinds.Of(r.Kind)), strings.ToLower(States.Of(r.State)), r.Answer, s.set.PublicURL)
	return s.outbox.EnqueueDM(ctx, r.DiscordID, privacy.UseRequestDMs, text)
}

// Requester is whose request a handler reads: a name and whether they said they are a minor.
type Requester struct {
	Name  string `json:"name"`
	Minor bool   `json:"minor"`
}

// Requesters names the members of a page of requests, for the handlers.
func (s *Service) Requesters(ctx context.Context, ids []string) (map[string]Requester, error) {
	out := map[string]Requester{}
	if len(ids) == 0 {
		return out, nil
	}
	type row struct {
		DiscordID  string
		Username   string
		GlobalName string
		Minor      bool
	}
	var rows []row
	// A page's ids (at most PageSize), never a table's.
	err := s.db.Conn(ctx).Table("members").Select("members.discord_id, members.username, members.global_name, COALESCE(privacy_choices.minor, false) AS minor").
		Joins("LEFT JOIN privacy_choices ON privacy_choices.discord_id = members.discord_id").
		Where("members.discord_id IN ?", ids).Scan(&rows).Error
	for _, r := range rows {
		name := r.GlobalName
		if name == "" {
			name = r.Username
		}
		out[r.DiscordID] = Requester{Name: name, Minor: r.Minor}
	}
	return out, err
}
