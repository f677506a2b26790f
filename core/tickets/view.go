package tickets

import (
	"context"
	"math"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
)

// Assignee is who a ticket is assigned to.
type Assignee struct {
	StaffID       string `json:"staffId"`
	StaffUsername string `json:"staffUsername"`
}

// FileView is an attachment as the API shows it.
type FileView struct {
	URL         string `json:"url"`
	Filename    string `json:"filename"`
	ContentType string `json:"contentType"`
}

// MessageView is a message as the API shows it.
type MessageView struct {
	SenderType   string     `json:"senderType"`
	SenderName   string     `json:"senderName"`
	SenderAvatar string     `json:"senderAvatar"`
	SenderID     string     `json:"senderId"`
	Content      string     `json:"content"`
	Attachments  []FileView `json:"attachments"`
	CreatedAt    time.Time  `json:"createdAt"`
}

// View is a ticket as the API shows it, with what the caller may do with it.
type View struct {
	TicketID   string        `json:"ticketId"`
	Title      string        `json:"title"`
	Category   string        `json:"category"`
	Status     string        `json:"status"`
	Priority   string        `json:"priority"`
	AssignedTo *Assignee     `json:"assignedTo"`
	Author     Assignee      `json:"author"`
	Rating     *int          `json:"rating"`
	CreatedAt  time.Time     `json:"createdAt"`
	UpdatedAt  time.Time     `json:"updatedAt"`
	Messages   []MessageView `json:"messages,omitempty"`
	// Notes are staff's private notes, present only for those who may read them.
	Notes      []NoteView `json:"notes,omitempty"`
	CanClose   bool       `json:"canClose"`
	CanRate    bool       `json:"canRate"`
	CanManage  bool       `json:"canManage"`
	CanAddNote bool       `json:"canAddNote"`
	// Unread marks, in a list, the caller's own tickets with staff messages they have not
	// seen (the ones the unread badge counts).
	Unread bool `json:"unread"`
}

func (s *Service) view(ctx context.Context, actor *authz.Actor, t *Ticket, withMessages bool) (View, error) {
	blocked, err := s.blocked(ctx)
	if err != nil {
		return View{}, err
	}
	masked := *t
	t = &masked
	maskTicket(t, blocked)
	v := View{
		TicketID: t.PublicID(), Title: t.Title, Category: t.Category, Status: t.Status, Priority: t.Priority,
		Author: Assignee{StaffID: t.AuthorID, StaffUsername: t.AuthorName}, Rating: t.Rating,
		CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt,
		CanClose:   CanClose(actor) && t.Status != StatusClosed,
		CanManage:  CanHandle(actor),
		CanAddNote: MayReadNotes(actor, t.AuthorID) && t.Status != StatusClosed,
		CanRate:    actor != nil && actor.DiscordID == t.AuthorID && t.Rating == nil && (t.Status == StatusResolved || t.Status == StatusClosed),
	}
	if t.AssigneeID != "" {
		v.AssignedTo = &Assignee{StaffID: t.AssigneeID, StaffUsername: t.AssigneeName}
	}
	if !withMessages {
		return v, nil
	}
	var msgs []Message
	if err := s.db.Conn(ctx).Where("ticket_id = ?", t.ID).Order("created_at, id").Find(&msgs).Error; err != nil {
		return View{}, err
	}
	// The ticket's files in one statement by ticket, rather than by the list of its
	// messages' ids.
	var atts []Attachment
	if err := s.db.Conn(ctx).Where("ticket_id = ?", t.ID).Order("id").Find(&atts).Error; err != nil {
		return View{}, err
	}
	byMessage := map[uint64][]Attachment{}
	for _, a := range atts {
		byMessage[a.MessageID] = append(byMessage[a.MessageID], a)
	}
	maskMessages(msgs, blocked)
	v.Messages = make([]MessageView, len(msgs))
	for i, m := range msgs {
		if blocked[m.SenderID] {
			byMessage[m.ID] = nil
		}
		v.Messages[i] = MessageView{SenderType: m.SenderType, SenderName: m.SenderName, SenderAvatar: m.SenderAvatar,
			SenderID: m.SenderID, Content: m.Content, CreatedAt: m.CreatedAt, Attachments: fileViews(t.ID, byMessage[m.ID])}
	}
	if MayReadNotes(actor, t.AuthorID) {
		notes, err := s.notesOf(ctx, t.ID)
		if err != nil {
			return View{}, err
		}
		v.Notes = make([]NoteView, len(notes))
		for i, n := range notes {
			v.Notes[i] = noteView(n)
		}
	}
	return v, nil
}

