// Package documents issues the players' identity documents: the national ID (INE) for
// Mexican characters and the passport for foreign ones. A player holds one or the other,
// never both, and the database enforces it.
package documents

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/privacy"
	"zocalo/core/roblox"
	"zocalo/core/validate"
)

// Kinds of document.
const (
	KindINE       = "INE"
	KindPasaporte = "PASAPORTE"
)

// Document is one issued identity document. DiscordID is unique: one document per player.
type Document struct {
	ID         uint64 `gorm:"primaryKey;autoIncrement"`
	DiscordID  string `gorm:"size:32;not null;uniqueIndex:idx_documents_discord_id"`
	Kind       string `gorm:"size:10;not null"`
	Number     string `gorm:"size:24;not null;uniqueIndex:idx_documents_number"`
	RobloxName string `gorm:"size:50;not null"`
	// RobloxKey is RobloxName in lower case, for look-ups by the game and the records.
	RobloxKey string    `gorm:"size:50;not null;index:idx_documents_roblox_key"`
	Nombre    string    `gorm:"size:60;not null"`
	Apellido  string    `gorm:"size:60;not null"`
	Estado    string    `gorm:"size:40;not null;default:''"`
	Municipio string    `gorm:"size:80;not null;default:''"`
	Pais      string    `gorm:"size:40;not null;default:''"`
	BirthDate string    `gorm:"size:10;not null"` // YYYY-MM-DD
	IssuedAt  time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Document) TableName() string { return "documents" }

// States are the 32 federal entities an INE may name.
var States = []string{
	"Aguascalientes", "Baja California", "Baja California Sur", "Campeche", "Chiapas", "Chihuahua",
	"Ciudad de México", "Coahuila", "Colima", "Durango", "Guanajuato", "Guerrero", "Hidalgo", "Jalisco",
	"México", "Michoacán", "Morelos", "Nayarit", "Nuevo León", "Oaxaca", "Puebla", "Querétaro",
	"Quintana Roo", "San Luis Potosí", "Sinaloa", "Sonora", "Tabasco", "Tamaulipas", "Tlaxcala",
	"Veracruz", "Yucatán", "Zacatecas",
}

// Countries are the 18 a passport may name.
var Countries = []string{
	"México", "Estados Unidos", "Canadá", "España", "Argentina", "Colombia", "Chile", "Perú", "Brasil",
	"Francia", "Italia", "Alemania", "Reino Unido", "Japón", "China", "Australia", "Corea del Sur", "India",
}

// INEInput is the national ID form.
type INEInput struct {
	RobloxName      string `json:"RobloxName"`
	Nombre          string `json:"Nombre"`
	Apellido        string `json:"Apellido"`
	Estado          string `json:"Estado"`
	Municipio       string `json:"Municipio"`
	FechaNacimiento string `json:"FechaNacimiento"`
}

// PassportInput is the passport form.
type PassportInput struct {
	RobloxName      string `json:"RobloxName"`
	Nombre          string `json:"Nombre"`
	Apellido        string `json:"Apellido"`
	Pais            string `json:"Pais"`
	FechaNacimiento string `json:"FechaNacimiento"`
}

// Status says which document the player holds.
type Status struct {
	HasINE       bool `json:"hasINE"`
	HasPasaporte bool `json:"hasPasaporte"`
}

// View is a document as its holder (and the game) sees it.
type View struct {
	Type            string `json:"type"` // INE or PASAPORTE
	Number          string `json:"number"`
	RobloxName      string `json:"RobloxName"`
	Nombre          string `json:"Nombre"`
	Apellido        string `json:"Apellido"`
	Estado          string `json:"Estado,omitempty"`
	Municipio       string `json:"Municipio,omitempty"`
	Pais            string `json:"Pais,omitempty"`
	FechaNacimiento string `json:"FechaNacimiento"` // dd/mm/yyyy
	Edad            int    `json:"edad"`
	IssuedAt        string `json:"issuedAt"`
	// RobloxNameStatus says what RobloxName is worth: NameVerified, NameUnverified or
	// NameFlagged. It is computed when read, so it follows verifications made later.
	RobloxNameStatus string `json:"robloxNameStatus"`
}

// What a document's Roblox name is worth.
const (
	// NameVerified: it is the holder's verified Roblox account.
	NameVerified = "verified"
	// NameUnverified: a claim nobody contradicts; nobody has verified that name.
	NameUnverified = "unverified"
	// NameFlagged: someone else verified that name, or the holder verified another
	// account ("nombre de Roblox no verificado"); the holder should correct it.
	NameFlagged = "flagged"
)

