package core

import (
	"context"
	"io"

	"zocalo/core/apikeys"
	"zocalo/core/artists"
	"zocalo/core/audit"
	"zocalo/core/auth"
	"zocalo/core/authz"
	"zocalo/core/contact"
	"zocalo/core/datarights"
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
	"zocalo/core/privacy"
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
		treasury.PersonalData(), verification.PersonalData(), privacy.PersonalData(), datarights.PersonalData(),
	)
}

// ExportMyData writes as JSON everything the portal holds about the signed-in member
// ("Acceso"): every declared table's rows that name them. The request is recorded in the
// audit log before anything is written.
func (a *App) ExportMyData(ctx context.Context, actor *authz.Actor, w io.Writer) error {
	registry, person, err := a.personalExport(ctx, actor, "export")
	if err != nil {
		return err
	}
	return registry.Export(ctx, a.DB.Conn(ctx), person, a.Now(), w)
}

// ExportMyDataPDF is the same export as a PDF to read, with moments in the community's zone.
func (a *App) ExportMyDataPDF(ctx context.Context, actor *authz.Actor, community string) ([]byte, error) {
	registry, person, err := a.personalExport(ctx, actor, "export.pdf")
	if err != nil {
		return nil, err
	}
	return registry.ExportPDF(ctx, a.DB.Conn(ctx), person, a.Now(), a.Location, community)
}

// personalExport finds whom an export is for (their Discord id, linked Roblox account and
// address) and records the request under `action`.
func (a *App) personalExport(ctx context.Context, actor *authz.Actor, action string) (*personaldata.Registry, personaldata.Person, error) {
	if actor == nil || actor.DiscordID == "" {
		return nil, personaldata.Person{}, errs.Unauthorized("Debes iniciar sesión para descargar tus datos.")
	}
	registry, err := PersonalData()
	if err != nil {
		return nil, personaldata.Person{}, err
	}
	if a.GuildID != "" {
		guild := a.GuildID
		registry.DiscordLink = func(channelID, messageID string) string {
			return "https://discord.com/channels/" + guild + "/" + channelID + "/" + messageID
		}
	}
	person, _, err := a.personOf(ctx, actor.DiscordID)
	if err != nil {
		return nil, person, err
	}
	err = audit.Write(ctx, a.DB, a.Now(), audit.Change{Actor: actor, Area: audit.AreaPersonal, Action: action, EntityType: "member", EntityID: actor.DiscordID})
	return registry, person, err
}
