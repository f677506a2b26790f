package tickets

import (
	"context"
	"strconv"
	"strings"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/validate"
)

// CannedReply is a reply support staff keep ready ("Respuestas predefinidas"), picked in
// the web composer or sent with /respuesta in a ticket's thread.
type CannedReply struct {
	ID   uint64 `gorm:"primaryKey;autoIncrement"`
	Name string `gorm:"size:60;not null"`
	// NameKey is the name in lower case: two replies cannot share a name, whatever its case.
	NameKey   string    `gorm:"size:60;not null;uniqueIndex:idx_ticket_canned_replies_name_key"`
	Content   string    `gorm:"type:text;not null"`
	CreatedAt time.Time `gorm:"not null"`
	UpdatedAt time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (CannedReply) TableName() string { return "ticket_canned_replies" }

// MaxCannedName is the longest name of a canned reply (a Discord choice's name is at most 100).
const MaxCannedName = 60

// CannedView is a canned reply as the API shows it.
type CannedView struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Content string `json:"content"`
}

// CannedInput is a canned reply to create or the new state of one.
type CannedInput struct {
	Name    string
	Content string
}

var (
	errCannedName     = errs.Invalid("El nombre de la respuesta es obligatorio (hasta 60 caracteres).")
	errCannedContent  = errs.Invalid("El texto de la respuesta es obligatorio (hasta 4000 caracteres).")
	errCannedTaken    = errs.Conflict("Ya hay una respuesta predefinida con ese nombre.")
	errCannedNotFound = errs.NotFound("No existe esa respuesta predefinida.")
	errCannedManage   = errs.Forbidden("No tienes permiso para administrar las respuestas predefinidas.")
)

// MayManageCanned: creating, editing and deleting canned replies (support panel, manage).
func MayManageCanned(a *authz.Actor) bool { return a.Can(authz.PanelSupport, authz.Manage) }

func cannedView(c CannedReply) CannedView {
	return CannedView{ID: strconv.FormatUint(c.ID, 10), Name: c.Name, Content: c.Content}
}

func cannedKey(name string) string { return strings.ToLower(name) }

func checkCanned(in CannedInput) (CannedInput, error) {
	name, ok := validate.Text(in.Name, MaxCannedName)
	if !ok {
		return in, errCannedName
	}
	content, ok := validate.Text(in.Content, MaxMessage)
	if !ok {
		return in, errCannedContent
	}
	return CannedInput{Name: name, Content: content}, nil
}

// CannedReplies lists the canned replies by name, for support staff; search, when given,
// keeps those whose name holds it (any case), the first 25 (Discord's autocomplete).
func (s *Service) CannedReplies(ctx context.Context, actor *authz.Actor, search string) ([]CannedView, error) {
	if !IsStaff(actor) {
		return nil, errStaffOnly
	}
	q := s.db.Conn(ctx).Order("name_key, id")
	if term := strings.TrimSpace(search); term != "" {
		like := "%" + strings.NewReplacer("\\", "\\\\", "%", "\\%", "_", "\\_").Replace(cannedKey(term)) + "%"
		q = q.Where("name_key LIKE ? ESCAPE '\\'", like).Limit(25)
	}
	var rows []CannedReply
	if err := q.Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]CannedView, len(rows))
	for i, c := range rows {
		out[i] = cannedView(c)
	}
	return out, nil
}

// CreateCanned adds a canned reply. With an idempotency key a retried create is one
// reply; a name already used (any case) is refused.
func (s *Service) CreateCanned(ctx context.Context, actor *authz.Actor, in CannedInput) (CannedView, error) {
	if !MayManageCanned(actor) {
		return CannedView{}, errCannedManage
	}
	in, err := checkCanned(in)
	if err != nil {
		return CannedView{}, err
	}
	now := s.s.Now()
	c := CannedReply{Name: in.Name, NameKey: cannedKey(in.Name), Content: in.Content, CreatedAt: now, UpdatedAt: now}
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, now); err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Create(&c).Error; err != nil {
			return err
		}
		return audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaTickets, Action: "canned.create",
			EntityType: "canned_reply", EntityID: c.ID, After: cannedView(c)})
	})
	if db.IsUniqueViolation(err) {
		return CannedView{}, errCannedTaken
	}
	if err != nil {
		return CannedView{}, err
	}
	return cannedView(c), nil
}

