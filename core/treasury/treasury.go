// Package treasury records the sales of in-game items. The price always comes from the
// catalogue and the discount is applied here, so nobody can forge what a sale cost. Sales
// are voided, never deleted.
package treasury

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	"gorm.io/gorm"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/members"
	"zocalo/core/outbox"
	"zocalo/core/privacy"
	"zocalo/core/validate"
)

// Currencies a price is in. An item without an MXN price is sold in robux.
const (
	CurrencyMXN   = "MXN"
	CurrencyRobux = "ROBUX"
)

// Item is a catalogue entry: MXN is nil for items sold only in robux. Label is its name in
// Spanish; the Key is what the API takes and the sales keep.
type Item struct {
	Key   string
	Label string
	MXN   *int
	Robux int
}

// Sale is one registered sale. Prices are in hundredths of the currency (centavos; robux
// are whole, so their hundredths are always multiples of 100); Discount is in hundredths
// of a percent.
type Sale struct {
	ID             uint64     `gorm:"primaryKey;autoIncrement"`
	BuyerDiscordID string     `gorm:"size:32;not null"`
	BuyerUsername  string     `gorm:"size:100;not null;default:''"`
	BuyerAvatar    string     `gorm:"size:100;not null;default:''"`
	Item           string     `gorm:"size:40;not null;index:idx_sales_item"`
	Currency       string     `gorm:"size:5;not null"`
	OriginalPrice  int64      `gorm:"not null"`
	DiscountBP     int64      `gorm:"not null;default:0"`
	FinalPrice     int64      `gorm:"not null"`
	SellerID       string     `gorm:"size:32;not null;index:idx_sales_seller_id"`
	SellerName     string     `gorm:"size:100;not null;default:''"`
	CreatedAt      time.Time  `gorm:"not null;index:idx_sales_created_at"`
	VoidedAt       *time.Time `gorm:""`
	VoidedBy       string     `gorm:"size:100;not null;default:''"`
	VoidReason     string     `gorm:"type:text;not null;default:''"`
}

// TableName keeps the table's name explicit.
func (Sale) TableName() string { return "sales" }

// Input is the new-sale form. The client never sends a price.
type Input struct {
	BuyerDiscordID string  `json:"buyerDiscordId"`
	Item           string  `json:"item"`
	Discount       float64 `json:"discount"`
}

// View is a sale as the treasury pages show it (spec §3 plus the void and the seller).
type View struct {
	ID             uint64     `json:"_id"`
	BuyerDiscordID string     `json:"buyerDiscordId"`
	BuyerUsername  string     `json:"buyerUsername"`
	BuyerAvatar    string     `json:"buyerAvatar"`
	Item           string     `json:"item"`
	ItemLabel      string     `json:"itemLabel"`
	Currency       string     `json:"currency"`
	OriginalPrice  float64    `json:"originalPrice"`
	Discount       float64    `json:"discount"`
	FinalPrice     float64    `json:"finalPrice"`
	Date           time.Time  `json:"date"`
	SellerID       string     `json:"sellerId"`
	SellerUsername string     `json:"sellerUsername"`
	Voided         bool       `json:"voided"`
	VoidedAt       *time.Time `json:"voidedAt"`
	VoidedBy       string     `json:"voidedBy"`
	VoidReason     string     `json:"voidReason"`
}

// Member is a treasury member (TESORERIA or AUDITOR).
type Member struct {
	ID       string `json:"id"`
	Username string `json:"username"`
	Avatar   string `json:"avatar"`
}

// Filter narrows the sales list and the export.
type Filter struct {
	Item     string
	SellerID string
	From     string // YYYY-MM-DD, community time, inclusive
	To       string // YYYY-MM-DD, community time, inclusive
	Limit    int
	Before   uint64 // a sale id: only older sales
}

// Settings configure the service.
type Settings struct {
	Catalogue []Item
	Channel   string // the treasury channel; empty: sales are not posted
	PublicURL string
	Location  *time.Location
	Now       func() time.Time
}

// Service registers and reads sales.
type Service struct {
	db      *db.DB
	outbox  *outbox.Store
	members *members.Service
	roles   authz.RoleIDs
	items   map[string]Item
	set     Settings
}

