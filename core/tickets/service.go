package tickets

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/live"
	"zocalo/core/members"
	"zocalo/core/outbox"
	"zocalo/core/storage"
	"zocalo/core/validate"

	"gorm.io/gorm"
)

// FAQ is an automatic answer given when one of its keywords appears in a new ticket.
type FAQ struct {
	Keywords []string
	Answer   string
}

// Settings configure the service.
type Settings struct {
	Channel        string // the staff tickets channel; one thread per ticket
	PublicURL      string
	AutoCloseAfter time.Duration
	FAQ            []FAQ
	// A member (not staff) may hold MaxOpenPerMember tickets not yet resolved or closed,
	// and open MaxOpenedPerHour in any hour; 0 means no limit.
	MaxOpenPerMember int
	MaxOpenedPerHour int
	// PingRoles names, per category, the Discord role the new-ticket post mentions.
	PingRoles map[string]string
	// PanelChannel is where the bot keeps the panel that opens tickets ("" for none).
	PanelChannel string
	Now          func() time.Time
	Location     *time.Location // the community's zone: the daily figures' days
}

// Service is the support desk.
type Service struct {
	db      *db.DB
	outbox  *outbox.Store
	members *members.Service
	files   storage.Store
	s       Settings
	live    *live.Publisher
}

// NewService builds the support desk.
func NewService(d *db.DB, o *outbox.Store, m *members.Service, files storage.Store, s Settings) *Service {
	if s.AutoCloseAfter <= 0 {
		s.AutoCloseAfter = 72 * time.Hour
	}
	return &Service{db: d, outbox: o, members: m, files: files, s: s}
}

// Messages of the support desk.
var (
	errNotFound     = errs.NotFound("Ticket no encontrado.")
	errTitle        = errs.Invalid("Por favor, ingresa un título para el ticket")
	errCategory     = errs.Invalid("La categoría debe ser " + Categories.Choices() + ".")
	errEmptyReply   = errs.Invalid("Escribe un mensaje o adjunta al menos un archivo.")
	errLongMessage  = errs.Invalid("El mensaje puede tener hasta 4000 caracteres.")
	errClosed       = errs.Conflict("El ticket está cerrado y ya no admite mensajes.")
	errStatus       = errs.Invalid("El estado debe ser " + Statuses.Choices() + ".")
	errPriority     = errs.Invalid("La prioridad debe ser " + Priorities.Choices() + ".")
	errCannotClose  = errs.Forbidden("No tienes permiso para cerrar tickets.")
	errStaffOnly    = errs.Forbidden("Solo el staff puede hacer esto.")
	errNotStaff     = errs.Invalid("La persona asignada debe ser parte del staff.")
	errRating       = errs.Invalid("La calificación debe ser un número del 1 al 5.")
	errRateNotYet   = errs.Conflict("Podrás calificar la atención cuando el ticket esté resuelto o cerrado.")
	errRatedAlready = errs.Conflict("Ya calificaste este ticket.")
	errRateOwnOnly  = errs.Forbidden("Solo quien abrió el ticket puede calificarlo.")
)

// MaxMessage is the longest message, within Discord's limit for the relayed copy.
const MaxMessage = 4000

// IsStaff: support staff read every ticket and answer them (support panel, read; the
// STAFF and ADMIN groups by default).
func IsStaff(a *authz.Actor) bool { return a.Can(authz.PanelSupport, authz.Read) }

// CanHandle: assigning, prioritising and moving tickets (support panel, modify).
func CanHandle(a *authz.Actor) bool { return a.Can(authz.PanelSupport, authz.Modify) }

// CanClose: closing tickets (support panel, manage; SCJN_ADMIN, CONGRESO_ADMIN and
// SoporteTecnico by default).
func CanClose(a *authz.Actor) bool { return a.Can(authz.PanelSupport, authz.Manage) }

// load finds a ticket the actor may read; others learn nothing, not even that it exists.
func (s *Service) load(ctx context.Context, actor *authz.Actor, id string) (*Ticket, error) {
	n, err := strconv.ParseUint(strings.TrimPrefix(id, "#"), 10, 64)
	if err != nil || actor == nil {
		return nil, errNotFound
	}
	var t Ticket
	err = s.db.Conn(ctx).Where("id = ?", n).Take(&t).Error
	if db.IsNotFound(err) {
		return nil, errNotFound
	}
	if err != nil {
		return nil, err
	}
	if !MayRead(actor, t.AuthorID) {
		return nil, errNotFound
	}
	return &t, nil
}

