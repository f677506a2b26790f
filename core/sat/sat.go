// Package sat is the business registry (SAT): businesses with their tax id (RFC), owner,
// documents and logo. The RFC and the owner are confidential: only holders of the DIPUTADO
// role see them, and the API leaves them out for everyone else.
package sat

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/labels"
	"zocalo/core/members"
	"zocalo/core/storage"
	"zocalo/core/validate"
)

// Statuses of a business.
const (
	StatusActive    = "active"
	StatusSuspended = "suspended"
)

// Statuses names the statuses in Spanish.
var Statuses = labels.Table{{Value: StatusActive, Label: "Activo"}, {Value: StatusSuspended, Label: "Suspendido"}}

// Business is one registered business.
type Business struct {
	ID             uint64    `gorm:"primaryKey;autoIncrement"`
	Name           string    `gorm:"size:100;not null"`
	Location       string    `gorm:"size:200;not null"`
	Server         string    `gorm:"size:64;not null"`
	RFC            string    `gorm:"size:13;not null;uniqueIndex:idx_businesses_rfc"`
	OwnerName      string    `gorm:"size:100;not null"`
	OwnerDiscordID string    `gorm:"size:32;not null"`
	OwnerAvatar    string    `gorm:"size:100;not null;default:''"`
	LogoKey        string    `gorm:"size:200;not null;default:''"`
	LogoType       string    `gorm:"size:100;not null;default:''"`
	Status         string    `gorm:"size:10;not null;default:'active'"`
	CreatedBy      string    `gorm:"size:100;not null;default:''"`
	CreatedAt      time.Time `gorm:"not null;index:idx_businesses_created_at"`
	UpdatedAt      time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Business) TableName() string { return "businesses" }