func fileViews(ticketID uint64, atts []Attachment) []FileView {
	out := make([]FileView, len(atts))
	for i, a := range atts {
		out[i] = FileView{URL: AttachmentURL(ticketID, a.ID), Filename: a.Filename, ContentType: a.ContentType}
	}
	return out
}

// AttachmentURL is where the API serves an attachment.
func AttachmentURL(ticketID, attachmentID uint64) string {
	return "/api/tickets/" + strconv.FormatUint(ticketID, 10) + "/attachments/" + strconv.FormatUint(attachmentID, 10)
}

// ListQuery filters and pages the ticket list.
type ListQuery struct {
	Page     int // 1-based
	Limit    int
	Statuses []string
	Priority string
	Category string
	Search   string
}

// ListResult is one page and the total that matched. A search or a filter counts its
// matches up to MaxCountedSearch or MaxCounted (or to the end of the page asked for, when further): past that,
// TotalCapped says there are more than Total.
type ListResult struct {
	Tickets     []View `json:"tickets"`
	Total       int64  `json:"total"`
	TotalCapped bool   `json:"totalCapped"`
}

// MaxCounted is how many matches of a filter the list counts at most, and MaxCountedSearch
// of a search: a search's count reads each match's word list, where a filter's reads an
// index, so it stops sooner ("1-10 de 200+").
const (
	MaxCounted       = 1000
	MaxCountedSearch = 200
)

// List pages through tickets, newest activity first: the caller's own, or every ticket
// for staff.
func (s *Service) List(ctx context.Context, actor *authz.Actor, q ListQuery) (ListResult, error) {
	if actor == nil {
		return ListResult{}, errs.ErrNotSignedIn
	}
	if q.Page < 1 || q.Limit < 1 || q.Limit > 100 {
		return ListResult{}, errs.ErrPage
	}
	// filtered narrows tickets, or with `from` a derived table of them, to the query.
	filtered := func(conn *gorm.DB, from ...string) *gorm.DB {
		q2 := conn.Model(&Ticket{})
		if len(from) > 0 {
			q2 = conn.Table(from[0])
		}
		if !IsStaff(actor) {
			q2 = q2.Where("author_id = ?", actor.DiscordID)
		}
		if len(q.Statuses) > 0 {
			q2 = q2.Where("status IN ?", q.Statuses)
		}
		if q.Priority != "" {
			q2 = q2.Where("priority = ?", q.Priority)
		}
		if q.Category != "" {
			q2 = q2.Where("category = ?", q.Category)
		}
		if term := strings.TrimSpace(q.Search); term != "" {
			q2 = s.searching(q2, term)
		}
		return q2
	}
	page := func(q2 *gorm.DB) *gorm.DB {
		return q2.Order("updated_at DESC, id DESC").Limit(q.Limit).Offset((q.Page - 1) * q.Limit)
	}
	var rows []Ticket
	var total int64
	capped := false
	if IsStaff(actor) && q.Priority == "" && q.Category == "" && strings.TrimSpace(q.Search) == "" {
		// Staff's usual view, all tickets or some statuses: the tallies have the total.
		if err := s.tallied(ctx, q.Statuses).Select("COALESCE(SUM(tickets), 0)").Scan(&total).Error; err != nil {
			return ListResult{}, err
		}
		if err := page(filtered(s.db.Conn(ctx))).Find(&rows).Error; err != nil {
			return ListResult{}, err
		}
	} else {
		// A search or a filter counts its matches only up to a bound (how many tickets say
		// "multa" is not worth reading them all), then reads its page. How many a search or
		// a filter matches decides between an index and a walk by date, so these are planned
		// for their values.
		conn := s.db.ConnPlannedPerCall(ctx)
		matching := func(from ...string) *gorm.DB { return filtered(conn, from...) }
		search := strings.TrimSpace(q.Search) != ""
		most := MaxCounted
		if search {
			most = MaxCountedSearch
		}
		bound := max(most, (q.Page-1)*q.Limit+q.Limit)
		var walk bool
		var err error
		if total, capped, walk, err = s.searchCount(matching, search, bound); err != nil {
			return ListResult{}, err
		}
		listed := filtered(conn)
		if walk {
			listed = filtered(conn, s.newestFirst())
		}
		if err := page(listed).Find(&rows).Error; err != nil {
			return ListResult{}, err
		}
	}
	out := ListResult{Tickets: make([]View, len(rows)), Total: total, TotalCapped: capped}
	for i := range rows {
		v, _ := s.view(ctx, actor, &rows[i], false)
		out.Tickets[i] = v
	}
	return out, s.markUnread(ctx, actor, rows, out.Tickets)
}

