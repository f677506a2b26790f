package legislative

import (
	"context"
	"strings"
	"time"

	"zocalo/core/db"
	"zocalo/core/errs"
)

// The Diario Oficial: the approved initiatives, public (no sign-in). Each law shows its
// text, its dates and its result with the tally; never who voted what, which stays with
// the bodies' administration.

// Law is an approved initiative as the Diario Oficial publishes it.
type Law struct {
	ID       uint64 `json:"_id"`
	Title    string `json:"title"`
	Text     string `json:"text"`
	Type     string `json:"type"`
	BodyName string `json:"bodyName"`
	Result   string `json:"result"`
	Votes    Counts `json:"votes"`
	// PresentedAt is when the initiative was filed; ApprovedAt when its vote closed.
	PresentedAt time.Time `json:"presentedAt"`
	ApprovedAt  time.Time `json:"approvedAt"`
}

// GazetteQuery pages and searches the Diario Oficial: every word of Search must appear
// in the title or the text.
type GazetteQuery struct {
	Search      string
	Page, Limit int
}

// GazettePage is one page of laws, newest first, and how many matched, counted up to
// GazetteCountCap.
type GazettePage struct {
	Laws  []Law `json:"laws"`
	Total int64 `json:"total"`
	// TotalCapped tells that more than GazetteCountCap laws matched: Total is then the cap.
	TotalCapped bool `json:"totalCapped"`
	Page        int  `json:"page"`
	Limit       int  `json:"limit"`
}

// GazetteCountCap is how far a page counts the laws that match: a search walks every
// approved initiative's text, and the count would do it again on every page.
const GazetteCountCap = 10_000

// maxGazetteSearch bounds the search text.
const maxGazetteSearch = 100

var errGazetteQuery = errs.Invalid("Búsqueda no válida: hasta 100 caracteres; la página y el límite, entre 1 y 100.")

// Gazette lists the approved initiatives, the most recently approved first. It takes no
// actor: the Diario Oficial is public.
func (s *Service) Gazette(ctx context.Context, q GazetteQuery) (GazettePage, error) {
	if q.Page == 0 {
		q.Page = 1
	}
	if q.Limit == 0 {
		q.Limit = 20
	}
	if q.Page < 1 || q.Limit < 1 || q.Limit > 100 || len([]rune(q.Search)) > maxGazetteSearch {
		return GazettePage{}, errGazetteQuery
	}
	filtered := s.db.Conn(ctx).Model(&Initiative{}).Where("status = ?", StatusApproved)
	escape := strings.NewReplacer("\\", "\\\\", "%", "\\%", "_", "\\_")
	for _, word := range strings.Fields(q.Search) {
		like := "%" + strings.ToLower(escape.Replace(word)) + "%"
		filtered = filtered.Where(`(LOWER(title) LIKE ? ESCAPE '\' OR LOWER(summary) LIKE ? ESCAPE '\')`, like, like)
	}
	out := GazettePage{Laws: []Law{}, Page: q.Page, Limit: q.Limit}
	var err error
	if out.Total, out.TotalCapped, err = db.CountUpTo(filtered, GazetteCountCap); err != nil {
		return GazettePage{}, err
	}
	var rows []Initiative
	if err := filtered.Order("voting_end_date DESC, id DESC").Offset((q.Page - 1) * q.Limit).Limit(q.Limit).
		Find(&rows).Error; err != nil {
		return GazettePage{}, err
	}
	if len(rows) == 0 {
		return out, nil
	}
	ids := make([]uint64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	// When each vote closed: its timeline's closing step.
	var closes []Event
	if err := s.db.Conn(ctx).Omit("Initiative").Select("initiative_id", "created_at").
		Where("initiative_id IN ? AND kind = ?", ids, EventClosed).Find(&closes).Error; err != nil {
		return GazettePage{}, err
	}
	closedAt := map[uint64]time.Time{}
	for _, c := range closes {
		if c.CreatedAt.After(closedAt[c.InitiativeID]) {
			closedAt[c.InitiativeID] = c.CreatedAt
		}
	}
	for _, r := range rows {
		approved, ok := closedAt[r.ID]
		if !ok {
			approved = r.UpdatedAt
			if r.VotingEndDate != nil {
				approved = *r.VotingEndDate
			}
		}
		out.Laws = append(out.Laws, Law{ID: r.ID, Title: r.Title, Text: r.Summary, Type: r.Body, BodyName: bodyName(r.Body),
			Result: StatusApproved, Votes: countsOf(r), PresentedAt: r.CreatedAt, ApprovedAt: approved.UTC()})
	}
	return out, nil
}