var (
	errSignIn     = errs.Unauthorized("Inicia sesión para tramitar tus documentos.")
	errRobloxName = errs.Invalid("El nombre de Roblox es obligatorio (de 3 a 20 letras, números o guion bajo).")
	errNombre     = errs.Invalid("El nombre es obligatorio (máximo 60 caracteres).")
	errApellido   = errs.Invalid("El apellido es obligatorio (máximo 60 caracteres).")
	errEstado     = errs.Invalid("Elige uno de los 32 estados de la lista.")
	errMunicipio  = errs.Invalid("El municipio es obligatorio (máximo 80 caracteres).")
	errPais       = errs.Invalid("Elige uno de los países de la lista.")
	errBirthEmpty = errs.Invalid("La fecha de nacimiento es obligatoria")
	errBirthShape = errs.Invalid("La fecha de nacimiento debe ser una fecha real con el formato dd/mm/aaaa.")
	errBirthPast  = errs.Invalid("La fecha de nacimiento debe ser anterior a hoy.")
	errHasINE     = errs.Conflict("Ya tienes INE: no puedes tramitar otro documento.")
	errHasPass    = errs.Conflict("Ya tienes Pasaporte: no puedes tramitar otro documento.")
)

// Service issues and reads documents.
type Service struct {
	db    *db.DB
	links *roblox.Service
	loc   *time.Location
	now   func() time.Time
}

// NewService builds the documents service; links holds the Roblox names documents claim;
// loc is the community's time zone (ages and "today" are the community's).
func NewService(d *db.DB, links *roblox.Service, loc *time.Location, now func() time.Time) *Service {
	if loc == nil {
		loc = time.UTC
	}
	return &Service{db: d, links: links, loc: loc, now: now}
}

// Status tells which document the signed-in player holds.
func (s *Service) Status(ctx context.Context, actor *authz.Actor) (Status, error) {
	d, err := s.Mine(ctx, actor)
	if err != nil || d == nil {
		return Status{}, err
	}
	return Status{HasINE: d.Type == KindINE, HasPasaporte: d.Type == KindPasaporte}, nil
}

// Mine is the signed-in player's document, or nil.
func (s *Service) Mine(ctx context.Context, actor *authz.Actor) (*View, error) {
	if actor == nil || actor.DiscordID == "" {
		return nil, errSignIn
	}
	return s.Of(ctx, actor.DiscordID)
}

// Of is a player's document by Discord id, or nil.
func (s *Service) Of(ctx context.Context, discordID string) (*View, error) {
	// A blocked person's documents leave every view until they are suppressed.
	if blocked, err := privacy.IsBlocked(ctx, s.db, discordID); err != nil || blocked {
		return nil, err
	}
	var d Document
	err := s.db.Conn(ctx).Where("discord_id = ?", discordID).Take(&d).Error
	if db.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	v, err := s.checkedView(ctx, d)
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// CreateINE issues a national ID.
func (s *Service) CreateINE(ctx context.Context, actor *authz.Actor, in INEInput) (View, error) {
	if actor == nil || actor.DiscordID == "" {
		return View{}, errSignIn
	}
	d, err := s.common(in.RobloxName, in.Nombre, in.Apellido, in.FechaNacimiento)
	if err != nil {
		return View{}, err
	}
	if !slices.Contains(States, strings.TrimSpace(in.Estado)) {
		return View{}, errEstado
	}
	d.Estado = strings.TrimSpace(in.Estado)
	var ok bool
	if d.Municipio, ok = validate.Text(in.Municipio, 80); !ok {
		return View{}, errMunicipio
	}
	d.Kind = KindINE
	return s.issue(ctx, actor, d)
}

// CreatePassport issues a passport.
func (s *Service) CreatePassport(ctx context.Context, actor *authz.Actor, in PassportInput) (View, error) {
	if actor == nil || actor.DiscordID == "" {
		return View{}, errSignIn
	}
	d, err := s.common(in.RobloxName, in.Nombre, in.Apellido, in.FechaNacimiento)
	if err != nil {
		return View{}, err
	}
	if !slices.Contains(Countries, strings.TrimSpace(in.Pais)) {
		return View{}, errPais
	}
	d.Pais = strings.TrimSpace(in.Pais)
	d.Kind = KindPasaporte
	return s.issue(ctx, actor, d)
}

func (s *Service) common(robloxName, nombre, apellido, birth string) (Document, error) {
	var d Document
	var ok bool
	if d.RobloxName, ok = validate.RobloxUsername(robloxName); !ok {
		return d, errRobloxName
	}
	if d.Nombre, ok = validate.Text(nombre, 60); !ok {
		return d, errNombre
	}
	if d.Apellido, ok = validate.Text(apellido, 60); !ok {
		return d, errApellido
	}
	born, err := s.birthDate(birth)
	if err != nil {
		return d, err
	}
	d.BirthDate = born.Format(time.DateOnly)
	d.RobloxKey = strings.ToLower(d.RobloxName)
	return d, nil
}

// birthDate reads dd/mm/yyyy as a real date before today.
func (s *Service) birthDate(raw string) (time.Time, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return time.Time{}, errBirthEmpty
	}
	// time.Parse refuses 31/02/2000 and other dates that do not exist.
	t, err := time.ParseInLocation("02/01/2006", raw, s.loc)
	if err != nil || t.Year() < 1900 {
		return time.Time{}, errBirthShape
	}
	today := s.today()
	if !t.Before(today) {
		return time.Time{}, errBirthPast
	}
	return t, nil
}