// Stats are the support figures of the staff panel.
type Stats struct {
	ByStatus       map[string]int64 `json:"byStatus"`
	Total          int64            `json:"total"`
	ResolutionTime struct {
		Average float64 `json:"average"` // hours from opening to resolution
	} `json:"resolutionTime"`
	Satisfaction struct {
		Average float64 `json:"average"` // out of 5
		Count   int64   `json:"count"`
	} `json:"satisfaction"`
}

// Summary computes the support figures; staff only.
func (s *Service) Summary(ctx context.Context, actor *authz.Actor) (Stats, error) {
	var st Stats
	if !IsStaff(actor) {
		return st, errStaffOnly
	}
	st.ByStatus = map[string]int64{}
	for _, status := range AllStatuses {
		st.ByStatus[status] = 0
	}
	var rows []Tally
	if err := s.tallied(ctx, nil).Select("status, SUM(tickets) AS tickets, SUM(rated) AS rated, SUM(rating_sum) AS rating_sum, " +
		"SUM(resolved) AS resolved, SUM(resolution_seconds) AS resolution_seconds").Group("status").Find(&rows).Error; err != nil {
		return st, err
	}
	var rated, ratingSum, resolvedN, seconds int64
	for _, r := range rows {
		st.ByStatus[r.Status] = r.Tickets
		st.Total += r.Tickets
		rated += r.Rated
		ratingSum += r.RatingSum
		resolvedN += r.Resolved
		seconds += r.ResolutionSeconds
	}
	if resolvedN > 0 {
		st.ResolutionTime.Average = round2(float64(seconds) / 3600 / float64(resolvedN))
	}
	if rated > 0 {
		st.Satisfaction.Average = round2(float64(ratingSum) / float64(rated))
		st.Satisfaction.Count = rated
	}
	return st, nil
}