// lock reads the ticket again inside the transaction, locking its row on PostgreSQL
// (SQLite's writer lock already serialises the transaction): the checks that follow see
// what a concurrent change committed, and no other change lands until this one commits.
func (s *Service) lock(ctx context.Context, t *Ticket) error {
	return s.db.ForUpdate(ctx, s.db.Conn(ctx).Where("id = ?", t.ID)).Take(t).Error
}

// CreateInput is a new ticket.
type CreateInput struct {
	Title    string
	Category string
	Message  string
}

// Create opens a ticket with its first message and files, answers it automatically,
// and opens its Discord thread. With an Idempotency-Key a retried create is one ticket;
// a member past their limits (see checkFlood) is refused.
func (s *Service) Create(ctx context.Context, actor *authz.Actor, in CreateInput, files *Uploads) (view View, err error) {
	defer func() {
		if err != nil {
			// Nothing of a refused ticket stays behind.
			files.Discard(ctx)
		}
	}()
	if actor == nil {
		return View{}, errs.ErrNotSignedIn
	}
	title, ok := validate.Text(in.Title, 200)
	if !ok {
		return View{}, errTitle
	}
	category := strings.TrimSpace(in.Category)
	if category == "" {
		category = CategorySupport
	}
	if !Categories.Has(category) {
		return View{}, errCategory
	}
	content, ok := validate.OptionalText(in.Message, MaxMessage)
	if !ok {
		return View{}, errLongMessage
	}
	if err := files.Check(); err != nil {
		return View{}, err
	}
	now := s.s.Now()
	t := Ticket{Title: title, Category: category, Status: StatusOpen, Priority: PriorityMedium,
		AuthorID: actor.DiscordID, AuthorName: actor.Username, CreatedAt: now, UpdatedAt: now, LastMessageAt: now}
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, now); err != nil {
			return err
		}
		if err := s.checkFlood(ctx, actor, now); err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Create(&t).Error; err != nil {
			return err
		}
		if err := s.publishCreated(ctx, &t); err != nil {
			return err
		}
		first, err := s.addMessage(ctx, &t, SenderUser, actor, content, files, now, "")
		if err != nil {
			return err
		}
		ahead, err := s.queueAhead(ctx, t.ID)
		if err != nil {
			return err
		}
		reply := s.assistantReply(t, content, ahead)
		if _, err := s.addMessage(ctx, &t, SenderAI, nil, reply, nil, now, ""); err != nil {
			return err
		}
		ev, err := s.outbox.Enqueue(ctx, KindOpen, s.s.Channel, s.openPayload(t, first))
		if err != nil {
			return err
		}
		t.ThreadEventID = &ev.ID
		// Bookkeeping: the ticket's activity is its creation, a moment ago.
		return s.db.Conn(ctx).Model(&t).UpdateColumn("thread_event_id", ev.ID).Error
	})
	if err != nil {
		return View{}, err
	}
	return s.view(ctx, actor, &t, true)
}

// addMessage stores a message with the batch's files. A nil sender is the assistant.
func (s *Service) addMessage(ctx context.Context, t *Ticket, senderType string, sender *authz.Actor, content string, files *Uploads,
	at time.Time, discordMessageID string) (*Message, error) {
	m := Message{TicketID: t.ID, SenderType: senderType, Content: content, DiscordMessageID: discordMessageID, CreatedAt: at}
	switch {
	case sender != nil:
		m.SenderID, m.SenderName = sender.DiscordID, sender.Username
		if mem, err := s.members.Get(ctx, sender.DiscordID); err == nil && mem != nil {
			m.SenderAvatar = mem.Avatar
		}
	default:
		m.SenderName = "Asistente"
	}
	if err := s.db.Conn(ctx).Omit("Ticket", "Attachments").Create(&m).Error; err != nil {
		return nil, err
	}
	if files != nil {
		for _, f := range files.Files() {
			a := Attachment{MessageID: m.ID, TicketID: t.ID, StorageKey: f.Object.Key, Filename: f.Filename,
				ContentType: f.Object.ContentType, Size: f.Object.Size}
			if err := s.db.Conn(ctx).Create(&a).Error; err != nil {
				return nil, err
			}
			m.Attachments = append(m.Attachments, a)
		}
	}
	return &m, s.publishMessage(ctx, t, &m)
}

