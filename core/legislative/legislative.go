// Package legislative is the SCJN's and the Congreso's business: initiatives, their votes
// and each body's agenda. Voting is a seat, not a permission: only the body's legislators
// vote, once each, which a unique index enforces.
package legislative

import (
	"context"
	"fmt"
	"strings"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/live"
	"zocalo/core/outbox"
	"zocalo/core/privacy"
	"zocalo/core/validate"
)

// Bodies.
const (
	BodySCJN     = "SCJN"
	BodyCongreso = "Congreso"
)

// Statuses of an initiative.
const (
	StatusPending  = "pending"
	StatusVoting   = "voting"
	StatusApproved = "approved"
	StatusRejected = "rejected"
	// StatusWithdrawn is an initiative its body took back: it keeps its votes and any
	// result, and takes no more votes. The specification has no such status.
	StatusWithdrawn = "withdrawn"
)

// Choices of a vote.
const (
	VoteInFavor    = "infavor"
	VoteAgainst    = "against"
	VoteAbstention = "abstention"
)

// Timeline events.
const (
	EventCreated       = "created"
	EventVotingOpened  = "voting_opened"
	EventVotingStopped = "voting_stopped"
	EventClosed        = "closed"
	EventWithdrawn     = "withdrawn"
)

// Initiative is a bill before a body.
type Initiative struct {
	ID            uint64     `gorm:"primaryKey;autoIncrement"`
	Body          string     `gorm:"size:10;not null;index:idx_initiatives_body_created,priority:1"`
	Title         string     `gorm:"size:200;not null"`
	Summary       string     `gorm:"type:text;not null"`
	Status        string     `gorm:"size:10;not null;default:'pending';index:idx_initiatives_status_end,priority:1"`
	VotingEnabled bool       `gorm:"not null;default:false"`
	VotingEndDate *time.Time `gorm:"index:idx_initiatives_status_end,priority:2"`
	CreatedBy     string     `gorm:"size:32;not null"`
	CreatedByName string     `gorm:"size:100;not null;default:''"`
	CreatedAt     time.Time  `gorm:"not null;index:idx_initiatives_body_created,priority:2"`
	UpdatedAt     time.Time  `gorm:"not null"`
	// Result is the closed vote's outcome (approved or rejected), kept when the initiative
	// is withdrawn; nil while no vote has closed.
	Result *string `gorm:"size:10"`
	// The counts are kept by database triggers on the votes; Go only reads them.
	VotesInFavor    int64 `gorm:"->;not null;default:0"`
	VotesAgainst    int64 `gorm:"->;not null;default:0"`
	VotesAbstention int64 `gorm:"->;not null;default:0"`
	// BallotEventID is the outbox event of the post that carries the vote's buttons in the
	// legislative channel; nil when the vote was never opened there.
	BallotEventID *uint64 `gorm:""`
}

// TableName keeps the table's name explicit.
func (Initiative) TableName() string { return "initiatives" }

// Vote is one legislator's vote on an initiative.
type Vote struct {
	ID           uint64     `gorm:"primaryKey;autoIncrement"`
	InitiativeID uint64     `gorm:"not null;uniqueIndex:idx_votes_one_per_member,priority:1;index:idx_initiative_votes_tally,priority:1;index:idx_initiative_votes_member,priority:2"`
	Initiative   Initiative `gorm:"foreignKey:InitiativeID;constraint:OnDelete:CASCADE"`
	MemberID     string     `gorm:"size:32;not null;uniqueIndex:idx_votes_one_per_member,priority:2;index:idx_initiative_votes_member,priority:1"`
	MemberName   string     `gorm:"size:100;not null;default:''"`
	Choice       string     `gorm:"size:10;not null;index:idx_initiative_votes_tally,priority:2;index:idx_initiative_votes_member,priority:3"`
	CreatedAt    time.Time  `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Vote) TableName() string { return "initiative_votes" }

// Event is a step of an initiative's timeline.
type Event struct {
	ID           uint64     `gorm:"primaryKey;autoIncrement"`
	InitiativeID uint64     `gorm:"not null;index:idx_initiative_events_initiative_id"`
	Initiative   Initiative `gorm:"foreignKey:InitiativeID;constraint:OnDelete:CASCADE"`
	Kind         string     `gorm:"size:20;not null"`
	Detail       string     `gorm:"type:text;not null;default:''"`
	ActorName    string     `gorm:"size:100;not null;default:''"`
	CreatedAt    time.Time  `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Event) TableName() string { return "initiative_events" }

// Counts are an initiative's votes.
type Counts struct {
	InFavor    int64 `json:"infavor"`
	Against    int64 `json:"against"`
	Abstention int64 `json:"abstention"`
}

