// Package audit keeps the record of every change: who, when, what, and the values before
// and after. Entries are written in the same transaction as the change they describe, so a
// change that fails leaves none, and the table refuses updates and deletes.
package audit

import (
	"context"
	"encoding/json"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/labels"
)

// Areas of the portal.
const (
	AreaNews        = "news"
	AreaTickets     = "tickets"
	AreaStaff       = "staff"
	AreaTreasury    = "treasury"
	AreaSAT         = "sat"
	AreaDocuments   = "documents"
	AreaRecords     = "records"
	AreaLegislative = "legislative"
	AreaPermissions = "permissions"
	AreaAPIKeys     = "apikeys"
	AreaRoles       = "roles"
	AreaArtists     = "artists"
	AreaDeliveries  = "deliveries" // deliveries to Discord an operator retried or discarded
	AreaPersonal    = "datos"      // a member's requests about their personal data
)

// Areas names them in Spanish, in the order the log's filter offers them.
var Areas = labels.Table{
	{Value: AreaNews, Label: "Noticias"},
	{Value: AreaTickets, Label: "Tickets de soporte"},
	{Value: AreaStaff, Label: "Staff"},
	{Value: AreaTreasury, Label: "Tesorería"},
	{Value: AreaSAT, Label: "SAT (negocios)"},
	{Value: AreaDocuments, Label: "Documentos"},
	{Value: AreaRecords, Label: "Expedientes"},
	{Value: AreaLegislative, Label: "Legislativo"},
	{Value: AreaPermissions, Label: "Permisos"},
	{Value: AreaAPIKeys, Label: "Claves de API"},
	{Value: AreaRoles, Label: "Roles de Discord"},
	{Value: AreaArtists, Label: "Solicitudes de artistas"},
	{Value: AreaDeliveries, Label: "Entregas a Discord"},
	{Value: AreaPersonal, Label: "Datos personales"},
}

// Entry is one recorded change.
type Entry struct {
	ID         uint64    `gorm:"primaryKey;autoIncrement"`
	At         time.Time `gorm:"not null;index:idx_audit_entries_at"`
	ActorID    string    `gorm:"size:32;not null;default:'';index:idx_audit_entries_actor_id"`
	ActorName  string    `gorm:"size:100;not null;default:''"`
	Area       string    `gorm:"size:16;not null;index:idx_audit_entries_area"`
	Action     string    `gorm:"size:40;not null"`
	EntityType string    `gorm:"size:40;not null;default:''"`
	EntityID   string    `gorm:"size:64;not null;default:'';index:idx_audit_entries_entity_id"`
	Before     string    `gorm:"type:text;not null;default:''"`
	After      string    `gorm:"type:text;not null;default:''"`
}

// TableName keeps the table's name explicit.
func (Entry) TableName() string { return "audit_entries" }

// Change describes a write for the record. Before and After are marshalled to JSON; nil
// means nothing (a creation has no before, a deletion no after).
type Change struct {
	Actor      *authz.Actor // nil for the system (the scheduler, the role sync, the command line)
	ActorID    string       // who acted when Actor is nil, if a member
	ActorName  string       // who acted when Actor is nil, e.g. "sistema" or an API key's name
	Area       string
	Action     string
	EntityType string
	EntityID   any
	Before     any
	After      any
}

// Write records a change in the transaction of ctx (or on its own when there is none).
func Write(ctx context.Context, d *db.DB, at time.Time, c Change) error {
	e, err := entryOf(at, c)
	if err != nil {
		return err
	}
	return d.Conn(ctx).Create(&e).Error
}

// WriteMany records many changes with a few statements, for bulk work such as a full role
// sync.
func WriteMany(ctx context.Context, d *db.DB, at time.Time, changes []Change) error {
	if len(changes) == 0 {
		return nil
	}
	entries := make([]Entry, len(changes))
	for i, c := range changes {
		e, err := entryOf(at, c)
		if err != nil {
			return err
		}
		entries[i] = e
	}
	return d.Conn(ctx).CreateInBatches(entries, 200).Error
}

func entryOf(at time.Time, c Change) (Entry, error) {
	e := Entry{At: at, Area: c.Area, Action: c.Action, EntityType: c.EntityType, ActorID: c.ActorID, ActorName: c.ActorName}
	if c.Actor != nil {
		e.ActorID, e.ActorName = c.Actor.DiscordID, c.Actor.Username
	}
	if c.EntityID != nil {
		e.EntityID = toString(c.EntityID)
	}
	var err error
	if e.Before, err = marshal(c.Before); err != nil {
		return e, err
	}
	e.After, err = marshal(c.After)
	return e, err
}