// queueAhead counts the tickets waiting on staff that were opened before this one.
func (s *Service) queueAhead(ctx context.Context, id uint64) (int64, error) {
	var n int64
	err := s.db.Conn(ctx).Model(&Ticket{}).
		Where("status IN ? AND id < ?", []string{StatusOpen, StatusWaitingStaff, StatusInProgress}, id).Count(&n).Error
	return n, err
}

// waitEstimate words a wait of some minutes: in minutes below an hour, else in whole hours
// rounded up.
func waitEstimate(minutes int64) string {
	if minutes < 60 {
		return fmt.Sprintf("el tiempo de espera estimado es de unos %d minutos.", minutes)
	}
	if hours := (minutes + 59) / 60; hours > 1 {
		return fmt.Sprintf("el tiempo de espera estimado es de unas %d horas.", hours)
	}
	return "el tiempo de espera estimado es de alrededor de 1 hora."
}

// assistantReply confirms the ticket, estimates the wait and adds matching FAQ answers.
func (s *Service) assistantReply(t Ticket, content string, ahead int64) string {
	wait := 10 + 5*ahead
	var b strings.Builder
	fmt.Fprintf(&b, "¡Hola! Recibimos tu ticket #%d. ", t.ID)
	switch ahead {
	case 0:
		b.WriteString("No hay tickets antes que el tuyo: ")
	case 1:
		b.WriteString("Hay 1 ticket antes que el tuyo: ")
	default:
		fmt.Fprintf(&b, "Hay %d tickets antes que el tuyo: ", ahead)
	}
	b.WriteString(waitEstimate(wait))
	b.WriteString(" Un miembro del staff te responderá aquí.")
	text := normalize(t.Title + " " + content)
	for _, f := range s.s.FAQ {
		for _, k := range f.Keywords {
			if k = normalize(k); k != "" && strings.Contains(text, k) {
				b.WriteString("\n\nMientras tanto, esto podría ayudarte: ")
				b.WriteString(f.Answer)
				break
			}
		}
	}
	return b.String()
}

// normalize lowercases and drops Spanish accents so keywords match as people type.
func normalize(s string) string {
	return strings.NewReplacer("á", "a", "é", "e", "í", "i", "ó", "o", "ú", "u", "ü", "u", "ñ", "n").
		Replace(strings.ToLower(s))
}

// Get returns a ticket with its conversation and marks it read for the actor.
func (s *Service) Get(ctx context.Context, actor *authz.Actor, id string) (View, error) {
	t, err := s.load(ctx, actor, id)
	if err != nil {
		return View{}, err
	}
	if err := s.markRead(ctx, t, actor.DiscordID); err != nil {
		return View{}, err
	}
	return s.view(ctx, actor, t, true)
}

// markRead records that the user has seen the ticket's messages. An open conversation is
// read again every few seconds: when nothing arrived since the last read there is nothing
// to write, which keeps reads from queueing behind the database's writer.
func (s *Service) markRead(ctx context.Context, t *Ticket, userID string) error {
	var seen Read
	err := s.db.Conn(ctx).Where("ticket_id = ? AND user_id = ?", t.ID, userID).Take(&seen).Error
	if err == nil && !seen.SeenAt.Before(t.LastMessageAt) {
		return nil
	}
	if err != nil && !db.IsNotFound(err) {
		return err
	}
	r := Read{TicketID: t.ID, UserID: userID, SeenAt: s.s.Now()}
	return s.db.Conn(ctx).Omit("Ticket").Save(&r).Error
}

// Reply adds a message from the author or staff. The status follows: a user message
// waits on staff (reopening a resolved ticket), a staff message waits on the user.
// With an Idempotency-Key a retried reply is one message.
func (s *Service) Reply(ctx context.Context, actor *authz.Actor, id, content string, files *Uploads) (View, error) {
	t, err := s.load(ctx, actor, id)
	if err != nil {
		files.Discard(ctx)
		return View{}, err
	}
	view, err := s.reply(ctx, t, actor, content, files, threadOrigin{})
	if err != nil {
		files.Discard(ctx)
	}
	return view, err
}