// UpdateCanned changes a canned reply; the same name and text change and audit nothing.
func (s *Service) UpdateCanned(ctx context.Context, actor *authz.Actor, id string, in CannedInput) (CannedView, error) {
	if !MayManageCanned(actor) {
		return CannedView{}, errCannedManage
	}
	n, ok := validate.ID(id)
	if !ok {
		return CannedView{}, errCannedNotFound
	}
	in, err := checkCanned(in)
	if err != nil {
		return CannedView{}, err
	}
	var c CannedReply
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		err := s.db.ForUpdate(ctx, s.db.Conn(ctx).Where("id = ?", n)).Take(&c).Error
		if db.IsNotFound(err) {
			return errCannedNotFound
		}
		if err != nil {
			return err
		}
		if c.Name == in.Name && c.Content == in.Content {
			return nil
		}
		before := cannedView(c)
		now := s.s.Now()
		c.Name, c.NameKey, c.Content, c.UpdatedAt = in.Name, cannedKey(in.Name), in.Content, now
		if err := s.db.Conn(ctx).Model(&CannedReply{}).Where("id = ?", c.ID).
			Updates(map[string]any{"name": c.Name, "name_key": c.NameKey, "content": c.Content, "updated_at": now}).Error; err != nil {
			return err
		}
		return audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaTickets, Action: "canned.update",
			EntityType: "canned_reply", EntityID: c.ID, Before: before, After: cannedView(c)})
	})
	if db.IsUniqueViolation(err) {
		return CannedView{}, errCannedTaken
	}
	if err != nil {
		return CannedView{}, err
	}
	return cannedView(c), nil
}

// DeleteCanned removes a canned reply; a second delete finds nothing (404).
func (s *Service) DeleteCanned(ctx context.Context, actor *authz.Actor, id string) error {
	if !MayManageCanned(actor) {
		return errCannedManage
	}
	n, ok := validate.ID(id)
	if !ok {
		return errCannedNotFound
	}
	return s.db.InTx(ctx, func(ctx context.Context) error {
		var c CannedReply
		err := s.db.ForUpdate(ctx, s.db.Conn(ctx).Where("id = ?", n)).Take(&c).Error
		if db.IsNotFound(err) {
			return errCannedNotFound
		}
		if err != nil {
			return err
		}
		res := s.db.Conn(ctx).Where("id = ?", c.ID).Delete(&CannedReply{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return errCannedNotFound
		}
		return audit.Write(ctx, s.db, s.s.Now(), audit.Change{Actor: actor, Area: audit.AreaTickets, Action: "canned.delete",
			EntityType: "canned_reply", EntityID: c.ID, Before: cannedView(c)})
	})
}

// SendCannedInThread answers the ticket whose Discord thread is threadID with the canned
// reply of that name (any case), as a staff reply from the portal would (/respuesta). The
// interaction's id, claimed as its idempotency key, makes it one message however often
// Discord delivers it.
func (s *Service) SendCannedInThread(ctx context.Context, actor *authz.Actor, threadID, name string) (View, error) {
	t, err := s.ticketOfThread(ctx, actor, threadID)
	if err != nil {
		return View{}, err
	}
	if !IsStaff(actor) || actor.DiscordID == t.AuthorID {
		return View{}, errStaffOnly
	}
	var c CannedReply
	err = s.db.Conn(ctx).Where("name_key = ?", cannedKey(strings.TrimSpace(name))).Take(&c).Error
	if db.IsNotFound(err) {
		return View{}, errCannedNotFound
	}
	if err != nil {
		return View{}, err
	}
	return s.reply(ctx, t, actor, c.Content, nil, threadOrigin{viaDiscord: true})
}