// NewService builds the treasury.
func NewService(d *db.DB, o *outbox.Store, m *members.Service, roles authz.RoleIDs, set Settings) *Service {
	if set.Location == nil {
		set.Location = time.UTC
	}
	items := make(map[string]Item, len(set.Catalogue))
	for _, it := range set.Catalogue {
		items[it.Key] = it
	}
	return &Service{db: d, outbox: o, members: m, roles: roles, items: items, set: set}
}

var (
	errRead      = errs.Forbidden("Solo tesorería y la administración pueden ver las ventas.")
	errRegister  = errs.Forbidden("Solo tesorería y la administración pueden registrar ventas.")
	errVoid      = errs.Forbidden("Solo tesorería y la administración pueden anular ventas.")
	errBuyer     = errs.Invalid("El ID de Discord del comprador es obligatorio.")
	errNoBuyer   = errs.Invalid("El comprador no es miembro del servidor de Discord: revisa su ID.")
	errItem      = errs.Invalid("Elige un artículo del catálogo.")
	errDiscount  = errs.Invalid("El descuento debe ser un número entre 0 y 100.")
	errNotFound  = errs.NotFound("No existe esa venta.")
	errVoided    = errs.Conflict("Esa venta ya estaba anulada.")
	errReason    = errs.Invalid("Escribe el motivo de la anulación (máximo 500 caracteres).")
	errFilter    = errs.Invalid("Filtro no válido: las fechas van como AAAA-MM-DD.")
	errLimit     = errs.Invalid("El límite debe estar entre 1 y 500.")
	errCatalogue = errs.Invalid("Catálogo no válido.")
)

// MayRead tells who may read sales (treasury panel, read; the TREASURY and ADMIN groups
// by default).
func MayRead(actor *authz.Actor) bool { return actor.Can(authz.PanelTreasury, authz.Read) }

// MayRegister tells who may register a sale (treasury panel, modify).
func MayRegister(actor *authz.Actor) bool { return actor.Can(authz.PanelTreasury, authz.Modify) }

// MayVoid tells who may void a sale: TESORERIA (and so AUDITOR, who passes where TESORERIA
// is required) and the ADMIN group.
func MayVoid(actor *authz.Actor) bool { return actor.Can(authz.PanelTreasury, authz.Manage) }

// Price is what an item costs with a discount: the catalogue's price and the final one, in
// hundredths of the currency. The discount is clamped to 0..100 percent.
func (s *Service) Price(key string, discount float64) (currency string, original, final, discountBP int64, err error) {
	it, ok := s.items[key]
	if !ok {
		return "", 0, 0, 0, errItem
	}
	if math.IsNaN(discount) || math.IsInf(discount, 0) {
		return "", 0, 0, 0, errDiscount
	}
	discountBP = int64(math.Round(min(max(discount, 0), 100) * 100))
	unit := int64(1) // robux are whole: the final price rounds to whole robux
	if it.MXN != nil {
		currency, original = CurrencyMXN, int64(*it.MXN)*100
	} else {
		currency, original, unit = CurrencyRobux, int64(it.Robux)*100, 100
	}
	// Integer arithmetic, rounding half up, so 80 MXN at 37.5 % is exactly 50.00.
	raw := original * (10000 - discountBP)
	step := 10000 * unit
	final = (raw + step/2) / step * unit
	return currency, original, final, discountBP, nil
}

// Register records a sale by the actor at the catalogue's price and posts it to the
// treasury channel.
func (s *Service) Register(ctx context.Context, actor *authz.Actor, in Input) (View, error) {
	if !MayRegister(actor) {
		return View{}, errRegister
	}
	buyer := strings.TrimSpace(in.BuyerDiscordID)
	if buyer == "" {
		return View{}, errBuyer
	}
	if !validate.Snowflake(buyer) {
		return View{}, errNoBuyer
	}
	currency, original, final, bp, err := s.Price(strings.TrimSpace(in.Item), in.Discount)
	if err != nil {
		return View{}, err
	}
	m, err := s.members.Get(ctx, buyer)
	if err != nil {
		return View{}, err
	}
	if m == nil || !m.InGuild {
		return View{}, errNoBuyer
	}
	sale := Sale{BuyerDiscordID: buyer, BuyerUsername: m.Username, BuyerAvatar: m.Avatar, Item: strings.TrimSpace(in.Item),
		Currency: currency, OriginalPrice: original, DiscountBP: bp, FinalPrice: final,
		SellerID: actor.DiscordID, SellerName: actor.Username, CreatedAt: s.set.Now()}
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, sale.CreatedAt); err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Create(&sale).Error; err != nil {
			return err
		}
		if err := audit.Write(ctx, s.db, sale.CreatedAt, audit.Change{Actor: actor, Area: audit.AreaTreasury, Action: "sale",
			EntityType: "sale", EntityID: sale.ID, After: s.view(sale)}); err != nil {
			return err
		}
		return s.post(ctx, sale, "Venta registrada", 0x16a34a, "")
	})
	if err != nil {
		return View{}, err
	}
	return s.view(sale), nil
}