// threadOrigin is where a reply written in the ticket's Discord thread came from: its
// message, and what the bot must answer under it (the files not kept); zero for a reply
// from the portal.
type threadOrigin struct {
	messageID string
	notice    string
	// viaDiscord: a reply a command sent (/respuesta), posted in the thread by the bot.
	viaDiscord bool
}

func (s *Service) reply(ctx context.Context, t *Ticket, actor *authz.Actor, content string, files *Uploads, origin threadOrigin) (View, error) {
	content, ok := validate.OptionalText(content, MaxMessage)
	if !ok {
		return View{}, errLongMessage
	}
	if err := files.Check(); err != nil {
		return View{}, err
	}
	if content == "" && files.Len() == 0 {
		return View{}, errEmptyReply
	}
	if t.Status == StatusClosed {
		return View{}, errClosed
	}
	senderType := SenderUser
	if t.AuthorID != actor.DiscordID {
		senderType = SenderStaff
	}
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		now := s.s.Now()
		if err := idempotency.Claim(ctx, s.db, now); err != nil {
			return err
		}
		// A close that won the race wins; a close that comes after waits for this reply.
		if err := s.lock(ctx, t); err != nil {
			return err
		}
		if t.Status == StatusClosed {
			return errClosed
		}
		m, err := s.addMessage(ctx, t, senderType, actor, content, files, now, origin.messageID)
		if err != nil {
			return err
		}
		if senderType == SenderStaff {
			if err := s.countServed(ctx, t, actor.DiscordID, m.ID); err != nil {
				return err
			}
		}
		next := StatusWaitingStaff
		updates := map[string]any{"last_message_at": now, "updated_at": now}
		if senderType == SenderStaff {
			next = StatusWaitingUser
			updates["last_staff_at"] = now
			updates["first_staff_at"] = gorm.Expr("COALESCE(first_staff_at, ?)", now)
		}
		if t.Status != next {
			if err := s.recordEvent(ctx, t, actor, EventStatus, t.Status, next, now); err != nil {
				return err
			}
			updates["status"] = next
			if t.Status == StatusResolved {
				updates["resolved_at"] = nil
			}
		}
		switch {
		case origin.messageID == "":
			p := PostPayload{Kind: PostMessage, SenderType: senderType, Author: actor.Username, Content: content, Files: filesOf(m)}
			if origin.viaDiscord {
				p.Via = ViaDiscord
			}
			if err := s.post(ctx, t, p); err != nil {
				return err
			}
		case origin.notice != "":
			// A message that came from the thread is already there; the bot answers under
			// it, once, since only the reply that recorded the message gets here.
			if err := s.post(ctx, t, PostPayload{Kind: PostNotice, Content: origin.notice, ReplyTo: origin.messageID}); err != nil {
				return err
			}
		}
		if senderType == SenderStaff {
			if err := s.notifyAuthor(ctx, t, actor.Username); err != nil {
				return err
			}
		}
		// Last, because a status change locks its tally rows until the commit.
		if err := s.db.Conn(ctx).Model(t).Updates(updates).Error; err != nil {
			return err
		}
		if _, changed := updates["status"]; changed {
			return s.editCard(ctx, t)
		}
		return nil
	})
	if err != nil {
		return View{}, err
	}
	return s.view(ctx, actor, t, true)
}

