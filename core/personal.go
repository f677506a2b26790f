package core

import (
	"context"
	"errors"
	"io"

	"gorm.io/gorm"

	"zocalo/core/apikeys"
	"zocalo/core/artists"
	"zocalo/core/audit"
	"zocalo/core/auth"
	"zocalo/core/authz"
	"zocalo/core/contact"
	"zocalo/core/documents"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/identifies"
	"zocalo/core/legislative"
	"zocalo/core/live"
	"zocalo/core/members"
	"zocalo/core/news"
	"zocalo/core/outbox"
	"zocalo/core/personaldata"
	"zocalo/core/ratelimit"
	"zocalo/core/records"
	"zocalo/core/roblox"
	"zocalo/core/sat"
	"zocalo/core/staff"
	"zocalo/core/tickets"
	"zocalo/core/treasury"
	"zocalo/core/verification"
)

// PersonalData gathers what every feature declares its tables hold about people.
func PersonalData() (*personaldata.Registry, error) {
	return personaldata.NewRegistry(
		personaldata.Declarations{Unrelated: []personaldata.Unrelated{{Table: "goose_db_version", Why: "Las migraciones aplicadas al esquema"}}},
		apikeys.PersonalData(), artists.PersonalData(), audit.PersonalData(), auth.PersonalData(), contact.PersonalData(),
		documents.PersonalData(), identifies.PersonalData(), idempotency.PersonalData(), legislative.PersonalData(),
		live.PersonalData(), members.PersonalData(), news.PersonalData(), outbox.PersonalData(), ratelimit.PersonalData(),
		records.PersonalData(), roblox.PersonalData(), sat.PersonalData(), staff.PersonalData(), tickets.PersonalData(),
		treasury.PersonalData(), verification.PersonalData(),
	)
}

// ExportMyData writes as JSON everything the portal holds about the signed-in member
// ("Acceso"): every declared table's rows that name them. The request is recorded in the
// audit log before anything is written.
func (a *App) ExportMyData(ctx context.Context, actor *authz.Actor, w io.Writer) error {
	if actor == nil || actor.DiscordID == "" {
		return errs.Unauthorized("Debes iniciar sesión para descargar tus datos.")
	}
	registry, err := PersonalData()
	if err != nil {
		return err
	}
	person := personaldata.Person{DiscordID: actor.DiscordID}
	conn := a.DB.Conn(ctx)
	var email struct{ Email string }
	if err := conn.Table("users").Select("email").Where("discord_id = ?", actor.DiscordID).Take(&email).Error; err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	person.Email = email.Email
	var link struct{ RobloxUserID string }
	if err := conn.Table("roblox_links").Select("roblox_user_id").Where("discord_id = ?", actor.DiscordID).Take(&link).Error; err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	person.RobloxUserID = link.RobloxUserID
	now := a.Now()
	if err := audit.Write(ctx, a.DB, now, audit.Change{Actor: actor, Area: audit.AreaPersonal, Action: "export", EntityType: "member", EntityID: actor.DiscordID}); err != nil {
		return err
	}
	return registry.Export(ctx, conn, person, now, w)
}