// Total is every vote cast, abstentions included (they count for the quorum).
func (c Counts) Total() int64 { return c.InFavor + c.Against + c.Abstention }

// View is an initiative as the caller sees it (spec §3, plus what the caller may do).
type View struct {
	ID            uint64     `json:"_id"`
	Title         string     `json:"title"`
	Summary       string     `json:"summary"`
	Type          string     `json:"type"`
	Status        string     `json:"status"`
	Result        *string    `json:"result"`
	Votes         Counts     `json:"votes"`
	VotingEnabled bool       `json:"votingEnabled"`
	VotingEndDate *time.Time `json:"votingEndDate"`
	VotingOpen    bool       `json:"votingOpen"`
	UserVoted     bool       `json:"userVoted"`
	UserVoteType  *string    `json:"userVoteType"`
	CanVote       bool       `json:"canVote"`
	// MayDelete and MayWithdraw tell the caller what the server would allow: an admin may
	// delete an initiative nobody has voted on, and withdraw one not withdrawn yet.
	MayDelete   bool      `json:"mayDelete"`
	MayWithdraw bool      `json:"mayWithdraw"`
	CreatedBy   string    `json:"createdBy"`
	CreatedAt   time.Time `json:"createdAt"`
}

// MemberVote is who voted what; only admins see it.
type MemberVote struct {
	MemberID   string    `json:"memberId"`
	MemberName string    `json:"memberName"`
	VoteType   string    `json:"voteType"`
	At         time.Time `json:"at"`
}

// TimelineEntry is a step of the record.
type TimelineEntry struct {
	Kind   string    `json:"kind"`
	Detail string    `json:"detail"`
	Actor  string    `json:"actor"`
	At     time.Time `json:"at"`
}

// Record is an initiative's page: the initiative, its timeline and, for admins, the votes.
type Record struct {
	Initiative View            `json:"initiative"`
	Timeline   []TimelineEntry `json:"timeline"`
	Votes      []MemberVote    `json:"votes,omitempty"`
}

// Settings configure the service.
type Settings struct {
	Channel   string           // the legislative channel; empty: nothing is announced
	Quorum    map[string]int64 // per body, the votes (abstentions included) a result needs
	PublicURL string
	Location  *time.Location
	Now       func() time.Time
	// Roles maps role names to Discord ids, to find a body's seat holders for reminders.
	Roles authz.RoleIDs
}

// Service runs both bodies.
type Service struct {
	db     *db.DB
	outbox *outbox.Store
	set    Settings
	lists  *bodyLists
	live   *live.Publisher
}

// NewService builds the service.
func NewService(d *db.DB, o *outbox.Store, set Settings) *Service {
	if set.Location == nil {
		set.Location = time.UTC
	}
	return &Service{db: d, outbox: o, set: set, lists: newBodyLists()}
}

var (
	errRead       = errs.Forbidden("El sistema legislativo es para los miembros del poder legislativo y judicial.")
	errAdmin      = errs.Forbidden("Solo la administración de la SCJN y del Congreso puede hacer esto.")
	errBody       = errs.Invalid("El tipo debe ser SCJN o Congreso.")
	errTitle      = errs.Invalid("El título es obligatorio (máximo 200 caracteres).")
	errSummary    = errs.Invalid("El resumen es obligatorio (máximo 10 000 caracteres).")
	errNotFound   = errs.NotFound("No existe esa iniciativa.")
	errNoAgenda   = errs.NotFound("No existe ese punto de la orden del día.")
	errNoSeat     = errs.Forbidden("No tienes voto en este órgano.")
	errClosed     = errs.Conflict("La votación de esta iniciativa no está abierta.")
	errVoted      = errs.Conflict("Ya votaste en esta iniciativa.")
	errChoice     = errs.Invalid("El voto debe ser " + Votes.Choices() + ".")
	errEndPast    = errs.Invalid("La fecha de cierre debe ser futura.")
	errFinished   = errs.Conflict("La votación de esta iniciativa ya terminó.")
	errWithdrawn  = errs.Conflict("Esta iniciativa fue retirada: ya no se puede votar ni reabrir.")
	errAgendaTime = errs.Invalid("La hora debe tener el formato HH:MM.")
	errAgendaDate = errs.Invalid("La fecha debe tener el formato AAAA-MM-DD.")
	errAgendaDesc = errs.Invalid("La descripción puede tener hasta 5000 caracteres.")
)

// MayRead tells who may read (legislative panel, read; the LEGISLATIVE group by default).
func MayRead(actor *authz.Actor) bool { return actor.Can(authz.PanelLegislative, authz.Read) }