// Void marks a sale as voided with a reason: it stays listed, marked, and out of the totals.
func (s *Service) Void(ctx context.Context, actor *authz.Actor, id uint64, reason string) (View, error) {
	if !MayVoid(actor) {
		return View{}, errVoid
	}
	reason, ok := validate.Text(reason, 500)
	if !ok {
		return View{}, errReason
	}
	var sale Sale
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.db.Conn(ctx).Where("id = ?", id).Take(&sale).Error; err != nil {
			if db.IsNotFound(err) {
				return errNotFound
			}
			return err
		}
		now := s.set.Now()
		res := s.db.Conn(ctx).Model(&Sale{}).Where("id = ? AND voided_at IS NULL", id).
			Updates(map[string]any{"voided_at": now, "voided_by": actor.Username, "void_reason": reason})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return errVoided
		}
		before := s.view(sale)
		sale.VoidedAt, sale.VoidedBy, sale.VoidReason = &now, actor.Username, reason
		if err := audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaTreasury, Action: "void",
			EntityType: "sale", EntityID: sale.ID, Before: before, After: s.view(sale)}); err != nil {
			return err
		}
		return s.post(ctx, sale, "Venta anulada", 0xb91c1c, reason)
	})
	if err != nil {
		return View{}, err
	}
	return s.view(sale), nil
}

// List returns sales newest first, filtered and paged by id.
func (s *Service) List(ctx context.Context, actor *authz.Actor, f Filter) ([]View, error) {
	if !MayRead(actor) {
		return nil, errRead
	}
	if f.Limit == 0 {
		f.Limit = 100
	}
	if f.Limit < 1 || f.Limit > 500 {
		return nil, errLimit
	}
	var rows []Sale
	q, err := s.filtered(ctx, f)
	if err != nil {
		return nil, err
	}
	if err := q.Order("id DESC").Limit(f.Limit).Find(&rows).Error; err != nil {
		return nil, err
	}
	blocked, err := privacy.BlockedNow(ctx, s.db)
	if err != nil {
		return nil, err
	}
	out := make([]View, len(rows))
	for i, r := range rows {
		out[i] = s.view(masked(r, blocked))
	}
	return out, nil
}

// masked hides a blocked buyer: the sale stays in the books, its buyer reads "[bloqueado]".
func masked(sale Sale, blocked map[string]bool) Sale {
	if blocked[sale.BuyerDiscordID] {
		sale.BuyerDiscordID, sale.BuyerUsername, sale.BuyerAvatar = "", privacy.Blocked, ""
	}
	return sale
}

// exportCap bounds one export; a longer history is exported by date ranges.
const exportCap = 50000

// Export calls row for each sale matching the filter, newest first, for the CSV download.
func (s *Service) Export(ctx context.Context, actor *authz.Actor, f Filter, row func(View) error) error {
	if !MayRead(actor) {
		return errRead
	}
	q, err := s.filtered(ctx, f)
	if err != nil {
		return err
	}
	blocked, err := privacy.BlockedNow(ctx, s.db)
	if err != nil {
		return err
	}
	rows, err := q.Order("id DESC").Limit(exportCap).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var sale Sale
		if err := s.db.Conn(ctx).ScanRows(rows, &sale); err != nil {
			return err
		}
		if err := row(s.view(masked(sale, blocked))); err != nil {
			return err
		}
	}
	return rows.Err()
}

func (s *Service) filtered(ctx context.Context, f Filter) (*gorm.DB, error) {
	q := s.db.Conn(ctx).Model(&Sale{})
	if f.Item != "" {
		q = q.Where("item = ?", f.Item)
	}
	if f.SellerID != "" {
		q = q.Where("seller_id = ?", f.SellerID)
	}
	if f.Before != 0 {
		q = q.Where("id < ?", f.Before)
	}
	if f.From != "" {
		from, err := time.ParseInLocation(time.DateOnly, f.From, s.set.Location)
		if err != nil {
			return nil, errFilter
		}
		q = q.Where("created_at >= ?", from.UTC())
	}
	if f.To != "" {
		to, err := time.ParseInLocation(time.DateOnly, f.To, s.set.Location)
		if err != nil {
			return nil, errFilter
		}
		q = q.Where("created_at < ?", to.AddDate(0, 0, 1).UTC())
	}
	return q, nil
}