func marshal(v any) (string, error) {
	if v == nil {
		return "", nil
	}
	b, err := json.Marshal(v)
	return string(b), err
}

func toString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	default:
		b, _ := json.Marshal(x)
		return string(b)
	}
}

// Query filters the log.
type Query struct {
	Area     string
	ActorID  string
	EntityID string
	From     string // YYYY-MM-DD, inclusive, community time
	To       string // YYYY-MM-DD, inclusive, community time
	Page     int    // 1-based
	Limit    int
}

// View is an entry as /security shows it.
type View struct {
	ID         uint64          `json:"id"`
	At         time.Time       `json:"at"`
	ActorID    string          `json:"actorId"`
	ActorName  string          `json:"actorName"`
	Area       string          `json:"area"`
	Action     string          `json:"action"`
	EntityType string          `json:"entityType"`
	EntityID   string          `json:"entityId"`
	Before     json.RawMessage `json:"before"`
	After      json.RawMessage `json:"after"`
}

// Page is one page of the log and how many entries matched, counted up to CountCap.
type Page struct {
	Entries []View `json:"entries"`
	Total   int64  `json:"total"`
	// TotalCapped tells that more than CountCap entries matched: Total is then CountCap.
	TotalCapped bool `json:"totalCapped"`
}

// CountCap is how far a page counts the entries that match: the log grows by every change
// ever made, and counting all of them on every page read them all.
const CountCap = 10_000

var (
	errRead  = errs.Forbidden("Solo el Comité puede consultar el registro de auditoría.")
	errQuery = errs.Invalid("Filtro no válido: las fechas van como AAAA-MM-DD, la página y el límite entre 1 y 100.")
)

// MayRead tells who may read the log: COMITE (and OFICINA, who passes every check).
func MayRead(actor *authz.Actor) bool { return actor.Permits(authz.Comite) }

// List pages through the log, newest first.
func List(ctx context.Context, d *db.DB, loc *time.Location, actor *authz.Actor, q Query) (Page, error) {
	if !MayRead(actor) {
		return Page{}, errRead
	}
	if q.Page == 0 {
		q.Page = 1
	}
	if q.Limit == 0 {
		q.Limit = 25
	}
	if q.Page < 1 || q.Limit < 1 || q.Limit > 100 {
		return Page{}, errQuery
	}
	filtered := d.Conn(ctx).Model(&Entry{})
	if q.Area != "" {
		filtered = filtered.Where("area = ?", q.Area)
	}
	if q.ActorID != "" {
		filtered = filtered.Where("actor_id = ?", q.ActorID)
	}
	if q.EntityID != "" {
		filtered = filtered.Where("entity_id = ?", q.EntityID)
	}
	if q.From != "" {
		from, err := time.ParseInLocation(time.DateOnly, q.From, loc)
		if err != nil {
			return Page{}, errQuery
		}
		filtered = filtered.Where("at >= ?", from.UTC())
	}
	if q.To != "" {
		to, err := time.ParseInLocation(time.DateOnly, q.To, loc)
		if err != nil {
			return Page{}, errQuery
		}
		filtered = filtered.Where("at < ?", to.AddDate(0, 0, 1).UTC())
	}
	var out Page
	var err error
	if out.Total, out.TotalCapped, err = db.CountUpTo(filtered, CountCap); err != nil {
		return Page{}, err
	}
	var rows []Entry
	if err := filtered.Order("id DESC").Limit(q.Limit).Offset((q.Page - 1) * q.Limit).Find(&rows).Error; err != nil {
		return Page{}, err
	}
	out.Entries = make([]View, len(rows))
	for i, r := range rows {
		out.Entries[i] = View{ID: r.ID, At: r.At, ActorID: r.ActorID, ActorName: r.ActorName, Area: r.Area, Action: r.Action,
			EntityType: r.EntityType, EntityID: r.EntityID, Before: raw(r.Before), After: raw(r.After)}
	}
	return out, nil
}

func raw(s string) json.RawMessage {
	if s == "" {
		return json.RawMessage("null")
	}
	return json.RawMessage(s)
}