// tallied reads the tallies of the given statuses, or of all.
func (s *Service) tallied(ctx context.Context, statuses []string) *gorm.DB {
	q := s.db.Conn(ctx).Model(&Tally{})
	if len(statuses) > 0 {
		q = q.Where("status IN ?", statuses)
	}
	return q
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// Served counts, for a staff member and a player, the player's tickets the member answered.
// A member's figures read their own rows; the reply that is a member's first on a ticket
// adds one, in its transaction (countServed).
type Served struct {
	MemberID string `gorm:"primaryKey;size:32"`
	AuthorID string `gorm:"primaryKey;size:32"`
	Tickets  int64  `gorm:"not null;default:0"`
}

// TableName keeps the table's name explicit.
func (Served) TableName() string { return "ticket_staff_served" }

// countServed counts a staff reply: a ticket more for the member and its author, when it is
// the member's first reply on it. The ticket is locked, so two replies of one member to it
// count once.
func (s *Service) countServed(ctx context.Context, t *Ticket, memberID string, messageID uint64) error {
	var earlier []uint64
	if err := s.db.Conn(ctx).Model(&Message{}).Where("sender_type = '"+SenderStaff+"' AND sender_id = ? AND ticket_id = ? AND id <> ?",
		memberID, t.ID, messageID).Limit(1).Pluck("id", &earlier).Error; err != nil || len(earlier) > 0 {
		return err
	}
	return s.db.Conn(ctx).Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "member_id"}, {Name: "author_id"}},
		DoUpdates: clause.Assignments(map[string]any{"tickets": gorm.Expr("ticket_staff_served.tickets + 1")})}).
		Create(&Served{MemberID: memberID, AuthorID: t.AuthorID, Tickets: 1}).Error
}

// RecountServed computes every member's served counts from the replies, for data written
// without the service (a demo's or a benchmark's seed).
func RecountServed(ctx context.Context, d *db.DB) error {
	return d.InTx(ctx, func(ctx context.Context) error {
		if err := d.Conn(ctx).Where("1 = 1").Delete(&Served{}).Error; err != nil {
			return err
		}
		return d.Conn(ctx).Exec(`INSERT INTO ticket_staff_served (member_id, author_id, tickets)
			SELECT m.sender_id, t.author_id, COUNT(DISTINCT m.ticket_id)
			FROM ticket_messages m JOIN tickets t ON t.id = m.ticket_id
			WHERE m.sender_type = '` + SenderStaff + `' AND m.sender_id <> ''
			GROUP BY m.sender_id, t.author_id`).Error
	})
}

// StaffFigures counts the tickets a member answered, the distinct people they served and
// the average rating of the tickets assigned to them.
func (s *Service) StaffFigures(ctx context.Context, memberID string) (int64, int64, float64, error) {
	var answered struct {
		Tickets int64
		People  int64
	}
	if err := s.db.Conn(ctx).Model(&Served{}).Select("COALESCE(SUM(tickets), 0) AS tickets, COUNT(*) AS people").
		Where("member_id = ? AND tickets > 0", memberID).Scan(&answered).Error; err != nil {
		return 0, 0, 0, err
	}
	var rating struct {
		Sum   int64
		Count int64
	}
	if err := s.db.Conn(ctx).Model(&Ticket{}).Select("COALESCE(SUM(rating), 0) AS sum, COUNT(rating) AS count").
		Where("assignee_id = ? AND rating IS NOT NULL", memberID).Scan(&rating).Error; err != nil {
		return 0, 0, 0, err
	}
	avg := 0.0
	if rating.Count > 0 {
		avg = float64(rating.Sum) / float64(rating.Count)
	}
	return answered.Tickets, answered.People, avg, nil
}

// ActiveOf lists the caller's own tickets still in progress (not resolved or closed),
// newest activity first, whoever the caller is: the player profile shows them.
func (s *Service) ActiveOf(ctx context.Context, actor *authz.Actor, limit int) ([]View, error) {
	if actor == nil {
		return nil, errs.ErrNotSignedIn
	}
	var rows []Ticket
	if err := s.db.Conn(ctx).Where("author_id = ?", actor.DiscordID).Where("status NOT IN ?", []string{StatusResolved, StatusClosed}).
		Order("updated_at DESC, id DESC").Limit(limit).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]View, len(rows))
	for i := range rows {
		out[i], _ = s.view(ctx, actor, &rows[i], false)
	}
	return out, nil
}
