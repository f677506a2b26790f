package sat

import "zocalo/core/personaldata"

// PersonalData declares what this feature's tables hold about people (core/personaldata).
func PersonalData() personaldata.Declarations {
	return personaldata.Declarations{
		Holdings: []personaldata.Holding{
			{Table: "businesses", Title: "Tus negocios", About: personaldata.ByDiscordID("owner_discord_id", "created_by"), AuditEntity: "business", Files: "logo_key", Erase: map[string]personaldata.Erase{"owner_discord_id": {Redact: []string{"owner_name", "rfc"}, Clear: []string{"owner_discord_id", "owner_avatar", "logo_key"}, Keep: "El registro del SAT conserva tus negocios sin tu nombre, para las ventas y documentos que los citan"}, "created_by": {Clear: []string{"created_by"}}}},
			{Table: "business_documents", Title: "Documentos de tus negocios", Through: &personaldata.Through{Column: "business_id", Table: "businesses", Key: "id", About: personaldata.ByDiscordID("owner_discord_id")}, Files: "storage_key", Erase: map[string]personaldata.Erase{"business_id": {Delete: true}}},
		},
	}
}