// SetStatus is a staff action; closing is for those who may close. Setting the status
// the ticket has (a double click, two staff closing at once, staff and the auto-close
// job) answers the ticket as it is and changes, audits and posts nothing.
func (s *Service) SetStatus(ctx context.Context, actor *authz.Actor, id, status string) (View, error) {
	t, err := s.load(ctx, actor, id)
	if err != nil {
		return View{}, err
	}
	if !Statuses.Has(status) {
		return View{}, errStatus
	}
	if status == StatusClosed && !CanClose(actor) {
		return View{}, errCannotClose
	}
	if !CanHandle(actor) {
		return View{}, errStaffOnly
	}
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.lock(ctx, t); err != nil {
			return err
		}
		if t.Status == status {
			// A repeat (a double click, two staff at once): the ticket as it is.
			return nil
		}
		now := s.s.Now()
		updates := map[string]any{"status": status, "updated_at": now}
		switch status {
		case StatusResolved:
			updates["resolved_at"] = now
		case StatusClosed:
			updates["closed_at"] = now
			if t.ResolvedAt == nil {
				updates["resolved_at"] = now
			}
		default:
			updates["resolved_at"], updates["closed_at"] = nil, nil
		}
		if err := s.recordEvent(ctx, t, actor, EventStatus, t.Status, status, now); err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Model(t).Updates(updates).Error; err != nil {
			return err
		}
		kind := PostStatus
		if status == StatusClosed {
			kind = PostClose
			if actor.DiscordID != t.AuthorID {
				if err := s.notifyClosed(ctx, t); err != nil {
					return err
				}
			}
		}
		if err := s.post(ctx, t, PostPayload{Kind: kind, Author: actor.Username, Content: StatusLabel(status)}); err != nil {
			return err
		}
		return s.editCard(ctx, t)
	})
	if err != nil {
		return View{}, err
	}
	return s.view(ctx, actor, t, true)
}

// Assign gives the ticket to a staff member (or to nobody, with an empty id). Assigning
// it to whom it already has is a no-op, answered with the ticket as it is.
func (s *Service) Assign(ctx context.Context, actor *authz.Actor, id string, staffID *string) (View, error) {
	t, err := s.load(ctx, actor, id)
	if err != nil {
		return View{}, err
	}
	if !CanHandle(actor) {
		return View{}, errStaffOnly
	}
	var assignee, name string
	if staffID != nil && *staffID != "" {
		a, err := s.members.MemberActor(ctx, *staffID)
		if err != nil || !IsStaff(a) {
			return View{}, errNotStaff
		}
		assignee, name = a.DiscordID, a.Username
	}
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.lock(ctx, t); err != nil {
			return err
		}
		if t.AssigneeID == assignee {
			// Already theirs (or already nobody's): nothing changes.
			return nil
		}
		now := s.s.Now()
		updates := map[string]any{"assignee_id": assignee, "assignee_name": name, "updated_at": now}
		if assignee != "" && (t.Status == StatusOpen || t.Status == StatusWaitingStaff) {
			updates["status"] = StatusInProgress
			if err := s.recordEvent(ctx, t, actor, EventStatus, t.Status, StatusInProgress, now); err != nil {
				return err
			}
		}
		if err := s.recordEvent(ctx, t, actor, EventAssign, t.AssigneeName, name, now); err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Model(t).Updates(updates).Error; err != nil {
			return err
		}
		// An empty name is an un-assignment: the bot words it as such.
		if err := s.post(ctx, t, PostPayload{Kind: PostAssign, Author: actor.Username, Content: name}); err != nil {
			return err
		}
		return s.editCard(ctx, t)
	})
	if err != nil {
		return View{}, err
	}
	return s.view(ctx, actor, t, true)
}

// SetPriority is a staff action. The priority the ticket has is a no-op, answered with
// the ticket as it is.
func (s *Service) SetPriority(ctx context.Context, actor *authz.Actor, id, priority string) (View, error) {
	t, err := s.load(ctx, actor, id)
	if err != nil {
		return View{}, err
	}
	if !CanHandle(actor) {
		return View{}, errStaffOnly
	}
	if !Priorities.Has(priority) {
		return View{}, errPriority
	}
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.lock(ctx, t); err != nil {
			return err
		}
		if t.Priority == priority {
			return nil
		}
		now := s.s.Now()
		if err := s.recordEvent(ctx, t, actor, EventPriority, t.Priority, priority, now); err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Model(t).Updates(map[string]any{"priority": priority, "updated_at": now}).Error; err != nil {
			return err
		}
		if err := s.post(ctx, t, PostPayload{Kind: PostPriority, Author: actor.Username, Content: PriorityLabel(priority)}); err != nil {
			return err
		}
		return s.editCard(ctx, t)
	})
	if err != nil {
		return View{}, err
	}
	return s.view(ctx, actor, t, true)
}