// Document is a file filed with a business.
type Document struct {
	ID          uint64   `gorm:"primaryKey;autoIncrement"`
	BusinessID  uint64   `gorm:"not null;index:idx_business_documents_business_id"`
	Business    Business `gorm:"foreignKey:BusinessID;constraint:OnDelete:CASCADE"`
	StorageKey  string   `gorm:"size:200;not null"`
	Filename    string   `gorm:"size:200;not null"`
	ContentType string   `gorm:"size:100;not null"`
	Size        int64    `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Document) TableName() string { return "business_documents" }

// Input is the registration and edit form (spec §3: the six text fields).
type Input struct {
	Name           string `json:"name" form:"name"`
	Location       string `json:"location" form:"location"`
	Server         string `json:"server" form:"server"`
	RFC            string `json:"rfc" form:"rfc"`
	OwnerName      string `json:"ownerName" form:"ownerName"`
	OwnerDiscordID string `json:"ownerDiscordId" form:"ownerDiscordId"`
}

// Owner is a business's owner; confidential.
type Owner struct {
	Name      string `json:"name"`
	DiscordID string `json:"discordId"`
	Avatar    string `json:"avatar"`
}

// DocumentView is a filed document with where to download it.
type DocumentView struct {
	ID          uint64 `json:"id"`
	Filename    string `json:"filename"`
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
	URL         string `json:"url"`
}

// View is a business as the registry shows it. RFC and Owner are present only for holders
// of DIPUTADO.
type View struct {
	ID        uint64         `json:"id"`
	Name      string         `json:"name"`
	Location  string         `json:"location"`
	Server    string         `json:"server"`
	Status    string         `json:"status"`
	Logo      string         `json:"logo"` // a URL, or empty for the default
	RFC       string         `json:"rfc,omitempty"`
	Owner     *Owner         `json:"owner,omitempty"`
	Documents []DocumentView `json:"documents"`
	CreatedAt time.Time      `json:"createdAt"`
}

// Limits of the registration form.
const (
	MaxDocuments    = 5
	MaxDocumentSize = 10 << 20
	MaxLogoSize     = 2 << 20
)

// DocumentRules are the registration form's documents; the web checks the same before sending.
var DocumentRules = storage.BatchRules{
	MaxFiles: MaxDocuments,
	Limits:   storage.Limits{MaxBytes: MaxDocumentSize, Types: []string{"application/pdf", "image/png", "image/jpeg"}},
	TooMany:  "Puedes adjuntar hasta 5 documentos.",
	TooLarge: "Los siguientes documentos exceden el límite de 10 MB: ",
	BadType:  "Solo se aceptan documentos PDF, PNG, JPG o JPEG: ",
}

// LogoRules are the business's logo; the web checks the same before sending.
var LogoRules = storage.BatchRules{
	MaxFiles: 1,
	Limits:   storage.Limits{MaxBytes: MaxLogoSize, Types: []string{"image/png", "image/jpeg", "image/gif"}},
	TooMany:  "El negocio lleva un solo logo.",
	TooLarge: "El logo excede el límite de 2 MB: ",
	BadType:  "El logo debe ser una imagen PNG, JPG o GIF: ",
}

// RFCPattern is a Mexican RFC: 3 letters (a company) or 4 (a person), a date YYMMDD and a
// three-character check code. The web checks the same pattern before sending.
const RFCPattern = `^([A-ZÑ&]{3,4})([0-9]{6})([A-Z0-9]{3})$`

var rfcShape = regexp.MustCompile(RFCPattern)

var (
	errRead      = errs.Forbidden("Solo la administración puede consultar el registro de negocios.")
	errManage    = errs.Forbidden("Solo la administración puede registrar y modificar negocios.")
	errName      = errs.Invalid("El nombre del negocio es obligatorio (máximo 100 caracteres).")
	errLocation  = errs.Invalid("La ubicación es obligatoria (máximo 200 caracteres).")
	errServer    = errs.Invalid("Elige uno de los servidores.")
	errRFC       = errs.Invalid("El RFC no es válido: 3 o 4 letras, la fecha AAMMDD y 3 caracteres de homoclave (por ejemplo, ABC240101XY1).")
	errRFCTaken  = errs.Conflict("Ya hay un negocio registrado con ese RFC.")
	errOwnerName = errs.Invalid("El nombre del dueño es obligatorio (máximo 100 caracteres).")
	errOwnerID   = errs.Invalid("El ID de Discord del dueño no es de un miembro del servidor.")
	errStatus    = errs.Invalid("El estado debe ser " + Statuses.Choices() + ".")
	errNotFound  = errs.NotFound("No existe ese negocio.")
	errNoFile    = errs.NotFound("No existe ese documento.")
)

// Service keeps the registry.
type Service struct {
	db      *db.DB
	members *members.Service
	files   storage.Store
	servers []string
	now     func() time.Time
}

// NewService builds the registry; servers are the game servers a business may be on.
func NewService(d *db.DB, m *members.Service, files storage.Store, servers []string, now func() time.Time) *Service {
	return &Service{db: d, members: m, files: files, servers: servers, now: now}
}

// MayRead tells who may read the registry and download documents (SAT panel, read; the
// ADMIN group by default).
func MayRead(actor *authz.Actor) bool { return actor.Can(authz.PanelSAT, authz.Read) }

// MayRegister tells who may register and edit businesses (SAT panel, modify).
func MayRegister(actor *authz.Actor) bool { return actor.Can(authz.PanelSAT, authz.Modify) }

// MaySuspend tells who may suspend and reactivate businesses (SAT panel, manage).
func MaySuspend(actor *authz.Actor) bool { return actor.Can(authz.PanelSAT, authz.Manage) }

// SeesConfidential tells who sees the RFC and the owner: holders of DIPUTADO, by a plain
// role check (the superusers do not pass it unless they hold the role).
func SeesConfidential(actor *authz.Actor) bool { return actor.HasRole(authz.Diputado) }

// NewDocuments starts the batch of a registration's documents.
func (s *Service) NewDocuments() *storage.Batch {
	return storage.NewBatch(s.files, "sat", DocumentRules)
}

// NewLogo starts the batch of a registration's logo.
func (s *Service) NewLogo() *storage.Batch { return storage.NewBatch(s.files, "sat-logos", LogoRules) }

// List shows every business, newest first.
func (s *Service) List(ctx context.Context, actor *authz.Actor) ([]View, error) {
	if !MayRead(actor) {
		return nil, errRead
	}
	var rows []Business
	if err := s.db.Conn(ctx).Order("created_at DESC, id DESC").Find(&rows).Error; err != nil {
		return nil, err
	}
	ids := make([]uint64, len(rows))
	for i, b := range rows {
		ids[i] = b.ID
	}
	var docs []Document
	if len(ids) > 0 {
		if err := s.db.Conn(ctx).Omit("Business").Where("business_id IN ?", ids).Order("id").Find(&docs).Error; err != nil {
			return nil, err
		}
	}
	byBusiness := map[uint64][]Document{}
	for _, d := range docs {
		byBusiness[d.BusinessID] = append(byBusiness[d.BusinessID], d)
	}
	out := make([]View, len(rows))
	for i, b := range rows {
		out[i] = view(actor, b, byBusiness[b.ID])
	}
	return out, nil
}

func (s *Service) check(ctx context.Context, in Input) (Business, error) {
	b, err := s.checkPublic(in)
	if err != nil {
		return b, err
	}
	return b, s.checkConfidential(ctx, in, &b)
}

// checkPublic checks the fields everyone who reads the registry sees.
func (s *Service) checkPublic(in Input) (Business, error) {
	var b Business
	var ok bool
	if b.Name, ok = validate.Text(in.Name, 100); !ok {
		return b, errName
	}
	if b.Location, ok = validate.Text(in.Location, 200); !ok {
		return b, errLocation
	}
	b.Server = strings.TrimSpace(in.Server)
	if !slices.Contains(s.servers, b.Server) {
		return b, errServer
	}
	return b, nil
}

// checkConfidential checks the RFC and the owner, who must be a member of the server.
func (s *Service) checkConfidential(ctx context.Context, in Input, b *Business) error {
	var ok bool
	if b.RFC, ok = RFC(in.RFC); !ok {
		return errRFC
	}
	if b.OwnerName, ok = validate.Text(in.OwnerName, 100); !ok {
		return errOwnerName
	}
	b.OwnerDiscordID = strings.TrimSpace(in.OwnerDiscordID)
	if !validate.Snowflake(b.OwnerDiscordID) {
		return errOwnerID
	}
	m, err := s.members.Get(ctx, b.OwnerDiscordID)
	if err != nil {
		return err
	}
	if m == nil {
		return errOwnerID
	}
	b.OwnerAvatar = m.Avatar
	return nil
}

// Register files a business with its documents and optional logo. The batches were filled
// while the form streamed in; on any refusal they are discarded whole.
func (s *Service) Register(ctx context.Context, actor *authz.Actor, in Input, docs, logo *storage.Batch) (_ View, err error) {
	defer func() {
		if err != nil {
			docs.Discard(ctx)
			logo.Discard(ctx)
		}
	}()
	if !MayRegister(actor) {
		return View{}, errManage
	}
	if err := docs.Check(); err != nil {
		return View{}, err
	}
	if err := logo.Check(); err != nil {
		return View{}, err
	}
	b, err := s.check(ctx, in)
	if err != nil {
		return View{}, err
	}
	now := s.now()
	b.Status, b.CreatedBy, b.CreatedAt, b.UpdatedAt = StatusActive, actor.Username, now, now
	if f := logo.Files(); len(f) > 0 {
		b.LogoKey, b.LogoType = f[0].Object.Key, f[0].Object.ContentType
	}
	var stored []Document
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, now); err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Create(&b).Error; err != nil {
			if db.IsUniqueViolation(err) {
				return errRFCTaken
			}
			return err
		}
		for _, f := range docs.Files() {
			d := Document{BusinessID: b.ID, StorageKey: f.Object.Key, Filename: f.Filename, ContentType: f.Object.ContentType, Size: f.Object.Size}
			if err := s.db.Conn(ctx).Omit("Business").Create(&d).Error; err != nil {
				return err
			}
			stored = append(stored, d)
		}
		return audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaSAT, Action: "register",
			EntityType: "business", EntityID: b.ID, After: record(b)})
	})
	if err != nil {
		return View{}, err
	}
	return view(actor, b, stored), nil
}

// Update changes a business's six fields. An admin who does not see the confidential fields
// cannot change them either: the stored RFC and owner are kept, whatever the body says. An
// edit that changes nothing (a repeat, or two admins saving the same form) is answered with
// the business as it is and leaves no audit entry.
func (s *Service) Update(ctx context.Context, actor *authz.Actor, id uint64, in Input) (View, error) {
	if !MayRegister(actor) {
		return View{}, errManage
	}
	var b Business
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		// Locked, so a concurrent edit waits and compares with what the first stored.
		if err := s.takeForUpdate(ctx, id, &b); err != nil {
			return err
		}
		next, err := s.checkPublic(in)
		if err != nil {
			return err
		}
		if SeesConfidential(actor) {
			err = s.checkConfidential(ctx, in, &next)
		} else {
			next.RFC, next.OwnerName, next.OwnerDiscordID, next.OwnerAvatar = b.RFC, b.OwnerName, b.OwnerDiscordID, b.OwnerAvatar
		}
		if err != nil {
			return err
		}
		before := record(b)
		next.Status = b.Status
		if maps.Equal(before, record(next)) && next.OwnerAvatar == b.OwnerAvatar {
			return nil
		}
		b.Name, b.Location, b.Server, b.RFC = next.Name, next.Location, next.Server, next.RFC
		b.OwnerName, b.OwnerDiscordID, b.OwnerAvatar, b.UpdatedAt = next.OwnerName, next.OwnerDiscordID, next.OwnerAvatar, s.now()
		if err := s.db.Conn(ctx).Save(&b).Error; err != nil {
			if db.IsUniqueViolation(err) {
				return errRFCTaken
			}
			return err
		}
		return audit.Write(ctx, s.db, b.UpdatedAt, audit.Change{Actor: actor, Area: audit.AreaSAT, Action: "update",
			EntityType: "business", EntityID: b.ID, Before: before, After: record(b)})
	})
	if err != nil {
		return View{}, err
	}
	return s.one(ctx, actor, b)
}

// SetStatus suspends or reactivates a business. Setting the status it already has (a
// second click, two admins at once) changes nothing: it answers the business as it is,
// with no audit entry.
func (s *Service) SetStatus(ctx context.Context, actor *authz.Actor, id uint64, status string) (View, error) {
	if !MaySuspend(actor) {
		return View{}, errManage
	}
	if !Statuses.Has(status) {
		return View{}, errStatus
	}
	var b Business
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.takeForUpdate(ctx, id, &b); err != nil {
			return err
		}
		before := b.Status
		if before == status {
			return nil
		}
		b.Status, b.UpdatedAt = status, s.now()
		res := s.db.Conn(ctx).Model(&Business{}).Where("id = ? AND status = ?", id, before).
			Updates(map[string]any{"status": status, "updated_at": b.UpdatedAt})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			// The row lock makes this unreachable; should a change slip past it, the one
			// that changed the row audits it and this one answers what it finds.
			return s.take(ctx, id, &b)
		}
		return audit.Write(ctx, s.db, b.UpdatedAt, audit.Change{Actor: actor, Area: audit.AreaSAT, Action: "status",
			EntityType: "business", EntityID: b.ID, Before: map[string]string{"status": before}, After: map[string]string{"status": status}})
	})
	if err != nil {
		return View{}, err
	}
	return s.one(ctx, actor, b)
}

// DocumentFile finds a filed document for an admin, to be downloaded.
func (s *Service) DocumentFile(ctx context.Context, actor *authz.Actor, businessID, documentID string) (Document, error) {
	var d Document
	if !MayRead(actor) {
		return d, errRead
	}
	err := s.db.Conn(ctx).Omit("Business").Where("id = ? AND business_id = ?", documentID, businessID).Take(&d).Error
	if db.IsNotFound(err) {
		return d, errNoFile
	}
	return d, err
}

// LogoFile finds a business's logo. Logos are public, like a shop's sign: an <img> cannot
// send a bearer token, and a logo reveals nothing confidential.
func (s *Service) LogoFile(ctx context.Context, businessID string) (key string, err error) {
	var b Business
	err = s.db.Conn(ctx).Where("id = ?", businessID).Take(&b).Error
	if db.IsNotFound(err) || (err == nil && b.LogoKey == "") {
		return "", errNoFile
	}
	return b.LogoKey, err
}

func (s *Service) take(ctx context.Context, id uint64, b *Business) error {
	err := s.db.Conn(ctx).Where("id = ?", id).Take(b).Error
	if db.IsNotFound(err) {
		return errNotFound
	}
	return err
}

// takeForUpdate reads a business and holds it until the transaction ends, so concurrent
// changes of one business take turns and each sees what the previous one stored.
func (s *Service) takeForUpdate(ctx context.Context, id uint64, b *Business) error {
	err := s.db.ForUpdate(ctx, s.db.Conn(ctx).Where("id = ?", id)).Take(b).Error
	if db.IsNotFound(err) {
		return errNotFound
	}
	return err
}

func (s *Service) one(ctx context.Context, actor *authz.Actor, b Business) (View, error) {
	var docs []Document
	if err := s.db.Conn(ctx).Omit("Business").Where("business_id = ?", b.ID).Order("id").Find(&docs).Error; err != nil {
		return View{}, err
	}
	return view(actor, b, docs), nil
}

func view(actor *authz.Actor, b Business, docs []Document) View {
	v := View{ID: b.ID, Name: b.Name, Location: b.Location, Server: b.Server, Status: b.Status,
		Documents: make([]DocumentView, len(docs)), CreatedAt: b.CreatedAt}
	if b.LogoKey != "" {
		v.Logo = fmt.Sprintf("/api/sat/businesses/%d/logo", b.ID)
	}
	for i, d := range docs {
		v.Documents[i] = DocumentView{ID: d.ID, Filename: d.Filename, ContentType: d.ContentType, Size: d.Size,
			URL: fmt.Sprintf("/api/sat/businesses/%d/documents/%d", b.ID, d.ID)}
	}
	if SeesConfidential(actor) {
		v.RFC = b.RFC
		v.Owner = &Owner{Name: b.OwnerName, DiscordID: b.OwnerDiscordID, Avatar: b.OwnerAvatar}
	}
	return v
}

// RFC normalises and checks a tax id: upper case, the right shape and a real date.
func RFC(raw string) (string, bool) {
	s := strings.ToUpper(strings.TrimSpace(raw))
	m := rfcShape.FindStringSubmatch(s)
	if m == nil {
		return s, false
	}
	// The two-digit year may be of either century; the month and day must exist.
	if _, err := time.Parse("060102", m[2]); err != nil {
		return s, false
	}
	return s, true
}

// record is a business's fields as the audit log keeps them (confidential ones included:
// the log is for the Comité).
func record(b Business) map[string]any {
	return map[string]any{"name": b.Name, "location": b.Location, "server": b.Server, "rfc": b.RFC,
		"ownerName": b.OwnerName, "ownerDiscordId": b.OwnerDiscordID, "status": b.Status}
}
