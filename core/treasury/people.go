// Who the treasury deals with: its own members, and the members a sale may be registered to.

package treasury

import (
	"context"
	"strings"
	"unicode/utf8"

	"zocalo/core/authz"
	"zocalo/core/errs"
	"zocalo/core/members"
)

// errBuyerSearch names MinBuyerSearch and maxBuyerSearch.
var errBuyerSearch = errs.Invalid("Escribe de 2 a 100 caracteres del nombre del comprador o de su ID de Discord.")

// The buyer search: the least a search takes, the most it may be, and how many it offers.
const (
	MinBuyerSearch = 2
	maxBuyerSearch = 100
	BuyersShown    = 10
)

// Members lists the treasury members: those holding TESORERIA or AUDITOR.
func (s *Service) Members(ctx context.Context, actor *authz.Actor) ([]Member, error) {
	if !MayRead(actor) {
		return nil, errRead
	}
	rows, err := members.Holding(ctx, s.db, s.roles.IDsOf(authz.Tesoreria, authz.Auditor))
	if err != nil {
		return nil, err
	}
	out := make([]Member, len(rows))
	for i, m := range rows {
		out[i] = Member{ID: m.DiscordID, Username: m.Username, Avatar: m.Avatar}
	}
	return out, nil
}

// Buyer is a member a sale may be registered to, as the new-sale form's search offers them.
type Buyer struct {
	ID         string `json:"id"`
	Username   string `json:"username"`
	GlobalName string `json:"globalName"`
	Avatar     string `json:"avatar"`
}

// Buyers lists up to BuyersShown members of the guild whose name holds search (or whose
// Discord id starts with it), for those who register sales: the new-sale form offers them
// by name instead of asking for a 19-digit id. Register still checks the id it is given.
func (s *Service) Buyers(ctx context.Context, actor *authz.Actor, search string) ([]Buyer, error) {
	if !MayRegister(actor) {
		return nil, errRegister
	}
	term := strings.TrimSpace(search)
	if n := utf8.RuneCountInString(term); n < MinBuyerSearch || n > maxBuyerSearch {
		return nil, errBuyerSearch
	}
	rows, err := members.Find(ctx, s.db, term, BuyersShown)
	if err != nil {
		return nil, err
	}
	out := make([]Buyer, len(rows))
	for i, m := range rows {
		out[i] = Buyer{ID: m.DiscordID, Username: m.Username, GlobalName: m.GlobalName, Avatar: m.Avatar}
	}
	return out, nil
}