// IsAdmin tells who may create, delete and withdraw initiatives, add and delete agenda
// points and see who voted what (legislative panel, modify; SCJN_ADMIN and CONGRESO_ADMIN
// by default).
func IsAdmin(actor *authz.Actor) bool { return actor.Can(authz.PanelLegislative, authz.Modify) }

// MayConfigureVoting tells who may open and stop voting (legislative panel, manage).
func MayConfigureVoting(actor *authz.Actor) bool {
	return actor.Can(authz.PanelLegislative, authz.Manage)
}

// HasSeat tells whether the actor votes in a body: a plain role check, since voting is a
// seat. SCJN: MINISTRO and SCJN_ADMIN; Congreso: DIPUTADO, SENADOR and CONGRESO_ADMIN.
func HasSeat(actor *authz.Actor, body string) bool {
	if actor == nil {
		return false
	}
	switch body {
	case BodySCJN:
		return actor.HasRole(authz.Ministro) || actor.HasRole(authz.ScjnAdmin)
	case BodyCongreso:
		return actor.HasRole(authz.Diputado) || actor.HasRole(authz.Senador) || actor.HasRole(authz.CongresoAdmin)
	}
	return false
}

func checkBody(body string) (string, error) {
	switch strings.TrimSpace(body) {
	case BodySCJN:
		return BodySCJN, nil
	case BodyCongreso:
		return BodyCongreso, nil
	}
	return "", errBody
}

// open tells whether an initiative takes votes now.
func (s *Service) open(i Initiative) bool {
	return i.Status == StatusVoting && i.VotingEnabled && (i.VotingEndDate == nil || i.VotingEndDate.After(s.set.Now()))
}

func (s *Service) views(ctx context.Context, actor *authz.Actor, rows []Initiative) ([]View, error) {
	out := make([]View, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]uint64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	// The caller's votes on the page's initiatives, from the index alone.
	var mine []Vote
	if err := s.db.Conn(ctx).Model(&Vote{}).Select("initiative_id", "choice").
		Where("member_id = ? AND initiative_id IN ?", actor.DiscordID, ids).Find(&mine).Error; err != nil {
		return nil, err
	}
	myVote := map[uint64]string{}
	for _, v := range mine {
		myVote[v.InitiativeID] = v.Choice
	}
	admin := IsAdmin(actor)
	blocked, err := privacy.BlockedNow(ctx, s.db)
	if err != nil {
		return nil, err
	}
	for i, r := range rows {
		v := View{ID: r.ID, Title: r.Title, Summary: r.Summary, Type: r.Body, Status: r.Status, Result: resultOf(r),
			VotingEnabled: r.VotingEnabled, VotingEndDate: r.VotingEndDate, VotingOpen: s.open(r), CreatedBy: r.CreatedByName,
			CreatedAt: r.CreatedAt}
		if blocked[r.CreatedBy] {
			v.CreatedBy = privacy.Blocked
		}
		v.Votes = countsOf(r)
		if choice, ok := myVote[r.ID]; ok {
			v.UserVoted, v.UserVoteType = true, &choice
		}
		v.CanVote = v.VotingOpen && !v.UserVoted && HasSeat(actor, r.Body)
		v.MayDelete = admin && keptBecause(r) == ""
		v.MayWithdraw = admin && r.Status != StatusWithdrawn
		out[i] = v
	}
	return out, nil
}

// Get is one initiative's record: its timeline and, for admins, who voted what.
func (s *Service) Get(ctx context.Context, actor *authz.Actor, id uint64) (Record, error) {
	if !MayRead(actor) {
		return Record{}, errRead
	}
	var in Initiative
	if err := s.take(ctx, id, &in); err != nil {
		return Record{}, err
	}
	views, err := s.views(ctx, actor, []Initiative{in})
	if err != nil {
		return Record{}, err
	}
	rec := Record{Initiative: views[0], Timeline: []TimelineEntry{}}
	var events []Event
	if err := s.db.Conn(ctx).Omit("Initiative").Where("initiative_id = ?", id).Order("created_at, id").Find(&events).Error; err != nil {
		return Record{}, err
	}
	for _, e := range events {
		rec.Timeline = append(rec.Timeline, TimelineEntry{Kind: e.Kind, Detail: e.Detail, Actor: e.ActorName, At: e.CreatedAt})
	}
	if IsAdmin(actor) {
		var votes []Vote
		if err := s.db.Conn(ctx).Omit("Initiative").Where("initiative_id = ?", id).Order("created_at, id").Find(&votes).Error; err != nil {
			return Record{}, err
		}
		blocked, err := privacy.BlockedNow(ctx, s.db)
		if err != nil {
			return Record{}, err
		}
		rec.Votes = []MemberVote{}
		for _, v := range votes {
			vote := MemberVote{MemberID: v.MemberID, MemberName: v.MemberName, VoteType: v.Choice, At: v.CreatedAt}
			if blocked[v.MemberID] {
				// The vote counts; whose it was is blocked.
				vote.MemberID, vote.MemberName = "", privacy.Blocked
			}
			rec.Votes = append(rec.Votes, vote)
		}
	}
	return rec, nil
}