// Catalogue lists the items with their prices, for the new-sale dialog.
func (s *Service) Catalogue(actor *authz.Actor) ([]CatalogueEntry, error) {
	if !MayRead(actor) {
		return nil, errRead
	}
	out := make([]CatalogueEntry, 0, len(s.set.Catalogue))
	for _, it := range s.set.Catalogue {
		e := CatalogueEntry{Key: it.Key, Label: s.ItemLabel(it.Key), Robux: it.Robux, Currency: CurrencyRobux}
		if it.MXN != nil {
			mxn := *it.MXN
			e.MXN, e.Currency = &mxn, CurrencyMXN
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		return nil, errCatalogue
	}
	return out, nil
}

// CatalogueEntry is one sellable item and its prices.
type CatalogueEntry struct {
	Key      string `json:"key"`
	Label    string `json:"label"`
	MXN      *int   `json:"mxn"`
	Robux    int    `json:"robux"`
	Currency string `json:"currency"`
}

func (s *Service) post(ctx context.Context, sale Sale, title string, color int, reason string) error {
	if s.set.Channel == "" {
		return nil
	}
	fields := []outbox.EmbedField{
		{Name: "Artículo", Value: s.ItemLabel(sale.Item) + " (" + sale.Item + ")", Inline: true},
		{Name: "Comprador", Value: fmt.Sprintf("%s (%s)", sale.BuyerUsername, sale.BuyerDiscordID), Inline: true},
		{Name: "Vendedor", Value: sale.SellerName, Inline: true},
		{Name: "Precio de catálogo", Value: Money(sale.Currency, sale.OriginalPrice), Inline: true},
		{Name: "Descuento", Value: Percent(sale.DiscountBP), Inline: true},
		{Name: "Precio final", Value: Money(sale.Currency, sale.FinalPrice), Inline: true},
	}
	if reason != "" {
		fields = append(fields, outbox.EmbedField{Name: "Motivo", Value: reason})
	}
	at := sale.CreatedAt
	_, err := s.outbox.Enqueue(ctx, outbox.KindChannelMessage, s.set.Channel, outbox.ChannelMessage{Embeds: []outbox.Embed{{
		Title: fmt.Sprintf("%s #%d", title, sale.ID), Color: color, Fields: fields,
		URL: s.set.PublicURL + "/treasury/history", Timestamp: &at,
	}}})
	return err
}

// Money formats hundredths of a currency: "$1,234.50 MXN" or "450 robux".
func Money(currency string, hundredths int64) string {
	if currency == CurrencyRobux {
		return thousands(hundredths/100) + " robux"
	}
	return fmt.Sprintf("$%s.%02d MXN", thousands(hundredths/100), hundredths%100)
}

// Percent formats hundredths of a percent: "37.5 %".
func Percent(bp int64) string {
	s := fmt.Sprintf("%.2f", float64(bp)/100)
	s = strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
	return s + " %"
}

func thousands(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// ItemLabel is an item's Spanish name in the catalogue; an item without one, or no longer
// sold, is named by its key.
func (s *Service) ItemLabel(key string) string {
	if it, ok := s.items[key]; ok && it.Label != "" {
		return it.Label
	}
	return key
}

func (s *Service) view(sale Sale) View {
	return View{ID: sale.ID, BuyerDiscordID: sale.BuyerDiscordID, BuyerUsername: sale.BuyerUsername, BuyerAvatar: sale.BuyerAvatar,
		Item: sale.Item, ItemLabel: s.ItemLabel(sale.Item), Currency: sale.Currency, OriginalPrice: float64(sale.OriginalPrice) / 100, Discount: float64(sale.DiscountBP) / 100,
		FinalPrice: float64(sale.FinalPrice) / 100, Date: sale.CreatedAt, SellerID: sale.SellerID, SellerUsername: sale.SellerName,
		Voided: sale.VoidedAt != nil, VoidedAt: sale.VoidedAt, VoidedBy: sale.VoidedBy, VoidReason: sale.VoidReason}
}