// Rate lets the author rate the support once, when the ticket is resolved or closed; a
// second rating is refused (errRatedAlready).
func (s *Service) Rate(ctx context.Context, actor *authz.Actor, id string, rating int) (View, error) {
	t, err := s.load(ctx, actor, id)
	if err != nil {
		return View{}, err
	}
	if t.AuthorID != actor.DiscordID {
		return View{}, errRateOwnOnly
	}
	if rating < 1 || rating > 5 {
		return View{}, errRating
	}
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		// Checked on the locked row: a rating or a reopening that committed first counts.
		if err := s.lock(ctx, t); err != nil {
			return err
		}
		if t.Rating != nil {
			return errRatedAlready
		}
		if t.Status != StatusResolved && t.Status != StatusClosed {
			return errRateNotYet
		}
		now := s.s.Now()
		if err := s.db.Conn(ctx).Model(t).Updates(map[string]any{"rating": rating, "updated_at": now}).Error; err != nil {
			return err
		}
		t.Rating = &rating
		return s.recordEvent(ctx, t, actor, EventRating, "", strconv.Itoa(rating), now)
	})
	if err != nil {
		return View{}, err
	}
	return s.view(ctx, actor, t, true)
}

func (s *Service) recordEvent(ctx context.Context, t *Ticket, actor *authz.Actor, kind, before, after string, at time.Time) error {
	e := Event{TicketID: t.ID, Kind: kind, Before: before, After: after, CreatedAt: at}
	if actor != nil {
		e.ActorID, e.ActorName = actor.DiscordID, actor.Username
	}
	if err := s.db.Conn(ctx).Omit("Ticket").Create(&e).Error; err != nil {
		return err
	}
	// The ticket's own timeline above is for its readers; the audit log is the portal's.
	c := audit.Change{Actor: actor, Area: audit.AreaTickets, Action: kind, EntityType: "ticket", EntityID: t.ID,
		Before: map[string]string{kind: before}, After: map[string]string{kind: after}}
	if actor == nil {
		c.ActorName = "sistema"
	}
	if err := s.publishUpdated(ctx, t, kind, after); err != nil {
		return err
	}
	return audit.Write(ctx, s.db, at, c)
}

// AutoClose closes resolved tickets that have had no message for the configured time.
func (s *Service) AutoClose(ctx context.Context) (int, error) {
	cutoff := s.s.Now().Add(-s.s.AutoCloseAfter)
	var due []Ticket
	if err := s.db.Conn(ctx).Where("status = ? AND last_message_at < ? AND resolved_at < ?", StatusResolved, cutoff, cutoff).
		Find(&due).Error; err != nil {
		return 0, err
	}
	closed := 0
	for i := range due {
		t := &due[i]
		err := s.db.InTx(ctx, func(ctx context.Context) error {
			now := s.s.Now()
			// The conditions again, in the statement: a ticket closed by staff, answered or
			// resolved anew since the list was read is left alone.
			res := s.db.Conn(ctx).Model(&Ticket{}).
				Where("id = ? AND status = ? AND last_message_at < ? AND resolved_at < ?", t.ID, StatusResolved, cutoff, cutoff).
				Updates(map[string]any{"status": StatusClosed, "closed_at": now, "updated_at": now})
			if res.Error != nil || res.RowsAffected == 0 {
				return res.Error
			}
			closed++
			if err := s.recordEvent(ctx, t, nil, EventStatus, StatusResolved, StatusClosed, now); err != nil {
				return err
			}
			if err := s.notifyClosed(ctx, t); err != nil {
				return err
			}
			if err := s.post(ctx, t, PostPayload{Kind: PostClose, Author: "Cierre automático", Content: StatusLabel(StatusClosed)}); err != nil {
				return err
			}
			return s.editCard(ctx, t)
		})
		if err != nil {
			return closed, err
		}
	}
	return closed, nil
}

// AttachmentFile finds a file of a ticket the actor may read.
func (s *Service) AttachmentFile(ctx context.Context, actor *authz.Actor, ticketID, attachmentID string) (Attachment, error) {
	t, err := s.load(ctx, actor, ticketID)
	if err != nil {
		return Attachment{}, err
	}
	n, err := strconv.ParseUint(attachmentID, 10, 64)
	if err != nil {
		return Attachment{}, errNotFound
	}
	var a Attachment
	err = s.db.Conn(ctx).Where("id = ? AND ticket_id = ?", n, t.ID).Take(&a).Error
	if db.IsNotFound(err) {
		return Attachment{}, errNotFound
	}
	return a, err
}