// Create files an initiative, pending.
func (s *Service) Create(ctx context.Context, actor *authz.Actor, title, summary, body string) (View, error) {
	defer s.lists.changed()
	if !IsAdmin(actor) {
		return View{}, errAdmin
	}
	body, err := checkBody(body)
	if err != nil {
		return View{}, err
	}
	in := Initiative{Body: body, Status: StatusPending, CreatedBy: actor.DiscordID, CreatedByName: actor.Username}
	var ok bool
	if in.Title, ok = validate.Text(title, 200); !ok {
		return View{}, errTitle
	}
	if in.Summary, ok = validate.Text(summary, 10000); !ok {
		return View{}, errSummary
	}
	now := s.set.Now()
	in.CreatedAt, in.UpdatedAt = now, now
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, now); err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Create(&in).Error; err != nil {
			return err
		}
		if err := audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaLegislative, Action: "initiative.create",
			EntityType: "initiative", EntityID: in.ID, After: map[string]string{"title": in.Title, "summary": in.Summary, "type": in.Body}}); err != nil {
			return err
		}
		return s.event(ctx, in.ID, EventCreated, "", actor.Username)
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

func (s *Service) take(ctx context.Context, id uint64, in *Initiative) error {
	err := s.db.Conn(ctx).Where("id = ?", id).Take(in).Error
	if db.IsNotFound(err) {
		return errNotFound
	}
	return err
}

// takeForUpdate reads an initiative and locks it until the transaction ends.
func (s *Service) takeForUpdate(ctx context.Context, id uint64, in *Initiative) error {
	err := s.db.ForUpdate(ctx, s.db.Conn(ctx).Where("id = ?", id)).Take(in).Error
	if db.IsNotFound(err) {
		return errNotFound
	}
	return err
}

func (s *Service) event(ctx context.Context, id uint64, kind, detail, actor string) error {
	if err := s.db.Conn(ctx).Omit("Initiative").Create(&Event{InitiativeID: id, Kind: kind, Detail: detail, ActorName: actor,
		CreatedAt: s.set.Now()}).Error; err != nil {
		return err
	}
	return s.publishState(ctx, id)
}

func (s *Service) announce(ctx context.Context, in Initiative, title string, color int, fields []outbox.EmbedField) error {
	if s.set.Channel == "" {
		return nil
	}
	now := s.set.Now()
	_, err := s.outbox.Enqueue(ctx, outbox.KindChannelMessage, s.set.Channel, outbox.ChannelMessage{Embeds: []outbox.Embed{{
		Title: title, Color: color, Fields: fields, Timestamp: &now,
		URL: fmt.Sprintf("%s/legislative/initiatives/%d", s.set.PublicURL, in.ID),
	}}})
	return err
}

// votingState is what the audit log keeps of an initiative's voting.
func votingState(in Initiative) map[string]any {
	return map[string]any{"status": in.Status, "votingEnabled": in.VotingEnabled, "votingEndDate": in.VotingEndDate}
}

func countsOf(in Initiative) Counts {
	return Counts{InFavor: in.VotesInFavor, Against: in.VotesAgainst, Abstention: in.VotesAbstention}
}

// tally is the counts as the timeline words them.
func tally(c Counts) string {
	abstentions := "abstenciones"
	if c.Abstention == 1 {
		abstentions = "abstención"
	}
	return fmt.Sprintf("%d a favor, %d en contra, %d %s", c.InFavor, c.Against, c.Abstention, abstentions)
}

// countFields are the body and the counts, as the legislative channel shows them.
func countFields(in Initiative, c Counts) []outbox.EmbedField {
	return []outbox.EmbedField{
		{Name: "Órgano", Value: bodyName(in.Body), Inline: true},
		{Name: "A favor", Value: fmt.Sprint(c.InFavor), Inline: true},
		{Name: "En contra", Value: fmt.Sprint(c.Against), Inline: true},
		{Name: "Abstenciones", Value: fmt.Sprint(c.Abstention), Inline: true}}
}