func (s *Service) today() time.Time {
	n := s.now().In(s.loc)
	return time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, s.loc)
}

// issue stores the document. A retried submission (the same Idempotency-Key) is told
// apart from a second document first, by the claim, and gets the first answer. Between
// concurrent requests without a key the unique index on discord_id decides: exactly one
// is stored, the others get the conflict.
func (s *Service) issue(ctx context.Context, actor *authz.Actor, d Document) (View, error) {
	d.DiscordID = actor.DiscordID
	d.IssuedAt = s.now()
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, d.IssuedAt); err != nil {
			return err
		}
		existing, err := s.Of(ctx, actor.DiscordID)
		if err != nil {
			return err
		}
		if existing != nil {
			return conflictFor(existing.Type)
		}
		// The name is claimed in the transaction: a name someone else verified is refused.
		if err := s.links.Claim(ctx, d.DiscordID, d.RobloxName); err != nil {
			return err
		}
		if d.Number, err = s.freeNumber(ctx, d.Kind); err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Create(&d).Error; err != nil {
			return err
		}
		return audit.Write(ctx, s.db, d.IssuedAt, audit.Change{Actor: actor, Area: audit.AreaDocuments, Action: "issue",
			EntityType: "document", EntityID: d.Number, After: s.view(d)})
	})
	if db.IsUniqueViolation(err) {
		// The player won a race with themselves: another request's document committed first.
		if existing, lookErr := s.Of(ctx, actor.DiscordID); lookErr == nil && existing != nil {
			return View{}, conflictFor(existing.Type)
		}
	}
	if err != nil {
		return View{}, err
	}
	return s.checkedView(ctx, d)
}

// freeNumber draws document numbers until one is not taken. A failed insert would end the
// transaction on PostgreSQL, so the check comes before it; two requests drawing the same
// number at once (one chance in 10^12) leave the unique index to refuse one.
func (s *Service) freeNumber(ctx context.Context, kind string) (string, error) {
	for attempt := 0; ; attempt++ {
		number := newNumber(kind)
		var taken int64
		if err := s.db.Conn(ctx).Model(&Document{}).Where("number = ?", number).Count(&taken).Error; err != nil {
			return "", err
		}
		if taken == 0 {
			return number, nil
		}
		if attempt == 3 {
			return "", fmt.Errorf("documents: no free number after %d attempts", attempt+1)
		}
	}
}

func conflictFor(kind string) error {
	if kind == KindINE {
		return errHasINE
	}
	return errHasPass
}

// newNumber is a document number such as INE-4821-0937-1150: random, so numbers say
// nothing about how many documents exist.
func newNumber(kind string) string {
	digits := make([]byte, 0, 12)
	for range 12 {
		n, err := rand.Int(rand.Reader, big.NewInt(10))
		if err != nil {
			panic(err) // crypto/rand does not fail on supported platforms
		}
		digits = append(digits, byte('0'+n.Int64()))
	}
	prefix := "INE"
	if kind == KindPasaporte {
		prefix = "PAS"
	}
	return fmt.Sprintf("%s-%s-%s-%s", prefix, digits[0:4], digits[4:8], digits[8:12])
}

// checkedView is a document with what its Roblox name is worth.
func (s *Service) checkedView(ctx context.Context, d Document) (View, error) {
	v := s.view(d)
	var err error
	v.RobloxNameStatus, err = s.nameStatus(ctx, d)
	return v, err
}

// nameStatus compares a document's Roblox name with who verified it and with the holder's
// own link.
func (s *Service) nameStatus(ctx context.Context, d Document) (string, error) {
	holds, err := s.links.VerifiedHolds(ctx, d.RobloxName)
	if err != nil {
		return "", err
	}
	link, err := s.links.LinkOf(ctx, d.DiscordID)
	if err != nil {
		return "", err
	}
	hold, verified := holds[roblox.NameKey(d.RobloxName)]
	switch {
	case verified && hold.DiscordID != d.DiscordID:
		return NameFlagged, nil
	case link != nil && link.RobloxKey != roblox.NameKey(d.RobloxName):
		return NameFlagged, nil
	case verified:
		return NameVerified, nil
	default:
		return NameUnverified, nil
	}
}

func (s *Service) view(d Document) View {
	born, _ := time.ParseInLocation(time.DateOnly, d.BirthDate, s.loc)
	return View{Type: d.Kind, Number: d.Number, RobloxName: d.RobloxName, Nombre: d.Nombre, Apellido: d.Apellido,
		Estado: d.Estado, Municipio: d.Municipio, Pais: d.Pais, FechaNacimiento: born.Format("02/01/2006"),
		Edad: Age(born, s.today()), IssuedAt: d.IssuedAt.In(s.loc).Format(time.DateOnly)}
}

// Age is the completed years between born and today.
func Age(born, today time.Time) int {
	years := today.Year() - born.Year()
	if today.Month() < born.Month() || (today.Month() == born.Month() && today.Day() < born.Day()) {
		years--
	}
	return years
}
